"""``m:`` / ``mana:`` / ``costo:``: a face's mana cost holds at least these symbols; ``m=``
exactly this cost (``oracle.search.mana_costs`` says what is stored)."""

import re
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext

from oracle.search import mana_costs
from oracle.search.conditions.tree import Condition, Not
from oracle.search.problems import Problem

# Shorthand outside braces: "2WW", "1gu", "XR"; a run of digits is one generic amount.
SHORTHAND = re.compile(r"\{[^{}]*\}|[0-9]+|[A-Za-z]")


def _word(word: str) -> Q:
    return Q(search_flags__contains=f" {word} ")


@dataclass(frozen=True)
class ManaCostCondition(Condition):
    """A face's cost: ``:`` at least these symbols, ``=`` exactly them (``!=``: ``-m=``)."""

    op: str  # ":" or "="
    symbols: tuple[str, ...]  # canonical, in canonical order

    @classmethod
    def from_term(cls, op, value):
        op = {"<>": "!="}.get(op, op)
        if op not in (":", "=", "!="):
            return Problem(
                f"m{op}{value}",
                gettext("a mana cost can only be compared with “:”, “=” and “!=”"),
                f"m:{value}",
            )
        text = value.strip()
        parts = SHORTHAND.findall(text)
        if not parts or "".join(parts) != re.sub(r"\s+", "", text):
            return _not_a_cost(op, value)
        symbols = []
        for part in parts:
            inner = part[1:-1] if part.startswith("{") else part
            symbol = mana_costs.canonical_symbol(inner)
            if symbol is None:
                return _not_a_cost(op, value, inner)
            symbols.append(symbol)
        ordered = mana_costs.cost_symbols(mana_costs.canonical_cost(symbols))
        if op == "!=":
            return Not(cls("=", tuple(ordered)))
        return cls(op, tuple(ordered))

    def to_q(self) -> Q:
        symbols = list(self.symbols)
        if self.op == "=":
            return _word(f"m={mana_costs.exact_word(symbols)}")
        words = mana_costs.wanted_words(symbols)
        any_face = Q()
        for word in words:
            any_face &= _word(f"m:{word}")
        if len(words) < 2:
            return any_face
        # Several symbols: one face must have them all (cards with one costed face have no
        # positioned words, and then the card's words are that face's).
        one_face = Q()
        for position in range(mana_costs.MAX_COSTED_FACES):
            together = Q()
            for word in words:
                together &= _word(f"m{position}:{word}")
            one_face |= together
        return any_face & (~_costed_faces() | one_face)

    def __str__(self):
        return f"m{self.op}{mana_costs.canonical_cost(list(self.symbols))}"


def _costed_faces() -> Q:
    """Cards with more than one costed face (they have positioned words)."""
    return Q(search_flags__contains=" m1:")


def _not_a_cost(op, value, symbol=""):
    if symbol:
        message = gettext("“{%(symbol)s}” is not a mana symbol") % {"symbol": symbol}
    else:
        message = gettext("“%(value)s” is not a mana cost") % {"value": value}
    return Problem(f"m{op}{value}", message, "m:{2}{W}{W}")
