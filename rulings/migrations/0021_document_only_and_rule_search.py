"""What oracle's tables said about rulings moves into rulings' own: the marks of the cards,
keywords and card types known from a document only (``Card.document_only`` and the same flag of
``Keyword`` and ``CardType``), and the rule numbers the ``rule:`` search reads
(``Card.search_rules``). This migration creates the tables and copies the values; oracle's
``0022_rulings_columns_moved_out`` then drops the columns.

On PostgreSQL the numbers get the trigram index oracle's column had (``rule:702.37`` is a
substring search)."""

import django.db.models.deletion
from django.db import migrations, models

COPIES = [
    # (table, its columns, what to copy from oracle's table)
    ("rulings_documentonlycard", "card_id", "SELECT id FROM oracle_card WHERE document_only"),
    (
        "rulings_documentonlykeyword",
        "keyword_id",
        "SELECT id FROM oracle_keyword WHERE document_only",
    ),
    (
        "rulings_documentonlycardtype",
        "card_type_id",
        "SELECT id FROM oracle_cardtype WHERE document_only",
    ),
    (
        "rulings_cardrulesearch",
        "card_id, numbers",
        "SELECT id, search_rules FROM oracle_card WHERE search_rules <> ''",
    ),
]
BACK = [
    "UPDATE oracle_card SET document_only = TRUE "
    "WHERE id IN (SELECT card_id FROM rulings_documentonlycard)",
    "UPDATE oracle_keyword SET document_only = TRUE "
    "WHERE id IN (SELECT keyword_id FROM rulings_documentonlykeyword)",
    "UPDATE oracle_cardtype SET document_only = TRUE "
    "WHERE id IN (SELECT card_type_id FROM rulings_documentonlycardtype)",
    "UPDATE oracle_card SET search_rules = (SELECT numbers FROM rulings_cardrulesearch "
    "WHERE card_id = oracle_card.id) WHERE id IN (SELECT card_id FROM rulings_cardrulesearch)",
]
TRIGRAM_INDEX = "rulesearch_numbers_trgm"


def copy_in(apps, schema_editor):
    for table, columns, select in COPIES:
        schema_editor.execute(f"INSERT INTO {table} ({columns}) {select}")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {TRIGRAM_INDEX} ON rulings_cardrulesearch "
            "USING gin (numbers gin_trgm_ops)"
        )


def copy_back(apps, schema_editor):
    """Back into oracle's columns, which oracle's migration put back (empty) before this."""
    for statement in BACK:
        schema_editor.execute(statement)
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {TRIGRAM_INDEX}")

class Migration(migrations.Migration):

    dependencies = [
        ('oracle', '0021_no_stored_markup'),
        ('rulings', '0020_no_stored_markup'),
    ]

    operations = [
        migrations.CreateModel(
            name='CardRuleSearch',
            fields=[
                ('card', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='rule_search', serialize=False, to='oracle.card', verbose_name='card')),
                ('numbers', models.TextField(editable=False, verbose_name='rule numbers')),
            ],
            options={
                'verbose_name': 'rule numbers of a card',
                'verbose_name_plural': 'rule numbers of cards',
            },
        ),
        migrations.CreateModel(
            name='DocumentOnlyCard',
            fields=[
                ('card', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='known_from_document', serialize=False, to='oracle.card', verbose_name='card')),
            ],
            options={
                'verbose_name': 'card known from a document only',
                'verbose_name_plural': 'cards known from a document only',
            },
        ),
        migrations.CreateModel(
            name='DocumentOnlyCardType',
            fields=[
                ('card_type', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='known_from_document', serialize=False, to='oracle.cardtype', verbose_name='card type')),
            ],
            options={
                'verbose_name': 'card type known from a document only',
                'verbose_name_plural': 'card types known from a document only',
            },
        ),
        migrations.CreateModel(
            name='DocumentOnlyKeyword',
            fields=[
                ('keyword', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='known_from_document', serialize=False, to='oracle.keyword', verbose_name='keyword')),
            ],
            options={
                'verbose_name': 'keyword known from a document only',
                'verbose_name_plural': 'keywords known from a document only',
            },
        ),
        migrations.RunPython(copy_in, copy_back, elidable=False),
    ]
