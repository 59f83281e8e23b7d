"""What the last import wrote to a document's editable fields, so that the next import keeps a
field someone edited since (rulings.importers.release_notes.sync). Empty for documents imported
before: their next import takes a field that differs from what it would write for an edit."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0023_plain_line_ends"),
    ]

    operations = [
        migrations.AddField(
            model_name="sourcedocument",
            name="imported_values",
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
    ]
