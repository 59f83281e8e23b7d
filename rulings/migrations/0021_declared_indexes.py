"""rulesection_level_idx, made by 0018 on PostgreSQL, declared in RuleSection's Meta
(``EngineIndex``, common/indexes.py): the database has it already, Django's state learns it."""

import common.indexes
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0020_no_stored_markup'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddIndex(
                    model_name='rulesection',
                    index=common.indexes.EngineIndex(engine='postgresql', fields=['edition', 'level', 'position'], name='rulesection_level_idx'),
                ),
            ],
        ),
    ]
