"""Raw search indexes that migrations after 0002 re-create when SQLite rebuilds the card table.

History only: from 0022 on, the indexes are declared in Card's Meta (``EngineIndex``,
common/indexes.py) and Django recreates them when SQLite rebuilds the table; no migration after
0021 calls anything here.

Kept beside the migrations (the leading underscore keeps Django from loading it as one); the
statements of 0002 are repeated on purpose: migrations must not change when 0002 is edited.

From 0007 on, results are ordered by the sort keys of the names (``Card.sort_name``, and
``sort_name_it`` on Italian pages), and the covering indexes lead with those columns instead
of the name: a migration from 0007 on that rebuilds the card table calls
``recreate_sorted_after_rebuild``.
"""

SEARCH_COLUMNS = (
    "search_name, search_type, search_flags, search_printings, mana_value, colors, "
    "color_identity, layout, is_token, first_released, last_released, rarity_rank"
)
SQLITE_INDEXES = [
    "DROP INDEX IF EXISTS card_name_idx",
    f"CREATE INDEX card_name_idx ON oracle_card (name, slug, search_text, {SEARCH_COLUMNS})",
    "DROP INDEX IF EXISTS card_search_idx",
    f"CREATE INDEX card_search_idx ON oracle_card (name, slug, {SEARCH_COLUMNS})",
    "CREATE INDEX IF NOT EXISTS card_search_name_idx ON oracle_card (search_name)",
    "CREATE INDEX IF NOT EXISTS card_search_type_idx ON oracle_card (search_type)",
    "CREATE INDEX IF NOT EXISTS card_search_text_idx ON oracle_card (search_text)",
    "CREATE INDEX IF NOT EXISTS card_search_flags_idx ON oracle_card (search_flags)",
    "CREATE INDEX IF NOT EXISTS card_search_printings_idx ON oracle_card (search_printings)",
    "CREATE INDEX IF NOT EXISTS card_search_rules_idx ON oracle_card (search_rules)",
]
POSTGRES_INDEXES = [
    "CREATE INDEX IF NOT EXISTS card_search_rules_trgm ON oracle_card "
    "USING gin (search_rules gin_trgm_ops)",
]


def recreate_after_rebuild(apps, schema_editor):
    statements = {"sqlite": SQLITE_INDEXES, "postgresql": POSTGRES_INDEXES}
    for statement in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)


NARROW_SQLITE_INDEXES = [
    "CREATE INDEX IF NOT EXISTS card_search_name_idx ON oracle_card (search_name)",
    "CREATE INDEX IF NOT EXISTS card_search_type_idx ON oracle_card (search_type)",
    "CREATE INDEX IF NOT EXISTS card_search_text_idx ON oracle_card (search_text)",
    "CREATE INDEX IF NOT EXISTS card_search_flags_idx ON oracle_card (search_flags)",
    "CREATE INDEX IF NOT EXISTS card_search_printings_idx ON oracle_card (search_printings)",
    "CREATE INDEX IF NOT EXISTS card_search_rules_idx ON oracle_card (search_rules)",
]
# A results page walks the index of its language's sort key and tests each card's search
# columns without reading the card row; the narrow twin (no text) is a third of the size, for
# searches that do not look at the text. card_name_idx is the plain index Django declares.
SORTED_SQLITE_INDEXES = [
    "DROP INDEX IF EXISTS card_name_idx",
    "CREATE INDEX card_name_idx ON oracle_card (name)",
    "DROP INDEX IF EXISTS card_search_idx",
    *(
        statement
        for column in ("sort_name", "sort_name_it")
        for statement in (
            f"DROP INDEX IF EXISTS card_{column}_idx",
            f"CREATE INDEX card_{column}_idx ON oracle_card "
            f"({column}, name, slug, search_text, {SEARCH_COLUMNS})",
            f"DROP INDEX IF EXISTS card_{column}_search_idx",
            f"CREATE INDEX card_{column}_search_idx ON oracle_card "
            f"({column}, name, slug, {SEARCH_COLUMNS})",
        )
    ),
    *NARROW_SQLITE_INDEXES,
]


def recreate_sorted_after_rebuild(apps, schema_editor):
    statements = {"sqlite": SORTED_SQLITE_INDEXES, "postgresql": POSTGRES_INDEXES}
    for statement in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)


# From 0008 on, the artists and the flavour texts have narrow indexes of their own (a subquery
# reads them without the card rows); a migration from 0008 on that rebuilds the card table
# calls ``recreate_printed_after_rebuild`` instead of ``recreate_sorted_after_rebuild``.
PRINTED_SQLITE_INDEXES = [
    "CREATE INDEX IF NOT EXISTS card_search_artists_idx ON oracle_card (search_artists)",
    "CREATE INDEX IF NOT EXISTS card_search_flavor_idx ON oracle_card (search_flavor)",
]


