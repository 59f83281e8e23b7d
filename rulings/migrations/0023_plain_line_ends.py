"""Editors' text saved before the admin kept plain line ends (common.admin_text): "\r\n" and
"\r" become "\n"."""

from django.db import migrations
from django.db.models import F, Value
from django.db.models.functions import Replace

EDITED_TEXT = {
    "Ruling": ("text", "status_note"),
    "CardRule": ("detail",),
}


def plain_line_ends(apps, schema_editor):
    for model_name, fields in EDITED_TEXT.items():
        model = apps.get_model("rulings", model_name)
        for field in fields:
            model.objects.filter(**{f"{field}__contains": "\r"}).update(
                **{
                    field: Replace(
                        Replace(F(field), Value("\r\n"), Value("\n")), Value("\r"), Value("\n")
                    )
                }
            )


class Migration(migrations.Migration):
    dependencies = [("rulings", "0022_declared_indexes")]

    operations = [migrations.RunPython(plain_line_ends, migrations.RunPython.noop)]
