"""The search's floor: one compact table per card with full-text indexes, and the benchmark
queries written by hand over it (``floor_queries``). What a results page or the API's first
page costs at the least.

``build_floor_table()`` makes ``bench_floor_card`` in the benchmarked database: one row per
card the search looks at (art-series objects are left out; tokens are in, with their kind),
with every value the queries test, folded once: names and type lines in both languages (the
card's search columns), keywords, the rule numbers the card uses, its printings (set, rarity,
date), ``is:`` words, colours and colour identity, the lowest and highest mana value the
search reads, power over toughness, layout, rarities and formats as bit sets, the last
release; then its place in the English and the Italian order and what a results row shows
(Oracle id, names, slug, mana cost, type lines, newest set codes). A covering index holds the
tested columns, so a count reads them without the rows.

The Oracle and Italian printed texts, and again the short texts, are indexed for substrings,
which is what the query language's text conditions mean:

- SQLite: an FTS5 table (``bench_floor_fts``, rowid = card id) with the trigram tokenizer:
  ``MATCH 'types:"creature"'``.
- PostgreSQL: pg_trgm GIN indexes on the compact table's short texts and on a table of the
  long ones (``bench_floor_text``), which ``LIKE '%creature%'`` uses when the planner thinks it
  pays. A tsvector would find words, not substrings ("drago" in "Dragon"): not used.

A condition (``floor_queries``) is written once for both engines: ``{types:creature}`` is a
substring test, the rest plain SQL over the compact table. It is run in every form that fits
it, and the floor is the fastest, as a hand-written query would be written for the case:

- ``index``: each ``{...}`` a lookup in the full-text index (SQLite: ``id IN (SELECT rowid
  ... MATCH ...)``; PostgreSQL: ``LIKE``, the planner choosing the trigram index or not);
- ``fts`` (SQLite): the full-text index first, every ``{...}`` of the top-level AND in one
  MATCH, then the compact rows of the cards it found;
- ``scan`` (SQLite): every ``{...}`` an ``instr()`` over the compact table's covering index (no
  index: a query that matches half the catalogue, "creature", costs more through the trigram
  index than by reading the column); not for the long texts, which only the index holds.

``time_floor(query, repeat)`` gives the median of the first page (50 rows in order) and the
count: the two statements a results page needs. ``drop_floor_table`` drops the tables.
"""

import statistics
from collections import defaultdict

import timing
from floor_queries import FLOOR_CONDITIONS

TABLE = "bench_floor_card"
FTS = "bench_floor_fts"  # SQLite
LONG_TEXT = "bench_floor_text"  # PostgreSQL
PAGE_SIZE = 50
SHORT_TEXTS = ("names", "types", "keywords", "rules", "printings")
SEARCHED = (*SHORT_TEXTS, "text")
# What a search looks at when the query does not ask for tokens (art series are not stored).
SCOPE = "kind = 0"
RARITIES = ("common", "uncommon", "rare", "special", "mythic", "bonus")
TESTED = (
    ("kind", "integer NOT NULL"),
    *((column, "text NOT NULL") for column in SHORT_TEXTS),
    ("flags", "text NOT NULL"),
    ("colors", "text NOT NULL"),
    ("identity", "text NOT NULL"),
    ("mv_min", "real NOT NULL"),
    ("mv_max", "real NOT NULL"),
    ("power_over", "real"),
    ("layout", "text NOT NULL"),
    ("rarities", "integer NOT NULL"),
    ("legal", "integer NOT NULL"),
    ("banned", "integer NOT NULL"),
    ("last_released", "text"),
)
COLUMNS = (
    ("id", "integer PRIMARY KEY"),
    *TESTED,
    ("position", "integer NOT NULL"),
    ("position_it", "integer NOT NULL"),
    ("oracle_id", "text NOT NULL"),
    ("name", "text NOT NULL"),
    ("name_it", "text NOT NULL"),
    ("slug", "text NOT NULL"),
    ("mana_cost", "text NOT NULL"),
    ("type_line", "text NOT NULL"),
    ("type_line_it", "text NOT NULL"),
    ("sets", "text NOT NULL"),
)
SHOWN = "id, oracle_id, name, name_it, slug, mana_cost, type_line, type_line_it, sets"
BATCH = 5000


