"""The judge's sheet and the registration sheet printed by a real headless Chromium on A4: a
75-card list (60 + 15) of the Future Sight cards with the most rulings fits in 6 pages with the
decklist (the player's line, the totals) alone on the first; the registration sheet on one page;
axe-core finds no accessibility violation on either, in both languages."""

import re

from django.db.models import Count, Q

from oracle.models import Card
from oracle.tests.browser import FutureSightBrowserTestCase
from web.tests.test_accessibility_browser import violations

PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pages_of(pdf: bytes) -> int:
    """The page objects of a PDF as Chromium writes it (no object streams)."""
    return len(PAGE.findall(pdf))


LANDS = ("Horizon Canopy", "Grove of the Burnwillows", "Nimbus Maze", "River of Tears")


def most_ruled_list() -> str:
    """The 21 Future Sight cards with the most current rulings in the shape of a tournament
    list: 11 × 4 and four lands × 4 (the set has no basic land), a sideboard of 5 × 2 and
    5 × 1."""
    names = list(
        Card.objects.exclude(name__in=LANDS)
        .annotate(current=Count("rulings", filter=Q(rulings__status="current")))
        .order_by("-current", "name")
        .values_list("name", flat=True)[:21]
    )
    return "\n".join(
        [
            "Deck",
            *(f"4 {name}" for name in names[:11]),
            *(f"4 {land}" for land in LANDS),
            "",
            "Sideboard",
            *(f"2 {name}" for name in names[11:16]),
            *(f"1 {name}" for name in names[16:21]),
        ]
    )


class SheetPrintTests(FutureSightBrowserTestCase):
    def open_sheet(self, language="it", viewport=None):
        context = self.browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        self.addCleanup(context.close)
        page = context.new_page()
        page.goto(f"{self.live_server_url}/{language}/decks/")
        page.locator("#id_list").fill(most_ruled_list())
        page.locator("#id_format").select_option("vintage")
        page.locator("form.deck-form button[type=submit]").first.click()
        page.wait_for_load_state()
        page.locator(f"a[href*='/{language}/decks/sheet/']").first.click()
        page.wait_for_load_state()
        return page

    def test_a_75_card_list_prints_in_six_pages_the_decklist_alone_on_the_first(self):
        page = self.open_sheet()
        page.get_by_label("Nome del giocatore").fill("Mario Rossi")
        page.get_by_role("button", name="Scrivili sulla scheda").click()
        page.wait_for_load_state()
        first = page.locator(".sheet-first-page")
        self.assertIn("Nome del giocatore Mario Rossi", " ".join(first.inner_text().split()))
        self.assertIn("Mazzo principale 60 carte", " ".join(first.inner_text().split()))
        self.assertIn("Sideboard 15 carte", " ".join(first.inner_text().split()))
        self.assertEqual(page.locator(".sheet-card").count(), 25)

        page.emulate_media(media="print")
        self.assertLessEqual(pages_of(page.pdf(format="A4")), 6)
        # The first page: what comes before the cards' texts fits on one page, and the texts
        # start on the next.
        self.assertEqual(first.evaluate("node => getComputedStyle(node).breakAfter"), "page")
        for after in (".sheet-texts", ".sheet-shared"):
            page.locator(after).evaluate("node => { node.style.display = 'none'; }")
        self.assertEqual(pages_of(page.pdf(format="A4")), 1)

    def test_the_registration_sheet_in_english_on_one_page(self):
        page = self.open_sheet()
        page.get_by_label("Nome del giocatore").fill("Mario Rossi")
        page.get_by_role("button", name="Scheda di registrazione (inglese)").click()
        page.wait_for_load_state()
        self.assertEqual(page.locator("html").get_attribute("lang"), "en")
        text = " ".join(page.locator("main").inner_text().split())
        self.assertIn("Player's name Mario Rossi", text)
        self.assertIn("60 Total cards in main deck", text)
        self.assertIn("15 Total cards in sideboard", text)
        page.emulate_media(media="print")
        self.assertEqual(pages_of(page.pdf(format="A4")), 1)

    def test_axe_finds_nothing_on_the_sheet_and_the_registration_sheet(self):
        for language, viewport in (
            ("it", {"width": 1280, "height": 900}),
            ("en", {"width": 1280, "height": 900}),
            ("it", {"width": 390, "height": 844}),
        ):
            page = self.open_sheet(language, viewport)
            with self.subTest(language=language, width=viewport["width"], page="sheet"):
                self.assertEqual(violations(page), [])
            page.locator("button[formaction$='/decks/registration/']").click()
            page.wait_for_load_state()
            with self.subTest(language=language, width=viewport["width"], page="registration"):
                self.assertEqual(violations(page), [])
