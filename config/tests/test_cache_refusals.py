"""A cache that refuses (Redis down, refusing connections, or full with ``noeviction``) never
turns a page into a 500: pages are served uncached, the rate limits are counted by each process,
lockouts hold (they are in the database), the log says so once, and ``/healthz`` answers 200
"degraded" naming the cache. The full Redis needs a server (REDIS_URL, ``scripts/with-redis``);
the one nothing listens on needs none. A Redis stopped and started again mid-test:
web/tests/test_redis_restart.py."""

import socket
from unittest import mock

from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client, override_settings
from django.urls import reverse

from common import resilient_cache
from oracle.models import Card
from web.testing import BundledDataTestCase, RedisTestCase, redis_cache

RULE = "/en/rules/702/"
TIMEOUTS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}
PAGES = (
    RULE,
    "/it/rules/702/",
    "/en/cards/?q=t:creature",
    "/en/rules/search/?q=flying",
    "/en/rules/glossary/",
    "/api/cards/?q=t:goblin",
    "/api/rules/702/",
    "/api/scryfall/sets",
    "/api/scryfall/cards/search?q=goblin",
)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def unreachable_caches() -> dict:
    """Both aliases in a Redis nothing listens on, as CACHE_URL and LIMITS_CACHE_URL make them."""
    url = f"redis://127.0.0.1:{closed_port()}"
    return {
        "default": redis_cache(f"{url}/0", "oracolo-down", **TIMEOUTS),
        "limits": redis_cache(f"{url}/1", "oracolo-down", **TIMEOUTS, FALLBACK_TO_MEMORY=True),
    }


