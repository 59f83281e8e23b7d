"""What a row of the card table is (a card of the game, a token, an art-series object) as one
small number beside is_token and layout (``Card.kind``), which every search and list tests
instead of both columns; the database checks that it agrees with them. The column and the check
make SQLite rebuild the card table, which drops the raw search indexes: they come back holding
kind (``_search_indexes.KIND_SQLITE_INDEXES``).

(Not a generated column: SQLite reads every column of a row whose query names a generated one,
so no search could scan an index alone.)
"""

from django.db import migrations, models

from oracle.migrations import _search_indexes

GAME_CARD, TOKEN, ART_SERIES = 0, 1, 2


def fill_kind(apps, schema_editor):
    Card = apps.get_model("oracle", "Card")
    Card.objects.filter(layout="art_series").update(kind=ART_SERIES)
    Card.objects.filter(is_token=True).exclude(layout="art_series").update(kind=TOKEN)


class Migration(migrations.Migration):
    dependencies = [
        ("oracle", "0015_card_markup"),
    ]

    operations = [
        # Undone last: the indexes of 0011, once the table is rebuilt without kind.
        migrations.RunPython(
            migrations.RunPython.noop, _search_indexes.recreate_scoped_after_kind
        ),
        migrations.AddField(
            model_name="card",
            name="kind",
            field=models.SmallIntegerField(
                choices=[(0, "Game card"), (1, "Token"), (2, "Art series")],
                default=0,
                editable=False,
                verbose_name="kind",
            ),
        ),
        migrations.RunPython(fill_kind, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "kind",
                        models.Case(
                            models.When(layout="art_series", then=models.Value(ART_SERIES)),
                            models.When(is_token=True, then=models.Value(TOKEN)),
                            default=models.Value(GAME_CARD),
                        ),
                    )
                ),
                name="card_kind_matches",
            ),
        ),
        migrations.RunPython(
            _search_indexes.recreate_kind_after_rebuild, migrations.RunPython.noop
        ),
    ]
