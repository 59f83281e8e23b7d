"""rulesection_level_idx (made by 0018 on PostgreSQL) and rulesearch_numbers_trgm (made by 0021
on PostgreSQL), declared in their models' Meta (``EngineIndex``, common/indexes.py): the
database has them already, Django's state learns them."""

import common.indexes
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0021_document_only_and_rule_search'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddIndex(
                    model_name='cardrulesearch',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['numbers'], method='gin', name='rulesearch_numbers_trgm', opclasses=['gin_trgm_ops']),
                ),
                migrations.AddIndex(
                    model_name='rulesection',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['edition', 'level', 'position'], name='rulesection_level_idx'),
                ),
            ],
        ),
    ]
