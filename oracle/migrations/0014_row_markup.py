# The long tables' rows stored rendered (web.pages.lists.stored_rows), and the cards' names by id.

import django.db.models.deletion
from django.db import migrations, models


def markup_fields(owner: str):
    return [
        (
            "id",
            models.BigAutoField(
                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
            ),
        ),
        ("language", models.CharField(max_length=8, verbose_name="language")),
        ("source", models.TextField(verbose_name="made from")),
        ("head", models.TextField(verbose_name="markup before the mana cost")),
        ("tail", models.TextField(verbose_name="markup after the mana cost")),
        (
            owner,
            models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to=f"oracle.{owner}",
            ),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0013_list_row_indexes"),
    ]

    operations = [
        migrations.CreateModel(
            name="PrintingRowMarkup",
            fields=markup_fields("printing"),
            options={
                "verbose_name": "printing row markup",
                "verbose_name_plural": "printing row markup",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("printing", "language"), name="printingrowmarkup_unique_language"
                    )
                ],
            },
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["id", "name", "slug"], name="card_id_name_idx"),
        ),
    ]
