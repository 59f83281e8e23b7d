"""Condition tree: each node turns into a ``Q`` on Card and prints back as canonical text.

Most conditions test the card's own search columns (``normalize``: folded names, type lines,
texts, flags and printings of all its faces, one per line); the rest, which look at a to-many
relation (a face's power, keywords, errata), become ``pk__in=<subquery>`` or EXISTS. So
conditions combine with and, or and not without joins that would multiply rows or make
"t:creature t:land" mean "one face that is both".

Each keyed condition class has ``from_term(op, value)``, which returns the condition or a
Problem explaining what is wrong with the value: one small rule per key.
"""

import difflib
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Exists, F, Func, OuterRef, Q, Subquery, Value
from django.db.models.functions import Greatest, Length, StrIndex, Substr
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IsNull,
    LessThan,
    LessThanOrEqual,
)
from django.utils.translation import gettext

from oracle.models import COLOR_ORDER, Card, CardFace, CardSet, Erratum, Keyword, Layout, Printing
from oracle.text import fold, fold_line, slug_for

from .normalize import NUMBER, number_value
from .problems import Problem
from .tokens import quote

COMPARISONS = {"=": "exact", ">": "gt", ">=": "gte", "<": "lt", "<=": "lte"}


def everything() -> Q:
    return Q(pk__isnull=False)


def nothing() -> Q:
    return Q(pk__in=[])


def cards_with_faces(condition: Q) -> Q:
    return Q(pk__in=CardFace.objects.filter(condition).values("card_id"))


def cards_with_printings(condition: Q) -> Q:
    return Q(pk__in=Printing.objects.filter(condition).values("card_id"))


def compare(field: str, op: str, value) -> Q:
    """``field op value`` for = < <= > >=, and "!=" as "has a value and it differs"."""
    if op == "!=":
        return Q(**{f"{field}__isnull": False}) & ~Q(**{field: value})
    return Q(**{f"{field}__{COMPARISONS[op]}": value})


class Unindexed(Func):
    """``+column``: the same value, which SQLite will not look up in the column's index (its
    documented way to steer the query planner; PostgreSQL reads it as the plain value)."""

    template = "+%(expressions)s"
    arity = 1


LOOKUPS = {
    "=": Exact,
    ">": GreaterThan,
    ">=": GreaterThanOrEqual,
    "<": LessThan,
    "<=": LessThanOrEqual,
}


def compare_expression(expression, op: str, value) -> Q:
    """``compare`` for an expression instead of a field name."""
    if op == "!=":
        return Q(IsNull(expression, False)) & ~Q(Exact(expression, value))
    return Q(LOOKUPS[op](expression, value))


def suggest(word: str, choices, template: str) -> str:
    """``template`` filled with the closest of ``choices`` to ``word``, or "".

    ``choices`` is a list, or a dict of aliases -> canonical values: canonical values are
    tried first, and an alias found is suggested as its canonical value.
    """
    word = fold(word)
    if isinstance(choices, dict):
        canonical = list(dict.fromkeys(choices.values()))
        match = difflib.get_close_matches(word, canonical, n=1, cutoff=0.6)
        if not match:
            match = [choices[m] for m in difflib.get_close_matches(word, choices, n=1, cutoff=0.6)]
    else:
        match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return template.format(match[0]) if match else ""


def unknown_value(part: str, key: str, value: str, values, aliases: dict) -> Problem:
    """``value`` is not one of ``values`` for ``key:``: the closest one as the suggestion, or,
    when none is close, the values it takes in the message."""
    suggestion = suggest(value, aliases, f"{key}:{{}}")
    if suggestion:
        message = gettext("unknown value “%(value)s” for “%(key)s:”")
    else:
        message = gettext("unknown value “%(value)s” for “%(key)s:”; it takes %(values)s")
    known = ", ".join(dict.fromkeys(values))
    return Problem(part, message % {"value": value, "key": key, "values": known}, suggestion)


def needs_colon(key: str, op: str, value: str) -> Problem:
    return Problem(
        f"{key}{op}{value}",
        gettext("“%(key)s” takes “:”, not “%(op)s”") % {"key": key, "op": op},
        f"{key}:{quote(value)}",
    )


class Node:
    """A part of the condition tree."""

    def to_q(self) -> Q:
        raise NotImplementedError


def leaves(node):
    """The conditions of a tree, left to right, through And, Or and Not."""
    if isinstance(node, And | Or):
        for child in node.children:
            yield from leaves(child)
    elif isinstance(node, Not):
        yield from leaves(node.child)
    elif node is not None:
        yield node


