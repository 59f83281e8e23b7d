"""Rule text the seed documents quote, stored as Italian rules of the documents' time.

The tests start from the bundled cards and the three real English editions (the keywords'
Italian names, "Profetizzare" for Scry among them, come from the card data), read the seeds
with the real reader and store what they quote.
"""

from datetime import date
from pathlib import Path

from rulings.importers.comprehensive_rules import RULE, SUBRULE
from rulings.importers.release_notes.document import ReadError
from rulings.importers.release_notes.quoted_rules import (
    read_quoted_rules,
    store_quoted_rules,
)
from rulings.importers.release_notes.reader import parse_document, read_document
from rulings.importers.release_notes.report import ImportReport
from rulings.models import Language, RuleSection, RulesEdition, SourceDocument
from rulings.rules.numbers import resolve
from rulings.tests.factories import make_edition, make_section
from rulings.tests.helpers import FUTURE_SIGHT, ONSLAUGHT, WIKI
from web.testing import BundledDataTestCase

MAY_2007 = date(2007, 5, 1)
FUT_RELEASE = date(2007, 5, 4)
ONS_RELEASE = date(2002, 10, 7)
JUNE_2023 = date(2023, 6, 16)

MORPH_502_26B_FUT = (
    "Per giocare una carta usando la sua abilità metamorfosi, girala a faccia in giù. Diventa "
    "una carta creatura 2/2 a faccia in giù, senza testo, nome, sottotipi, simbolo "
    "dell'espansione, né costo di mana."
)

SCRY_501_9A = (
    '"Profetizzare N" significa guardare le prime N carte del tuo grimorio, metterne un '
    "qualsiasi numero in fondo al tuo grimorio in qualsiasi ordine e mettere le altre in cima "
    "al tuo grimorio in qualsiasi ordine."
)


def make_document(path: Path, published_on: date | None) -> SourceDocument:
    """The SourceDocument the importer writes for a seed file (slug and source from its name)."""
    return SourceDocument.objects.create(
        slug=path.stem,
        title=path.stem,
        kind=SourceDocument.Kind.RELEASE_NOTES,
        language=Language.ITALIAN,
        published_on=published_on,
        source=path.name,
        original_text=path.read_text(encoding="utf-8"),
    )


def italian_rows(effective_date: date) -> dict[str, RuleSection]:
    return {
        section.number: section
        for section in RuleSection.objects.filter(
            edition__language=Language.ITALIAN, edition__effective_date=effective_date
        )
    }


def snapshot() -> list[tuple]:
    return list(
        RuleSection.objects.filter(edition__language=Language.ITALIAN)
        .order_by("edition__effective_date", "number")
        .values_list(
            "pk",
            "edition__effective_date",
            "number",
            "level",
            "title",
            "text",
            "note",
            "position",
            "parent__number",
            "source_document__slug",
        )
    )


class SeedQuotedRulesTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.parsed = {path: read_document(path) for path in (FUTURE_SIGHT, ONSLAUGHT, WIKI)}
        cls.documents = {
            FUTURE_SIGHT: make_document(FUTURE_SIGHT, FUT_RELEASE),
            ONSLAUGHT: make_document(ONSLAUGHT, ONS_RELEASE),
            WIKI: make_document(WIKI, None),  # the page states the date of the rules it quotes
        }
        cls.reports, cls.stored_as = {}, {}
        for path, document in cls.documents.items():
            cls.reports[path] = ImportReport(document=path.name)
            cls.stored_as[path] = store_quoted_rules(document, cls.parsed[path], cls.reports[path])

    def store_again(self, path, parsed=None):
        report = ImportReport(document=path.name)
        stored_as = store_quoted_rules(self.documents[path], parsed or self.parsed[path], report)
        return report, stored_as

    # --- Where the quoted rules go

    def test_future_sight_quotes_the_italian_twin_of_the_english_rules_of_may_2007(self):
        edition = RulesEdition.objects.get(language=Language.ITALIAN, effective_date=MAY_2007)
        self.assertFalse(edition.is_complete)
        self.assertEqual(edition.source_document, self.documents[FUTURE_SIGHT])
        rows = italian_rows(MAY_2007)
        self.assertEqual(len(rows), 28)
        self.assertEqual(self.reports[FUTURE_SIGHT].rules_stored, 28)
        morph = rows["502.26b"]
        self.assertTrue(morph.text.startswith(MORPH_502_26B_FUT), morph.text)
        self.assertEqual(morph.level, SUBRULE)
        self.assertEqual(morph.source_document, self.documents[FUTURE_SIGHT])
        self.assertEqual(rows["502.68"].title, "Legame vitale")
        self.assertEqual(rows["502.68"].text, "")
        self.assertEqual(rows["502.68a"].parent, rows["502.68"])
        self.assertIsNone(morph.parent)  # 502.26 and 502 are not quoted
        numbers = [row.number for row in sorted(rows.values(), key=lambda row: row.position)]
        self.assertEqual(numbers[:4], ["205.3d", "205.3e", "212.8", "212.8a"])
        self.assertEqual(numbers[-3:], ["502.70a", "502.70b", "502.70c"])

    def test_the_note_on_what_changed_is_kept(self):
        rows = italian_rows(MAY_2007)
        self.assertEqual(rows["502.26b"].note, "La terza frase è nuova.")
        self.assertEqual(rows["502.18a"].note, "")

    def test_scry_numbered_501_9_by_the_document_is_stored_as_the_english_501_8(self):
        self.assertEqual(self.stored_as[FUTURE_SIGHT], {"501.9": "501.8", "501.9a": "501.8a"})
        rows = italian_rows(MAY_2007)
        self.assertNotIn("501.9", rows)
        self.assertNotIn("501.9a", rows)
        self.assertEqual(rows["501.8"].title, "Profetizzare")
        self.assertEqual(rows["501.8"].note, "Il documento la numera 501.9.")
        self.assertEqual(rows["501.8a"].text, SCRY_501_9A)
        self.assertEqual(rows["501.8a"].note, "Il documento la numera 501.9a.")
        self.assertEqual(rows["501.8a"].parent, rows["501.8"])
        self.assertEqual(
            self.reports[FUTURE_SIGHT].rules_renumbered,
            ["501.9 -> 501.8 (Scry)", "501.9a -> 501.8a (Scry)"],
        )
        english = RuleSection.objects.get(
            edition__language=Language.ENGLISH, edition__effective_date=MAY_2007, number="501.8"
        )
        self.assertEqual(english.title, "Scry")

    def test_the_onslaught_faq_of_2002_has_an_italian_edition_of_its_own_date(self):
        # No English edition here was in force in 2002: nothing to compare, stored as quoted.
        edition = RulesEdition.objects.get(language=Language.ITALIAN, effective_date=ONS_RELEASE)
        self.assertFalse(edition.is_complete)
        self.assertEqual(self.stored_as[ONSLAUGHT], {})
        rows = italian_rows(ONS_RELEASE)
        self.assertEqual(len(rows), 21)
        self.assertEqual(rows["504"].title, "Magie e Permanenti a Faccia in Giù")
        self.assertEqual(rows["504.1"].parent, rows["504"])
        self.assertEqual(rows["504.1"].level, RULE)
        self.assertTrue(rows["214.7a"].text.startswith("Se le istruzioni di una carta"))
        # Its 502.26b is its own, not the Future Sight one.
        self.assertTrue(rows["502.26b"].text.startswith("Per giocare una magia usando"))

    def test_the_wiki_page_quotes_the_rules_of_the_date_it_states(self):
        edition = RulesEdition.objects.get(language=Language.ITALIAN, effective_date=JUNE_2023)
        self.assertEqual(edition.source_document, self.documents[WIKI])
        rows = italian_rows(JUNE_2023)
        self.assertEqual(sorted(rows), ["307.1", "307.2", "307.3", "307.4", "307.5", "307.5a"])
        self.assertTrue(rows["307.1"].text.startswith("Un giocatore che ha priorità"))
        self.assertEqual(rows["307.5a"].parent, rows["307.5"])

    def test_english_editions_are_never_written(self):
        for number, start in (("502.26b", "To play a card using"), ("501.9a", 'To "fateseal N"')):
            english = RuleSection.objects.get(
                edition__language=Language.ENGLISH, edition__effective_date=MAY_2007, number=number
            )
            self.assertTrue(english.text.startswith(start), english.text)
            self.assertIsNone(english.source_document)
        self.assertFalse(
            RulesEdition.objects.filter(language=Language.ENGLISH, is_complete=False).exists()
        )

    # --- Every quoted number resolves

    def test_every_rule_number_the_seeds_quote_resolves_to_todays_rule(self):
        expected = {
            ("502.26b", FUT_RELEASE): "702.37c",
            ("502.18", FUT_RELEASE): "702.29",
            ("502.68", FUT_RELEASE): "702.15",
            ("502.70", FUT_RELEASE): "702.17",
            ("502.36", FUT_RELEASE): "702.18",
            ("212.8", FUT_RELEASE): "308",
            ("501.8a", FUT_RELEASE): "701.22a",  # quoted as 501.9a, stored as 501.8a
            ("502.26b", ONS_RELEASE): "702.37c",
            ("504", ONS_RELEASE): "708",
            ("307.1", JUNE_2023): "307.1",
        }
        unresolved = []
        for path, stored_as in self.stored_as.items():
            day = self.documents[path].published_on or JUNE_2023
            for rule in read_quoted_rules(self.parsed[path]):
                number = stored_as.get(rule.number, rule.number)
                resolution = resolve(number, on=day)
                if resolution.current is None:
                    unresolved.append(number)
                    continue
                wanted = expected.get((number, day))
                if wanted:
                    self.assertEqual(resolution.current.number, wanted, (number, day))
        # 214.7a (Onslaught FAQ, 2002): no rule of any English edition here matches it.
        self.assertEqual(unresolved, ["214.7a"])
        scry = resolve("501.8a", on=FUT_RELEASE)
        self.assertEqual(scry.current.parent.title, "Scry")
        self.assertIsNone(resolve("214.7a", on=ONS_RELEASE).section)

    def test_the_italian_text_resolves_with_the_english_rule_it_translates(self):
        resolution = resolve("502.26b", on=FUT_RELEASE, language=Language.ITALIAN)
        self.assertTrue(resolution.original_translation.text.startswith(MORPH_502_26B_FUT))
        self.assertEqual(resolution.section.edition.effective_date, MAY_2007)

    # --- The rule page

    def test_the_rule_page_of_may_2007_shows_the_future_sight_italian_beside_the_english(self):
        response = self.client.get("/it/rules/502.26b/?edition=2007-05-01")
        self.assertEqual(response.status_code, 200)
        page = " ".join(response.content.decode().split())
        self.assertIn('<div class="lang-it" lang="it">', page)
        self.assertIn(MORPH_502_26B_FUT[:60], page)
        self.assertIn("To play a card using its morph ability, turn it face down.", page)
        self.assertLess(page.index(MORPH_502_26B_FUT[:60]), page.index("To play a card using"))
        english = self.client.get("/en/rules/502.26b/?edition=2007-05-01").content.decode()
        self.assertNotIn(MORPH_502_26B_FUT[:60], " ".join(english.split()))

    def test_the_scry_rule_page_shows_the_italian_under_the_english_number(self):
        page = " ".join(
            self.client.get("/it/rules/501.8/?edition=2007-05-01").content.decode().split()
        )
        self.assertIn("Profetizzare", page)
        self.assertIn("guardare le prime N carte del tuo grimorio", page)
        fateseal = self.client.get("/it/rules/501.9a/?edition=2007-05-01").content.decode()
        self.assertNotIn("Profetizzare N", fateseal)

    # --- Importing again

    def test_importing_again_changes_nothing(self):
        before = snapshot()
        for path in self.documents:
            report, stored_as = self.store_again(path)
            self.assertEqual(stored_as, self.stored_as[path])
            self.assertEqual(report.rules_stored, self.reports[path].rules_stored)
            self.assertEqual(report.rules_conflicts, [])
        self.assertEqual(snapshot(), before)

    def test_a_rule_no_longer_quoted_is_removed_and_a_changed_one_updated(self):
        text = FUTURE_SIGHT.read_text(encoding="utf-8")
        text = text.replace("502.36b Più istanze di velo", "Più istanze di velo")
        text = text.replace("502.70a Raggiungere è un'abilità statica.", "502.70a Raggiungere.")
        parsed = parse_document(text, str(FUTURE_SIGHT))
        report, _ = self.store_again(FUTURE_SIGHT, parsed)
        rows = italian_rows(MAY_2007)
        self.assertNotIn("502.36b", rows)
        self.assertEqual(rows["502.70a"].text, "Raggiungere.")
        self.assertEqual(report.rules_stored, 27)
        self.assertEqual(
            [row.number for row in sorted(rows.values(), key=lambda row: row.position)][-5:],
            ["502.68b", "502.70", "502.70a", "502.70b", "502.70c"],
        )

    def test_another_document_quoting_a_stored_rule_keeps_the_first_and_says_so(self):
        other = SourceDocument.objects.create(
            slug="altre-note",
            title="Altre note",
            kind=SourceDocument.Kind.FAQ,
            language=Language.ITALIAN,
            published_on=date(2007, 6, 1),
            source="altre-note.txt",
        )
        text = (
            "Altre note\n\n"
            "La regola è la seguente:\n\n"
            "502.26b Per giocare una carta con metamorfosi, girala a faccia in giù.\n\n"
            "502.25. Paura\n\n"
            "502.25a Paura è un'abilità evasiva.\n"
        )
        report = ImportReport(document="altre-note.txt")
        store_quoted_rules(other, parse_document(text, "altre-note.txt"), report)
        rows = italian_rows(MAY_2007)
        self.assertTrue(rows["502.26b"].text.startswith(MORPH_502_26B_FUT))
        self.assertEqual(rows["502.26b"].source_document, self.documents[FUTURE_SIGHT])
        self.assertEqual(rows["502.25a"].source_document, other)
        self.assertEqual(report.rules_stored, 2)
        self.assertEqual(
            report.rules_conflicts,
            ["502.26b (2007-05-01): kept the text quoted in future-sight-release-notes"],
        )
        # The first document imported again does not take the other's rules away.
        self.store_again(FUTURE_SIGHT)
        self.assertIn("502.25a", italian_rows(MAY_2007))

    def test_a_complete_italian_edition_is_never_written(self):
        complete = make_edition(date(2010, 1, 1), language=Language.ITALIAN, is_complete=True)
        make_section(complete, "3", "Tipi di carta", position=1)
        document = SourceDocument.objects.create(
            slug="note-2010",
            title="Note 2010",
            kind=SourceDocument.Kind.FAQ,
            language=Language.ITALIAN,
            published_on=date(2010, 1, 1),
            source="note-2010.txt",
        )
        parsed = parse_document("Note\n\n307.1 Testo citato.\n", "note-2010.txt")
        # 2010-01-01: the English edition in force is July 2009's, not the Italian of 2010.
        store_quoted_rules(document, parsed, ImportReport())
        self.assertEqual(
            RuleSection.objects.get(source_document=document).edition.effective_date,
            date(2009, 7, 11),
        )
        document.published_on = None
        parsed.stated_date = "2010-01-01"
        report = ImportReport()
        store_quoted_rules(document, parsed, report)
        self.assertEqual(list(complete.sections.values_list("number", flat=True)), ["3"])
        self.assertFalse(RuleSection.objects.filter(source_document=document).exists())
        self.assertEqual(
            report.rules_conflicts, ["307.1 (2010-01-01): the complete Italian edition is kept"]
        )
        # The partial edition made for it the first time is gone with its last rule.
        self.assertFalse(
            RulesEdition.objects.filter(
                language=Language.ITALIAN, effective_date=date(2009, 7, 11)
            ).exists()
        )

    def test_a_document_that_quotes_rules_without_any_date_is_refused(self):
        document = SourceDocument.objects.create(
            slug="senza-data",
            title="Senza data",
            kind=SourceDocument.Kind.FAQ,
            language=Language.ITALIAN,
            source="senza-data.txt",
        )
        parsed = parse_document("Senza data\n\nTesto.\n\n502.4a Volare.\n", "senza-data.txt")
        with self.assertRaisesMessage(ReadError, "senza-data.txt, line 5: the document quotes"):
            store_quoted_rules(document, parsed, ImportReport())
