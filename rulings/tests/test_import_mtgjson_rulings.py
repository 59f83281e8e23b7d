"""The rulings an MTGJSON import brings (``rulings.receivers``): each once, with its date, kept
in step with the file, and an editor's work left alone."""

from datetime import date

from oracle.models import Card
from oracle.tests.helpers import (
    FUT,
    SERRA,
    TAROX_ORACLE_ID,
    TemporaryFilesMixin,
    run_import,
    small_set,
    table_counts,
)
from rulings.models import Language, Ruling
from rulings.receivers import MTGJSON_RULINGS_SLUG
from web.testing import EmptyDatabaseTestCase

TAROX_RULING = (
    "The +X/+X bonus is based on Tarox Bladewing’s power at the time the ability resolves. "
    "It won’t change if Tarox’s power changes later in the turn."
)


class FutureSightRulingsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        run_import(FUT)
        cls.tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)

    def test_english_rulings_once_each_with_date(self):
        rulings = list(self.tarox.rulings.all())
        self.assertEqual(len(rulings), 1)
        ruling = rulings[0]
        self.assertEqual(ruling.date, date(2007, 5, 1))
        self.assertEqual(ruling.text, TAROX_RULING)
        self.assertEqual(ruling.language, Language.ENGLISH)
        self.assertEqual(ruling.origin, Ruling.Origin.IMPORTED)
        self.assertEqual(ruling.source_document.slug, MTGJSON_RULINGS_SLUG)
        # 525 rulings in the file (README of the shared data), none repeated.
        self.assertEqual(Ruling.objects.count(), 525)
        self.assertEqual(
            Ruling.objects.values("card", "date", "text").distinct().count(), Ruling.objects.count()
        )

    def test_second_run_leaves_the_rulings_as_they_were(self):
        rulings = list(Ruling.objects.order_by("pk").values())

        stdout, _ = run_import(FUT)

        self.assertIn("Nothing changed", stdout)
        self.assertEqual(list(Ruling.objects.order_by("pk").values()), rulings)

    def test_editors_rulings_survive_a_reimport(self):
        written = Ruling.objects.create(
            card=self.tarox,
            date=date(2024, 1, 1),
            text="Grandeur is an ability word; it has no rules meaning.",
            origin=Ruling.Origin.EDITOR,
        )
        corrected = self.tarox.rulings.get(origin=Ruling.Origin.IMPORTED)
        # What the admin does when an editor saves an imported ruling.
        corrected.text = "The bonus is locked in when the ability resolves."
        corrected.origin = Ruling.Origin.EDITOR
        corrected.save()
        counts = table_counts()

        stdout, _ = run_import(FUT)

        self.assertIn("Nothing changed", stdout)
        self.assertEqual(table_counts(), counts)
        self.assertEqual(
            list(self.tarox.rulings.order_by("date").values_list("text", "origin")),
            [
                ("The bonus is locked in when the ability resolves.", Ruling.Origin.EDITOR),
                (written.text, Ruling.Origin.EDITOR),
            ],
        )
        self.assertFalse(Ruling.objects.filter(text=TAROX_RULING).exists())

    def test_an_imported_ruling_that_is_gone_from_the_data_is_dropped(self):
        stale = Ruling.objects.create(
            card=self.tarox,
            date=date(2006, 1, 1),
            text="Withdrawn.",
            origin=Ruling.Origin.IMPORTED,
            source_key=Ruling.key_for(date(2006, 1, 1), "Withdrawn."),
        )
        stdout, _ = run_import(FUT)
        self.assertIn("rulings: 0 created, 0 updated, 525 unchanged, 1 deleted", stdout)
        self.assertFalse(Ruling.objects.filter(pk=stale.pk).exists())


class ChangedRulingsTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def test_reordered_rulings_are_renumbered_not_recreated(self):
        first = {"date": "2020-01-24", "text": "First ruling."}
        second = {"date": "2020-01-24", "text": "Second ruling."}
        set_obj = small_set()
        set_obj["cards"][0]["rulings"] = [first, second]
        run_import(self.write_set_file("ABC.json", set_obj))
        pks = set(Ruling.objects.values_list("pk", flat=True))
        set_obj["cards"][0]["rulings"] = [second, first]
        stdout, _ = run_import(self.write_set_file("ABC.json", set_obj))
        self.assertIn("rulings: 0 created, 2 updated, 0 unchanged", stdout)
        self.assertEqual(set(Ruling.objects.values_list("pk", flat=True)), pks)
        self.assertEqual(
            list(self.card(SERRA).rulings.order_by("position").values_list("text", flat=True)),
            ["Second ruling.", "First ruling."],
        )