@dataclass(frozen=True)
class And(Node):
    children: tuple[Node, ...]

    def to_q(self) -> Q:
        q = Q()
        for child in self.children:
            q &= child.to_q()
        return q

    def __str__(self):
        return " ".join(
            f"({child})" if isinstance(child, Or) else str(child) for child in self.children
        )


@dataclass(frozen=True)
class Or(Node):
    children: tuple[Node, ...]

    def to_q(self) -> Q:
        q = Q()
        for child in self.children:
            q |= child.to_q()
        return q

    def __str__(self):
        return " or ".join(str(child) for child in self.children)


@dataclass(frozen=True)
class Not(Node):
    child: Node

    def to_q(self) -> Q:
        return ~self.child.to_q()

    def __str__(self):
        if isinstance(self.child, Condition):
            return f"-{self.child}"
        return f"-({self.child})"


class Condition(Node):
    """A leaf of the tree: one term of the query."""


# -- names and text -----------------------------------------------------------------------------


@dataclass(frozen=True)
class NameCondition(Condition):
    """A bare word or "phrase" in a name, or ``!"exact name"``; English or Italian."""

    value: str
    exact: bool = False

    def to_q(self) -> Q:
        folded = fold_line(self.value)
        if self.exact:
            return Q(search_name__contains=f"\n{folded}\n")
        return Q(search_name__contains=folded)

    def __str__(self):
        if self.exact:
            return f"!{quote(self.value)}"
        return quote(self.value, bare_word=True)


# Italian type words, whose endings change with the noun ("Creatura Leggendaria", "Artefatto
# Leggendario"), also find the English word of the Oracle type line.
ITALIAN_TYPE_WORDS = {
    "leggendario": "legendary", "leggendaria": "legendary", "leggendari": "legendary",
    "leggendarie": "legendary", "creatura": "creature", "istantaneo": "instant",
    "istantanei": "instant", "stregoneria": "sorcery", "stregonerie": "sorcery",
    "incantesimo": "enchantment", "incantesimi": "enchantment", "artefatto": "artifact",
    "artefatti": "artifact", "terra": "land", "terre": "land", "tribale": "tribal",
    "tribali": "tribal", "base": "basic", "mondo": "world", "equipaggiamento": "equipment",
    # Tribal became Kindred in 2024: either word finds both.
    "tribal": "kindred", "kindred": "tribal",
}  # fmt: skip
ENGLISH_TYPE_WORDS = {"tribal", "kindred"}


@dataclass(frozen=True)
class TypeCondition(Condition):
    """``t:`` a word or phrase of a face's type line, English or Italian."""

    value: str

    def to_q(self) -> Q:
        folded = fold_line(self.value)
        other = ITALIAN_TYPE_WORDS.get(folded)
        if other is None:
            return Q(search_type__contains=folded)
        if folded in ENGLISH_TYPE_WORDS:  # "tribal" -> also "kindred"
            return Q(search_type__contains=folded) | Q(search_type__contains=other)
        # An Italian type word is looked for as its English one only: old Italian printings
        # call an Aura's type "Incanta Creatura" ("Enchant Creature"), which "t:creatura" must
        # not find, and every card has its English type line.
        q = Q(search_type__contains=other)
        if other in ITALIAN_TYPE_WORDS:  # "tribale" -> "tribal" -> "kindred"
            q |= Q(search_type__contains=ITALIAN_TYPE_WORDS[other])
        return q

    def __str__(self):
        return f"t:{quote(self.value)}"


@dataclass(frozen=True)
class TextCondition(Condition):
    """``o:`` Oracle text or Italian printed text of a face; ``~`` is that face's name.

    ``normalize`` keeps a second copy of each text that names its own face, with the name
    written "~", so ``o:"~ deals"`` is a plain substring search too.
    """

    value: str

    def to_q(self) -> Q:
        return Q(search_text__contains=fold_line(self.value))

    def __str__(self):
        return f"o:{quote(self.value)}"


# The keyword table as (pk, slug, folded name, folded Italian name), read once for every
# ``kw:`` term of a query while ``keyword_table(rows)`` is open, instead of once per term:
# "k:flying or k:reach or k:haste" costs one query, not three. The Query passes the same list
# each time, so filtering and naming unknown keywords share one read.
_keyword_rows: ContextVar[list | None] = ContextVar("keyword_rows", default=None)


