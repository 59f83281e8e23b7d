"""Renamed-keyword errata from the seed documents and fixtures/documents/renamed_keywords.json, on
the bundled cards and rules: the old wordings printed before the rules update of May 2007
become errata, each as of its date, and editors' errata are never touched."""

import datetime

from django.contrib.auth.models import User

from oracle.models import Card, Erratum
from rulings.importers.release_notes.errata import IMPORT_CHANGE, record_renamed_keyword_errata
from rulings.importers.release_notes.report import ImportReport
from rulings.models import Ruling
from rulings.tests.helpers import FUT, ONS, DocumentKeywordsTestCase

RULES_UPDATE = datetime.date(2007, 5, 1)

# Each card printed before 1 May 2007 with an old wording: the line of its latest such printing,
# and that line as the rules update of that day wrote it (never today's Oracle wording).
ERRATA = {
    "Exalted Angel": ("Whenever Exalted Angel deals damage, you gain that much life.", "Lifelink"),
    "Doubtless One": ("Whenever Doubtless One deals damage, you gain that much life.", "Lifelink"),
    "True Believer": ("You can't be the target of spells or abilities.", "You have shroud."),
    "Silklash Spider": ("Silklash Spider may block as though it had flying.", "Reach"),
    "Spitting Gourna": ("Spitting Gourna may block as though it had flying.", "Reach"),
    "Giant Spider": ("Giant Spider can block as though it had flying.", "Reach"),
    "Penumbra Spider": ("Penumbra Spider can block as though it had flying.", "Reach"),
    "Needlepeak Spider": ("Needlepeak Spider can block as though it had flying.", "Reach"),
    "Aether Membrane": ("Æther Membrane can block as though it had flying.", "Reach"),
    "Spinneret Sliver": (
        'All Slivers have "This creature can block as though it had flying."',
        "All Slivers have reach.",
    ),
    "Aether Web": (
        "Enchanted creature gets +1/+1, can block as though it had flying, and can block "
        "creatures with shadow as though they didn't have shadow.",
        "Enchanted creature gets +1/+1, has reach, and can block creatures with shadow as "
        "though they didn't have shadow.",
    ),
    "Ghosthelm Courier": (  # printed "o2o\nU, oc\nT: As long as ...": the symbols mended
        "{2}{U}, {T}: As long as Ghosthelm Courier remains tapped, target Wizard gets +2/+2 "
        "and can't be the target of spells or abilities.",
        "{2}{U}, {T}: As long as Ghosthelm Courier remains tapped, target Wizard gets +2/+2 "
        "and has shroud.",
    ),
    "Gigapede": ("Gigapede can't be the target of spells or abilities.", "Shroud"),
    "Calciderm": ("Calciderm can't be the target of spells or abilities.", "Shroud"),
    "Aspect of Mongoose": (
        "Enchanted creature can't be the target of spells or abilities.",
        "Enchanted creature has shroud.",
    ),
    "Mage's Guile": (
        "Target creature can't be the target of spells or abilities this turn.",
        "Target creature gains shroud until end of turn.",
    ),
    "Stonewood Invocation": (
        "Target creature gets +5/+5 until end of turn and can't be the target of spells or "
        "abilities this turn.",
        "Target creature gets +5/+5 and gains shroud until end of turn.",
    ),
    "Deadly Grub": (
        "When Deadly Grub is put into a graveyard from play, if it had no time counters on it, "
        "put a 6/1 green Insect creature token into play with \"This creature can't be the "
        'target of spells or abilities."',
        "When Deadly Grub is put into a graveyard from play, if it had no time counters on it, "
        "put a 6/1 green Insect creature token into play with shroud.",
    ),
}

ALL_ERRATA = set(ERRATA)


