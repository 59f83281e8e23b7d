"""What screen readers hear for mana symbols, in the page's language, and fonts that never
hold the text back."""

import re
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.test import SimpleTestCase
from django.utils import translation

from oracle.tests.browser import FutureSightBrowserTestCase
from oracle.tests.helpers import FUT
from web.rendering.card_text import describe_symbol
from web.rendering.markup import mana, rules_text
from web.testing import EmptyDatabaseTestCase

SPOKEN = {
    # symbol: (English, Italian)
    "6": ("six generic", "sei generico"),
    "1": ("one generic", "un generico"),
    "16": ("sixteen generic", "sedici generico"),
    "100": ("100 generic", "100 generico"),
    "X": ("X generic", "X generico"),
    "W": ("white", "bianco"),
    "U": ("blue", "blu"),
    "B": ("black", "nero"),
    "R": ("red", "rosso"),
    "G": ("green", "verde"),
    "C": ("colorless", "incolore"),
    "W/U": ("white or blue", "bianco o blu"),
    "2/G": ("two generic or green", "due generico o verde"),
    "C/R": ("colorless or red", "incolore o rosso"),
    "B/P": ("Phyrexian black", "nero phyrexiano"),
    "G/U/P": ("Phyrexian green or blue", "verde o blu phyrexiano"),
    "P": ("Phyrexian", "phyrexiano"),
    "½": ("half generic", "mezzo generico"),
    "HR": ("half red", "mezzo rosso"),
    "T": ("tap", "TAP"),
    "Q": ("untap", "STAP"),
    "S": ("snow", "neve"),
    "E": ("energy", "energia"),
    "CHAOS": ("chaos", "caos"),
}


class SpokenSymbolTests(SimpleTestCase):
    def test_every_kind_of_symbol_in_both_languages(self):
        for symbol, (english, italian) in SPOKEN.items():
            with self.subTest(symbol=symbol):
                with translation.override("en"):
                    self.assertEqual(describe_symbol(symbol), english)
                with translation.override("it"):
                    self.assertEqual(describe_symbol(symbol), italian)

    def test_a_cost_is_one_image_named_by_its_symbols(self):
        with translation.override("it"):
            html = mana("{6}{W}{W}")
        self.assertTrue(
            html.startswith(
                '<span class="mana-symbols" role="img" aria-label="sei generico, bianco, bianco">'
            )
        )
        self.assertEqual(html.count('role="img"'), 4)
        # The symbols as written stay in the page, for copy and paste.
        self.assertEqual(re.findall(r">(\{\w\})<", html), ["{6}", "{W}", "{W}"])

    def test_symbols_in_rules_text(self):
        with translation.override("en"):
            html = rules_text("{T}: Add {G}{G}. Pay {E}.")
        self.assertIn('<abbr class="ms ms-cost ms-tap" role="img" aria-label="tap"', html)
        self.assertIn('<span class="mana-symbols" role="img" aria-label="green, green">', html)
        self.assertIn('aria-label="energy"', html)

    def test_unknown_symbols_are_read_as_written(self):
        self.assertEqual(describe_symbol("Z/Q"), "Z/Q")


class FontTests(SimpleTestCase):
    def test_every_font_face_swaps(self):
        faces = 0
        for path in Path(settings.BASE_DIR, "static").rglob("*.css"):
            for face in re.findall(r"@font-face\s*{[^}]*}", path.read_text(encoding="utf-8")):
                faces += 1
                with self.subTest(css=path.name):
                    self.assertIn("font-display: swap;", face)
        self.assertEqual(faces, 2)  # mana and keyrune


class SymbolPageTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def test_card_page_in_both_languages(self):
        english = self.client.get("/en/cards/angel-of-salvation/").content.decode()
        self.assertIn('role="img" aria-label="six generic, white, white"', english)
        italian = self.client.get("/it/cards/angel-of-salvation/").content.decode()
        self.assertIn('role="img" aria-label="sei generico, bianco, bianco"', italian)
        self.assertNotIn("six generic", italian)

    def test_search_results_in_both_languages(self):
        english = self.client.get("/en/cards/?q=c:w+t:creature").content.decode()
        self.assertIn('aria-label="six generic, white, white"', english)
        italian = self.client.get("/it/cards/?q=c:w+t:creatura").content.decode()
        self.assertIn('aria-label="sei generico, bianco, bianco"', italian)

    def test_fonts_above_the_fold_are_preloaded(self):
        mana = '<link rel="preload" href="/static/vendor/mana/fonts/mana.woff2" as="font"'
        keyrune = '<link rel="preload" href="/static/vendor/keyrune/fonts/keyrune.woff2" as="font"'
        card = self.client.get("/en/cards/angel-of-salvation/").content.decode()
        self.assertIn(mana, card)
        self.assertNotIn(keyrune, card)  # its set symbols are far down the page
        search = self.client.get("/en/cards/?q=c:w+t:creature").content.decode()
        self.assertIn(mana, search)
        self.assertIn(keyrune, search)
        sets = self.client.get("/en/sets/").content.decode()
        self.assertIn(keyrune, sets)
        self.assertNotIn(mana, sets)


class SpokenSymbolBrowserTests(FutureSightBrowserTestCase):
    def test_screen_readers_hear_the_cost_in_the_pages_language(self):
        for locale, path, spoken in (
            ("it-IT", "/it/cards/angel-of-salvation/", "sei generico, bianco, bianco"),
            ("en-US", "/en/cards/angel-of-salvation/", "six generic, white, white"),
        ):
            with self.subTest(locale=locale):
                page = self.browser.new_page(locale=locale)
                self.addCleanup(page.close)
                page.route(
                    "**/*",
                    lambda route: (
                        route.continue_()
                        if route.request.url.startswith(self.live_server_url)
                        else route.abort()
                    ),
                )
                page.goto(self.live_server_url + path)
                cost = page.get_by_role("img", name=spoken, exact=True)
                self.assertEqual(cost.count(), 2)  # beside the English and the Italian name
                tree = page.locator(".card-face .face-name").first.aria_snapshot()
                self.assertIn(f'img "{spoken}"', tree)