@contextmanager
def keyword_table(rows: list):
    token = _keyword_rows.set(rows)  # filled in place by the first kw: term that needs it
    try:
        yield
    finally:
        _keyword_rows.reset(token)


def keyword_rows() -> list[tuple]:
    """(pk, slug, folded name, folded Italian name) of every keyword; read once per query."""
    rows = _keyword_rows.get()
    if rows:
        return rows
    fetched = [
        (pk, slug, fold_line(name), fold_line(name_it))
        for pk, slug, name, name_it in Keyword.objects.values_list("pk", "slug", "name", "name_it")
    ]
    if rows is not None:
        rows.extend(fetched)
    return fetched


@dataclass(frozen=True)
class KeywordCondition(Condition):
    """``kw:`` a keyword by its English or Italian name (Flying, Volare) or slug."""

    value: str

    def to_q(self) -> Q:
        folded, slug = fold_line(self.value), slug_for(self.value)
        ids = [
            pk
            for pk, key, name, name_it in keyword_rows()
            if folded in (name, name_it) or (slug and slug == key)
        ]
        if not ids:
            return nothing()
        links = Card.keywords.through.objects.filter(keyword_id__in=ids)
        return Q(pk__in=links.values("card_id"))

    def __str__(self):
        return f"kw:{quote(self.value)}"


# -- printings ----------------------------------------------------------------------------------


SET_CODE = re.compile(r"[0-9a-z]{2,8}")


@dataclass(frozen=True)
class SetCondition(Condition):
    """``s:`` a set code: the card has a printing in that set."""

    code: str

    @classmethod
    def from_term(cls, op, value):
        code = fold(value)
        if not SET_CODE.fullmatch(code):
            return Problem(
                f"s{op}{value}", gettext("“%(value)s” is not a set code") % {"value": value}
            )
        return cls(code)

    def to_q(self) -> Q:
        return Q(search_printings__contains=f" {self.code}:")

    def __str__(self):
        return f"s:{self.code}"


RARITIES = ("common", "uncommon", "rare", "mythic", "special", "bonus")
RANKED_RARITIES = ("common", "uncommon", "rare", "mythic")
RARITY_WORDS = {
    "c": "common", "common": "common", "comune": "common",
    "u": "uncommon", "uncommon": "uncommon", "noncomune": "uncommon", "non comune": "uncommon",
    "r": "rare", "rare": "rare", "rara": "rare",
    "m": "mythic", "mythic": "mythic", "mythic rare": "mythic", "mitica": "mythic",
    "rara mitica": "mythic",
    "s": "special", "special": "special", "speciale": "special",
    "b": "bonus", "bonus": "bonus",
}  # fmt: skip


