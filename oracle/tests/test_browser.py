"""A real headless Chromium walks the site as a person would."""

import os
import shutil
import unittest
from io import StringIO

from django.contrib.staticfiles.testing import StaticLiveServerTestCase
from django.core.management import call_command
from django.test import tag

from .test_pages import FUT


def chromium_path():
    return (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def browser_missing_reason():
    if not chromium_path():
        return "no Chromium found (install Debian's chromium or set CHROMIUM_PATH)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return ""


@tag("browser")
class BrowserTests(StaticLiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        reason = browser_missing_reason()
        if reason:
            if os.environ.get("REQUIRE_BROWSER"):
                raise RuntimeError(f"Browser tests are required here but {reason}.")
            raise unittest.SkipTest(reason)
        # Playwright's sync API runs an event loop in this thread; the ORM is used around it.
        os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        super().setUpClass()
        from playwright.sync_api import sync_playwright

        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=["--disable-gpu", "--disable-background-networking", "--no-first-run"],
        )

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        super().tearDownClass()

    def setUp(self):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())
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
        self.assertEqual(symbol.get_attribute("title"), "2 mana generici")
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
