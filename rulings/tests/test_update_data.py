"""update_data against a local HTTP server (127.0.0.1, a free port) serving small fixture files:
an AllPrintings made at test time from the made-up test set, the bundled Keywords.json, the
sample rules TXT and a page linking to it. Never the internet."""

import gzip
import hashlib
import json
import shutil
import tempfile
import threading
import time
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import StringIO
from pathlib import Path
from unittest import mock
from urllib.parse import unquote

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import SimpleTestCase, override_settings

from oracle.importers import version
from oracle.models import Card, CardDataImport
from rulings.importers.downloads import find_rules_link
from rulings.models import RuleSection, RulesEdition
from web.testing import EmptyDatabaseTestCase

BASE = Path(settings.BASE_DIR)
MADE_UP_SET = BASE / "oracle" / "tests" / "data" / "made_up_marvel_set.json"
KEYWORDS = BASE / "fixtures" / "mtgjson" / "Keywords.json"
RULES = (Path(__file__).parent / "data" / "cr_en_sample.txt").read_bytes()
RULES_PATH = "/media/MagicCompRules 20260417.txt"
RULES_URL_PATH = "/media/MagicCompRules%2020260417.txt"  # as the page links it
PAGE = (
    b'<html><body><a href="/media/MagicCompRules%2020260417.pdf">PDF</a>'
    b'<a href="/media/MagicCompRules%2020260417.txt">TXT</a></body></html>'
)


def all_printings(version="5.2.0+test", date="2026-01-01", broken=False) -> bytes:
    made_up = json.loads(MADE_UP_SET.read_text(encoding="utf-8"))["data"]
    if broken:
        del made_up["cards"][0]["name"]
    document = {"meta": {"version": version, "date": date}, "data": {made_up["code"]: made_up}}
    return gzip.compress(json.dumps(document).encode(), mtime=0)


class RolledBack(Exception):
    """Raised to undo the imports of a run: the database as it was, the cache as the run left it."""


