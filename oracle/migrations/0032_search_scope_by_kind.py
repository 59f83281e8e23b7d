"""PostgreSQL's covering indexes of the search row hold kind, the one column every search and list
tests (``searched_kinds``) on both engines, instead of is_token and layout (the scope's index keeps
the layout, which ``is:split`` and the like test)."""

import common.indexes
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('oracle', '0031_card_leadership_and_set_count'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='cardsearch',
            name='cardsearch_scope_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='cardsearch',
            name='cardsearch_search_name_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='cardsearch',
            name='cardsearch_search_type_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='cardsearch',
            name='cardsearch_search_flags_pg_idx',
        ),
        migrations.RemoveIndex(
            model_name='cardsearch',
            name='cardsearch_search_keywords_pg_idx',
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['card'], include=('kind', 'layout'), name='cardsearch_scope_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_name'], include=('kind', 'card'), name='cardsearch_search_name_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_type'], include=('kind', 'card'), name='cardsearch_search_type_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_flags'], include=('kind', 'card'), name='cardsearch_search_flags_pg_idx'),
        ),
        migrations.AddIndex(
            model_name='cardsearch',
            index=common.indexes.EngineIndex(engine='postgresql', fields=['search_keywords'], include=('kind', 'card'), name='cardsearch_search_keywords_pg_idx'),
        ),
    ]