class RefusingCacheTestCase(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card_url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()

    def health(self, cache_state: str) -> dict:
        response = self.client.get("/healthz")
        self.assertEqual(response.status_code, 200)
        data = response.json()
        self.assertEqual(data["status"], "degraded")
        self.assertEqual(data["database"], "ok")
        self.assertEqual(data["cache"], cache_state)
        return data["checks"]


class UnreachableRedisTests(RefusingCacheTestCase):
    def setUp(self):
        settings = override_settings(CACHES=unreachable_caches(), PAGE_CACHE_SECONDS=300)
        settings.enable()
        self.addCleanup(settings.disable)

    def test_every_page_is_served_uncached_and_the_log_says_so_once(self):
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            for url in (self.card_url, *PAGES, self.card_url):
                response = self.client.get(url)
                self.assertEqual(response.status_code, 200, url)
                self.assertIn("public", response["Cache-Control"])
                self.assertTrue(response["ETag"])
        # One line per server (the pages', the counters'), however many pages were asked.
        self.assertEqual(len(logs.output), 2, logs.output)
        self.assertIn("does not answer (ConnectionError", logs.output[0])
        self.assertIn("pages are rendered afresh", logs.output[0])
        self.assertIn("counted by each process alone", logs.output[1])

    def test_the_etag_still_follows_the_data(self):
        with self.assertLogs("common.resilient_cache", "WARNING"):
            first = self.client.get(RULE)
        again = self.client.get(RULE, HTTP_IF_NONE_MATCH=first["ETag"])
        self.assertEqual(again.status_code, 304)

    def test_healthz_is_degraded_naming_the_cache(self):
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            checks = self.health("unreachable")
            self.health("unreachable")  # said once, not at every probe
        self.assertEqual(len(logs.output), 2, logs.output)
        self.assertEqual(checks["cache default"], "unreachable")
        self.assertEqual(checks["cache limits"], "unreachable")
        self.assertEqual(checks["cards"], "ok")

    def test_healthz_is_503_down_when_the_database_is_gone_too(self):
        error = OperationalError("server closed the connection unexpectedly")
        with (
            mock.patch.object(CursorWrapper, "execute", side_effect=error),
            self.assertLogs("web.health", "ERROR"),
            self.assertLogs("common.resilient_cache", "WARNING"),
            self.assertLogs("django.request", "WARNING"),
        ):
            response = self.client.get("/healthz")
        self.assertEqual(response.status_code, 503)
        data = response.json()
        self.assertEqual(data["status"], "down")
        self.assertEqual(data["database"], "error: OperationalError")
        self.assertEqual(data["cache"], "unreachable")

    @override_settings(SEARCH_RATE_LIMIT=1, SEARCH_RATE_BURST=0, SEARCH_CONCURRENT_LIMIT=1)
    def test_rate_limits_are_counted_by_the_process(self):
        with self.assertLogs("common.resilient_cache", "WARNING"):
            self.assertEqual(self.client.get("/api/cards/?q=t:goblin").status_code, 200)
        refused = self.client.get("/api/cards/?q=t:elf")
        self.assertEqual(refused.status_code, 429)
        self.assertIn("Retry-After", refused)


class PasswordInTheAddressTests(RefusingCacheTestCase):
    def test_the_log_names_the_server_without_its_password(self):
        port = closed_port()
        down = redis_cache(f"redis://oracolo:s3cret-pw@127.0.0.1:{port}/0", "pw", **TIMEOUTS)
        with (
            override_settings(
                CACHES={"default": down, "limits": unreachable_caches()["limits"]},
                PAGE_CACHE_SECONDS=300,
            ),
            self.assertLogs("common.resilient_cache", "WARNING") as logs,
        ):
            self.assertEqual(self.client.get(RULE).status_code, 200)
        self.assertIn(f"Redis at 127.0.0.1:{port}/0 does not answer", logs.output[0])
        self.assertNotIn("s3cret-pw", "\n".join(logs.output))


class SilentRedisTests(RefusingCacheTestCase):
    """A server that takes the connection and never answers (a Redis hung, a network that
    drops replies): the first read times out, and the server is then left alone."""

    def setUp(self):
        self.silent = socket.socket()
        self.silent.bind(("127.0.0.1", 0))
        self.silent.listen(64)  # connections are taken by the system, never answered
        self.addCleanup(self.silent.close)
        url = f"redis://127.0.0.1:{self.silent.getsockname()[1]}"
        options = {**TIMEOUTS, "RETRY_SECONDS": 600}  # not tried again during the test
        caches = {
            "default": redis_cache(f"{url}/0", "oracolo-silent", **options),
            "limits": redis_cache(f"{url}/1", "oracolo-silent", **options),
        }
        settings = override_settings(CACHES=caches, PAGE_CACHE_SECONDS=300)
        settings.enable()
        self.addCleanup(settings.disable)

    def test_pages_are_served_and_the_server_is_asked_once(self):
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            for url in (self.card_url, *PAGES):
                self.assertEqual(self.client.get(url).status_code, 200, url)
        self.assertEqual(len(logs.output), 2, logs.output)
        self.assertIn("does not answer (TimeoutError", logs.output[0])
        # One connection for each database, each dropped after its timeout: no page tried again.
        accepted = 0
        self.silent.setblocking(False)
        while True:
            try:
                self.silent.accept()[0].close()
            except BlockingIOError:
                break
            accepted += 1
        self.assertEqual(accepted, 2)


class LockoutsWithoutRedisTests(BundledDataTestCase):
    """Failed logins are counted in the database: Redis gone, the door still locks."""

    @classmethod
    def setUpTestData(cls):
        User.objects.create_superuser("giulia", password="right-password-1993")

    def setUp(self):
        settings = override_settings(CACHES=unreachable_caches())
        settings.enable()
        self.addCleanup(settings.disable)

    def log_in(self, password):
        return Client().post(
            reverse("admin:login"),
            {"username": "giulia", "password": password, "next": reverse("admin:index")},
            REMOTE_ADDR="203.0.113.7",
        )

    def test_five_failures_lock_the_account_out(self):
        from axes.models import AccessAttempt

        with self.assertLogs("axes", "WARNING"):
            for attempt in range(1, 5):
                self.assertEqual(self.log_in(f"wrong-{attempt}").status_code, 200)
            self.assertEqual(self.log_in("wrong-5").status_code, 429)  # the fifth locks
        self.assertEqual(AccessAttempt.objects.get().failures_since_start, 5)
        with self.assertLogs("axes", "WARNING"):
            response = self.log_in("right-password-1993")
        self.assertEqual(response.status_code, 429)

    def test_an_editor_signs_in_and_works(self):
        client = Client()
        response = client.post(
            reverse("admin:login"),
            {"username": "giulia", "password": "right-password-1993"},
        )
        self.assertEqual(response.status_code, 302)
        self.assertContains(client.get(reverse("admin:index")), "giulia")
        self.assertEqual(client.get(RULE).status_code, 200)


class FullRedisTests(RedisTestCase, RefusingCacheTestCase):
    """A Redis at its ``maxmemory`` with ``noeviction`` answers every write with OOM."""

    redis_options = TIMEOUTS
    redis_settings = {"PAGE_CACHE_SECONDS": 300}

    def setUp(self):
        # Refusals are logged once a minute per server: this test's server is the others'.
        resilient_cache._refusal_logged_at.clear()
        self.redis = cache._cache.get_client(write=True)
        saved = self.redis.config_get("maxmemory", "maxmemory-policy")
        self.addCleanup(self.redis.config_set, "maxmemory", saved["maxmemory"])
        self.addCleanup(self.redis.config_set, "maxmemory-policy", saved["maxmemory-policy"])
        self.addCleanup(caches["limits"].clear)
        self.addCleanup(cache.clear)

    def fill(self):
        self.redis.config_set("maxmemory-policy", "noeviction")
        self.redis.config_set("maxmemory", "1")  # one byte: every write is over it

    def page_keys(self) -> list[bytes]:
        return list(self.redis.scan_iter(match=f"{self.prefix}:*:page:*"))

    def test_pages_are_served_uncached_and_healthz_is_degraded(self):
        self.fill()
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            for url in (self.card_url, *PAGES):
                self.assertEqual(self.client.get(url).status_code, 200, url)
        self.assertIn("refuses an operation (OutOfMemoryError", logs.output[0])
        self.assertEqual(self.page_keys(), [])
        checks = self.health("refuses writes (OutOfMemoryError)")
        self.assertEqual(checks["cache default"], "refuses writes (OutOfMemoryError)")
        self.assertEqual(checks["cache limits"], "refuses writes (OutOfMemoryError)")

    def test_with_room_again_pages_are_kept_with_an_expiry(self):
        self.assertEqual(self.client.get(RULE).status_code, 200)
        (key,) = self.page_keys()
        self.assertTrue(0 < self.redis.ttl(key) <= 300)
        response = self.client.get("/healthz")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.json()["status"], "ok")
        for junk in range(3):
            self.assertEqual(self.client.get(f"{RULE}?junk={junk}").status_code, 200)
        self.assertEqual(len(self.page_keys()), 1)
