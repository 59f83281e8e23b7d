"""``f:``, ``banned:`` and ``restricted:``: a card's status in a format, from its legalities.

The formats and their other names (``f:edh``, ``f:storico``) are ``oracle.formats``'s. As on
Scryfall, ``f:vintage`` (also ``legal:``, ``format:``, ``formato:``) finds the cards that may be
played there, the restricted ones included; ``banned:`` and ``restricted:`` the others.
"""

from dataclasses import dataclass

from django.db.models import Q, Value
from django.db.models.functions import StrIndex, Substr
from django.db.models.lookups import In

from common.text import fold
from oracle.formats import format_words
from oracle.search.conditions.lookups import nothing
from oracle.search.conditions.tree import Condition
from oracle.search.conditions.value_problems import unknown_value
from oracle.search.printing_words import FORMATS_WORD, SEARCH_FORMATS, STATUS_LETTERS

# The key -> the statuses it finds.
FORMAT_KEYS = {
    "f": ("legal", "restricted"),
    "banned": ("banned",),
    "restricted": ("restricted",),
}


@dataclass(frozen=True)
class FormatCondition(Condition):
    """The card's status in the format ``format`` (its key in the data) is one ``key`` finds."""

    key: str  # "f", "banned" or "restricted"
    format: str

    @classmethod
    def from_term(cls, key, op, value):
        words = format_words()
        word = "".join(fold(value).replace("-", " ").replace("_", " ").split())
        if word not in words:
            return unknown_value(f"{key}{op}{value}", key, value, words.values(), words)
        return cls(key, words[word])

    def to_q(self) -> Q:
        """The format's letter in search_flags' "formats:" word (``printing_words``)."""
        if self.format not in SEARCH_FORMATS:
            return nothing()
        word = StrIndex("search_flags", Value(f" {FORMATS_WORD}"))
        offset = len(FORMATS_WORD) + 1 + SEARCH_FORMATS.index(self.format)
        letter = Substr("search_flags", word + offset, 1)
        letters = [STATUS_LETTERS[status] for status in FORMAT_KEYS[self.key]]
        return Q(In(letter, letters))

    def __str__(self):
        return f"{self.key}:{self.format}"
