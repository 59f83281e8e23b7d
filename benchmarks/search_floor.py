"""A raw-SQL floor for the search page: what its first page of results costs at the least.

``build_floor_table()`` makes one compact table, ``bench_floor_card``, holding per card what a
results row shows (names, mana cost, type line, newest set codes), the values the benchmark
queries ask about (lower-case type line and text, keywords, colours as ``c:`` tests them, mana
value, power and toughness, layout) and its place in the Italian pages' order. ``time_floor()``
runs, for each benchmark query, hand-written SQL over that table only: the first 50 rows in
order and the count, the two things a results page needs from the database. The page's time
over the floor's says what the ORM, the query language, the view and the templates add.

The floor looks at the cards the page looks at (``Query.scope``): art-series objects are not in
the table; tokens are, and are left out (``SCOPE``) as no benchmark query asks for them.

The table is made in the benchmarked database and dropped afterwards (``drop_floor_table``).
"""

import statistics
from collections import defaultdict

import timing

TABLE = "bench_floor_card"
PAGE_SIZE = 50

# Each benchmark query (bench_pages.SEARCH_QUERIES) written by hand over the compact table.
# Italian words are written with what they mean (creatura: creature), as the page resolves them.
FLOOR_CONDITIONS = {
    "t:creature": "type_lc LIKE '%creature%'",
    "k:flying": "keywords LIKE '%|flying|%'",
    'o:"draw a card"': "text_lc LIKE '%draw a card%'",
    "t:goblin c:r": "type_lc LIKE '%goblin%' AND colors LIKE '%R%'",
    "t:dragon mv>=5": "type_lc LIKE '%dragon%' AND mana_value >= 5",
    # One face blue and red: its letters in WUBRG order hold "UR" or "UBR".
    "c:ur": "(colors LIKE '%UR%' OR colors LIKE '%UBR%')",
    "t:legendary -t:creature": "type_lc LIKE '%legendary%' AND type_lc NOT LIKE '%creature%'",
    "pow>tou": "power > toughness",
    "t:creatura k:volare": "type_lc LIKE '%creature%' AND keywords LIKE '%|flying|%'",
    "is:split": "layout IN ('split', 'aftermath')",
}
# What a search looks at when the query does not ask for tokens (art series are never stored).
SCOPE = "is_token = 0"

COLUMNS = (
    ("id", "integer PRIMARY KEY"),
    ("position", "integer NOT NULL"),
    ("name", "text NOT NULL"),
    ("name_it", "text NOT NULL"),
    ("slug", "text NOT NULL"),
    ("mana_cost", "text NOT NULL"),
    ("type_line", "text NOT NULL"),
    ("type_line_it", "text NOT NULL"),
    ("sets", "text NOT NULL"),
    ("type_lc", "text NOT NULL"),
    ("text_lc", "text NOT NULL"),
    ("keywords", "text NOT NULL"),
    ("colors", "text NOT NULL"),
    ("mana_value", "real NOT NULL"),
    ("power", "real"),
    ("toughness", "real"),
    ("layout", "text NOT NULL"),
    ("is_token", "integer NOT NULL"),
)


def build_floor_table() -> int:
    """Fill ``bench_floor_card`` from the catalogue; returns its rows."""
    from django.db import connection, transaction

    from oracle.models import Card, CardFace, Printing, not_cards

    faces = defaultdict(list)
    for row in CardFace.objects.order_by("card_id", "position").values_list(
        "card_id", "name_it", "mana_cost", "type_line", "type_line_it", "colors", "power_value",
        "toughness_value",
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
    rows = []
    cards = (
        Card.objects.exclude(not_cards())
        .order_by("sort_name_it", "name", "pk")
        .values_list(
            "pk", "name", "slug", "search_type", "search_text", "colors", "mana_value", "layout",
            "is_token", "search_flags",
        )
    )  # fmt: skip
    for position, row in enumerate(cards):
        pk, name, slug, type_lc, text_lc, colors, mana_value, layout, is_token, flags = row
        card_faces = faces[pk]
        sized = [(p - t, p, t) for *_, p, t in card_faces if p is not None and t is not None]
        _, power, toughness = max(sized) if sized else (None, None, None)
        rows.append(
            (
                pk,
                position,
                name,
                " // ".join(f[0] for f in card_faces if f[0]),
                slug,
                " // ".join(f[1] for f in card_faces if f[1]),
                " // ".join(f[2] for f in card_faces),
                " // ".join(f[3] or f[2] for f in card_faces),
                " ".join(sets[pk][:5]),
                type_lc,
                text_lc,
                "|" + "|".join(keywords[pk]) + "|",
                # The colours c: tests: each face's own where the faces are matched one by one.
                "|".join(f[4] for f in card_faces) if flags.startswith(" facecolors ") else colors,
                float(mana_value),
                power,
                toughness,
                layout,
                int(is_token),
            )
        )
    definition = ", ".join(f"{name} {kind}" for name, kind in COLUMNS)
    placeholders = ", ".join(["%s"] * len(COLUMNS))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        cursor.execute(f"CREATE TABLE {TABLE} ({definition})")
        cursor.executemany(f"INSERT INTO {TABLE} VALUES ({placeholders})", rows)
        cursor.execute(f"CREATE INDEX {TABLE}_position ON {TABLE} (position)")
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {TABLE}")
    return len(rows)


def drop_floor_table() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")


def floor_page(condition: str) -> tuple[list, int]:
    """The first page of rows and the count for one hand-written condition."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, name, name_it, slug, mana_cost, type_line, type_line_it, sets "
            f"FROM {TABLE} WHERE {SCOPE} AND ({condition}) ORDER BY position LIMIT {PAGE_SIZE}"
        )
        page = cursor.fetchall()
        cursor.execute(f"SELECT COUNT(*) FROM {TABLE} WHERE {SCOPE} AND ({condition})")
        (count,) = cursor.fetchone()
    return page, count


def time_floor(query: str, repeat: int) -> tuple[float, float, int]:
    """(median milliseconds of wall time, of CPU time, count) of the floor for one benchmark
    query (CPU time as ``timing.time_calls`` counts it: the local PostgreSQL server's too)."""
    condition = FLOOR_CONDITIONS[query]
    _, count = floor_page(condition)  # warm-up
    times, cpu_times = timing.time_calls(lambda: floor_page(condition), repeat)
    return statistics.median(times), statistics.median(cpu_times), count
