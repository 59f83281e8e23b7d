"""Oracolo offline in a real headless Chromium (issue 46, docs/offline.md): the Offline page's
button keeps the data; without the network the search, the card view, the rules and the
glossary still answer; back online after a data change the new version replaces the old one.
And an ordinary page registers no service worker."""

import shutil
import tempfile
from datetime import date
from io import StringIO

from django.core.management import call_command
from django.core.servers.basehttp import WSGIServer
from django.test import override_settings
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler

from oracle import data_version
from oracle.models import Card, Erratum
from oracle.tests.browser import BrowserTestCase
from oracle.tests.helpers import FUT
from rulings.tests.helpers import DATA
from web.offline import package

RULES_SAMPLE = DATA / "cr_en_sample.txt"  # four sections (702.9, flying, among them) and a glossary
KEPT_TEXT = "Conservato senza rete"


class OneRequestAtATime(LiveServerThread):
    """The service worker downloads several files at once; the live server shares one SQLite
    connection between its threads, which concurrent queries break."""

    def _create_server(self, connections_override=None):
        # Not threaded: the requests run in this thread, which the shared connection was given.
        address = (self.host, self.port)
        return WSGIServer(address, QuietWSGIRequestHandler, allow_reuse_address=False)


@override_settings(OFFLINE_UPDATE_CHECK_SECONDS=0)
class OfflineBrowserTests(BrowserTestCase):
    server_thread_class = OneRequestAtATime

    @classmethod
    def setUpClass(cls):
        # The packages this class's data versions build, apart from any other test's.
        folder = tempfile.mkdtemp(prefix="oracolo-offline-browser-")
        cls.addClassCleanup(shutil.rmtree, folder, ignore_errors=True)
        cls.enterClassContext(override_settings(OFFLINE_DATA_DIR=folder))
        super().setUpClass()

    @classmethod
    def set_up_browser_data(cls):
        quiet = {"stdout": StringIO(), "stderr": StringIO()}
        call_command("import_mtgjson", FUT, **quiet)
        call_command("import_rules", RULES_SAMPLE, **quiet)
        call_command("link_rules", **quiet)

    def open(self, path="/it/offline/"):
        context = self.browser.new_context(locale="it-IT", service_workers="allow")
        self.addCleanup(context.close)
        page = context.new_page()
        self.fail_on_script_errors(page)
        page.goto(self.live_server_url + path)
        return context, page

    def keep_offline(self, page, expect_kept=True, clicked=False):
        if not clicked:
            page.locator("#offline-download").click()
        status = page.locator("#offline-status")
        # Kept, or failed: the status then says why and which data stays in use.
        ended = [KEPT_TEXT, "Non è ancora conservato nulla", "Restano in uso"]
        try:
            self.wait_until(
                page,
                f"{ended}.some(text => "
                "document.getElementById('offline-status').textContent.includes(text))",
                120,
            )
        except AssertionError:
            self.fail(f"The download did not end: {status.text_content()}")
        if expect_kept:
            self.assertIn(KEPT_TEXT, status.text_content())

    def cache_names(self, page) -> list[str]:
        return sorted(page.evaluate("caches.keys()"))

    def search(self, page, query):
        from playwright.sync_api import expect

        page.get_by_label("Nome, parole del testo").fill(query)
        page.get_by_role("button", name="Cerca", exact=True).click()
        expect(page.locator("#offline-count")).not_to_be_empty()
        return page.locator("#offline-results > li > a")

    def test_kept_offline_then_updated(self):
        from playwright.sync_api import expect

        context, page = self.open()
        self.keep_offline(page)
        first = self.version(page)
        self.assertEqual(self.cache_names(page), [f"oracolo-data-{first}", "oracolo-meta"])

        context.set_offline(True)
        # The site's search box leads to /it/cards/?q=, which the offline search answers.
        page.goto(self.live_server_url + "/it/cards/?q=fulmine")
        self.wait_until(page, "document.body.dataset.offlineReady === '1'")
        expect(page.locator("#offline-note")).to_contain_text("funziona senza rete")
        results = page.locator("#offline-results > li > a")
        expect(results.first).to_have_text("Indovinello del Fulmine")

        flying = self.search(page, "t:creatura k:volare")
        expect(flying.first).to_be_visible()
        self.assertGreater(flying.count(), 3)
        self.assertIn("Tarox Alaspada", flying.all_text_contents())

        typo = self.search(page, "Indovinelo del Fulmine")  # one letter missing
        expect(typo.first).to_have_text("Indovinello del Fulmine")

        # A card not kept as a page opens in the card view, built from its record.
        self.search(page, "tarox")
        page.get_by_role("link", name="Tarox Alaspada").click()
        self.wait_until(page, "document.body.dataset.offlineReady === '1'")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Tarox Alaspada")
        expect(page.locator("#offline-card")).to_contain_text("Tarox Bladewing")
        expect(page.locator("#offline-card")).to_contain_text("Volare")

        # Its rule link leads to the kept rules page, at the rule.
        page.locator("#offline-card a.rule-link", has_text="702.9").first.click()
        page.wait_for_load_state()
        self.assertRegex(page.url, r"/it/rules/702/.*#702\.9")
        expect(page.locator("main")).to_contain_text("Flying is an evasion ability")

        # The card's own address, offline, shows the same card view.
        slug = Card.objects.get(name="Tarox Bladewing").slug
        page.goto(self.live_server_url + f"/it/cards/{slug}/")
        self.wait_until(page, "document.body.dataset.offlineReady === '1'")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Tarox Alaspada")

        page.goto(self.live_server_url + "/it/rules/glossary/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Glossario")

        # An editor's erratum raises the data version; back online, a navigation takes it.
        Erratum.objects.create(
            card=Card.objects.get(name="Tarox Bladewing"),
            date=date(2026, 12, 1),
            old_text="Flying",
            new_text="Flying, and more",
        )
        context.set_offline(False)
        page.goto(self.live_server_url + "/it/")
        second = str(int(first) + 1)
        self.wait_until(
            page,
            f"caches.keys().then(names => names.includes('oracolo-data-{second}') "
            f"&& !names.includes('oracolo-data-{first}'))",
            120,
        )
        self.assertEqual(self.version(page), second)
        self.assertEqual(self.cache_names(page), [f"oracolo-data-{second}", "oracolo-meta"])
        databases = page.evaluate("indexedDB.databases().then(all => all.map(db => db.name))")
        self.assertEqual(databases, [f"oracolo-cards-{second}"])

    def test_the_data_changing_during_the_download_starts_it_over(self):
        context, page = self.open()
        first = data_version.current().number
        page.locator("#offline-download").click()
        self.wait_until(
            page, "/^[1-9][0-9]* di /.test(document.getElementById('offline-status').textContent)"
        )
        Erratum.objects.create(
            card=Card.objects.get(name="Tarox Bladewing"),
            date=date(2026, 12, 1),
            old_text="Flying",
            new_text="Flying, and more",
        )
        self.keep_offline(page, clicked=True)
        self.assertEqual(self.version(page), str(first + 1))
        self.assertEqual(self.cache_names(page), [f"oracolo-data-{first + 1}", "oracolo-meta"])

    def test_a_download_cut_halfway_keeps_nothing_and_can_be_retried(self):
        from playwright.sync_api import expect

        folder = package.ensure_built(data_version.current())
        part = folder / "cards-000.json.gz"
        part.rename(folder / "away.gz")
        self.addCleanup(lambda: (folder / "away.gz").exists() and (folder / "away.gz").rename(part))
        context, page = self.open()
        self.keep_offline(page, expect_kept=False)
        status = page.locator("#offline-status")
        expect(status).to_contain_text("Lo scaricamento si è interrotto a metà")
        expect(status).to_contain_text("Non è ancora conservato nulla senza rete.")
        # No version is named complete.
        self.assertTrue(page.evaluate("caches.match('/offline/kept.json').then(r => !r)"))

        (folder / "away.gz").rename(part)
        self.keep_offline(page)
        self.assertEqual(self.version(page), str(data_version.current().number))

    def version(self, page) -> str:
        return page.evaluate(
            "caches.open('oracolo-meta').then(c => c.match('/offline/kept.json'))"
            ".then(r => r.json()).then(kept => kept.version)"
        )

    def test_an_ordinary_page_registers_no_service_worker(self):
        _context, page = self.open("/it/")
        page.goto(self.live_server_url + "/it/cards/?q=fulmine")
        page.wait_for_load_state("load")
        self.assertEqual(page.evaluate("navigator.serviceWorker.getRegistrations()"), [])
        self.assertEqual(page.evaluate("navigator.serviceWorker.controller"), None)
        scripts = page.eval_on_selector_all("script[src]", "nodes => nodes.map(n => n.src)")
        self.assertFalse([src for src in scripts if "offline" in src or "sw.js" in src], scripts)
