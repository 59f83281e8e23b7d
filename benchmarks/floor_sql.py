"""The SQL of a floor query (``floor_queries``) in each form ``search_floor`` times it in:
``forms(condition, vendor, language)`` -> {form: (first page SQL, count SQL)}; the count SQL is
None where the page's rows end with the count (``COUNT(*) OVER ()``)."""

import re

from search_floor import FTS, LONG_TEXT, RARITIES, SCOPE, SEARCHED, SHORT_TEXTS, SHOWN, TABLE

MARKER = re.compile(r"\{(\w+):([^}]*)\}")
PAGE_SIZE = 50
BIT_SETS = ("legal", "banned", "rarities")
# What is left of a part of a condition made of substring tests only: FTS5 can say it.
FTS_ONLY = re.compile(r"^[\s()]*(?:(?:AND|OR|NOT)[\s()]*)*$")


def forms(condition: str, vendor: str, language: str) -> dict[str, tuple[str, str]]:
    order = "position_it" if language == "it" else "position"
    indexed = _substrings(condition, lambda column, text: _lookup(column, text, vendor))
    found = {"index": _statements(indexed, order), "sorted": _sorted(indexed, order)}
    markers = [match[1] for match in MARKER.finditer(condition) if match[1] in SEARCHED]
    if vendor != "sqlite" or not markers:
        return found
    if all(column in SHORT_TEXTS for column in markers):
        found["scan"] = _statements(_substrings(condition, _instr), order)
    driven = _fts_first(condition, order)
    if driven:
        found["fts"] = driven
    return found


def _statements(condition: str, order: str) -> tuple[str, str]:
    where = f"{SCOPE} AND ({condition})"
    return (
        f"SELECT {SHOWN} FROM {TABLE} WHERE {where} ORDER BY {order} LIMIT {PAGE_SIZE}",
        f"SELECT COUNT(*) FROM {TABLE} WHERE {where}",
    )


def _sorted(condition: str, order: str) -> tuple[str, None]:
    """One statement: every card found read once (``+``: not in the order's index, which a
    query finding few cards would walk to its end), counted and sorted."""
    return (
        f"SELECT {SHOWN}, COUNT(*) OVER () FROM {TABLE} WHERE {SCOPE} AND ({condition}) "
        f"ORDER BY +{order} LIMIT {PAGE_SIZE}",
        None,
    )


def _substrings(condition: str, test) -> str:
    def replace(match):
        column, text = match[1], match[2]
        if column in BIT_SETS:
            return _bit(column, text)
        if column not in SEARCHED:
            raise ValueError(f"{column} has no text index")
        return test(column, text)

    return MARKER.sub(replace, condition)


def _lookup(column: str, text: str, vendor: str) -> str:
    if vendor == "sqlite":
        return f"id IN (SELECT rowid FROM {FTS} WHERE {FTS} MATCH '{_phrase(column, text)}')"
    like = f"LIKE '%{_quoted(text)}%'"
    if column == "text":
        return f"id IN (SELECT id FROM {LONG_TEXT} WHERE text {like})"
    return f"{column} {like}"


def _instr(column: str, text: str) -> str:
    return f"instr({column}, '{_quoted(text)}') > 0"


def _fts_first(condition: str, order: str) -> tuple[str, None] | None:
    """SQLite: the full-text index first (the substring tests of the top-level AND in one
    MATCH), then the compact rows of what it found; None when no part is for the index."""
    terms, rest = [], []
    for part in _top_level_and(condition):
        columns = [match[1] for match in MARKER.finditer(part)]
        if columns and set(columns) <= set(SEARCHED) and FTS_ONLY.match(MARKER.sub("", part)):
            terms.append(MARKER.sub(lambda m: _phrase(m[1], m[2]), part))
        else:
            rest.append(_substrings(part, _instr))
    positive = [term for term in terms if not term.startswith("NOT ")]
    if not positive:
        return None
    match = " AND ".join(positive) + "".join(
        f" {term}" for term in terms if term.startswith("NOT ")
    )
    where = " AND ".join([f"c.{SCOPE}", *(f"({part})" for part in rest)])
    shown = ", ".join(f"c.{column.strip()}" for column in SHOWN.split(","))
    found = (
        f"FROM (SELECT rowid AS hit FROM {FTS} WHERE {FTS} MATCH '{match}') "
        f"CROSS JOIN {TABLE} AS c ON c.id = hit WHERE {where}"
    )
    # One statement: the matches are found once, counted and sorted.
    return (f"SELECT {shown}, COUNT(*) OVER () {found} ORDER BY c.{order} LIMIT {PAGE_SIZE}", None)


def _top_level_and(condition: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, character in enumerate(condition):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0 and condition.startswith(" AND ", index):
            parts.append(condition[start:index])
            start = index + len(" AND ")
    return [*parts, condition[start:]]


def _phrase(column: str, text: str) -> str:
    """An FTS5 phrase in one column, inside an SQL string."""
    return _quoted(f'{column}:"{text.replace('"', '""')}"')


def _quoted(text: str) -> str:
    return text.replace("'", "''")


def _bit(column: str, name: str) -> str:
    from oracle.search.printing_words import SEARCH_FORMATS

    names = {"legal": SEARCH_FORMATS, "banned": SEARCH_FORMATS, "rarities": RARITIES}[column]
    return f"({column} & {1 << names.index(name)}) <> 0"
