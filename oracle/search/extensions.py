"""Search keys and flag values that other apps add to the query language.

``oracle`` searches what it knows of a card. An app that knows more about cards teaches the
query language to ask about it here, from its ``AppConfig.ready()``, before any query is
parsed::

    from oracle.search.extensions import HelpRow, SearchKey, add_flag_value, add_search_key

    add_search_key(
        SearchKey(
            key="note",                              # how the term prints back: "note:foo"
            spellings=("note", "notes", "nota"),     # lower case, without accents
            condition=NoteCondition,                 # a Condition with from_term(op, value)
            lookups=note_lookups,                    # optional, see SearchKey
            problems=unknown_notes,                  # optional, see SearchKey
            help=HelpRow("text", ("note:",), ...),   # optional: its row on the help page
        )
    )
    add_flag_value("has", "notes", cards_with_notes, aliases=("note", "appunti"))

A key added here takes ``:`` and ``=`` (``!=`` and ``<>`` for its negation), like ``kw:`` and
``s:``; its condition reads the value and returns itself or a ``Problem``, and prints back as
canonical text with ``str()``. A flag value answers ``is:``, ``has:`` or ``lang:`` with a
function that returns a ``Q`` on Card; the problems name the values in the order added.
"""

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from django.db.models import Q

from oracle.search import conditions, tokens
from oracle.search.problems import Problem


@dataclass(frozen=True)
class HelpRow:
    """A row of the search help page: what to write, what it does, [(example, what it finds)],
    in the section ``section`` (an id of ``web.pages.search.help.SEARCH_HELP``), after its rows."""

    section: str
    spellings: tuple[str, ...]
    meaning: str
    examples: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SearchKey:
    """A ``key:value`` term another app adds.

    ``lookups(conditions, shared)``, when given, returns a context manager that is open while
    the query filters cards and while it names problems: ``conditions`` are the query's terms
    of this key, ``shared`` a dict the query keeps for its whole life, so what the first use
    reads (one query for every term) serves the others.

    ``problems(conditions)``, when given, names the terms of this key that the database says
    are wrong or read differently (``Query.unknown_names``), inside ``lookups``.
    """

    key: str
    spellings: tuple[str, ...]
    condition: type[conditions.Condition]
    lookups: Callable[[list, dict], AbstractContextManager] | None = None
    problems: Callable[[list], list[Problem]] | None = None
    help: HelpRow | None = None


SEARCH_KEYS: dict[str, SearchKey] = {}


def add_search_key(search_key: SearchKey) -> None:
    """Make ``search_key`` part of the query language (again, harmlessly, on a second call)."""
    taken = {
        spelling
        for spelling in search_key.spellings
        if tokens.KEY_ALIASES.get(spelling, search_key.key) != search_key.key
    }
    if taken:
        raise ValueError(f"search keys already taken: {', '.join(sorted(taken))}")
    SEARCH_KEYS[search_key.key] = search_key
    tokens.KEYS[search_key.key] = search_key.spellings
    tokens.KEY_ALIASES.update(dict.fromkeys(search_key.spellings, search_key.key))


def add_flag_value(
    flag: str, value: str, matches: Callable[[], Q], aliases: Iterable[str] = ()
) -> None:
    """Let ``flag:value`` (``flag`` is "is", "has" or "lang") find the cards ``matches()``
    returns, also when written as one of ``aliases``."""
    values, known_aliases = conditions.FLAGS[flag]
    values[value] = matches
    known_aliases.update(dict.fromkeys(aliases, value))


def conditions_of(search_key: SearchKey, leaves: Iterable) -> list:
    """The terms of ``search_key`` among a query's conditions."""
    return [leaf for leaf in leaves if isinstance(leaf, search_key.condition)]


def help_rows(section: str) -> list[tuple[list[str], str, list[tuple[str, str]]]]:
    """The rows the added keys bring to a section of the help page, as SEARCH_HELP writes them."""
    return [
        (list(key.help.spellings), key.help.meaning, list(key.help.examples))
        for key in SEARCH_KEYS.values()
        if key.help is not None and key.help.section == section
    ]
