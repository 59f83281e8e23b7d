"""The decklist page in a real headless Chromium: a list pasted and checked, a suggestion picked
(with and without JavaScript), an export copied, and the judge's sheet in print."""

import re

from oracle.tests.browser import FutureSightBrowserTestCase

# Future Sight alone is loaded: two names mistyped, one in each language.
LIST = """Mazzo
4 Tarox Alaspada
4 Fuoco Spetrale
4 Riddle of Lightnin
4 Indovinello del Fulmine
"""


class DeckBrowserTests(FutureSightBrowserTestCase):
    def open(self, java_script=True):
        context = self.browser.new_context(
            locale="it-IT",
            viewport={"width": 1280, "height": 900},
            java_script_enabled=java_script,
            permissions=["clipboard-read", "clipboard-write"] if java_script else [],
        )
        self.addCleanup(context.close)
        page = context.new_page()
        self.fail_on_script_errors(page)
        page.goto(self.live_server_url + "/it/decks/")
        return page

    def check(self, page, text=LIST, format_key="modern"):
        page.get_by_label("Lista del mazzo").fill(text)
        page.get_by_label("Formato").select_option(format_key)
        page.get_by_role("button", name="Controlla la lista").click()
        page.wait_for_load_state()

    def test_paste_a_list_and_pick_the_suggestions(self):
        from playwright.sync_api import expect

        page = self.open()
        self.check(page)
        expect(page.get_by_role("heading", level=2, name="Non legale in Modern")).to_be_visible()
        expect(page.locator(".deck-unresolved > ul > li")).to_have_count(2)
        page.get_by_role("button", name="Fuoco Spettrale Ghostfire").click()
        page.wait_for_load_state()
        expect(page.locator(".deck-unresolved > ul > li")).to_have_count(1)
        self.assertIn("4 Fuoco Spettrale\n", page.get_by_label("Lista del mazzo").input_value())
        page.get_by_role("button", name="Riddle of Lightning Indovinello del Fulmine").click()
        page.wait_for_load_state()
        expect(page.locator(".deck-unresolved")).to_have_count(0)
        rows = page.locator("#part-main ~ .table-wrap tbody th")
        expect(rows).to_have_text(
            [
                "Tarox Alaspada Tarox Bladewing",
                "Fuoco Spettrale Ghostfire",
                "Indovinello del Fulmine Riddle of Lightning4 + 4 copie dalle righe 4 e 5.",
            ]
        )
        expect(page.locator(".deck-problems li")).to_have_text(
            [
                "Il mazzo principale ha 16 carte: almeno 60.",
                "8 copie di Indovinello del Fulmine: al massimo 4.",
            ]
        )

    def test_an_export_is_copied(self):
        from playwright.sync_api import expect

        page = self.open()
        self.check(page, "4 Tarox Alaspada\n4 Fuoco Spettrale")
        copy = page.locator('[data-copy="export-mtgo"]')
        expect(copy).to_be_visible()
        copy.click()
        expect(copy).to_have_text("Copiato")
        self.assertEqual(
            page.evaluate("navigator.clipboard.readText()"), "4 Tarox Bladewing\n4 Ghostfire\n"
        )

    def test_without_javascript_a_suggestion_is_picked_all_the_same(self):
        from playwright.sync_api import expect

        page = self.open(java_script=False)
        self.check(page)
        expect(page.locator("[data-copy]").first).to_be_hidden()
        page.get_by_role("button", name="Fuoco Spettrale Ghostfire").click()
        page.wait_for_load_state()
        expect(page.locator(".deck-unresolved > ul > li")).to_have_count(1)

    def test_the_judges_sheet_prints_on_a4(self):
        from playwright.sync_api import expect

        page = self.open()
        self.check(page, "4 Tarox Alaspada\n4 Fuoco Spettrale\n2 Ghostfire", "legacy")
        page.get_by_role("link", name="Scheda per l'arbitro").click()
        page.wait_for_url(re.compile(r".*/it/decks/sheet/\?format=legacy&d=.*"))
        cards = page.locator("article.sheet-card")
        expect(cards).to_have_count(2)
        expect(cards.locator("h2")).to_have_text(
            ["Fuoco Spettrale Ghostfire", "Tarox Alaspada Tarox Bladewing"]
        )
        expect(page.get_by_role("button", name="Stampa")).to_be_visible()
        expect(cards.first.locator(".sheet-copies")).to_have_text("Mazzo principale: 6")

        page.emulate_media(media="print")
        for hidden in (".site-header", ".site-footer", ".sheet-tools"):
            self.assertEqual(
                page.locator(hidden).evaluate("node => getComputedStyle(node).display"), "none"
            )
        columns = cards.first.locator(".card-face.bilingual").evaluate(
            "node => getComputedStyle(node).gridTemplateColumns"
        )
        self.assertEqual(len(columns.split()), 2)
        pdf = page.pdf(prefer_css_page_size=True)
        sizes = {
            (round(float(width)), round(float(height)))
            for width, height in re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        }
        self.assertEqual(sizes, {(595, 842)})  # A4 in points
