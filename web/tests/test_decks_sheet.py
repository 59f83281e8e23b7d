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
from web.tests.test_ruling_translations import english_text, translation

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
        self.assertEqual(page.count('<p class="lang-label sheet-italian-label">'), 4)
        self.assertEqual(page.count('<span class="differs-mark">≠ <span class="differs-words">'), 2)
        self.assertIn('<article class="sheet-card differs"', page)
        # Where the words are the same, the Italian text is not printed twice.
        plains = self.card(response, "Pianura").faces[0]
        self.assertFalse(plains.italian.differs)
        self.assertIn("Stessa formulazione del testo Oracle attuale.", page)

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
        languages = [ruling.language for ruling in pact.rulings]
        self.assertEqual(languages, ["it", "it", "it", "it", "en", "en"])  # not the outdated one
        self.assertFalse(any(ruling.text.startswith("Pagare il mana") for ruling in pact.rulings))
        self.assertContains(response, f'<li id="ruling-{pact.rulings[0].pk}" lang="it">')
        angel = self.card(self.sheet(language="en"), "Exalted Angel")
        self.assertEqual({ruling.language for ruling in angel.rulings}, {"en"})

    def test_an_approved_translation_is_read_in_italian_with_the_cards_name(self):
        translation(
            english_text("sedge-sliver", "Because damage remains marked"),
            "Il danno resta segnato: {this} può rendere letale un danno non letale.",
        )
        italian = self.sheet("4 Tramutante del Falasco", language="it").content.decode()
        self.assertIn("Il danno resta segnato: Tramutante del Falasco può rendere letale", italian)
        self.assertIn("(tradotta dalla redazione)", italian)
        english = self.sheet("4 Sedge Sliver", language="en").content.decode()
        self.assertNotIn("Il danno resta segnato", english)
        self.assertIn("Because damage remains marked", english)

    def test_a_ruling_several_cards_share_is_printed_once(self):
        text = "4 Cavaliera di Sursi\n4 Fuga Cronomantica\n20 Pianura"
        response = self.sheet(text, language="en")
        shared = response.context["shared_rulings"]
        suspend = next(item for item in shared if "requires any targets" in item.ruling.text)
        self.assertEqual(sorted(suspend.cards), ["Chronomantic Escape", "Knight of Sursi"])
        page = response.content.decode()
        self.assertEqual(page.count("If the spell requires any targets"), 1)
        knight = self.card(response, "Knight of Sursi")
        self.assertIn(suspend.number, knight.shared)
        self.assertFalse(any("requires any targets" in ruling.text for ruling in knight.rulings))
        self.assertIn(f'<li id="shared-ruling-{suspend.number}"', page)
        self.assertIn('<a href="#shared-ruling-1">R1', page)

    def test_the_rules_each_card_uses(self):
        response = self.sheet(language="it")
        membrane = self.card(response, "Membrana Eterea")
        used = {(rule.number, rule.title) for rule in membrane.rules_used}
        self.assertIn(("702.17", "Raggiungere"), used)
        self.assertIn(("702.3", "Difensore"), used)
        self.assertIn('<a href="/it/rules/702.17/">', response.content.decode())

    def test_printed_on_a4_first_page_alone_without_the_sites_tools(self):
        page = self.sheet().content.decode()
        self.assertIn('<link rel="stylesheet" href="/static/css/sheet.css">', page)
        static = Path(settings.BASE_DIR) / "static" / "css"
        self.assertIn("size: A4;", (static / "print.css").read_text())
        css = (static / "sheet.css").read_text()
        print_rules = css[css.index("@media print") :]
        for rule in (".site-header", ".sheet-tools", ".sheet-first-page {\n    break-after: page;"):
            self.assertIn(rule, print_rules)

    def test_a_shared_sheet_and_the_same_queries_for_a_longer_list(self):
        shared = sharing.encode(LIST)
        response = self.client.get("/it/decks/sheet/", {"format": "legacy", "d": shared})
        self.assertEqual(len(response.context["cards"]), 4)
        self.assertIn(f"d={shared}", response.context["share_url"])
        self.assertIn("/it/decks/?format=legacy", response.context["check_url"])
        with CaptureQueriesContext(connection) as short:
            self.sheet("4 Patto di Intervento\n20 Pianura")
        longer = LIST + "4 Tarox Alaspada\n4 Ragno Gigante\n4 Calciderma\n4 Vero Credente\n"
        with CaptureQueriesContext(connection) as long:
            response = self.sheet(longer)
        self.assertEqual(len(response.context["cards"]), 8)
        self.assertEqual(len(long), len(short))

    def test_unread_lines_are_listed_on_the_first_page(self):
        page = squeeze(self.sheet(LIST + "2 Patto di Intervnto\n", language="en").content.decode())
        first_page = page[: page.index('<section class="sheet-texts"')]
        self.assertIn("Line 9 not read: <code>2 Patto di Intervnto</code>", first_page)


