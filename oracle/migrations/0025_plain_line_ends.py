"""Editors' text saved before the admin kept plain line ends (common.admin_text): "\r\n" and
"\r" become "\n"."""

from django.db import migrations
from django.db.models import F, Value
from django.db.models.functions import Replace

EDITED_TEXT = {
    "Erratum": ("old_text", "new_text", "reason", "reason_it"),
    "Keyword": ("name_it", "reminder_text", "reminder_text_it"),
    "CardSet": ("name_it", "block_it"),
    "CardType": ("name_it",),
}


def plain_line_ends(apps, schema_editor):
    for model_name, fields in EDITED_TEXT.items():
        model = apps.get_model("oracle", model_name)
        for field in fields:
            model.objects.filter(**{f"{field}__contains": "\r"}).update(
                **{
                    field: Replace(
                        Replace(F(field), Value("\r\n"), Value("\n")), Value("\r"), Value("\n")
                    )
                }
            )


class Migration(migrations.Migration):
    dependencies = [("oracle", "0024_edhrec_rank")]

    operations = [migrations.RunPython(plain_line_ends, migrations.RunPython.noop)]
