"""The order of a search whose words could be a card's name, on the bundled data: the exact
name first, then names starting with the words, then names holding them whole, then the rest,
in either language; ``order:name`` alphabetical; the same in /api/cards/, and Scryfall's order
in /api/scryfall/."""

import json
import re
from html import unescape

from web.testing import BundledDataTestCase

ROW_NAME = re.compile(r'<th scope="row" role="rowheader"><a href="[^"]+">([^<]+)</a>')


class RelevanceTests(BundledDataTestCase):
    def shown(self, language: str, **params) -> list[str]:
        """The names of the results rows, as the page shows them, in order."""
        response = self.client.get(f"/{language}/cards/", params)
        self.assertEqual(response.status_code, 200)
        return [unescape(name) for name in ROW_NAME.findall(response.content.decode())]

    def api(self, path: str, **params) -> dict:
        response = self.client.get(path, params)
        self.assertEqual(response.status_code, 200)
        return json.loads(response.content)

    def test_the_exact_name_then_names_starting_with_it_then_names_holding_it(self):
        self.assertEqual(
            self.shown("en", q="thallid"),
            [
                "Thallid",
                "Thallid Germinator",
                "Thallid Shell-Dweller",
                # whose Italian names start with the word: "Thallid Spora Mortale"
                "Deathspore Thallid",
                "Psychotrope Thallid",
                "Savage Thallid",
                "Sporesower Thallid",
                "Vitaspore Thallid",
            ],
        )

    def test_words_of_punctuation_only_are_ranked_without_a_constant_in_the_order(self):
        # PostgreSQL reads a constant in ORDER BY as a column's position ("{", ":" once did).
        for query in ("{", ":", "thallid {"):
            with self.subTest(query):
                for language in ("it", "en"):
                    self.shown(language, q=query)
                self.api("/api/cards/", q=query)

    def test_order_name_keeps_alphabetical_and_the_menu_says_which(self):
        response = self.client.get("/en/cards/", {"q": "thallid"})
        self.assertContains(response, '<option value="relevance" selected>')
        by_name = self.shown("en", q="thallid order:name")
        self.assertEqual(
            by_name[:3], ["Deathspore Thallid", "Psychotrope Thallid", "Savage Thallid"]
        )
        response = self.client.get("/en/cards/", {"q": "thallid order:name"})
        self.assertContains(response, '<option value="name-asc" selected>')
        self.assertNotContains(response, '<option value="relevance" selected>')
        self.assertEqual(self.shown("en", q="thallid", sort="name-asc"), by_name)
        self.assertEqual(self.shown("en", q="thallid order:name", sort="relevance")[0], "Thallid")

    def test_italian_names_rank_on_italian_pages(self):
        self.assertEqual(
            self.shown("it", q="angelo"),
            [
                "Angelo dei Fulmini",
                "Angelo della Salvezza",
                "Angelo di Platino",
                "Angelo Eminente",
                "Akroma, Angelo della Distruzione",
                "Akroma, Angelo della Furia",
                "Grazia dell'Angelo",
            ],
        )
        self.assertEqual(
            self.shown("it", q="angelo order:name")[0], "Akroma, Angelo della Distruzione"
        )
        # a whole word before a part of one: "Carica di Lamafulminea" files first by name
        self.assertEqual(
            self.shown("it", q="fulmine"), ["Indovinello del Fulmine", "Carica di Lamafulminea"]
        )
        self.assertEqual(
            self.shown("it", q="fulmine", sort="name-asc"),
            ["Carica di Lamafulminea", "Indovinello del Fulmine"],
        )

    def test_italian_words_on_english_pages_and_accents_and_apostrophes_folded(self):
        self.assertEqual(
            self.shown("en", q="angelo")[:4],
            ["Angel of Salvation", "Exalted Angel", "Lightning Angel", "Platinum Angel"],
        )
        # accents and case ignored; "dell'Angelo" holds the word "angelo" (above)
        self.assertEqual(self.shown("it", q="ÀNGELO"), self.shown("it", q="angelo"))

    def test_cards_api_ranks_the_same_and_scryfall_keeps_its_order(self):
        data = self.api("/api/cards/", q="thallid")
        self.assertEqual(
            [card["name"] for card in data["results"]][:2], ["Thallid", "Thallid Germinator"]
        )
        italian = self.api("/api/cards/", q="angelo", lang="it")
        self.assertEqual(italian["results"][0]["name_it"], "Angelo dei Fulmini")
        by_name = self.api("/api/cards/", q="thallid order:name")
        self.assertEqual(by_name["results"][0]["name"], "Deathspore Thallid")
        scryfall = self.api("/api/scryfall/cards/search", q="thallid")
        self.assertEqual(scryfall["data"][0]["name"], "Deathspore Thallid")

    def test_a_name_of_faces_is_found_with_any_spacing_around_the_slashes(self):
        for text in ("assault//battery", "Assault //Battery", "assault // battery"):
            with self.subTest(text=text):
                response = self.client.get("/en/cards/", {"q": text})
                self.assertRedirects(
                    response, "/en/cards/assault-battery/", fetch_redirect_response=False
                )

    def test_italian_faces_find_the_card_and_half_a_name_is_never_shown(self):
        for text in ("sussulto//turbolenza", "Sussulto // Turbolenza", "rough//tumble"):
            with self.subTest(text=text):
                response = self.client.get("/it/cards/", {"q": text})
                self.assertRedirects(
                    response, "/it/cards/rough-tumble/", fetch_redirect_response=False
                )
        # Assault // Battery has an Italian name for one half only (Aggressione): the row shows
        # the English name whole, not "Aggressione // Battery"
        shown = self.shown("it", q="is:split")
        self.assertIn("Assault // Battery", shown)
        self.assertIn("Sussulto // Turbolenza", shown)
        self.assertFalse([name for name in shown if name.startswith("Aggressione")])