@dataclass(frozen=True)
class RarityCondition(Condition):
    """``r:`` a printing's rarity; with < > <= >= the order common < uncommon < rare < mythic."""

    op: str
    rarity: str

    @classmethod
    def from_term(cls, op, value):
        rarity = RARITY_WORDS.get(fold_line(value))
        if rarity is None:
            return Problem(
                f"r{op}{value}",
                gettext("“%(value)s” is not a rarity") % {"value": value},
                suggest(value, RARITY_WORDS, f"r{op}{{}}"),
            )
        op = {":": "=", "<>": "!="}.get(op, op)
        if op not in ("=", "!=") and rarity not in RANKED_RARITIES:
            return Problem(
                f"r{op}{value}",
                gettext("“%(value)s” cannot be compared with “%(op)s”")
                % {"value": value, "op": op},
                f"r:{rarity}",
            )
        return cls(op, rarity)

    def to_q(self) -> Q:
        if self.op == "=":
            wanted = [self.rarity]
        elif self.op == "!=":
            wanted = [rarity for rarity in RARITIES if rarity != self.rarity]
        else:
            rank = RANKED_RARITIES.index(self.rarity)
            keep = {
                "<": lambda r: r < rank,
                "<=": lambda r: r <= rank,
                ">": lambda r: r > rank,
                ">=": lambda r: r >= rank,
            }[self.op]
            wanted = [name for r, name in enumerate(RANKED_RARITIES) if keep(r)]
        q = Q()
        for rarity in wanted:
            q |= Q(search_printings__contains=f":{rarity}:")
        return q or nothing()

    def __str__(self):
        return f"r{':' if self.op == '=' else self.op}{self.rarity}"


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class DateCondition(Condition):
    """``year`` and ``date``: a printing's set came out then (``date>=fut``: a set's date)."""

    key: str  # "year" or "date"
    op: str
    value: str  # "2007", "2007-05-04" or a set code

    @classmethod
    def from_term(cls, key, op, value):
        op = {":": "=", "<>": "!="}.get(op, op)
        text = fold(value)
        if key == "year":
            if not re.fullmatch(r"\d{1,4}", text) or int(text) < 1:
                return Problem(
                    f"{key}{op}{value}", gettext("“%(value)s” is not a year") % {"value": value}
                )
            return cls(key, op, str(int(text)))
        if DATE.fullmatch(text):
            try:
                date.fromisoformat(text)
            except ValueError:
                pass
            else:
                return cls(key, op, text)
        elif SET_CODE.fullmatch(text) and not text.isdigit():
            return cls(key, op, text)
        return Problem(
            f"{key}{op}{value}",
            gettext("“%(value)s” is not a date like 2007-05-04 or a set code") % {"value": value},
        )

    def to_q(self) -> Q:
        """With the oldest and newest release: "some printing came out on or after X" is "the
        newest came out on or after X", and so on; "=" looks for the date among the printings."""
        if self.key == "year":
            year = int(self.value)
            if self.op == "=":
                return Q(search_printings__contains=f":{year:04d}-")
            start, end = date(year, 1, 1), date(year, 12, 31)
        elif DATE.fullmatch(self.value):
            start = end = date.fromisoformat(self.value)
            if self.op == "=":
                return Q(search_printings__contains=f":{self.value} ")
        else:
            start = end = Subquery(
                CardSet.objects.filter(code=self.value.upper()).values("release_date")[:1]
            )
            if self.op == "=":
                return cards_with_printings(Q(card_set__release_date=start))
        return {
            "!=": Q(first_released__lt=start) | Q(last_released__gt=end),
            ">=": Q(last_released__gte=start),
            ">": Q(last_released__gt=end),
            "<=": Q(first_released__lte=end),
            "<": Q(first_released__lt=start),
        }[self.op]

    def __str__(self):
        return f"{self.key}{self.op}{self.value}"


# -- colours and numbers ------------------------------------------------------------------------


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


NUMBER_KEYS = {
    "mv": "mana_value",
    "pow": "power_value",
    "tou": "toughness_value",
    "loy": "loyalty_value",
}


# The printed values that can hold a "*", for pow=* and the like.
STAR_COLUMNS = {"pow": "power", "tou": "toughness", "loy": "loyalty"}


@dataclass(frozen=True)
class NumberCondition(Condition):
    """``mv``, ``pow``, ``tou``, ``loy`` against a number or another of them (``pow>tou``).

    Power, toughness and loyalty are a face's; "*" and "1+*" are not numbers, so no
    comparison with a number matches them: ``pow=*`` (and ``pow!=*``) asks for them instead.
    ``mv`` is the card's mana value.
    """

    key: str
    op: str
    value: Decimal | None = None
    other: str = ""
    star: bool = False  # pow=*: a face whose printed value has a "*" ("*", "1+*")
    # With other conditions beside it, a range of mana values ("mv<=3": most cards) is better
    # tested while scanning than looked up in its index: see parser.steer_indexes.
    use_index: bool = field(default=True, compare=False, repr=False)

    @classmethod
    def from_term(cls, key, op, value, key_of):
        op = {":": "=", "<>": "!="}.get(op, op)
        other = key_of(value)
        if other in NUMBER_KEYS:
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
        if self.key == "mv" and not self.other:
            if self.use_index:
                return compare("mana_value", self.op, self.value)
            return compare_expression(Unindexed(F("mana_value")), self.op, self.value)

        def column(key):  # on the face
            return "card__mana_value" if key == "mv" else NUMBER_KEYS[key]

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
        return cards_with_faces(condition)

    def __str__(self):
        if self.star:
            return f"{self.key}{self.op}*"
        if self.other:
            return f"{self.key}{self.op}{self.other}"
        return f"{self.key}{self.op}{_number_text(self.value)}"


def _number_text(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "0") else text


# -- kinds of card ------------------------------------------------------------------------------


DOUBLE_FACED = (
    Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD, Layout.DOUBLE_FACED_TOKEN,
    Layout.REVERSIBLE_CARD,
)  # fmt: skip


def _flag(word: str) -> Q:
    return Q(search_flags__contains=f" {word} ")


