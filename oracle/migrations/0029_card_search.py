"""The search row (``CardSearch``): one per card, with its FTS5 trigram table and triggers on
SQLite; the card table's search columns go. The rows are left to the next import."""

import common.indexes
import django.db.models.deletion
import oracle.models.card_search
import oracle.models.searched_text
from django.db import migrations, models

from oracle.models.searched_text import fts_statements


def fill_search_rows(apps, schema_editor):
    """Nothing: the rows are the importer's to fill, and a migration runs no live app code
    (the importer's search row may hold columns this migration does not know). 0030 adds the
    import records' ``importer_version`` as 0, so the next ``update_data`` or
    ``load_bundled_data`` imports the card files again and fills them (the importer also fills
    the rows of cards that have none)."""


def make_fts_table(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        create, _ = fts_statements(apps.get_model("oracle", "CardSearch"))
        for statement in create:
            schema_editor.execute(statement)


def drop_fts_table(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        _, drop = fts_statements(apps.get_model("oracle", "CardSearch"))
        for statement in drop:
            schema_editor.execute(statement)


class Migration(migrations.Migration):

    dependencies = [
        ('oracle', '0028_printing_lookup_indexes'),
    ]

    operations = [
        migrations.CreateModel(
            name='CardSearch',
            fields=[
                ('card', oracle.models.card_search.RowidKey(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='search_row', serialize=False, to='oracle.card')),
                ('oracle_id', models.UUIDField()),
                ('name', models.CharField(max_length=300)),
                ('slug', models.SlugField(db_index=False, max_length=300)),
                ('layout', models.CharField(max_length=20)),
                ('kind', models.SmallIntegerField()),
                ('is_token', models.BooleanField(default=False)),
                ('mana_value', models.DecimalField(decimal_places=1, default=0, max_digits=9)),
                ('colors', models.CharField(blank=True, max_length=5)),
                ('color_identity', models.CharField(blank=True, max_length=5)),
                ('search_name', oracle.models.searched_text.SearchedText(blank=True)),
                ('search_type', oracle.models.searched_text.SearchedText(blank=True)),
                ('search_text', oracle.models.searched_text.SearchedText(blank=True)),
                ('search_keywords', oracle.models.searched_text.SearchedText(blank=True)),
                ('search_printings', oracle.models.searched_text.SearchedText(blank=True)),
                ('search_flags', models.TextField(blank=True)),
                ('search_artists', models.TextField(blank=True)),
                ('search_flavor', models.TextField(blank=True)),
                ('first_released', models.DateField(blank=True, null=True)),
                ('last_released', models.DateField(blank=True, null=True)),
                ('rarity_rank', models.PositiveSmallIntegerField(default=0)),
                ('sort_name', models.CharField(blank=True, max_length=300)),
                ('sort_name_it', models.CharField(blank=True, max_length=300)),
                ('faces', models.JSONField(default=list)),
                ('sets', models.JSONField(default=list)),
            ],
            options={
                'verbose_name': 'search row',
                'verbose_name_plural': 'search rows',
            },
        ),
        migrations.RunPython(make_fts_table, drop_fts_table, elidable=False),
        migrations.RunPython(fill_search_rows, migrations.RunPython.noop, elidable=False),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_search_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_it_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_it_search_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_name_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_type_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_text_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_flags_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_printings_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_artists_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_flavor_scoped_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_sort_name_it_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_name_trgm',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_type_trgm',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_text_trgm',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_flags_trgm',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_printings_trgm',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_scope_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_name_scoped_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_type_scoped_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='card',
            name='card_search_flags_scoped_pg_idx',
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name', 'name', 'search_name', 'search_type', 'search_flags', 'search_printings', 'search_keywords', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='cardsearch_sort_name_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name_it', 'name', 'search_name', 'search_type', 'search_flags', 'search_printings', 'search_keywords', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='cardsearch_sort_name_it_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['search_type', 'kind'], name='cardsearch_search_type_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['search_flags', 'kind'], name='cardsearch_search_flags_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['search_artists', 'kind'], name='cardsearch_search_artists_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='sqlite', fields=['search_flavor', 'kind'], name='cardsearch_search_flavor_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['sort_name'], name='cardsearch_sort_name_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['sort_name_it'], name='cardsearch_sort_name_it_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_name'], method='gin', name='cardsearch_search_name_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_type'], method='gin', name='cardsearch_search_type_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_text'], method='gin', name='cardsearch_search_text_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_flags'], method='gin', name='cardsearch_search_flags_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_printings'], method='gin', name='cardsearch_search_printings_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_keywords'], method='gin', name='cardsearch_search_keywords_trgm', opclasses=['gin_trgm_ops']),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['card'], include=('is_token', 'layout'), name='cardsearch_scope_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_name'], include=('is_token', 'layout', 'card'), name='cardsearch_search_name_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_type'], include=('is_token', 'layout', 'card'), name='cardsearch_search_type_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_flags'], include=('is_token', 'layout', 'card'), name='cardsearch_search_flags_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_keywords'], include=('is_token', 'layout', 'card'), name='cardsearch_search_keywords_pg_idx'),
        ),
        migrations.RemoveField(
            model_name='card',
            name='first_released',
        ),
        migrations.RemoveField(
            model_name='card',
            name='last_released',
        ),
        migrations.RemoveField(
            model_name='card',
            name='rarity_rank',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_artists',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_flags',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_flavor',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_name',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_printings',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_text',
        ),
        migrations.RemoveField(
            model_name='card',
            name='search_type',
        ),
        migrations.RemoveField(
            model_name='card',
            name='sort_name',
        ),
        migrations.RemoveField(
            model_name='card',
            name='sort_name_it',
        ),
    ]
