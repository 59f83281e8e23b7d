"""A cache that refuses (Redis down, or full with ``noeviction``) never turns a page into a 500:
the page is served uncached with a warning in the log, and ``/healthz`` answers 503 naming the
cache. The full Redis needs a server (REDIS_URL, ``scripts/with-redis``); the one nothing
listens on needs none."""

import socket

from django.core.cache import cache, caches
from django.test import override_settings

from oracle.models import Card
from web.testing import BundledDataTestCase, RedisTestCase, redis_cache

RULE = "/en/rules/702/"
LOCAL = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "refusals"}
TIMEOUTS = {"socket_connect_timeout": 1, "socket_timeout": 1}


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RefusingCacheTestCase(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card_url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()

    def assert_pages_served_uncached(self):
        for url in (RULE, self.card_url, "/en/cards/?q=t:creature", "/api/scryfall/sets"):
            with self.assertLogs("web.cache_errors", "WARNING"):
                response = self.client.get(url)
            self.assertEqual(response.status_code, 200, url)
            self.assertIn("public", response["Cache-Control"])

    def health(self) -> dict:
        with (
            self.assertLogs("web.health", "ERROR"),
            self.assertLogs("django.request", "WARNING"),
        ):
            response = self.client.get("/healthz")
        self.assertEqual(response.status_code, 503)
        data = response.json()
        self.assertEqual(data["status"], "unavailable")
        self.assertEqual(data["checks"]["database"], "ok")
        return data["checks"]


class UnreachableRedisTests(RefusingCacheTestCase):
    def setUp(self):
        down = redis_cache(f"redis://127.0.0.1:{closed_port()}/0", "oracolo-down", **TIMEOUTS)
        settings = override_settings(
            CACHES={"default": down, "limits": LOCAL}, PAGE_CACHE_SECONDS=300
        )
        settings.enable()
        self.addCleanup(settings.disable)

    def test_pages_are_served_and_healthz_names_the_cache(self):
        self.assert_pages_served_uncached()
        checks = self.health()
        self.assertEqual(checks["cache default"], "refuses writes (ConnectionError)")
        self.assertEqual(checks["cache limits"], "ok")


class UnreachableLimitsTests(RefusingCacheTestCase):
    """The limits' Redis gone: costly requests go through uncounted rather than failing."""

    def setUp(self):
        down = redis_cache(f"redis://127.0.0.1:{closed_port()}/0", "oracolo-down", **TIMEOUTS)
        settings = override_settings(
            CACHES={"default": LOCAL, "limits": down},
            SEARCH_RATE_LIMIT=1,
            SEARCH_CONCURRENT_LIMIT=1,
        )
        settings.enable()
        self.addCleanup(settings.disable)

    def test_searches_are_answered_uncounted_and_healthz_names_the_cache(self):
        for url in ("/en/cards/?q=t:goblin", "/api/cards/?q=t:goblin", "/api/scryfall/sets"):
            with self.assertLogs("web.cache_errors", "WARNING") as logs:
                response = self.client.get(url)
            self.assertEqual(response.status_code, 200, url)
            self.assertIn("let through uncounted", logs.output[0])
        checks = self.health()
        self.assertEqual(checks["cache limits"], "refuses writes (ConnectionError)")


class FullRedisTests(RedisTestCase, RefusingCacheTestCase):
    """A Redis at its ``maxmemory`` with ``noeviction`` answers every write with OOM."""

    redis_options = TIMEOUTS
    redis_settings = {"PAGE_CACHE_SECONDS": 300}

    def setUp(self):
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

    def test_pages_are_served_uncached_and_healthz_answers_503(self):
        self.fill()
        self.assert_pages_served_uncached()
        self.assertEqual(self.page_keys(), [])
        checks = self.health()
        self.assertEqual(checks["cache default"], "refuses writes (OutOfMemoryError)")
        self.assertEqual(checks["cache limits"], "refuses writes (OutOfMemoryError)")

    def test_with_room_again_pages_are_kept_with_an_expiry(self):
        self.assertEqual(self.client.get(RULE).status_code, 200)
        (key,) = self.page_keys()
        self.assertTrue(0 < self.redis.ttl(key) <= 300)
        self.assertEqual(self.client.get("/healthz").status_code, 200)
        for junk in range(3):
            self.assertEqual(self.client.get(f"{RULE}?junk={junk}").status_code, 200)
        self.assertEqual(len(self.page_keys()), 1)
