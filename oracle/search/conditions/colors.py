"""``c`` and ``id``: a card's colours and colour identity, by letters, names, guilds and shards."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Length
from django.db.models.lookups import (
    GreaterThanOrEqual,
    LessThan,
)
from django.utils.translation import gettext

from common.text import fold_line
from oracle.models import COLOR_ORDER, CardFace
from oracle.search.conditions.lookups import everything
from oracle.search.conditions.tree import Condition
from oracle.search.conditions.value_problems import suggest
from oracle.search.normalize import FACE_COLORS
from oracle.search.problems import Problem

COLOR_WORDS = {
    "white": "W", "bianco": "W", "bianca": "W", "bianchi": "W", "bianche": "W",
    "blue": "U", "blu": "U",
    "black": "B", "nero": "B", "nera": "B", "neri": "B", "nere": "B",
    "red": "R", "rosso": "R", "rossa": "R", "rossi": "R", "rosse": "R",
    "green": "G", "verde": "G", "verdi": "G",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
    "colorless": "c", "colourless": "c", "incolore": "c", "incolori": "c",
    "multicolor": "m", "multicolored": "m", "multicolour": "m", "multicoloured": "m",
    "multicolore": "m", "multicolori": "m", "gold": "m", "oro": "m",
}  # fmt: skip
COLOR_FIELDS = {"c": "colors", "id": "color_identity"}


@dataclass(frozen=True)
class ColorCondition(Condition):
    """``c`` and ``id`` against a set of colours: ``c:`` means "at least", ``id:`` "at most".

    ``c`` (colourless) and ``m`` (two colours or more) are kinds, not sets of letters.

    ``c`` holds for some face: the card's colours, or, on a card whose faces are matched one
    by one and differ in colour (``normalize``: "facecolors"), one face's own colours
    (Garruk Relentless, green front, black-green back, is found by ``c=g`` and ``c=bg``, not by
    ``c=b``). Colour identity is the whole card's (rule 903.4).
    """

    key: str  # "c" or "id"
    op: str
    colors: str  # letters in WUBRG order, or "c" or "m"

    @classmethod
    def from_term(cls, key, op, value):
        op = "!=" if op == "<>" else op
        word = fold_line(value)
        colors = COLOR_WORDS.get(word)
        if colors is None and word and all(letter in "wubrg" for letter in word):
            colors = word.upper()
        if colors is None and word in ("c", "m"):
            colors = word
        if colors is None:
            return Problem(
                f"{key}{op}{value}",
                gettext("“%(value)s” is not a colour") % {"value": value},
                suggest(value, list(COLOR_WORDS), f"{key}{op}{{}}"),
            )
        if colors == "m" and op not in (":", "=", "!="):
            return Problem(
                f"{key}{op}{value}",
                gettext("“m” (multicoloured) works only with “:”, “=” and “!=”"),
                f"{key}:m",
            )
        if colors not in ("c", "m"):
            colors = "".join(color for color in COLOR_ORDER if color in colors).lower()
        return cls(key, op, colors)

    def to_q(self) -> Q:
        field = COLOR_FIELDS[self.key]
        if self.key == "id":
            return self.colors_q(field)
        by_faces = FACE_COLORS
        one_face = CardFace.objects.filter(self.colors_q("colors"), card_id=OuterRef("pk"))
        return (self.colors_q(field) & ~by_faces) | (by_faces & Q(Exists(one_face)))

    def colors_q(self, field: str) -> Q:
        """The condition on one column of colour letters (a card's or a face's)."""
        op = self.op
        if self.colors == "m":
            many = Q(GreaterThanOrEqual(Length(field), 2))
            return Q(LessThan(Length(field), 2)) if op == "!=" else many
        letters = "" if self.colors == "c" else self.colors.upper()
        if op == ":":
            op = "=" if self.colors == "c" else (">=" if self.key == "c" else "<=")
        at_least = Q()
        for letter in letters:
            at_least &= Q(**{f"{field}__contains": letter})
        at_most = Q()
        for letter in COLOR_ORDER:
            if letter not in letters:
                at_most &= ~Q(**{f"{field}__contains": letter})
        equal = Q(**{field: letters})
        return {
            "=": equal,
            "!=": ~equal,
            ">=": at_least or everything(),
            "<=": at_most or everything(),
            ">": (at_least or everything()) & ~equal,
            "<": (at_most or everything()) & ~equal,
        }[op]

    def __str__(self):
        return f"{self.key}{self.op}{self.colors}"
