"""On PostgreSQL, an index of each edition's rules by level, then position: a rule page finds
the previous and next rule at its level (web.pages.rules.tree) in one step instead of walking the
rules after it (760 for section 702). SQLite is left
without it: its planner then chose worse plans for the same page."""

from django.db import migrations

CREATE = (
    "CREATE INDEX IF NOT EXISTS rulesection_level_idx "
    "ON rulings_rulesection (edition_id, level, position)"
)
DROP = "DROP INDEX IF EXISTS rulesection_level_idx"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0017_document_sections_rendered")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