def build_floor_table() -> int:
    """Fill ``bench_floor_card`` (its indexes and full-text side) from the catalogue; returns
    its rows."""
    from django.db import connection, transaction

    rows, texts = [], []
    for row in _rows():
        rows.append(row[:-1])
        texts.append((row[0], row[-1]))
    definition = ", ".join(f"{name} {kind}" for name, kind in COLUMNS)
    placeholders = ", ".join(["%s"] * len(COLUMNS))
    tested = ", ".join(name for name, _ in TESTED)
    drop_floor_table()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {TABLE} ({definition})")
        for start in range(0, len(rows), BATCH):
            cursor.executemany(
                f"INSERT INTO {TABLE} VALUES ({placeholders})", rows[start : start + BATCH]
            )
        for order in ("position", "position_it"):
            cursor.execute(f"CREATE INDEX {TABLE}_{order} ON {TABLE} ({order})")
        if connection.vendor == "sqlite":
            cursor.execute(f"CREATE INDEX {TABLE}_tested ON {TABLE} ({tested})")
            _fill_fts(cursor, rows, texts)
        else:
            _fill_trigram_indexes(cursor, texts)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # index-only scans need the visibility map
            cursor.execute(f"VACUUM ANALYZE {TABLE}")
            cursor.execute(f"VACUUM ANALYZE {LONG_TEXT}")
        else:
            cursor.execute(f"ANALYZE {TABLE}")
    return len(rows)


def _fill_fts(cursor, rows, texts) -> None:
    columns = ", ".join(SEARCHED)
    cursor.execute(f"CREATE VIRTUAL TABLE {FTS} USING fts5({columns}, tokenize='trigram')")
    values = ", ".join(["%s"] * (len(SEARCHED) + 1))
    short = slice(2, 2 + len(SHORT_TEXTS))  # after id and kind (TESTED)
    for start in range(0, len(rows), BATCH):
        batch = zip(rows[start : start + BATCH], texts[start : start + BATCH], strict=True)
        cursor.executemany(
            f"INSERT INTO {FTS} (rowid, {columns}) VALUES ({values})",
            [(row[0], *row[short], text) for row, (_, text) in batch],
        )


def _fill_trigram_indexes(cursor, texts) -> None:
    cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    cursor.execute(f"CREATE TABLE {LONG_TEXT} (id integer PRIMARY KEY, text text NOT NULL)")
    for start in range(0, len(texts), BATCH):
        cursor.executemany(f"INSERT INTO {LONG_TEXT} VALUES (%s, %s)", texts[start : start + BATCH])
    for table, column in [(TABLE, column) for column in SHORT_TEXTS] + [(LONG_TEXT, "text")]:
        cursor.execute(
            f"CREATE INDEX {table}_{column}_trgm ON {table} USING gin ({column} gin_trgm_ops)"
        )


