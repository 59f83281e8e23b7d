"""The page cache: pages rendered on first request and kept under this release's code, the data
version and the host; a template change shows after a restart with no import; warm_cache fills
a shared cache ahead of the visitors."""

import shutil
import socket
import tempfile
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.template import engines
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from oracle import data_version
from oracle.models import Card
from oracle.tests.factories import make_card, make_set
from web import http_caching
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase, redis_cache


def restart():
    """What a new server process starts from: the release read again, templates loaded again."""
    http_caching.release.cache_clear()
    engines._engines.clear()


@override_settings(PAGE_CACHE_SECONDS=300, ALLOWED_HOSTS=["oracolo.example.org", "testserver"])
class PageCacheKeyTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()

    def setUp(self):
        cache.clear()
        self.addCleanup(cache.clear)

    def test_an_unknown_host_is_refused_even_when_the_page_is_cached(self):
        self.assertEqual(self.client.get(self.url).status_code, 200)
        self.assertEqual(self.client.get(self.url, HTTP_HOST="evil.example").status_code, 400)

    def test_each_host_gets_its_own_absolute_urls_from_the_api(self):
        api = "/api/cards/?q=t:creature"
        self.client.get(api, HTTP_HOST="oracolo.example.org:6666")
        answer = self.client.get(api, HTTP_HOST="oracolo.example.org").content.decode()
        self.assertNotIn(":6666", answer)
        self.assertIn("http://oracolo.example.org/", answer)


@override_settings(PAGE_CACHE_SECONDS=300)
class TemplateChangeTests(BundledDataTestCase):
    """A template changed by a new release shows on the first request after the restart,
    though the data (and so its version) is the same."""

    def setUp(self):
        cache.clear()
        base = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, base)
        shutil.copytree(Path(settings.BASE_DIR) / "templates", base / "templates")
        self.footer = base / "templates" / "jinja2" / "base.html"
        jinja2 = {**settings.TEMPLATES[1], "DIRS": [base / "templates" / "jinja2"]}
        changed = override_settings(BASE_DIR=base, TEMPLATES=[settings.TEMPLATES[0], jinja2])
        changed.enable()
        self.addCleanup(changed.disable)
        self.addCleanup(restart)
        self.addCleanup(cache.clear)
        restart()

    def test_a_changed_template_shows_on_the_next_request_without_an_import(self):
        url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()
        version = data_version.current().number
        self.assertNotContains(self.client.get(url), "A new footer line")
        self.assertNotContains(self.client.get(url), "A new footer line")  # from the cache
        text = self.footer.read_text()
        self.footer.write_text(text.replace("</footer>", "A new footer line</footer>", 1))
        restart()
        self.assertContains(self.client.get(url), "A new footer line")
        self.assertEqual(data_version.current().number, version)


class WarmCacheTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        card_set = make_set(code="TST")
        cls.cards = [
            make_card(name=name, card_set=card_set) for name in ("Storm Crow", "Wind Drake")
        ]

    def test_it_fills_a_shared_cache_and_the_pages_come_from_it(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        shared = {
            "default": {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": folder,
            }
        }
        with override_settings(CACHES=shared, PAGE_CACHE_SECONDS=300):
            out = StringIO()
            call_command("warm_cache", host="localhost", stdout=out, stderr=StringIO())
            self.assertIn("pages cached for localhost", out.getvalue())
            url = self.cards[1].get_absolute_url()
            with CaptureQueriesContext(connection) as queries:
                response = self.client.get(url, HTTP_HOST="localhost")
            self.assertContains(response, "Wind Drake")
            self.assertEqual(len(queries), 1)  # the data version: the page came from the cache

    def test_it_refuses_a_redis_that_does_not_answer(self):
        with socket.socket() as probe:  # a port nothing listens on
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        down = redis_cache(f"redis://127.0.0.1:{port}/0", "oracolo-warm", socket_timeout=0.25)
        with (
            override_settings(CACHES={"default": down}, PAGE_CACHE_SECONDS=300),
            self.assertLogs("common.resilient_cache", "WARNING"),
            self.assertRaisesMessage(CommandError, f"Redis at 127.0.0.1:{port}/0 cannot keep"),
        ):
            call_command("warm_cache", stdout=StringIO(), stderr=StringIO())

    @override_settings(PAGE_CACHE_SECONDS=300)
    def test_it_refuses_a_cache_only_one_process_can_read(self):
        with self.assertRaisesMessage(CommandError, "set CACHE_URL"):
            call_command("warm_cache", stdout=StringIO(), stderr=StringIO())
