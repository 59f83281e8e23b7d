"""The base for tests that drive a real headless Chromium through Playwright.

Without Chromium (or Playwright) the tests are skipped, unless REQUIRE_BROWSER is set, as CI
does: there a missing browser is a failure. CHROMIUM_PATH names another binary.

One Chromium serves every browser test class of a process (starting one costs about a second);
each test opens its own pages, in a context of their own, so no cookie or storage is shared.
"""

import multiprocessing.util
import os
import shutil
import sqlite3
import time
import unittest
from io import StringIO

from django.conf import settings
from django.contrib.staticfiles.testing import StaticLiveServerTestCase
from django.core.management import call_command
from django.db import connections, transaction
from django.test import tag

from oracle.tests.helpers import FUT
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


_shared = {}  # this process's Playwright and Chromium, started by the first class that wants them


def shared_browser():
    """This process's Chromium, launched on the first call and closed when the process ends
    (a parallel worker or the runner's own process)."""
    if "browser" not in _shared:
        from playwright.sync_api import sync_playwright

        _shared["playwright"] = sync_playwright().start()
        _shared["browser"] = _shared["playwright"].chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=["--disable-gpu", "--disable-background-networking", "--no-first-run"],
        )
        # Runs at the normal end of the process, a pool worker's included (atexit does not).
        multiprocessing.util.Finalize(None, _close_shared_browser, exitpriority=10)
    return _shared["browser"]


def _close_shared_browser():
    if "browser" in _shared:
        _shared.pop("browser").close()
        _shared.pop("playwright").stop()


@tag("browser")
class BrowserTestCase(StaticLiveServerTestCase):
    """The process's Chromium as ``cls.browser``; each test opens its own pages.

    The tests start from empty tables, plus what the class's ``set_up_browser_data`` makes
    (once per class) and what each test's ``setUp`` makes: the class empties the tables the
    runner filled with the bundled data (web.test_runner runs these tests after every test case
    that reads it). After each test the database goes back to that start: on SQLite (in
    memory, shared with the live server's thread) by copying back a snapshot taken after
    ``set_up_browser_data``; elsewhere Django flushes it and the class's data is made again.
    """

    _snapshot: sqlite3.Connection | None = None
    _data_flushed = False  # Django flushed the database after a test: make the class's data again

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
        cls.set_up_browser_data()
        cls._snapshot = cls._take_snapshot()
        cls.browser = shared_browser()

    @classmethod
    def tearDownClass(cls):
        if cls._snapshot is not None:
            cls._snapshot.close()
            cls._snapshot = None
        super().tearDownClass()

    @classmethod
    def set_up_browser_data(cls):
        """The rows every test of the class starts from (beside ``setUp``'s), made once."""

    @classmethod
    def _take_snapshot(cls) -> sqlite3.Connection | None:
        connection = connections["default"]
        if connection.vendor != "sqlite" or not connection.is_in_memory_db():
            return None
        snapshot = sqlite3.connect(":memory:", check_same_thread=False)
        connection.ensure_connection()
        connection.connection.backup(snapshot)
        return snapshot

    @classmethod
    def _fixture_setup(cls):
        if cls._data_flushed:
            cls.set_up_browser_data()
            cls._data_flushed = False
        super()._fixture_setup()

    def _fixture_teardown(self):
        cls = type(self)
        if cls._snapshot is None:
            super()._fixture_teardown()
            cls._data_flushed = True
        else:
            connection = connections["default"]
            connection.ensure_connection()
            cls._snapshot.backup(connection.connection)

    def signed_in_page(self, user, locale: str = "it-IT"):
        """A page of a new browser context signed in as ``user`` (the test client's session,
        handed to the browser), closed after the test."""
        self.client.force_login(user)
        context = self.browser.new_context(locale=locale)
        self.addCleanup(context.close)
        session = self.client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": self.live_server_url}]
        )
        return context.new_page()

    def fail_on_script_errors(self, page) -> None:
        """Fail the test, at its end, if ``page`` had a script error or the Content Security
        Policy refused a script or a request (pictures that cannot load here do not count)."""
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                message.type == "error"
                and "Content Security Policy" in message.text
                and errors.append(message.text)
            ),
        )
        self.addCleanup(lambda: self.assertEqual(errors, []))

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


class FutureSightBrowserTestCase(BrowserTestCase):
    """Browser tests over Future Sight alone, imported from its bundled MTGJSON file."""

    @classmethod
    def set_up_browser_data(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())