class SheetFirstPageTests(BundledDocumentsTestCase):
    """The first page: the list as a tournament decklist, with the details a judge fills."""

    def sheet(self, text=LIST, language="it", **details):
        return self.client.post(
            f"/{language}/decks/sheet/", {"list": text, "format": "legacy", **details}
        )

    def first_page(self, response) -> str:
        page = squeeze(response.content.decode())
        return page[page.index('<section class="sheet-first-page"') : page.index("sheet-tools")]

    def test_sections_count_cards_not_different_cards(self):
        response = self.sheet()
        main, sideboard = response.context["sections"]
        self.assertEqual((main.title, main.total, len(main.rows)), ("Mazzo principale", 29, 4))
        self.assertEqual((sideboard.total, len(sideboard.rows)), (1, 1))
        first = self.first_page(response)
        self.assertIn('Mazzo principale <span class="sheet-total">29 carte</span>', first)
        self.assertIn('Sideboard <span class="sheet-total">1 carta</span>', first)
        self.assertIn('<td class="num">20</td><td><span>Pianura</span>', first)
        self.assertIn('<td class="num">29</td><th scope="row">Totale</th>', first)

    def test_one_card_on_several_lines_is_one_row_with_the_sum(self):
        response = self.sheet("2 Sussulto // Turbolenza\n1 turbolenza\n4 Pianura")
        (main, _sideboard) = response.context["sections"]
        self.assertEqual(
            [(row.count, row.name, row.english_name) for row in main.rows],
            [(3, "Sussulto // Turbolenza", "Rough // Tumble"), (4, "Pianura", "Plains")],
        )
        self.assertEqual(main.total, 7)

    def test_the_players_details_filled_or_blank_lines(self):
        blank = self.first_page(self.sheet())
        self.assertIn('<dt>Nome del giocatore</dt><dd><span class="blank-line"></span></dd>', blank)
        self.assertIn("<dt>Formato</dt><dd>Legacy", blank)
        filled = self.first_page(self.sheet(player="Mario Rossi", event="PPTQ Roma", day="7/12"))
        self.assertIn("<dt>Nome del giocatore</dt><dd>Mario Rossi</dd>", filled)
        self.assertIn("<dt>Evento</dt><dd>PPTQ Roma</dd>", filled)
        self.assertIn("<dt>Data</dt><dd>7/12</dd>", filled)

    def test_details_too_long_are_refused_with_the_field_named(self):
        response = self.sheet(player="M" * 81)
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, '<span class="deck-error">', status_code=400)
        self.assertNotIn("M" * 81 + "</dd>", response.content.decode())

    def test_problems_and_unread_lines_on_the_first_page(self):
        first = self.first_page(self.sheet(LIST + "2 Patto di Intervnto\n"))
        unread = '<li data-kind="unread">Riga 9 non letta: <code>2 Patto di Intervnto</code>'
        self.assertIn(unread, first)
        self.assertIn("Il mazzo principale ha 29 carte", first)

    def test_the_details_form_keeps_the_list_and_offers_the_registration_sheet(self):
        page = self.sheet(player="Mario Rossi").content.decode()
        form = page[page.index('<form method="post" action="/it/decks/sheet/"') :]
        form = form[: form.index("</form>")]
        self.assertIn('<textarea name="list" hidden>\n' + LIST, form)
        self.assertIn('<input type="text" name="player" value="Mario Rossi"', form)
        self.assertIn('formaction="/it/decks/registration/"', form)

    def test_the_lists_own_player_line_fills_the_players_name(self):
        text = "Giocatore: Mario Rossi\n" + LIST
        first = self.first_page(self.sheet(text))
        self.assertIn("<dt>Nome del giocatore</dt><dd>Mario Rossi</dd>", first)
        self.assertNotIn("Riga 1 non letta", first)
        typed = self.first_page(self.sheet(text, player="Luca Bianchi"))
        self.assertIn("<dt>Nome del giocatore</dt><dd>Luca Bianchi</dd>", typed)