def _rows():
    """The compact table's rows, each with the card's long texts last."""
    from django.db import connection

    from oracle.models import Card, CardFace, CardSearch, Printing, not_cards
    from oracle.search.printing_words import FORMATS_WORD, SEARCH_FORMATS

    faces = defaultdict(list)
    for row in CardFace.objects.order_by("card_id", "position").values_list(
        "card_id", "name_it", "mana_cost", "type_line", "type_line_it", "colors", "mana_value",
        "power_value", "toughness_value",
    ):  # fmt: skip
        faces[row[0]].append(row[1:])
    keywords = defaultdict(list)
    for card_id, name in Card.keywords.through.objects.values_list("card_id", "keyword__name"):
        keywords[card_id].append(name.lower())
    sets = defaultdict(list)
    for card_id, code in (
        Printing.objects.order_by("card_id", "-card_set__release_date", "card_set__code")
        .values_list("card_id", "card_set__code")
        .distinct()
    ):
        if code not in sets[card_id]:
            sets[card_id].append(code)
    with connection.cursor() as cursor:  # rulings' table: the benchmark may read it as SQL
        cursor.execute("SELECT card_id, numbers FROM rulings_cardrulesearch")
        rules = dict(cursor.fetchall())
    cards = list(
        CardSearch.objects.exclude(not_cards()).values_list(
            "pk",
            "oracle_id",
            "name",
            "slug",
            "kind",
            "search_name",
            "search_type",
            "search_text",
            "search_flags",
            "search_printings",
            "colors",
            "color_identity",
            "mana_value",
            "layout",
            "last_released",
            "sort_name",
            "sort_name_it",
        )  # fmt: skip
    )
    position = _positions(cards, 15)
    position_it = _positions(cards, 16)
    for card in cards:
        pk, oracle_id, name, slug, kind, names, types, text, flags, printings = card[:10]
        colors, identity, mana_value, layout, last = card[10:15]
        card_faces = faces[pk]
        values = [float(mana_value)]
        if flags.startswith((" facevalues ", " facecolors facevalues ")):
            values += [float(face[5]) for face in card_faces]
        differences = [p - t for *_, p, t in card_faces if p is not None and t is not None]
        words = flags.split()
        formats = next((w for w in words if w.startswith(FORMATS_WORD)), FORMATS_WORD)
        letters = formats[len(FORMATS_WORD) :].ljust(len(SEARCH_FORMATS), "-")
        yield (
            pk,
            kind,
            names,
            types,
            "|" + "|".join(keywords[pk]) + "|",
            rules.get(pk, ""),
            printings,
            # is: words and watermarks, without the formats and the mana cost words
            " " + " ".join(w for w in words if w.startswith("wm:") or not set(w) & set(":=")) + " ",
            # The colours c: tests: each face's own where the faces are matched one by one.
            "|".join(f[4] for f in card_faces) if flags.startswith(" facecolors ") else colors,
            identity,
            min(values),
            max(values),
            float(max(differences)) if differences else None,
            layout,
            _bits(f":{rarity}:" in printings for rarity in RARITIES),
            _bits(letter in "lr" for letter in letters[: len(SEARCH_FORMATS)]),
            _bits(letter == "b" for letter in letters[: len(SEARCH_FORMATS)]),
            last.isoformat() if last else None,
            position[pk],
            position_it[pk],
            str(oracle_id),
            name,
            " // ".join(f[0] for f in card_faces if f[0]),
            slug,
            " // ".join(f[1] for f in card_faces if f[1]),
            " // ".join(f[2] for f in card_faces),
            " // ".join(f[3] or f[2] for f in card_faces),
            " ".join(sets[pk][:5]),
            text,
        )


def _positions(cards, key_index) -> dict:
    """Each card's place in the order by a sort key, then the Oracle name and the id."""
    ordered = sorted(cards, key=lambda card: (card[key_index], card[2], card[0]))
    return {card[0]: position for position, card in enumerate(ordered)}


def _bits(flags) -> int:
    """A bit set: bit i for the i-th true flag."""
    return sum(1 << index for index, flag in enumerate(flags) if flag)


def drop_floor_table() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in (FTS, LONG_TEXT, TABLE):
            cursor.execute(f"DROP TABLE IF EXISTS {table}")


def floor_page(statements: tuple[str, str | None]) -> tuple[list, int]:
    """The first page of rows in the page's order and the count: (page SQL, count SQL), or
    (page SQL, None) for a page whose rows end with the count."""
    from django.db import connection

    page_sql, count_sql = statements
    with connection.cursor() as cursor:
        cursor.execute(page_sql)
        page = cursor.fetchall()
        if count_sql is None:
            return page, page[0][-1] if page else 0
        cursor.execute(count_sql)
        (count,) = cursor.fetchone()
    return page, count


def time_floor(query: str, repeat: int, language: str = "it") -> tuple[float, float, int]:
    """(median milliseconds of wall time, of CPU time, count) of the floor of one benchmark
    query in its fastest form (CPU time as ``timing.time_calls`` counts it: the local
    PostgreSQL server's too)."""
    wall, cpu, count, _ = time_floor_forms(query, repeat, language)[0]
    return wall, cpu, count


def time_floor_forms(query: str, repeat: int, language: str = "it") -> list[tuple]:
    """[(wall ms, CPU ms, count, form)] of each form of the query's floor (``floor_sql``), the
    fastest first (by wall time)."""
    from django.db import connection
    from floor_sql import forms

    timed = []
    for form, statements in forms(FLOOR_CONDITIONS[query], connection.vendor, language).items():
        _, count = floor_page(statements)  # warm-up
        times, cpu_times = timing.time_calls(lambda s=statements: floor_page(s), repeat)
        timed.append((statistics.median(times), statistics.median(cpu_times), count, form))
    counts = {count for _, _, count, _ in timed}
    if len(counts) > 1:
        raise AssertionError(f"the forms of the floor of {query!r} count {sorted(counts)}")
    return sorted(timed)
