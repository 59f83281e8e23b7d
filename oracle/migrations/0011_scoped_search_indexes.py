"""Each search column's narrow SQLite index holds the columns every search tests beside it (a
card is a token, an art-series object), so that counting the cards a search finds scans that
column's index alone (``_search_indexes.SCOPED_SQLITE_INDEXES``). Nothing changes on
PostgreSQL, whose trigram indexes find the rows.
"""

from django.db import migrations

from oracle.migrations import _search_indexes


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0010_printing_set_layout_index"),
    ]

    operations = [
        migrations.RunPython(
            _search_indexes.create_scoped_indexes, _search_indexes.drop_scoped_indexes
        ),
    ]