def recreate_printed_after_rebuild(apps, schema_editor):
    recreate_sorted_after_rebuild(apps, schema_editor)
    if schema_editor.connection.vendor == "sqlite":
        for statement in PRINTED_SQLITE_INDEXES:
            schema_editor.execute(statement)


# From 0011 on, each search column's narrow index also holds what every search tests beside it
# (``Query.scope``: no tokens unless asked, never art series), so counting "t:creature" scans
# the type lines alone and reads no wider index. A migration from 0011 on that rebuilds the
# card table calls ``recreate_scoped_after_rebuild`` instead of the functions above.
SCOPED_COLUMNS = (
    "search_name",
    "search_type",
    "search_text",
    "search_flags",
    "search_printings",
    "search_rules",
    "search_artists",
    "search_flavor",
)
SCOPED_SQLITE_INDEXES = [
    statement
    for column in SCOPED_COLUMNS
    for statement in (
        f"DROP INDEX IF EXISTS card_{column}_idx",
        f"CREATE INDEX IF NOT EXISTS card_{column}_scoped_idx ON oracle_card "
        f"({column}, is_token, layout)",
    )
]
UNSCOPED_SQLITE_INDEXES = [
    statement
    for column in SCOPED_COLUMNS
    for statement in (
        f"DROP INDEX IF EXISTS card_{column}_scoped_idx",
        f"CREATE INDEX IF NOT EXISTS card_{column}_idx ON oracle_card ({column})",
    )
]


def create_scoped_indexes(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in SCOPED_SQLITE_INDEXES:
            schema_editor.execute(statement)


def drop_scoped_indexes(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in UNSCOPED_SQLITE_INDEXES:
            schema_editor.execute(statement)


def recreate_scoped_after_rebuild(apps, schema_editor):
    recreate_printed_after_rebuild(apps, schema_editor)
    create_scoped_indexes(apps, schema_editor)


def drop_rules_index(apps, schema_editor):
    statements = {
        "sqlite": ["DROP INDEX IF EXISTS card_search_rules_idx"],
        "postgresql": ["DROP INDEX IF EXISTS card_search_rules_trgm"],
    }
    for statement in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)


# From 0016 on, what a search looks at is one small number the database works out from
# is_token and layout (``Card.kind``): the sort keys' indexes hold it instead of is_token, and
# each search column's narrow index holds it instead of is_token and layout. A migration from
# 0016 on that rebuilds the card table calls ``recreate_kind_after_rebuild``.
KIND_SEARCH_COLUMNS = (
    "search_name, search_type, search_flags, search_printings, mana_value, colors, "
    "color_identity, layout, kind, first_released, last_released, rarity_rank"
)
KIND_SQLITE_INDEXES = [
    "DROP INDEX IF EXISTS card_name_idx",
    "CREATE INDEX card_name_idx ON oracle_card (name)",
    "DROP INDEX IF EXISTS card_search_idx",
    *(
        statement
        for column in ("sort_name", "sort_name_it")
        for statement in (
            f"DROP INDEX IF EXISTS card_{column}_idx",
            f"CREATE INDEX card_{column}_idx ON oracle_card "
            f"({column}, name, slug, search_text, {KIND_SEARCH_COLUMNS})",
            f"DROP INDEX IF EXISTS card_{column}_search_idx",
            f"CREATE INDEX card_{column}_search_idx ON oracle_card "
            f"({column}, name, slug, {KIND_SEARCH_COLUMNS})",
        )
    ),
    *(
        statement
        for column in SCOPED_COLUMNS
        for statement in (
            f"DROP INDEX IF EXISTS card_{column}_idx",
            f"DROP INDEX IF EXISTS card_{column}_scoped_idx",
            f"CREATE INDEX card_{column}_scoped_idx ON oracle_card ({column}, kind)",
        )
    ),
]


# From 0022 on, the card table has no ``search_rules`` (rulings' ``CardRuleSearch`` holds the
# numbers): a migration from 0022 on that rebuilds the card table must leave it out of the
# statements above.
def recreate_kind_after_rebuild(apps, schema_editor):
    statements = {"sqlite": KIND_SQLITE_INDEXES, "postgresql": POSTGRES_INDEXES}
    for statement in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)


def recreate_scoped_after_kind(apps, schema_editor):
    """Back before 0016: the indexes of 0011, once the card table is rebuilt without kind."""
    if schema_editor.connection.vendor == "sqlite":
        for column in SCOPED_COLUMNS:
            schema_editor.execute(f"DROP INDEX IF EXISTS card_{column}_scoped_idx")
    recreate_scoped_after_rebuild(apps, schema_editor)
