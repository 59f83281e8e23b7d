"""A keyword's sample rows have no rule number (NULL, no longer ""): see SampleCard.rule_number."""

from django.db import migrations, models


def keyword_rows_without_rule_number(apps, schema_editor):
    SampleCard = apps.get_model("rulings", "SampleCard")
    SampleCard.objects.filter(keyword__isnull=False).update(rule_number=None)


def keyword_rows_with_empty_rule_number(apps, schema_editor):
    SampleCard = apps.get_model("rulings", "SampleCard")
    SampleCard.objects.filter(keyword__isnull=False).update(rule_number="")


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0020_search_scope_indexes_with_ids"),
        ("rulings", "0018_rulesection_level_index_postgres"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="samplecard",
            name="samplecard_of_a_rule_or_a_keyword",
        ),
        migrations.AlterField(
            model_name="samplecard",
            name="rule_number",
            field=models.CharField(
                blank=True, max_length=20, null=True, verbose_name="rule number"
            ),
        ),
        migrations.RunPython(keyword_rows_without_rule_number, keyword_rows_with_empty_rule_number),
        migrations.AddConstraint(
            model_name="samplecard",
            constraint=models.CheckConstraint(
                condition=models.Q(keyword__isnull=True, rule_number__gt="")
                | models.Q(keyword__isnull=False, rule_number__isnull=True),
                name="samplecard_of_a_rule_or_a_keyword",
            ),
        ),
    ]
