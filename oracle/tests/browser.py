"""The base for tests that drive a real headless Chromium through Playwright.

Without Chromium (or Playwright) the tests are skipped, unless REQUIRE_BROWSER is set, as CI
does: there a missing browser is a failure. CHROMIUM_PATH names another binary.
"""

import os
import shutil
import time
import unittest

from django.contrib.staticfiles.testing import StaticLiveServerTestCase
from django.db import transaction
from django.test import tag

from web.testing import empty_project_tables


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
class BrowserTestCase(StaticLiveServerTestCase):
    """One Chromium per test class, as ``cls.browser``; each test opens its own pages.

    The tests start from empty tables and make their own data in ``setUp``: the class empties
    the tables the runner filled with the bundled data (web.test_runner runs these tests
    after every test case that reads it), and Django flushes them after each test.
    """

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
        with transaction.atomic():
            empty_project_tables()
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

    def wait_until(self, page, expression: str, seconds: float = 10) -> None:
        """Wait until ``expression`` (JavaScript, or a function of none) is true in ``page``,
        asking from here. Playwright's ``wait_for_function`` polls by evaluating the string in
        the page, which the site's Content Security Policy forbids (no 'unsafe-eval'): it fails
        whenever its first look finds the condition false."""
        deadline = time.monotonic() + seconds
        while not page.evaluate(expression):
            if time.monotonic() > deadline:
                self.fail(f"Still false after {seconds} s in the page: {expression}")
            page.wait_for_timeout(25)