def _related_exists(model) -> Q:
    """EXISTS rather than IN: a name-ordered page stops after 50 cards with errata."""
    return Q(Exists(model.objects.filter(card_id=OuterRef("pk"))))


IS_VALUES = {
    "dfc": lambda: Q(layout__in=DOUBLE_FACED),
    "mdfc": lambda: Q(layout=Layout.MODAL_DFC),
    "split": lambda: Q(layout__in=(Layout.SPLIT, Layout.AFTERMATH)),
    "permanent": lambda: _flag("permanent"),
    "spell": lambda: _flag("spell"),
    "token": lambda: Q(is_token=True),
    "futureshifted": lambda: _flag("futureshifted"),
    "timeshifted": lambda: _flag("timeshifted"),
    "reprint": lambda: _flag("reprint"),
    **{
        layout: (lambda layout=layout: Q(layout=layout))
        for layout in Layout.values
        if layout not in ("normal", "split", "modal_dfc", "token")
    },
}
IS_ALIASES = {
    "doublefaced": "dfc", "bifronte": "dfc", "modaldfc": "mdfc", "modal_dfc": "mdfc",
    "permanente": "permanent", "magia": "spell", "pedina": "token", "ristampa": "reprint",
    "avventura": "adventure", "cronotraslata": "timeshifted", "cronotraslato": "timeshifted",
}  # fmt: skip
# Other apps add values (oracle.search.extensions.add_flag_value).
HAS_VALUES = {
    "errata": lambda: _related_exists(Erratum),
}
HAS_ALIASES = {"erratum": "errata"}
LANG_VALUES = {
    "it": lambda: _flag("italian"),
    "en": everything,
}
LANG_ALIASES = {
    "ita": "it", "italian": "it", "italiano": "it", "eng": "en", "english": "en",
    "inglese": "en",
}  # fmt: skip
FLAGS = {
    "is": (IS_VALUES, IS_ALIASES),
    "has": (HAS_VALUES, HAS_ALIASES),
    "lang": (LANG_VALUES, LANG_ALIASES),
}


@dataclass(frozen=True)
class FlagCondition(Condition):
    """``is:``, ``has:`` and ``lang:`` with a value from a fixed list."""

    key: str
    value: str

    @classmethod
    def from_term(cls, key, op, value):
        values, aliases = FLAGS[key]
        word = fold_line(value).replace(" ", "").replace("-", "")
        word = aliases.get(word, word)
        if word not in values:
            return unknown_value(
                f"{key}{op}{value}", key, value, values, {**{v: v for v in values}, **aliases}
            )
        return cls(key, word)

    def to_q(self) -> Q:
        return FLAGS[self.key][0][self.value]()

    def __str__(self):
        return f"{self.key}:{self.value}"


# -- ordering -----------------------------------------------------------------------------------


ORDER_ALIASES = {
    "name": "name", "nome": "name",
    "mv": "mv", "cmc": "mv", "vm": "mv", "manavalue": "mv",
    "set": "set", "s": "set", "e": "set", "espansione": "set",
    "released": "released", "release": "released", "date": "released", "data": "released",
    "uscita": "released", "year": "released", "anno": "released",
    "rarity": "rarity", "r": "rarity", "rarita": "rarity",
}  # fmt: skip
DIR_ALIASES = {
    "asc": "asc", "ascending": "asc", "cresc": "asc", "crescente": "asc",
    "desc": "desc", "descending": "desc", "decr": "desc", "decrescente": "desc",
}  # fmt: skip


def ordering(order: str, direction: str) -> list:
    """order_by() expressions for ``order:`` and ``dir:``; name then id break ties."""
    descending = direction == "desc"

    def directed(expression, nullable=False):
        if nullable:  # cards without a dated printing come last either way
            return (
                expression.desc(nulls_last=True) if descending else expression.asc(nulls_last=True)
            )
        # Plain ASC/DESC, which an index on the column can give without sorting.
        return expression.desc() if descending else expression.asc()

    # search_printings starts with the oldest printing: " fut:rare:2007-05-04 ...".
    first_set = Substr(
        "search_printings", 2, Greatest(StrIndex("search_printings", Value(":")) - 2, Value(0))
    )
    keys = {
        "name": [],
        "mv": [directed(F("mana_value"))],
        "set": [directed(first_set)],
        "released": [directed(F("first_released"), nullable=True)],
        "rarity": [directed(F("rarity_rank"))],
    }[order]
    return [*keys, directed(F("name")), directed(F("pk"))]
