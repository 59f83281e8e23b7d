"""The judge's sheet of a decklist (/<lang>/decks/sheet/): each card once with both names,
today's Oracle text beside the Italian printed text and the mark where they part, the errata
that still hold, the card's own current rulings in both languages, the rules it uses; printed
on A4; a fixed number of queries whatever the list's length."""

from pathlib import Path

from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.decks import sharing
from oracle.tests.helpers import squeeze
from web.testing import BundledDocumentsTestCase

LIST = """Deck
4 Patto di Intervento
2 Membrana Eterea
3 Angelo Eminente
20 Pianura

Sideboard
1 Intervention Pact
"""


class JudgeSheetTests(BundledDocumentsTestCase):
    def sheet(self, text=LIST, language="it", format_key="legacy"):
        response = self.client.post(
            f"/{language}/decks/sheet/", {"list": text, "format": format_key}
        )
        self.assertEqual(response.status_code, 200)
        return response

    def card(self, response, name):
        return next(card for card in response.context["cards"] if card.name == name)

    def test_each_card_once_by_both_names_with_its_copies(self):
        response = self.sheet()
        cards = response.context["cards"]
        self.assertEqual(
            [(card.name, card.other_name) for card in cards],
            [
                ("Angelo Eminente", "Exalted Angel"),
                ("Membrana Eterea", "Aether Membrane"),
                ("Patto di Intervento", "Intervention Pact"),
                ("Pianura", "Plains"),
            ],
        )
        pact = self.card(response, "Patto di Intervento")
        self.assertEqual(pact.copies, [("Mazzo principale", 4), ("Sideboard", 1)])
        page = squeeze(response.content.decode())
        self.assertEqual(page.count('<article class="sheet-card'), 4)

    def test_oracle_text_beside_the_italian_printed_text_marked_where_they_part(self):
        response = self.sheet()
        pact = self.card(response, "Patto di Intervento")
        (face,) = pact.faces
        self.assertIn("The next time a source of your choice", face.oracle_text)
        self.assertIn("Il Patto di Intervento è bianco.", face.italian.text)
        self.assertEqual(face.italian.set_name, "Visione Futura")
        self.assertTrue(face.italian.differs)
        self.assertIn("<del>Intervention Pact is white.<br></del>", face.italian.english_as_printed)
        # The angel's Oracle text is again the wording it was printed with; a basic land's
        # printed "W" (its big symbol) is no wording.
        for same in ("Angelo Eminente", "Pianura"):
            self.assertFalse(self.card(response, same).differs)
        self.assertTrue(self.card(response, "Membrana Eterea").differs)
        page = squeeze(response.content.decode())
        self.assertEqual(page.count('<span class="differs-mark">≠'), 2)
        self.assertIn('<article class="sheet-card differs"', page)

    def test_the_errata_that_hold_and_those_undone(self):
        response = self.sheet(language="en")
        membrane = self.card(response, "Aether Membrane")
        self.assertEqual([erratum.new_text for erratum in membrane.errata], ["Reach"])
        self.assertEqual(membrane.earlier_errata, 0)
        angel = self.card(response, "Exalted Angel")
        self.assertEqual((angel.errata, angel.earlier_errata), ([], 1))
        page = squeeze(response.content.decode())
        self.assertIn(
            "One earlier erratum no longer holds: today's wording undid it "
            '(<a href="/en/cards/exalted-angel/#errata">the card\'s page</a> has it).',
            page,
        )

    def test_own_current_rulings_in_the_pages_language_first(self):
        response = self.sheet(language="it")
        pact = self.card(response, "Patto di Intervento")
        languages = [(code, len(rulings)) for code, rulings in pact.rulings]
        self.assertEqual(languages[0], ("it", 4))  # the outdated fifth is left out
        texts = [ruling.text for _code, rulings in pact.rulings for ruling in rulings]
        self.assertFalse(any(text.startswith("Pagare il mana") for text in texts))
        self.assertContains(response, f'<li id="ruling-{pact.rulings[0][1][0].pk}" lang="it">')
        angel = self.card(self.sheet(language="en"), "Exalted Angel")
        self.assertEqual([code for code, _rulings in angel.rulings], ["en"])

    def test_the_rules_each_card_uses(self):
        response = self.sheet(language="it")
        membrane = self.card(response, "Membrana Eterea")
        used = {(rule.number, rule.title) for rule in membrane.rules_used}
        self.assertIn(("702.17", "Raggiungere"), used)
        self.assertIn(("702.3", "Difensore"), used)
        self.assertIn('<a href="/it/rules/702.17/">', response.content.decode())

    def test_printed_on_a4_without_the_sites_tools(self):
        page = self.sheet().content.decode()
        self.assertIn('<link rel="stylesheet" href="/static/css/decks.css">', page)
        css = (Path(settings.BASE_DIR) / "static" / "css" / "decks.css").read_text()
        print_rules = css[css.index("@media print") :]
        self.assertIn("size: A4;", print_rules)
        self.assertIn(".site-header", print_rules)
        self.assertIn("break-inside: avoid-page;", print_rules)

    def test_a_shared_sheet_and_the_same_queries_for_a_longer_list(self):
        shared = sharing.encode(LIST)
        response = self.client.get("/it/decks/sheet/", {"format": "legacy", "d": shared})
        self.assertEqual(len(response.context["cards"]), 4)
        self.assertIn(f"d={shared}", response.context["share_url"])
        with CaptureQueriesContext(connection) as short:
            self.sheet("4 Patto di Intervento\n20 Pianura")
        longer = LIST + "4 Tarox Alaspada\n4 Ragno Gigante\n4 Calciderma\n4 Vero Credente\n"
        with CaptureQueriesContext(connection) as long:
            response = self.sheet(longer)
        self.assertEqual(len(response.context["cards"]), 8)
        self.assertEqual(len(long), len(short))

    def test_unread_lines_are_listed_on_the_sheet(self):
        page = squeeze(self.sheet(LIST + "2 Patto di Intervnto\n", language="en").content.decode())
        self.assertIn("Lines not read", page)
        self.assertIn("Line 9: <code>2 Patto di Intervnto</code>", page)
