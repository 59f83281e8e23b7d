"""The shared cache (CACHE_URL, Redis): what the settings make of it, and sessions and the page
cache kept in a real Redis server.

The tests that need a server read its address from REDIS_URL (``scripts/with-redis`` starts a
throwaway one and sets it); without it they are skipped, except with REQUIRE_REDIS=1 (CI), where
a missing server is a failure.
"""

import subprocess

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, SimpleTestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from oracle.models import Card
from web.testing import RedisTestCase, settings_in_subprocess


def settings_with(env: dict[str, str], names: list[str]) -> subprocess.CompletedProcess:
    return settings_in_subprocess(env, names, unset=("CACHE_URL",))


class CacheSettingsTests(SimpleTestCase):
    def test_cache_url_selects_redis_for_the_cache_not_the_sessions_nor_lockouts(self):
        result = settings_with(
            {"CACHE_URL": "redis://cache.internal:6379/2"},
            ["CACHES", "SESSION_ENGINE", "AXES_HANDLER"],
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('"BACKEND": "common.resilient_cache.ResilientRedisCache"', result.stdout)
        self.assertIn('"LOCATION": "redis://cache.internal:6379/2"', result.stdout)
        self.assertIn('"LOCATION": "redis://cache.internal:6379/3"', result.stdout)
        self.assertIn('"FALLBACK_TO_MEMORY": true', result.stdout)
        # Both outlive Redis: they are kept in the database, which every instance shares.
        self.assertIn('"SESSION_ENGINE": "django.contrib.sessions.backends.db"', result.stdout)
        self.assertIn('"AXES_HANDLER": "axes.handlers.database.AxesDatabaseHandler"', result.stdout)

    def test_the_socket_timeout_and_the_retry_come_from_the_environment(self):
        result = settings_with(
            {
                "CACHE_URL": "redis://cache.internal:6379/0",
                "CACHE_SOCKET_TIMEOUT": "0.1",
                "CACHE_RETRY_SECONDS": "2",
            },
            ["CACHES"],
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('"socket_connect_timeout": 0.1, "socket_timeout": 0.1', result.stdout)
        self.assertIn('"RETRY_SECONDS": 2.0', result.stdout)

    def test_without_cache_url_each_process_keeps_its_own(self):
        result = settings_with({}, ["CACHES", "SESSION_ENGINE", "AXES_HANDLER"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("LocMemCache", result.stdout)
        self.assertIn('"AXES_HANDLER": "axes.handlers.database.AxesDatabaseHandler"', result.stdout)
        self.assertIn('"SESSION_ENGINE": "django.contrib.sessions.backends.db"', result.stdout)

    def test_a_cache_url_that_is_not_redis_is_refused(self):
        result = settings_with({"CACHE_URL": "memcached://x:11211"}, ["CACHES"])
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("CACHE_URL must be a Redis address", result.stderr)


class RedisPageCacheTests(RedisTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Tarox Bladewing")
        cls.url = cls.card.get_absolute_url()
        cls.admin = User.objects.create_superuser("boss", password="pw-for-tests")

    def test_a_page_rendered_by_one_instance_is_served_from_redis(self):
        first = Client().get(self.url)
        self.assertEqual(first.status_code, 200)
        self.assertTrue(any(":page:" in key for key in self.redis_keys()), self.redis_keys())
        # Another client (as another instance would) gets it without the page's queries.
        with CaptureQueriesContext(connection) as queries:
            second = Client().get(self.url)
        self.assertEqual(second.content, first.content)
        self.assertEqual(len(queries), 1)

    def test_an_admin_edit_changes_the_next_page(self):
        self.assertNotContains(Client().get(self.url), "Reworded by an editor.")
        editor = Client()
        editor.force_login(self.admin)
        form = {
            "card": self.card.pk,
            "date": "2024-02-01",
            "field": "text",
            "old_text": "Old wording.",
            "new_text": "New wording.",
            "reason": "Reworded by an editor.",
            "reason_it": "Riformulata.",
            "source": "Oracle update",
        }
        with self.captureOnCommitCallbacks(execute=True):
            response = editor.post(reverse("admin:oracle_erratum_add"), form)
        self.assertEqual(response.status_code, 302)
        self.assertContains(Client().get(self.url), "Reworded by an editor.")


class RedisSessionTests(RedisTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.admin = User.objects.create_superuser("boss", password="pw-for-tests")

    def test_a_session_started_on_one_instance_is_read_by_another_from_the_database(self):
        client = Client()
        response = client.post(
            reverse("admin:login"),
            {"username": "boss", "password": "pw-for-tests", "next": reverse("admin:index")},
        )
        self.assertEqual(response.status_code, 302)
        session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
        self.assertFalse(any(session_key in key for key in self.redis_keys()), self.redis_keys())
        other = Client()
        other.cookies[settings.SESSION_COOKIE_NAME] = session_key
        self.assertContains(other.get(reverse("admin:index")), "boss")


class RedisLoginThrottlingTests(RedisTestCase):
    """Failed logins counted in the database beside Redis: what one instance counted locks the
    door on all, and nothing of it is in Redis to be evicted or lost."""

    @classmethod
    def setUpTestData(cls):
        User.objects.create_superuser("giulia", password="right-password-1993")

    def log_in(self, password):
        return Client().post(
            reverse("admin:login"),
            {"username": "giulia", "password": password, "next": reverse("admin:index")},
            REMOTE_ADDR="203.0.113.7",
        )

    def test_five_failures_on_any_instance_lock_the_account_out(self):
        from axes.models import AccessAttempt

        with self.assertLogs("axes", "WARNING"):
            for attempt in range(1, 6):
                self.log_in(f"wrong-{attempt}")
        self.assertEqual(AccessAttempt.objects.get().failures_since_start, 5)
        limits = self.redis_keys(f"{self.prefix}-limits")
        self.assertFalse(any(":axes-" in key for key in limits), limits)
        with self.assertLogs("axes", "WARNING"):
            response = self.log_in("right-password-1993")
        self.assertEqual(response.status_code, 429)
