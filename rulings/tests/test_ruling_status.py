"""Whether the bundled rulings still hold, as the imports work it out: recent Gatherer rulings
current, the 2002 Onslaught FAQ's morph notes outdated with their reasons, a ruling citing a rule
that is gone; the recompute command; a rules import working them out again."""

from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.core.management import call_command
from django.utils import translation

from oracle.models import Card, Keyword
from oracle.tests.factories import make_card
from rulings.models import Ruling
from rulings.status.ruling_status import apply_statuses, outdated_reasons, recompute_statuses
from web.testing import BundledDocumentsTestCase, EmptyDatabaseTestCase

SAMPLE = (Path(__file__).parent / "data" / "cr_en_sample.txt").read_bytes()
OUTDATED = Ruling.Status.OUTDATED
CURRENT = Ruling.Status.CURRENT


def morph_note(words: str) -> Ruling:
    return Ruling.objects.get(
        keyword__slug="morph", source_document__slug="onslaught-morph-faq", text__contains=words
    )


class BundledRulingStatusTests(BundledDocumentsTestCase):
    def test_the_2018_gatherer_rulings_of_zoetic_cavern_are_current(self):
        rulings = Ruling.objects.filter(card__name="Zoetic Cavern", date__year=2018)
        self.assertEqual(rulings.count(), 2)
        for ruling in rulings:
            self.assertEqual(ruling.status, CURRENT)
            self.assertEqual(ruling.outdated_because, [])
            self.assertEqual(outdated_reasons(ruling), [])

    def test_the_onslaught_faq_morph_notes_are_outdated_with_their_reasons(self):
        removed = morph_note("viene rimossa dal gioco")
        self.assertEqual(removed.status, OUTDATED)
        with translation.override("it"):
            self.assertEqual(
                outdated_reasons(removed),
                [
                    "«rimossa dal gioco» è diventato «esiliata» con le regole del 11 luglio 2009.",
                    "«in gioco» è diventato «sul campo di battaglia» con le regole del "
                    "11 luglio 2009.",
                ],
            )
        with translation.override("en"):
            self.assertEqual(
                outdated_reasons(removed)[0],
                "“rimossa dal gioco” became “esiliata” with the rules of July 11, 2009.",
            )
        damage = morph_note("danno da combattimento è nella pila")
        self.assertEqual(damage.status, OUTDATED)
        with translation.override("it"):
            self.assertEqual(
                outdated_reasons(damage),
                [
                    "«danno da combattimento è nella pila» è diventato «il danno da combattimento "
                    "non usa la pila» con le regole del 11 luglio 2009."
                ],
            )

    def test_an_old_gatherer_ruling_in_the_words_of_its_time_is_outdated(self):
        ruling = Ruling.objects.get(
            language="en", text__startswith="The change of control of creatures does not end at"
        )
        self.assertEqual(ruling.date, date(2004, 10, 4))
        self.assertEqual(ruling.status, OUTDATED)
        with translation.override("en"):
            self.assertEqual(
                outdated_reasons(ruling),
                [
                    "“at end of turn” became “at the beginning of the end step” with the rules "
                    "of July 11, 2009."
                ],
            )

    def test_a_morph_note_whose_only_old_words_are_tap_and_untap_stays_current(self):
        # Today's Italian still writes TAPpa and STAPpa (see the retired terms' data).
        self.assertEqual(morph_note("non la TAPpa né la STAPpa").status, CURRENT)

    def test_every_old_morph_note_with_a_retired_term_is_outdated_and_no_recent_ruling_is(self):
        outdated = Ruling.objects.filter(status=OUTDATED)
        self.assertTrue(outdated.filter(source_document__slug="onslaught-morph-faq").exists())
        self.assertFalse(outdated.filter(date__gte=date(2009, 7, 11)).exists())

    def test_recomputing_changes_nothing_after_the_imports(self):
        report = recompute_statuses()
        self.assertEqual(report.changed, 0)
        self.assertEqual(report.outdated, Ruling.objects.filter(status=OUTDATED).count())

    def test_the_command_recomputes_and_reports(self):
        Ruling.objects.filter(pk=morph_note("viene rimossa dal gioco").pk).update(
            status=CURRENT, outdated_because=[]
        )
        out = StringIO()
        call_command("recompute_ruling_statuses", "--dry-run", stdout=out)
        self.assertIn("status changed: 1.", out.getvalue())
        self.assertIn("Dry run: nothing was written.", out.getvalue())
        self.assertEqual(morph_note("viene rimossa dal gioco").status, CURRENT)
        out = StringIO()
        call_command("recompute_ruling_statuses", stdout=out)
        self.assertIn("1 statuses written.", out.getvalue())
        self.assertEqual(morph_note("viene rimossa dal gioco").status, OUTDATED)
        out = StringIO()
        call_command("recompute_ruling_statuses", stdout=out)
        self.assertIn("Nothing changed.", out.getvalue())


