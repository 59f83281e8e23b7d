"""oracle holds no rulings concept: the flags of what is known from a document only
(``document_only`` on cards, keywords and card types) and the rule numbers of the ``rule:``
search (``Card.search_rules``) now live in rulings' tables, which rulings'
``0021_document_only_and_rule_search`` created and filled from these columns. The columns go.

The raw indexes of ``search_rules`` go first: SQLite drops a column with ALTER TABLE (no
rebuild of the card table, so the other search indexes stay) only when no index names it.
Going back puts the columns back empty (rulings' migration, undone next, fills them) and their
indexes with them.
"""

from django.db import migrations, models

from oracle.migrations._search_indexes import recreate_kind_after_rebuild

RULE_INDEXES = {
    "sqlite": ["card_search_rules_idx", "card_search_rules_scoped_idx"],
    "postgresql": ["card_search_rules_trgm", "card_search_rules_scoped_pg_idx"],
}


def drop_rule_indexes(apps, schema_editor):
    for name in RULE_INDEXES.get(schema_editor.connection.vendor, []):
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


def recreate_rule_indexes(apps, schema_editor):
    recreate_kind_after_rebuild(apps, schema_editor)  # also card_search_rules_trgm on PostgreSQL
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            "CREATE INDEX IF NOT EXISTS card_search_rules_scoped_pg_idx ON oracle_card "
            "(search_rules) INCLUDE (is_token, layout, id)"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0021_no_stored_markup"),
        ("rulings", "0021_document_only_and_rule_search"),
    ]

    operations = [
        migrations.RunPython(drop_rule_indexes, recreate_rule_indexes, elidable=False),
        migrations.RemoveField(model_name="card", name="document_only"),
        migrations.RemoveField(model_name="card", name="search_rules"),
        migrations.RemoveField(model_name="cardtype", name="document_only"),
        migrations.RemoveField(model_name="keyword", name="document_only"),
    ]
