from unittest import mock

from django.db import OperationalError
from django.db.backends.utils import CursorWrapper

from oracle import data_version
from oracle.models import Card
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


class HealthyTests(BundledDataTestCase):
    def test_loaded_data_answers_200_and_is_never_cached(self):
        response = self.client.get("/healthz")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(
            response.json(),
            {
                "status": "ok",
                "database": "ok",
                "cache": "not configured",  # no CACHE_URL: each process keeps its own
                "checks": {
                    "database": "ok",
                    "cards": "ok",
                    "rules": "ok",
                    "cache default": "ok",
                    "cache limits": "ok",
                },
                "data_version": data_version.current().number,
            },
        )
        self.assertIn("no-store", response["Cache-Control"])
        self.assertNotIn("ETag", response)

    def test_head_is_answered_too_and_post_is_not(self):
        self.assertEqual(self.client.head("/healthz").status_code, 200)
        self.assertEqual(self.client.post("/healthz").status_code, 405)

    def test_a_database_that_does_not_answer_is_503_down(self):
        error = OperationalError("could not connect to server")
        with (
            mock.patch.object(CursorWrapper, "execute", side_effect=error),
            self.assertLogs("web.health", "ERROR") as logs,
            self.assertLogs("django.request", "WARNING"),
        ):
            response = self.client.get("/healthz")
        self.assertIn("could not connect to server", logs.output[0])
        self.assertEqual(response.status_code, 503)
        data = response.json()
        self.assertEqual(data["status"], "down")
        self.assertEqual(data["database"], "error: OperationalError")
        self.assertEqual(data["checks"]["database"], "error: OperationalError")
        self.assertEqual(data["cache"], "not configured")
        self.assertNotIn("cards", data["checks"])
        self.assertIn("no-store", response["Cache-Control"])


class UnloadedTests(EmptyDatabaseTestCase):
    def get(self):
        with self.assertLogs("django.request", "WARNING"):
            return self.client.get("/healthz")

    def test_an_empty_database_is_503_naming_what_is_missing(self):
        response = self.get()
        self.assertEqual(response.status_code, 503)
        data = response.json()
        self.assertEqual(data["status"], "down")
        self.assertEqual(data["database"], "ok")
        self.assertEqual(data["checks"]["cards"], "missing (no card is loaded)")
        self.assertEqual(data["checks"]["rules"], "missing (no complete English rules edition)")

    def test_cards_without_rules_is_still_503(self):
        from oracle.tests.factories import make_card

        make_card(name="Lone Card")
        self.assertTrue(Card.objects.exists())
        response = self.get()
        self.assertEqual(response.status_code, 503)
        self.assertEqual(response.json()["checks"]["cards"], "ok")
        self.assertNotEqual(response.json()["checks"]["rules"], "ok")
