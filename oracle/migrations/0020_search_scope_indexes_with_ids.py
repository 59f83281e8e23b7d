"""On PostgreSQL, the narrow indexes of the short search columns (0017) hold the card's id too.

A search that joins its cards to other rows ("t:creatura k:volare": the cards of type Creature
that have Flying) needs each card's id beside the column it tests; without it PostgreSQL read
every card row to count them, with it the index alone.
"""

from django.db import migrations

COLUMNS = ("search_name", "search_type", "search_flags", "search_rules")


def index_with(included: str):
    def change(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for column in COLUMNS:
            name = f"card_{column}_scoped_pg_idx"
            schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
            schema_editor.execute(f"CREATE INDEX {name} ON oracle_card ({column}) {included}")

    return change


class Migration(migrations.Migration):
    dependencies = [("oracle", "0019_card_markup_parts_as_text")]

    operations = [
        migrations.RunPython(
            index_with("INCLUDE (is_token, layout, id)"),
            index_with("INCLUDE (is_token, layout)"),
            elidable=False,
        )
    ]
