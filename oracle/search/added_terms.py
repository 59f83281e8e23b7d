"""Terms a layer above ``oracle`` adds to a search, passed to ``parse`` with each query.

``oracle`` searches what it knows of a card. The layer that knows more about cards (the
rules app: ``rule:``, ``has:rulings``) describes its terms with these two shapes, and the layer
above both (``web``) passes them where it runs a search::

    query = parse("regola:702.37 t:creature", SEARCH_TERMS)   # rulings.search_terms

A ``SearchKey`` takes ``:`` and ``=`` (``!=`` and ``<>`` for its negation), like ``kw:`` and
``s:``; its condition reads the value and returns itself or a ``Problem``, and prints back as
canonical text with ``str()``. A ``FlagValue`` answers ``is:``, ``has:`` or ``lang:`` with a
function that returns a ``Q`` on Card; problems list it after oracle's own values.
"""

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from django.db.models import Q


@dataclass(frozen=True)
class SearchKey:
    """A ``key:value`` term: ``key`` is how it prints back, ``spellings`` every accepted
    spelling (lower case, without accents), ``condition`` a Condition with
    ``from_term(op, value)``.

    ``lookups(conditions, shared)``, when given, returns a context manager that is open while
    the query filters cards and while it names problems: ``conditions`` are the query's terms
    of this key, ``shared`` a dict the query keeps for its whole life, so what the first use
    reads (one query for every term) serves the others.

    ``problems(conditions)``, when given, names the terms of this key that the database says
    are wrong or read differently (``Query.unknown_names``), inside ``lookups``.
    """

    key: str
    spellings: tuple[str, ...]
    condition: type
    lookups: Callable[[list, dict], AbstractContextManager] | None = None
    problems: Callable[[list], list] | None = None

    def conditions_in(self, leaves: Iterable) -> list:
        """The terms of this key among a query's conditions."""
        return [leaf for leaf in leaves if isinstance(leaf, self.condition)]


@dataclass(frozen=True)
class FlagValue:
    """``flag:value`` (``flag`` is "is", "has" or "lang") finds the cards ``matches()``
    returns, also when written as one of ``aliases``."""

    flag: str
    value: str
    matches: Callable[[], Q]
    aliases: tuple[str, ...] = ()


def search_keys(added: Iterable) -> list[SearchKey]:
    return [term for term in added if isinstance(term, SearchKey)]


def flag_values(added: Iterable, flag: str) -> list[FlagValue]:
    return [term for term in added if isinstance(term, FlagValue) and term.flag == flag]