class CitedRuleGoneTests(BundledDocumentsTestCase):
    """700.4a of July 2009 ("[This permanent] is indestructible" is an ability) has no rule
    today: a ruling of 2010 that cites it is outdated; one citing a rule still there is not."""

    def ruling(self, text: str, day=date(2010, 3, 1)) -> Ruling:
        return Ruling.objects.create(
            card=Card.objects.get(name="Zoetic Cavern"), date=day, language="en", text=text
        )

    def test_a_ruling_citing_a_rule_gone_today_is_outdated(self):
        gone = self.ruling("See rule 700.4a: indestructible is an ability.")
        kept = self.ruling("See rule 702.37c on turning it face up.")
        recompute_statuses(Ruling.objects.filter(pk__in=[gone.pk, kept.pk]))
        gone.refresh_from_db()
        kept.refresh_from_db()
        self.assertEqual(gone.status, OUTDATED)
        self.assertEqual(
            gone.outdated_because, [{"kind": "rule", "number": "700.4a", "edition": "2009-07-11"}]
        )
        with translation.override("en"):
            self.assertEqual(
                outdated_reasons(gone),
                ["It cites rule 700.4a (rules of July 11, 2009), which no longer exists."],
            )
        with translation.override("it"):
            self.assertEqual(
                outdated_reasons(gone),
                ["Cita la regola 700.4a (regole del 11 luglio 2009), che oggi non esiste più."],
            )
        self.assertEqual(kept.status, CURRENT)

    def test_a_status_set_by_hand_is_never_recomputed(self):
        ruling = self.ruling("See rule 700.4a.")
        ruling.status_set_by_hand = True
        ruling.save()
        self.assertEqual(apply_statuses([ruling]), [])
        recompute_statuses()
        ruling.refresh_from_db()
        self.assertEqual(ruling.status, CURRENT)

    def test_rulings_about_keywords_are_checked_too(self):
        ruling = Ruling.objects.create(
            keyword=Keyword.objects.get(slug="morph"),
            date=date(2008, 1, 1),
            language="en",
            text="If it comes into play face down, it has no name.",
        )
        recompute_statuses(Ruling.objects.filter(pk=ruling.pk))
        ruling.refresh_from_db()
        self.assertEqual(ruling.status, OUTDATED)
        self.assertEqual(ruling.outdated_because[0]["words"], "comes into play")


class RulesImportRecomputesTests(EmptyDatabaseTestCase):
    """Importing a rules edition works the statuses out again: a ruling of 2021 that cites a
    rule of the rules then in force is outdated once a newer edition no longer has it."""

    def test_a_new_edition_without_the_cited_rule_makes_the_ruling_outdated(self):
        folder = TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        older = Path(folder.name) / "older.txt"
        older.write_bytes(SAMPLE.replace(b"April 17, 2026", b"January 1, 2020"))
        newer = Path(folder.name) / "newer.txt"
        newer.write_bytes(
            SAMPLE.replace(
                b"702.9c Multiple instances of flying on the same creature are redundant.",
                b"",
            )
        )
        ruling = Ruling.objects.create(
            card=make_card(),
            date=date(2021, 1, 1),
            language="en",
            text="Two instances do nothing more (see rule 702.9c).",
        )
        call_command("import_rules", str(older), stdout=StringIO(), stderr=StringIO())
        ruling.refresh_from_db()
        self.assertEqual(ruling.status, CURRENT)
        call_command("import_rules", str(newer), stdout=StringIO(), stderr=StringIO())
        ruling.refresh_from_db()
        self.assertEqual(ruling.status, OUTDATED)
        self.assertEqual(
            ruling.outdated_because,
            [{"kind": "rule", "number": "702.9c", "edition": "2020-01-01"}],
        )
