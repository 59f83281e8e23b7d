"""Raw search indexes that migrations after 0002 re-create when SQLite rebuilds the card table.

Kept beside the migrations (the leading underscore keeps Django from loading it as one); the
statements of 0002 are repeated on purpose: migrations must not change when 0002 is edited.
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


def drop_rules_index(apps, schema_editor):
    statements = {
        "sqlite": ["DROP INDEX IF EXISTS card_search_rules_idx"],
        "postgresql": ["DROP INDEX IF EXISTS card_search_rules_trgm"],
    }
    for statement in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement)
