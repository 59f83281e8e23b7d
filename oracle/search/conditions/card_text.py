"""Conditions on what a card says: its names, type lines, texts and keywords (``name``, ``t:``,
``o:``, ``kw:``), English or Italian."""

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.db.models import Q

from common.text import fold_line, slug_for
from oracle.models import Keyword
from oracle.search.conditions.lookups import nothing
from oracle.search.conditions.tree import Condition, substring_q
from oracle.search.tokens import quote
from oracle.type_words import ITALIAN_TYPES

# Any spacing around the "//" between faces ("fire//ice", "fire //ice") is the names' " // ".
_FACES = re.compile(r"\s*//\s*")


def faces_spaced(folded: str) -> str:
    """``folded`` with one space each side of every "//": "fire//ice" -> "fire // ice"."""
    return _FACES.sub(" // ", folded).strip() if "//" in folded else folded


@dataclass(frozen=True)
class NameCondition(Condition):
    """A bare word or "phrase" in a name, or ``!"exact name"``; English or Italian."""

    value: str
    exact: bool = False

    def substring(self) -> tuple[str, str]:
        folded = faces_spaced(fold_line(self.value))
        return ("search_name", f"\n{folded}\n" if self.exact else folded)

    def to_q(self) -> Q:
        return substring_q(self.substring())

    def __str__(self):
        if self.exact:
            return f"!{quote(self.value)}"
        return quote(self.value, bare_word=True)


# Italian type words, whose endings change with the noun ("Creatura Leggendaria", "Artefatto
# Leggendario"), also find the English word of the Oracle type line: those of these types.
SEARCHED_IN_ENGLISH = [
    "Legendary", "Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Land", "Tribal",
    "Basic", "World", "Equipment", "Token",
]  # fmt: skip
ITALIAN_TYPE_WORDS = {
    fold_line(form): english.lower()
    for english in SEARCHED_IN_ENGLISH
    for form in ITALIAN_TYPES[english].forms
}
# Tribal became Kindred in 2024: either word finds both.
ITALIAN_TYPE_WORDS |= {"tribal": "kindred", "kindred": "tribal"}
ENGLISH_TYPE_WORDS = {"tribal", "kindred"}
# Card types and supertypes, which many cards have: their condition scans the column (the
# substring index pays for rarer words, subtypes: ``SearchedText``).
BROAD_TYPE_WORDS = {word.lower() for word in SEARCHED_IN_ENGLISH} | {
    "planeswalker", "battle", "kindred", "snow",
}  # fmt: skip


def type_q(word: str) -> Q:
    lookup = "contains" if word in BROAD_TYPE_WORDS else "substring"
    return Q(**{f"search_type__{lookup}": word})


def plain_type_word(value: str) -> str | None:
    """The folded word of ``t:value`` when its condition is that word in the type line and
    the substring index pays (not a card type, not an Italian word read in English)."""
    folded = fold_line(value)
    if folded in ITALIAN_TYPE_WORDS or folded in BROAD_TYPE_WORDS:
        return None
    return folded


@dataclass(frozen=True)
class TypeCondition(Condition):
    """``t:`` a word or phrase of a face's type line, English or Italian."""

    value: str

    def substring(self) -> tuple[str, str] | None:
        word = plain_type_word(self.value)
        return None if word is None else ("search_type", word)

    def to_q(self) -> Q:
        folded = fold_line(self.value)
        other = ITALIAN_TYPE_WORDS.get(folded)
        if other is None:
            return type_q(folded)
        if folded in ENGLISH_TYPE_WORDS:  # "tribal" -> also "kindred"
            return type_q(folded) | type_q(other)
        # An Italian type word is looked for as its English one only: old Italian printings
        # call an Aura's type "Incanta Creatura" ("Enchant Creature"), which "t:creatura" must
        # not find, and every card has its English type line.
        q = type_q(other)
        if other in ITALIAN_TYPE_WORDS:  # "tribale" -> "tribal" -> "kindred"
            q |= type_q(ITALIAN_TYPE_WORDS[other])
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

    def substring(self) -> tuple[str, str]:
        return ("search_text", fold_line(self.value))

    def to_q(self) -> Q:
        return substring_q(self.substring())

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

    def slugs(self) -> list[str]:
        folded, slug = fold_line(self.value), slug_for(self.value)
        return [
            key
            for _, key, name, name_it in keyword_rows()
            if folded in (name, name_it) or (slug and slug == key)
        ]

    def substring(self) -> tuple[str, str] | None:
        slugs = self.slugs()
        return ("search_keywords", f"\n{slugs[0]}\n") if len(slugs) == 1 else None

    def to_q(self) -> Q:
        q = Q()
        for key in self.slugs():  # the row's keywords: one slug a line
            q |= Q(search_keywords__substring=f"\n{key}\n")
        return q or nothing()

    def __str__(self):
        return f"kw:{quote(self.value)}"
