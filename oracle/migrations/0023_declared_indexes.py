"""The search's indexes, raw SQL from 0002 to 0020, declared in Card's Meta (``EngineIndex``:
each exists on its engine only, common/indexes.py), so that Django keeps them: a migration that
makes SQLite rebuild the card table now recreates them as it does every declared index, and
nothing of oracle/migrations/_search_indexes.py is needed again.

Every migration before this one made them on both engines under these names and with these
columns (fresh databases too), so the database keeps them and only Django's state learns them.
One change on PostgreSQL: the plain indexes of the sort keys, which Django knew as
card_sort_name_idx and card_sort_name_it_idx, take new names (``_pg_idx``), since on SQLite
those names hold the covering indexes.
"""

import common.indexes
from django.db import migrations

RENAMED = {
    "card_sort_name_idx": "card_sort_name_pg_idx",
    "card_sort_name_it_idx": "card_sort_name_it_pg_idx",
}


def rename(names):
    def change(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for old, new in names.items():
                schema_editor.execute(f"ALTER INDEX {old} RENAME TO {new}")

    return change


class Migration(migrations.Migration):

    dependencies = [
        ('oracle', '0022_rulings_columns_moved_out'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunPython(
                    rename(RENAMED), rename({new: old for old, new in RENAMED.items()})
                ),
            ],
            state_operations=[
                migrations.RemoveIndex(
                    model_name='card',
                    name='card_sort_name_idx',
                ),
                migrations.RemoveIndex(
                    model_name='card',
                    name='card_sort_name_it_idx',
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name', 'name', 'slug', 'search_text', 'search_name', 'search_type', 'search_flags', 'search_printings', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='card_sort_name_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name', 'name', 'slug', 'search_name', 'search_type', 'search_flags', 'search_printings', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='card_sort_name_search_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name_it', 'name', 'slug', 'search_text', 'search_name', 'search_type', 'search_flags', 'search_printings', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='card_sort_name_it_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['sort_name_it', 'name', 'slug', 'search_name', 'search_type', 'search_flags', 'search_printings', 'mana_value', 'colors', 'color_identity', 'layout', 'kind', 'first_released', 'last_released', 'rarity_rank'], name='card_sort_name_it_search_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_name', 'kind'], name='card_search_name_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_type', 'kind'], name='card_search_type_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_text', 'kind'], name='card_search_text_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_flags', 'kind'], name='card_search_flags_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_printings', 'kind'], name='card_search_printings_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_artists', 'kind'], name='card_search_artists_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='sqlite', fields=['search_flavor', 'kind'], name='card_search_flavor_scoped_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['sort_name'], name='card_sort_name_pg_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['sort_name_it'], name='card_sort_name_it_pg_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_name'], method='gin', name='card_search_name_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_type'], method='gin', name='card_search_type_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_text'], method='gin', name='card_search_text_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_flags'], method='gin', name='card_search_flags_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_printings'], method='gin', name='card_search_printings_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['id'], include=('is_token', 'layout'), name='card_scope_pg_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_name'], include=('is_token', 'layout', 'id'), name='card_search_name_scoped_pg_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_type'], include=('is_token', 'layout', 'id'), name='card_search_type_scoped_pg_idx'),
                ),
                migrations.AddIndex(
                    model_name='card',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['search_flags'], include=('is_token', 'layout', 'id'), name='card_search_flags_scoped_pg_idx'),
                ),
            ],
        ),
    ]