class Server(ThreadingHTTPServer):
    """Serves ``files`` (path -> bytes) with an ETag each, answering If-None-Match with 304;
    ``slow`` paths answer after two seconds; ``requests`` records (path, status)."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.files: dict[str, bytes] = {}
        self.slow: set[str] = set()
        self.etags = True  # False: no ETag, as a server without conditional requests
        self.requests: list[tuple[str, int]] = []

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}{path}"


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        path = unquote(self.path)
        if path in self.server.slow:
            time.sleep(2)
        body = self.server.files.get(path)
        if body is None:
            return self._answer(path, 404)
        etag = f'"{hashlib.sha256(body).hexdigest()[:16]}"' if self.server.etags else ""
        if etag and self.headers.get("If-None-Match") == etag:
            return self._answer(path, 304)
        self._answer(path, 200, body, etag)

    def _answer(self, path, status, body=b"", etag=""):
        self.server.requests.append((path, status))
        self.send_response(status)
        if etag:
            self.send_header("ETag", etag)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (the timeout test)

    def log_message(self, format, *args):
        pass


class UpdateDataTests(EmptyDatabaseTestCase):
    def setUp(self):
        self.server = Server()
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        cache = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, cache, ignore_errors=True)
        self.cache = cache / "data-cache"
        self.enterContext(override_settings(DATA_CACHE_DIR=self.cache))
        self.serve_mtgjson(all_printings())
        self.server.files["/mtgjson/Keywords.json"] = KEYWORDS.read_bytes()
        self.server.files[RULES_PATH] = RULES
        self.server.files["/en/rules"] = PAGE

    def serve_mtgjson(self, data: bytes, digest: str | None = None):
        self.server.files["/mtgjson/AllPrintings.json.gz"] = data
        digest = digest or hashlib.sha256(data).hexdigest()
        self.server.files["/mtgjson/AllPrintings.json.gz.sha256"] = digest.encode()

    def update(self, *options, mtgjson="/mtgjson/", rules="/en/rules", err=None):
        self.server.requests.clear()
        out, err = StringIO(), err or StringIO()
        call_command(
            "update_data",
            "--mtgjson-url",
            self.server.url(mtgjson),
            "--rules-url",
            self.server.url(rules),
            *options,
            stdout=out,
            stderr=err,
        )
        return out.getvalue()

    def database(self):
        return (
            Card.objects.count(),
            list(RulesEdition.objects.values_list("effective_date", "sha256")),
            sorted(RuleSection.objects.values_list("number", "text")),
        )

    def test_first_run_downloads_verifies_and_imports_both(self):
        out = self.update()
        self.assertIn("AllPrintings.json.gz: downloaded", out)
        self.assertIn("Keywords.json: downloaded", out)
        self.assertIn("MagicCompRules 20260417.txt: downloaded", out)
        self.assertIn("Cards: MTGJSON 5.2.0+test of 2026-01-01.", out)
        self.assertIn("Rules: Comprehensive Rules (en) effective 2026-04-17.", out)
        self.assertIn("Cards and rules are up to date.", out)
        self.assertTrue(Card.objects.filter(name="Human Torch").exists())
        self.assertEqual(CardDataImport.objects.get().source, self.server.url("/mtgjson/"))
        edition = RulesEdition.objects.get()
        self.assertEqual(edition.source, "MagicCompRules 20260417.txt")
        self.assertTrue(RuleSection.objects.filter(edition=edition).exists())
        self.assertIn(("/mtgjson/AllPrintings.json.gz.sha256", 200), self.server.requests)
        self.assertEqual((self.cache / "MagicCompRules 20260417.txt").read_bytes(), RULES)
        self.assertEqual(
            (self.cache / "AllPrintings.json.gz").read_bytes(),
            self.server.files["/mtgjson/AllPrintings.json.gz"],
        )
        record = json.loads((self.cache / "AllPrintings.json.gz.http.json").read_text())
        self.assertTrue(record["etag"])
        self.assertEqual(list((self.cache / ".partial").iterdir()), [])

    def test_second_run_sends_conditional_requests_and_downloads_nothing(self):
        self.update()
        before = self.database()
        out = self.update()
        self.assertIn("Nothing changed", out)
        self.assertNotIn(": downloaded", out)
        self.assertEqual(
            sorted(self.server.requests),
            [
                ("/en/rules", 304),
                (RULES_PATH, 304),
                ("/mtgjson/AllPrintings.json.gz", 304),
                ("/mtgjson/Keywords.json", 304),
            ],
        )
        self.assertIn("Cards: MTGJSON 5.2.0+test of 2026-01-01.", out)
        self.assertEqual(self.database(), before)

    def test_a_fresh_database_gets_the_cached_files_though_the_server_says_unchanged(self):
        """As on a new database, or after DATABASE_URL names another one: the cache is warm, the
        server answers 304, and the database still needs everything."""
        try:
            with transaction.atomic():
                self.update()
                before = self.database()
                raise RolledBack
        except RolledBack:
            pass  # the database is empty again, the cache keeps the files
        self.assertEqual(self.database(), (0, [], []))
        out = self.update()
        self.assertEqual(
            sorted(status for _path, status in self.server.requests), [304, 304, 304, 304]
        )
        self.assertIn("AllPrintings.json.gz: unchanged (not downloaded)", out)
        self.assertIn("AllPrintings.json.gz, Keywords.json: not in this database yet", out)
        self.assertIn("MagicCompRules 20260417.txt: not in this database yet", out)
        self.assertIn("Cards: MTGJSON 5.2.0+test of 2026-01-01.", out)
        self.assertIn("Rules: Comprehensive Rules (en) effective 2026-04-17.", out)
        self.assertIn("Cards and rules are up to date.", out)
        self.assertNotIn("Nothing changed: every source", out)
        self.assertEqual(self.database(), before)
        self.assertTrue(Card.objects.filter(name="Human Torch").exists())

        out = self.update()
        self.assertIn("Nothing changed: every source is as last imported.", out)

    def test_cards_imported_from_other_files_since_are_imported_again(self):
        self.update()
        call_command("import_mtgjson", MADE_UP_SET, stdout=StringIO(), stderr=StringIO())
        out = self.update()
        self.assertIn("AllPrintings.json.gz, Keywords.json: not in this database yet", out)
        self.assertNotIn("MagicCompRules 20260417.txt: not in this database yet", out)
        newest = CardDataImport.objects.order_by("-imported_at", "-pk").first()
        self.assertEqual(
            [entry["name"] for entry in newest.files], ["AllPrintings.json.gz", "Keywords.json"]
        )
        self.assertIn("Nothing changed: every source is as last imported.", self.update())

    def test_a_changed_importer_imports_the_unchanged_files_again_and_says_why(self):
        self.update()
        before = self.database()
        current = version.IMPORTER_VERSION
        with mock.patch.object(version, "IMPORTER_VERSION", current + 1):
            out = self.update()
            self.assertIn(
                "AllPrintings.json.gz, Keywords.json: the importer changed since these files were "
                f"imported (version {current} -> {current + 1}): importing them again.",
                out,
            )
            self.assertNotIn("not in this database yet", out)
            self.assertIn("Cards and rules are up to date.", out)
            self.assertEqual(
                list(CardDataImport.objects.values_list("importer_version", flat=True)),
                [current + 1, current],
            )
            self.assertEqual(self.database(), before)
            out = self.update()
            self.assertIn("Nothing changed: every source is as last imported.", out)
            self.assertNotIn("the importer changed", out)

    def test_a_server_without_conditional_requests_same_bytes_are_not_imported_again(self):
        self.server.etags = False
        self.update()
        before = self.database()
        out = self.update()
        self.assertIn("AllPrintings.json.gz: unchanged (downloaded again: the same bytes)", out)
        self.assertIn("Nothing changed: every source is as last imported.", out)
        self.assertEqual(self.database(), before)
        self.assertEqual(list((self.cache / ".partial").iterdir()), [])

    def test_long_downloads_show_a_progress_line_on_stderr(self):
        err = StringIO()
        with mock.patch("rulings.importers.downloads.PROGRESS_EVERY", 0):
            self.update(err=err)
        self.assertRegex(err.getvalue(), r"AllPrintings\.json\.gz: [\d.]+ MB of [\d.]+ MB \(100%\)")

    def test_a_changed_file_is_downloaded_and_imported_the_others_are_not(self):
        self.update()
        changed = RULES.replace(b"April 17, 2026", b"June 12, 2026")
        self.server.files[RULES_PATH] = changed
        out = self.update()
        self.assertIn("MagicCompRules 20260417.txt: downloaded", out)
        self.assertIn("AllPrintings.json.gz: unchanged (not downloaded)", out)
        self.assertIn("Rules: Comprehensive Rules (en) effective 2026-06-12.", out)
        self.assertIn(("/mtgjson/AllPrintings.json.gz", 304), self.server.requests)
        self.assertEqual(
            sorted(RulesEdition.objects.values_list("effective_date", flat=True)),
            [date(2026, 4, 17), date(2026, 6, 12)],
        )
        self.assertEqual((self.cache / "MagicCompRules 20260417.txt").read_bytes(), changed)

    def test_a_new_mtgjson_version_is_reported(self):
        self.update()
        self.serve_mtgjson(all_printings(version="5.2.1+test", date="2026-02-01"))
        out = self.update()
        self.assertIn("AllPrintings.json.gz: downloaded", out)
        self.assertIn("Cards: MTGJSON 5.2.1+test of 2026-02-01.", out)
        self.assertIn("Nothing changed: the database already matches.", out)  # same cards

    def test_a_bad_checksum_changes_nothing_and_keeps_the_cached_file(self):
        self.update()
        before, cached = self.database(), (self.cache / "AllPrintings.json.gz").read_bytes()
        self.serve_mtgjson(all_printings(version="5.2.1+test"), digest="0" * 64)
        self.server.files[RULES_PATH] = RULES.replace(b"April 17, 2026", b"June 12, 2026")
        with self.assertRaisesMessage(CommandError, "does not match") as raised:
            self.update()
        self.assertIn(self.server.url("/mtgjson/AllPrintings.json.gz"), str(raised.exception))
        self.assertEqual(self.database(), before)
        self.assertEqual((self.cache / "AllPrintings.json.gz").read_bytes(), cached)
        self.assertEqual((self.cache / "MagicCompRules 20260417.txt").read_bytes(), RULES)

    def test_a_file_that_fails_to_import_changes_nothing(self):
        self.update()
        before = self.database()
        self.serve_mtgjson(all_printings(version="5.2.1+test"))
        self.server.files[RULES_PATH] = b"Not the Comprehensive Rules at all.\n"
        with self.assertRaisesMessage(CommandError, self.server.url(RULES_URL_PATH)):
            self.update()
        self.assertEqual(self.database(), before)
        self.assertEqual((self.cache / "MagicCompRules 20260417.txt").read_bytes(), RULES)
        self.assertIn(
            b"5.2.0+test", gzip.decompress((self.cache / "AllPrintings.json.gz").read_bytes())
        )

    def test_a_card_file_that_fails_to_import_undoes_the_rules_import(self):
        self.update()
        before = self.database()
        self.serve_mtgjson(all_printings(version="5.2.1+test", broken=True))
        self.server.files[RULES_PATH] = RULES.replace(b"April 17, 2026", b"June 12, 2026")
        with self.assertRaisesMessage(CommandError, "Nothing was imported") as raised:
            self.update()
        self.assertIn(self.server.url("/mtgjson/AllPrintings.json.gz"), str(raised.exception))
        self.assertEqual(self.database(), before)
        self.assertEqual((self.cache / "MagicCompRules 20260417.txt").read_bytes(), RULES)
        self.assertEqual(list((self.cache / ".partial").iterdir()), [])

    def test_a_404_names_the_url(self):
        with self.assertRaisesMessage(
            CommandError, f"{self.server.url('/gone/AllPrintings.json.gz')}: HTTP 404"
        ):
            self.update(mtgjson="/gone/")
        self.assertEqual(self.database(), (0, [], []))

    def test_a_page_without_a_link_to_the_txt(self):
        self.server.files["/en/rules"] = b"<html><a href='/other.pdf'>PDF</a></html>"
        with self.assertRaisesMessage(CommandError, "links to no Comprehensive Rules TXT"):
            self.update()
        self.assertEqual(self.database(), (0, [], []))
        self.assertFalse((self.cache / "AllPrintings.json.gz").exists())

    def test_a_server_too_slow_times_out(self):
        self.server.slow.add(RULES_PATH)
        with self.assertRaisesMessage(CommandError, "timeout") as raised:
            self.update("--timeout", "0.3")
        self.assertIn(self.server.url(RULES_URL_PATH), str(raised.exception))
        self.assertEqual(self.database(), (0, [], []))

    def test_the_rules_url_may_be_the_txt_itself(self):
        out = self.update(rules=RULES_PATH)
        self.assertIn("Rules: Comprehensive Rules (en) effective 2026-04-17.", out)
        self.assertNotIn(("/en/rules", 200), self.server.requests)

    def test_offline_imports_the_cache(self):
        with self.assertRaisesMessage(CommandError, "the cache holds no"):
            self.update("--offline")
        self.update()
        Card.objects.all().delete()
        self.server.files.clear()
        out = self.update("--offline")
        self.assertEqual(self.server.requests, [])
        self.assertTrue(Card.objects.filter(name="Human Torch").exists())
        self.assertIn("Cards: MTGJSON 5.2.0+test of 2026-01-01.", out)


class RulesLinkTests(SimpleTestCase):
    def test_the_newest_txt_link_made_absolute(self):
        page = (
            '<a href="https://media.example/2025/MagicCompRules 20250919.txt">old</a>'
            '<a href="/2026/downloads/MagicCompRules%2020260417.txt">TXT</a>'
            '<a href="/2026/downloads/MagicCompRules%2020260417.pdf">PDF</a>'
            "<p>MagicCompRules 20990101.txt is not a link</p>"
        )
        self.assertEqual(
            find_rules_link(page, "https://magic.example/en/rules"),
            "https://magic.example/2026/downloads/MagicCompRules%2020260417.txt",
        )

    def test_no_link(self):
        self.assertIsNone(find_rules_link("<a href='rules.pdf'>PDF</a>", "https://x.example/"))
