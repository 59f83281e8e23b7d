"""The site's navigation in a real headless Chromium: on a phone every section's link is in
sight, none hidden in a strip that scrolls sideways, in both languages (Italian's labels are the
longer), and each one leads to its page."""

from oracle.tests.browser import BrowserTestCase

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 320, "height": 640}


class PhoneNavigationTests(BrowserTestCase):
    def open(self, path: str, viewport: dict):
        page = self.browser.new_page(viewport=viewport)
        self.addCleanup(page.close)
        page.goto(self.live_server_url + path)
        return page

    def links_out_of_sight(self, page) -> list[str]:
        """The navigation links not wholly inside the first screen (before any scrolling)."""
        return page.evaluate(
            """() => {
                const width = window.innerWidth, height = window.innerHeight;
                return [...document.querySelectorAll('nav.site-nav a')].filter((link) => {
                    const box = link.getBoundingClientRect();
                    const hidden = box.width === 0 || box.height === 0;
                    return hidden || box.left < 0 || box.top < 0
                        || box.right > width || box.bottom > height;
                }).map((link) => link.textContent.trim());
            }"""
        )

    def test_every_section_is_in_sight_on_a_phone(self):
        for language, main, decks in (("it", "Principale", "Mazzi"), ("en", "Main", "Decks")):
            for viewport in (PHONE, SMALL_PHONE):
                with self.subTest(language=language, width=viewport["width"]):
                    page = self.open(f"/{language}/", viewport)
                    nav = page.get_by_role("navigation", name=main)
                    self.assertEqual(nav.get_by_role("link").count(), 6)
                    self.assertEqual(self.links_out_of_sight(page), [])
                    # Nothing scrolls sideways: the page is as wide as the screen.
                    self.assertLessEqual(
                        page.evaluate("document.documentElement.scrollWidth"), viewport["width"]
                    )
                    nav.get_by_role("link", name=decks).click()
                    page.wait_for_load_state()
                    self.assertTrue(page.url.endswith(f"/{language}/decks/"), page.url)
