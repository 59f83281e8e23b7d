"""The registration sheet (/<lang>/decks/registration/): the list as a tournament decklist in
English whatever the address's language, each card once by the name English lists write with
its copies added up, the totals, the details the player filled and blank lines for the others;
linked from the decklist page and from the judge's sheet."""

from oracle.tests.helpers import squeeze
from web.testing import BundledDataTestCase

LIST = """4 Patto di Intervento
2 Sussulto // Turbolenza
1 turbolenza
20 Pianura
2 Lanciarapida del Monastro

Sideboard
3 Angelo Eminente
"""


class RegistrationSheetTests(BundledDataTestCase):
    def registration(self, text=LIST, language="it", **details):
        return self.client.post(
            f"/{language}/decks/registration/", {"list": text, "format": "legacy", **details}
        )

    def test_in_english_under_the_italian_address(self):
        response = self.registration(player="Mario Rossi", designer="Luca")
        self.assertEqual(response.status_code, 200)
        page = squeeze(response.content.decode())
        self.assertTrue(page.startswith('<!DOCTYPE html> <html lang="en"'))
        self.assertIn('<h1 id="registration-title">Decklist</h1>', page)
        self.assertIn("<dt>Player&#x27;s name</dt><dd>Mario Rossi</dd>", page)
        self.assertIn("<dt>Deck designer</dt><dd>Luca</dd>", page)
        self.assertIn('<dt>Event</dt><dd><span class="blank-line"></span></dd>', page)
        self.assertIn("<dt>Format</dt><dd>Legacy</dd>", page)
        self.assertNotIn("Mazzo principale", page)

    def test_english_names_each_card_once_and_the_totals_in_cards(self):
        page = squeeze(self.registration().content.decode())
        rows = [
            '<tr><td class="num">4</td><td>Intervention Pact</td></tr>',
            '<tr><td class="num">3</td><td>Rough // Tumble</td></tr>',
            '<tr><td class="num">20</td><td>Plains</td></tr>',
            '<tr><td class="num">27</td><th scope="row">Total cards in main deck</th></tr>',
            '<tr><td class="num">3</td><td>Exalted Angel</td></tr>',
            '<tr><td class="num">3</td><th scope="row">Total cards in sideboard</th></tr>',
        ]
        positions = [page.index(row) for row in rows]
        self.assertEqual(positions, sorted(positions))

    def test_unread_lines_are_named_not_counted(self):
        page = squeeze(self.registration().content.decode())
        self.assertIn("<li>Line 5: <code>2 Lanciarapida del Monastro</code></li>", page)

    def test_linked_from_the_decklist_page_and_the_sheet(self):
        data = {"list": LIST, "format": "legacy"}
        button = 'formaction="/it/decks/registration/">Scheda di registrazione (inglese)'
        for address in ("/it/decks/", "/it/decks/sheet/"):
            with self.subTest(address):
                page = squeeze(self.client.post(address, data).content.decode())
                self.assertIn(button, page)

    def test_a_list_that_cannot_be_read_gets_the_form_and_why(self):
        response = self.client.post("/it/decks/registration/", {"list": "", "format": "legacy"})
        self.assertEqual(response.status_code, 400)
        self.assertContains(response, "La lista è vuota", status_code=400)
        too_long = self.registration(player="x" * 81)
        self.assertEqual(too_long.status_code, 400)
        self.assertContains(
            too_long,
            "<li>Player’s name: Ensure this value has at most 80 characters (it has 81).</li>",
            status_code=400,
        )

    def test_the_lists_own_player_line_fills_the_players_name(self):
        page = squeeze(self.registration("Player: Mario Rossi\n" + LIST).content.decode())
        self.assertIn("<dt>Player&#x27;s name</dt><dd>Mario Rossi</dd>", page)
        self.assertNotIn("Player: Mario Rossi</code>", page)
        self.assertIn("<li>Line 6: <code>2 Lanciarapida del Monastro</code></li>", page)
