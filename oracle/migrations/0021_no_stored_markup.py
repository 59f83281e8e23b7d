"""The stores of rendered markup for the card pages (``CardMarkup``, 0015) and the sets' tables
(``PrintingRowMarkup``, 0014) are gone: those pages render on request and the page cache keeps
them. Dropping each table drops its constraint and index with it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("oracle", "0020_search_scope_indexes_with_ids")]

    operations = [
        migrations.DeleteModel(name="CardMarkup"),
        migrations.DeleteModel(name="PrintingRowMarkup"),
    ]
