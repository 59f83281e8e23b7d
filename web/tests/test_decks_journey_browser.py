"""A player's deck journey in a real headless Chromium, on a desktop and a phone: a list pasted
with a mistyped Italian name and one card on two lines, the suggestion picked, the verdict in
the first screen after each check, each export and its .txt download with every card, and the
judge's sheet opened; axe-core finds no violation on the checked page, with and without a line
not read."""

import re
from collections import Counter
from pathlib import Path

from oracle.tests.browser import FutureSightBrowserTestCase
from web.tests.test_accessibility_browser import violations

# Future Sight alone is loaded. 60 cards in the main deck, "Censore Mentale Aviano" (Aven
# Mindcensor) mistyped, Saltskitter on two lines (in Italian, then in English in lower case); 3
# in the sideboard.
LIST = """Mazzo
4 Censore Mentale Avano
4 Angelo della Salvezza
4 Augure il-Vec
4 Gloria Sterile
4 Fuga Cronomantica
4 Polvere di Attimi
4 Pareggiare le Sorti
4 Dono di Granito
4 Patto di Intervento
4 Giudicare Indegno
4 Cavaliera di Sursi
4 Auramanti Persi
4 Magus del Fossato
2 Trottasale
2 saltskitter
4 Spirito en-Dal

Sideboard
3 Urlo Marziale
"""
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def counted(text: str) -> Counter:
    """{card: copies} of an export's "count name" lines."""
    return Counter(
        {found[2]: int(found[1]) for found in re.finditer(r"^(\d+) (.+)$", text, re.MULTILINE)}
    )


class DeckJourneyTests(FutureSightBrowserTestCase):
    def open(self, width, height):
        context = self.browser.new_context(
            locale="it-IT", viewport={"width": width, "height": height}, accept_downloads=True
        )
        self.addCleanup(context.close)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(lambda: self.assertEqual(errors, []))
        page.goto(self.live_server_url + "/it/decks/")
        return page

    def assert_verdict_in_the_first_screen(self, page, height, heading):
        from playwright.sync_api import expect

        verdict = page.locator("#verdict")
        expect(verdict.get_by_role("heading", level=2)).to_have_text(heading)
        box = verdict.bounding_box()
        self.assertGreaterEqual(box["y"], 0)
        self.assertLess(box["y"], height)
        self.assertLess(verdict.get_by_role("heading", level=2).bounding_box()["y"], height)
        self.assertEqual(page.evaluate("document.activeElement.id"), "verdict")
        self.assertTrue(page.url.endswith("#verdict"))

    def test_paste_pick_check_export_and_print(self):
        from playwright.sync_api import expect

        for size, (width, height) in SIZES.items():
            with self.subTest(size):
                page = self.open(width, height)
                page.get_by_label("Lista del mazzo").fill(LIST)
                page.get_by_label("Formato").select_option("legacy")
                page.get_by_role("button", name="Controlla la lista").click()
                page.wait_for_load_state()
                self.assert_verdict_in_the_first_screen(page, height, "Non legale in Legacy")
                expect(page.locator(".deck-counts")).to_have_text(
                    "Mazzo principale: 56 · Sideboard: 3 · Righe non lette: 1"
                )
                # While line 2 is not read, MTGO and Arena say so instead of a short list.
                expect(page.locator("#export-mtgo-note")).to_contain_text(
                    "Non scritta: MTGO caricherebbe il mazzo senza la riga 2"
                )
                expect(page.locator("#export-mtgo")).to_have_count(0)
                self.assertIn(
                    "# riga 2 non letta: 4 Censore Mentale Avano",
                    page.locator("#export-italian").input_value(),
                )
                self.assertEqual(violations(page), [])

                page.get_by_role("button", name=re.compile("^Censore Mentale Aviano")).click()
                page.wait_for_load_state()
                self.assert_verdict_in_the_first_screen(page, height, "Legale in Legacy")
                expect(page.locator(".deck-counts")).to_have_text(
                    "Mazzo principale: 60 · Sideboard: 3"
                )
                merged = page.locator("tr", has_text="Trottasale")
                expect(merged).to_have_count(1)
                expect(merged.locator("td").first).to_have_text("4")
                expect(merged).to_contain_text("2 + 2 copie dalle righe 15 e 16.")
                self.assertEqual(violations(page), [])

                for kind, merged_name in (
                    ("mtgo", "Saltskitter"),
                    ("arena", "Saltskitter"),
                    ("italian", "Trottasale"),
                ):
                    shown = page.locator(f"#export-{kind}").input_value()
                    copies = counted(shown)
                    self.assertEqual(sum(copies.values()), 63, kind)
                    self.assertEqual(len(copies), 16, kind)
                    self.assertEqual(copies[merged_name], 4, kind)
                    download = page.locator(".deck-export", has=page.locator(f"#export-{kind}"))
                    with page.expect_download() as info:
                        download.get_by_role("button", name="Scarica .txt").click()
                    self.assertEqual(info.value.suggested_filename, f"decklist-{kind}.txt")
                    text = Path(info.value.path()).read_text(encoding="utf-8")
                    self.assertEqual(text, shown, kind)

                with page.expect_navigation() as opened:
                    page.locator("#sheet-link").click()
                self.assertEqual(opened.value.status, 200)
                sheet = page.content()
                for name in ("Censore Mentale Aviano", "Trottasale", "Urlo Marziale"):
                    self.assertIn(name, sheet)
