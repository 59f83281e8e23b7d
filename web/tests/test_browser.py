"""A real headless Chromium walks the site as a person would."""

from oracle.tests.browser import FutureSightBrowserTestCase


class BrowserTests(FutureSightBrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 844})

    def tearDown(self):
        self.page.close()

    def test_from_home_to_an_italian_card_page(self):
        page = self.page
        page.goto(self.live_server_url + "/")
        self.assertTrue(page.url.endswith("/it/"), page.url)
        page.get_by_role("link", name="Visione Futura").first.click()
        page.wait_for_url("**/it/sets/fut/")
        page.get_by_role("link", name="Tarox Alaspada").click()
        page.wait_for_url("**/it/sets/fut/123/")
        heading = page.get_by_role("heading", level=1)
        self.assertIn("Tarox Alaspada", heading.inner_text())
        self.assertTrue(page.get_by_text("Volare, rapidità").first.is_visible())
        # The mana cost is icons with a text alternative, and the icon font loaded.
        symbol = page.locator(".card-face .mana-cost abbr.ms").first
        self.assertEqual(symbol.get_attribute("title"), "due generico")
        font = page.evaluate("() => document.fonts.check('16px Mana') || document.fonts.size > 0")
        self.assertTrue(font)

    def test_search_box_and_language_switch_work_from_the_keyboard(self):
        page = self.page
        page.goto(self.live_server_url + "/en/")
        box = page.get_by_label("Find a card by its English or Italian name")
        box.fill("Alaspada")
        box.press("Enter")
        page.wait_for_url("**/en/cards/tarox-bladewing/")
        self.assertIn("Tarox Bladewing", page.get_by_role("heading", level=1).inner_text())
        page.get_by_role("link", name="Italiano").click()
        page.wait_for_url("**/it/cards/tarox-bladewing/")
        self.assertIn("Tarox Alaspada", page.get_by_role("heading", level=1).inner_text())
