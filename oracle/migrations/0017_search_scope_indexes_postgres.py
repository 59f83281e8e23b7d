"""On PostgreSQL, narrow indexes that let a search count its cards without reading their rows.

A card row is wide (its search texts, legalities and sort keys: 28 MB for the full catalogue),
and every search tests what it looks at (``searched_kinds``: is_token and layout). Counting
"t:creature" read every row; with the type lines and both columns in one index, PostgreSQL
counts from the index alone (``Index Only Scan``). The same for the
other short search columns, and for the cards by id (``k:flying`` and the other conditions on a
card's rows in other tables). Long columns (the
texts, printings, artists, flavour) keep only their trigram indexes: a B-tree entry has a size
limit that a long text could pass. SQLite has its own covering indexes (``_search_indexes``).
"""

from django.db import migrations

SCOPE = "INCLUDE (is_token, layout)"
INDEXES = {
    "card_scope_pg_idx": f"(id) {SCOPE}",
    **{
        f"card_{column}_scoped_pg_idx": f"({column}) {SCOPE}"
        for column in ("search_name", "search_type", "search_flags", "search_rules")
    },
}


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for name, columns in INDEXES.items():
            schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON oracle_card {columns}")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for name in INDEXES:
            schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("oracle", "0016_card_kind")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
