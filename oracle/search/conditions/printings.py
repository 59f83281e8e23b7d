"""Conditions on a card's printings: sets, rarities and release dates (``s:``, ``r:``, ``year``,
``date``)."""

import re
from dataclasses import dataclass
from datetime import date

from django.db.models import Q, Subquery
from django.utils.translation import gettext

from common.numbers import bounded_number
from common.text import fold, fold_line
from oracle.models import CardSet
from oracle.search.conditions.lookups import cards_with_printings, nothing
from oracle.search.conditions.tree import Condition, substring_q
from oracle.search.conditions.value_problems import suggest
from oracle.search.problems import Problem

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

    def substring(self) -> tuple[str, str]:
        return ("search_printings", f" {self.code}:")

    def to_q(self) -> Q:
        return substring_q(self.substring())

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

    def substring(self) -> tuple[str, str] | None:
        return ("search_printings", f":{self.rarity}:") if self.op == "=" else None

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
            q |= Q(search_printings__substring=f":{rarity}:")
        return q or nothing()

    def __str__(self):
        return f"r{':' if self.op == '=' else self.op}{self.rarity}"


DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


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
            year = bounded_number(value.strip(), 9999)
            if not year:
                return Problem(
                    f"{key}{op}{value}", gettext("“%(value)s” is not a year") % {"value": value}
                )
            return cls(key, op, str(year))
        # Folding would read "２００７" and "²⁰⁰⁷" as "2007": a date is looked for as typed.
        if DATE.fullmatch(value.strip()):
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
                return Q(search_printings__substring=f":{year:04d}-")
            start, end = date(year, 1, 1), date(year, 12, 31)
        elif DATE.fullmatch(self.value):
            start = end = date.fromisoformat(self.value)
            if self.op == "=":
                return Q(search_printings__substring=f":{self.value} ")
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
