"""``mv``, ``pow``, ``tou`` and ``loy``: numbers compared with a number or with each other; the
card's own numbers (``edhrec``, ``sets``) compared with a number."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, F, OuterRef, Q
from django.utils.translation import gettext

from oracle.models import CardFace
from oracle.search.conditions.lookups import cards_with_faces, compare
from oracle.search.conditions.tree import Condition
from oracle.search.normalize import FACE_VALUES, NUMBER, number_value
from oracle.search.problems import Problem

NUMBER_KEYS = {
    "mv": "mana_value",
    "pow": "power_value",
    "tou": "toughness_value",
    "loy": "loyalty_value",
}

# The card's own numbers, by search key: cards without one match no comparison.
CARD_NUMBER_COLUMNS = {
    "edhrec": "card__edhrec_rank",
    "sets": "card__set_count",
}

# The printed values that can hold a "*", for pow=* and the like.
STAR_COLUMNS = {"pow": "power", "tou": "toughness", "loy": "loyalty"}


@dataclass(frozen=True)
class NumberCondition(Condition):
    """``mv``, ``pow``, ``tou``, ``loy`` against a number or another of them (``pow>tou``).

    Power, toughness and loyalty are a face's; "*" and "1+*" are not numbers, so no
    comparison with a number matches them: ``pow=*`` (and ``pow!=*``) asks for them instead.
    ``mv`` is the card's mana value, or a face's on a card whose faces have mana values of
    their own (``normalize``: "facevalues", a modal double-faced card: ``mv=7`` finds Valki,
    God of Lies // Tibalt, Cosmic Impostor by its back).
    """

    key: str
    op: str
    value: Decimal | None = None
    other: str = ""
    star: bool = False  # pow=*: a face whose printed value has a "*" ("*", "1+*")

    @classmethod
    def from_term(cls, key, op, value, key_of):
        op = {":": "=", "<>": "!="}.get(op, op)
        other = key_of(value)
        if other in NUMBER_KEYS and key in NUMBER_KEYS:
            return cls(key, op, other=other)
        if value.strip() == "*" and key in STAR_COLUMNS:
            if op not in ("=", "!="):
                return Problem(
                    f"{key}{op}{value}",
                    gettext("“*” can only be compared with “=” and “!=”"),
                    f"{key}=*",
                )
            return cls(key, op, star=True)
        number = number_value(value)
        if number is None or not NUMBER.fullmatch(value.strip()):
            return Problem(
                f"{key}{op}{value}", gettext("“%(value)s” is not a number") % {"value": value}
            )
        return cls(key, op, number)

    def to_q(self) -> Q:
        if self.key in CARD_NUMBER_COLUMNS:
            return compare(CARD_NUMBER_COLUMNS[self.key], self.op, self.value)
        if self.key == "mv" and not self.other:
            card = compare("mana_value", self.op, self.value)
            # A card's mana value is its front face's: the faces' own are only looked at when
            # they differ.
            faces = CardFace.objects.filter(
                compare("mana_value", self.op, self.value), card_id=OuterRef("pk")
            )
            return card | (FACE_VALUES & Q(Exists(faces)))
        if "mv" in (self.key, self.other):
            by_faces = Q(card__search_row__search_flags__startswith=" facevalues ") | Q(
                card__search_row__search_flags__startswith=" facecolors facevalues "
            )
            return cards_with_faces(
                (~by_faces & self.face_q("card__mana_value")) | (by_faces & self.face_q())
            )
        return cards_with_faces(self.face_q())

    def face_q(self, mana_value: str = "mana_value") -> Q:
        """The condition on one face; ``mana_value`` names the mana value's column."""

        def column(key):
            return mana_value if key == "mv" else NUMBER_KEYS[key]

        if self.star:
            printed = STAR_COLUMNS[self.key]
            condition = Q(**{f"{printed}__contains": "*"})
            if self.op == "!=":
                condition = ~condition & ~Q(**{printed: ""})
        elif self.other:
            condition = Q(**{f"{column(self.other)}__isnull": False}) & compare(
                column(self.key), self.op, F(column(self.other))
            )
        else:
            condition = compare(column(self.key), self.op, self.value)
        return condition

    def __str__(self):
        if self.star:
            return f"{self.key}{self.op}*"
        if self.other:
            return f"{self.key}{self.op}{self.other}"
        return f"{self.key}{self.op}{_number_text(self.value)}"


def _number_text(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "0") else text