class RenamedKeywordErrataTests(DocumentKeywordsTestCase):
    """Renamed keywords: the old wordings printed before the rules update become errata, each as of
    its date."""

    def test_renamed_wordings_become_errata_once_after_two_imports(self):
        self.assertEqual(self.second[FUT].errata_created, [])
        for card_name, (old_text, new_text) in ERRATA.items():
            with self.subTest(card_name):
                erratum = Erratum.objects.get(card__name=card_name)
                self.assertEqual((erratum.old_text, erratum.new_text), (old_text, new_text))
                self.assertEqual(erratum.date, RULES_UPDATE)
                self.assertEqual(erratum.source, "Compendio di Regole di Visione Futura")
                self.assertIsNone(erratum.face)

    def test_the_reasons_quote_the_document(self):
        angel = Erratum.objects.get(card__name="Exalted Angel")
        self.assertEqual(
            angel.reason,
            'Lifelink replaced "whenever this deals damage, you gain that much life" in the '
            "rules update of 2007-05-01. Today's Oracle text has the printed wording again.",
        )
        self.assertEqual(
            angel.reason_it,
            "«Legame vitale è un nuovo nome per un'abilità già esistente (come già vista in carte "
            "quali l'Angelo Eminente).» «Tutte le vecchie carte con questa abilità riceveranno "
            "un errata corrige per cambiare quell'abilità in legame vitale.» Il testo Oracle "
            "attuale ha di nuovo la formulazione stampata.",
        )
        believer = Erratum.objects.get(card__name="True Believer")
        self.assertTrue(believer.reason_it.startswith("«Velo è un nuovo nome per un'abilità già"))

    def test_only_the_old_wordings_printed_before_the_update_get_errata(self):
        cards = set(Erratum.objects.values_list("card__name", flat=True))
        self.assertEqual(len(cards), Erratum.objects.count())
        self.assertEqual(cards, ALL_ERRATA)
        # Imperial Mask: printed after the update, hexproof today. Spirit Loop and Vampiric
        # Link: the enchanted creature's damage, not lifelink. Quagnoth, Mistmeadow Skulk:
        # the wording only in reminder text.
        for name in [
            "Imperial Mask",
            "Spirit Loop",
            "Vampiric Link",
            "Quagnoth",
            "Mistmeadow Skulk",
        ]:
            self.assertTrue(Card.objects.filter(name=name).exists(), name)
            self.assertNotIn(name, cards)
        self.assertEqual(self.first[ONS].errata_created, [])

    def test_an_editors_erratum_is_never_touched(self):
        Erratum.objects.filter(card__name="Gigapede").delete()
        gigapede = Card.objects.get(name="Gigapede")
        mine = Erratum.objects.create(
            card=gigapede, date=RULES_UPDATE, old_text="a", new_text="b", reason="By hand."
        )
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_created, [])
        self.assertEqual(list(gigapede.errata.all()), [mine])
        mine.refresh_from_db()
        self.assertEqual((mine.old_text, mine.new_text, mine.reason), ("a", "b", "By hand."))

    def test_each_erratum_goes_to_the_wording_of_its_date_not_todays(self):
        grub = Erratum.objects.get(card__name="Deadly Grub")
        self.assertIn("dies", grub.card.faces.get().oracle_text)  # today's, since 2009
        self.assertNotIn("dies", grub.new_text)
        self.assertNotIn("create", grub.new_text)
        self.assertTrue(grub.new_text.endswith("creature token into play with shroud."))
        # Lifelink is static since 2009 and the angel's Oracle text has its trigger back; in
        # May 2007 the trigger became the keyword.
        angel = Erratum.objects.get(card__name="Exalted Angel")
        self.assertIn("you gain that much life", angel.card.faces.get().oracle_text)
        self.assertEqual(angel.new_text, "Lifelink")
        spider = Erratum.objects.get(card__name="Giant Spider")
        self.assertEqual(spider.new_text, "Reach")
        self.assertEqual(
            spider.card.faces.get().oracle_text,
            "Reach (This creature can block creatures with flying.)",
        )

    def test_errata_imported_with_todays_wording_are_written_anew_once(self):
        # As an earlier import wrote them: the "after" from today's Oracle text.
        for name in ["Deadly Grub", "Giant Spider"]:
            erratum = Erratum.objects.get(card__name=name)
            oracle_text = erratum.card.faces.get().oracle_text
            Erratum.objects.filter(pk=erratum.pk).update(new_text=oracle_text)
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(
            sorted(report.errata_corrected),
            ["Deadly Grub: shroud (2007-05-01)", "Giant Spider: reach (2007-05-01)"],
        )
        self.assertEqual(report.errata_created, [])
        grub = Erratum.objects.get(card__name="Deadly Grub")
        self.assertEqual(grub.new_text, ERRATA["Deadly Grub"][1])
        self.assertEqual(grub.history.first().history_change_reason, IMPORT_CHANGE)
        again = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], again)
        self.assertEqual((again.errata_corrected, again.errata_removed), ([], []))

    def test_an_erratum_an_editor_changed_is_never_written_anew(self):
        editor = User.objects.create(username="editor")
        erratum = Erratum.objects.get(card__name="Deadly Grub")
        erratum.new_text = "My own wording."
        erratum._history_user = editor
        erratum.save()
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_corrected, [])
        self.assertEqual(Erratum.objects.get(pk=erratum.pk).new_text, "My own wording.")

    def test_an_imported_erratum_the_import_no_longer_finds_is_removed(self):
        mask = Card.objects.get(name="Imperial Mask")  # printed after the update
        Erratum.objects.create(
            card=mask,
            date=RULES_UPDATE,
            old_text="You can't be the target of spells or abilities.",
            new_text="You have hexproof.",
            source=self.documents[FUT].title,
        )
        report = ImportReport()
        record_renamed_keyword_errata(self.documents[FUT], self.parsed[FUT], report)
        self.assertEqual(report.errata_removed, ["Imperial Mask (2007-05-01)"])
        self.assertFalse(mask.errata.exists())
        self.assertEqual(Erratum.objects.count(), len(ERRATA))

    def test_the_report_of_an_unchanged_file_lists_the_errata_written_anew(self):
        report = ImportReport(document="Notes", unchanged=True)
        self.assertEqual(report.lines(), ["Notes: nothing changed."])
        report.errata_corrected.append("Deadly Grub: shroud (2007-05-01)")
        self.assertEqual(
            report.lines(),
            [
                "Notes: the same file; its errata brought up to date.",
                "Errata written anew (as of their date) (1):",
                "  - Deadly Grub: shroud (2007-05-01)",
            ],
        )

    def test_landcycling_renamed_typecycling_is_a_ruling_on_the_keyword(self):
        ruling = Ruling.objects.get(keyword__slug="typecycling")
        self.assertEqual(Ruling.objects.filter(source_document=self.documents[FUT]).count(), 1)
        self.assertTrue(ruling.text.startswith("L'abilità ciclotipo è stata presentata in "))
        self.assertIn('era chiamata "cicloterra"', ruling.text)
        self.assertEqual(
            (ruling.language, ruling.date, ruling.origin),
            ("it", datetime.date(2007, 5, 4), Ruling.Origin.IMPORTED),
        )

    def test_the_card_page_shows_the_erratum_in_italian(self):
        angel = Card.objects.get(name="Exalted Angel")
        response = self.client.get(f"/it/cards/{angel.slug}/")
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        self.assertEqual(page.count('class="erratum"'), 1)
        self.assertIn("«Legame vitale è un nuovo nome per un&#x27;abilità già esistente", page)
        self.assertIn("Lifelink", page)
        self.assertIn("Compendio di Regole di Visione Futura", page)

    def test_the_card_pages_show_each_erratum_as_of_its_date(self):
        grub = self.errata_section("Deadly Grub")
        self.assertIn("token into play with <del>", grub)
        self.assertIn("<ins>shroud</ins>.", grub)
        self.assertNotIn("dies", grub)
        self.assertNotIn("create", grub)
        courier = self.errata_section("Ghosthelm Courier")
        # The symbols written as symbols, on both sides of the diff.
        self.assertIn("</abbr></span>, <abbr", courier)
        self.assertIn(": As long as Ghosthelm Courier", courier)
        self.assertNotIn("o2o", courier)  # the printed symbols mended: the same on both sides
        self.assertIn("<ins>shroud</ins>", courier)
