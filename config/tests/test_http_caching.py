"""ETag, Last-Modified, Cache-Control and the page cache of public pages, through real requests."""

import time
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.http import parse_http_date

from oracle import data_version
from oracle.models import Card, Erratum
from oracle.tests.factories import make_erratum
from rulings.models import CardRule
from web.testing import BundledDataTestCase


class HttpCachingTestCase(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Tarox Bladewing")
        cls.url = cls.card.get_absolute_url()
        cls.admin = User.objects.create_superuser("boss", password="pw-for-tests")

    def setUp(self):
        self.editor = Client()
        self.editor.force_login(self.admin)

    def add_erratum_in_the_admin(self, reason):
        """An editor adds an erratum to the card through the admin form (committed, so the
        data version rises as it does in production)."""
        form = {
            "card": self.card.pk,
            "date": "2024-02-01",
            "field": "text",
            "old_text": "Old wording.",
            "new_text": "New wording.",
            "reason": reason,
            "reason_it": reason,
            "source": "Oracle update",
        }
        with self.captureOnCommitCallbacks(execute=True):
            response = self.editor.post(reverse("admin:oracle_erratum_add"), form)
        self.assertEqual(response.status_code, 302, response.content[:2000])


class ConditionalRequestTests(HttpCachingTestCase):
    def test_a_public_page_carries_etag_last_modified_and_public_cache_control(self):
        response = self.client.get(self.url)
        self.assertEqual(response.status_code, 200)
        self.assertTrue(response["ETag"].startswith('W/"'))
        self.assertIn("Last-Modified", response)
        self.assertEqual(set(response["Cache-Control"].split(", ")), {"public", "max-age=60"})

    def test_a_matching_etag_is_answered_304_without_rendering(self):
        etag = self.client.get(self.url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(self.url, headers={"if-none-match": etag})
        self.assertEqual(response.status_code, 304)
        self.assertEqual(response.content, b"")
        self.assertEqual(response["ETag"], etag)
        self.assertEqual(len(queries), 1)  # the data version, nothing of the page

    def test_if_modified_since_is_answered_304_until_the_data_changes(self):
        last_modified = self.client.get(self.url)["Last-Modified"]
        headers = {"if-modified-since": last_modified}
        self.assertEqual(self.client.get(self.url, headers=headers).status_code, 304)
        self.add_erratum_in_the_admin("Wording modernised.")
        response = self.client.get(self.url, headers=headers)
        self.assertEqual(response.status_code, 200)
        self.assertNotEqual(response["Last-Modified"], last_modified)

    def test_an_admin_edit_changes_the_etag_and_the_next_answer(self):
        before = self.client.get(self.url)
        self.assertNotContains(before, "Wording modernised.")
        self.add_erratum_in_the_admin("Wording modernised.")
        after = self.client.get(self.url, headers={"if-none-match": before["ETag"]})
        self.assertEqual(after.status_code, 200)
        self.assertNotEqual(after["ETag"], before["ETag"])
        self.assertContains(after, "Wording modernised.")

    def test_the_etag_depends_on_the_language(self):
        english = self.client.get(self.url)
        italian_url = self.url.replace("/en/", "/it/", 1)
        italian = self.client.get(italian_url)
        self.assertNotEqual(english["ETag"], italian["ETag"])
        response = self.client.get(italian_url, headers={"if-none-match": english["ETag"]})
        self.assertEqual(response.status_code, 200)

    def test_the_api_is_cached_like_the_pages(self):
        response = self.client.get("/api/cards/", {"q": "t:goblin"})
        self.assertEqual(response.status_code, 200)
        self.assertIn("public", response["Cache-Control"])
        again = self.client.get(
            "/api/cards/", {"q": "t:goblin"}, headers={"if-none-match": response["ETag"]}
        )
        self.assertEqual(again.status_code, 304)

    def test_a_signed_in_editor_gets_private_uncached_pages(self):
        anonymous_etag = self.client.get(self.url)["ETag"]
        response = self.editor.get(self.url, headers={"if-none-match": anonymous_etag})
        self.assertEqual(response.status_code, 200)
        self.assertNotIn("ETag", response)
        self.assertEqual(set(response["Cache-Control"].split(", ")), {"private", "no-store"})

    def test_admin_pages_are_never_cached(self):
        response = self.editor.get(reverse("admin:index"))
        self.assertEqual(response.status_code, 200)
        self.assertNotIn("ETag", response)
        self.assertIn("no-store", response["Cache-Control"])
        self.assertIn("private", response["Cache-Control"])

    @override_settings(DEBUG=True)
    def test_make_run_caches_nothing(self):
        response = self.client.get(self.url)
        self.assertEqual(response.status_code, 200)
        self.assertNotIn("ETag", response)
        self.assertNotIn("Cache-Control", response)

    def test_errors_and_redirects_carry_no_etag(self):
        self.assertNotIn("ETag", self.client.get("/en/cards/no-such-card-at-all/"))
        redirect = self.client.get("/")
        self.assertEqual(redirect.status_code, 302)
        self.assertNotIn("ETag", redirect)


class DataVersionTests(HttpCachingTestCase):
    def test_every_kind_of_editors_change_raises_the_version(self):
        start = data_version.current().number
        self.add_erratum_in_the_admin("First.")
        self.assertEqual(data_version.current().number, start + 1)
        with self.captureOnCommitCallbacks(execute=True):
            erratum = make_erratum(self.card, "a", "b")
            erratum.reason = "edited in code"
            erratum.save()
        # Two saves in one transaction: one rise.
        self.assertEqual(data_version.current().number, start + 2)
        with self.captureOnCommitCallbacks(execute=True):
            response = self.editor.post(
                reverse("admin:oracle_erratum_delete", args=[erratum.pk]), {"post": "yes"}
            )
        self.assertEqual(response.status_code, 302)
        self.assertFalse(Erratum.objects.filter(pk=erratum.pk).exists())
        self.assertEqual(data_version.current().number, start + 3)

    def test_the_version_never_runs_ahead_of_the_clock(self):
        first = data_version.current()
        for _ in range(30):
            with self.captureOnCommitCallbacks(execute=True):
                data_version.changed()
        last = data_version.current()
        self.assertEqual(last.number, first.number + 30)
        self.assertLessEqual(last.changed_at, timezone.now())
        self.assertGreaterEqual(last.changed_at, first.changed_at)
        # Thirty changes in a second: each answer's ETag is new, its Last-Modified not ahead.
        response = self.client.get(self.url)
        self.assertLessEqual(parse_http_date(response["Last-Modified"]), time.time())

    def test_a_visitors_posts_to_the_admin_change_nothing(self):
        start = data_version.current().number
        visitor = Client(enforce_csrf_checks=True)
        login = visitor.get(reverse("admin:login"))
        token = visitor.cookies["csrftoken"].value
        self.assertEqual(login.status_code, 200)
        for url in (
            reverse("admin:login"),
            reverse("admin:oracle_erratum_add"),
            reverse("admin:oracle_erratum_changelist"),
            reverse("admin:password_change"),
        ):
            with self.subTest(url=url), self.captureOnCommitCallbacks(execute=True):
                response = visitor.post(url, {"csrfmiddlewaretoken": token, "username": "x"})
                self.assertLess(response.status_code, 400)
        self.assertEqual(data_version.current().number, start)

    def test_a_refused_form_changes_nothing(self):
        start = data_version.current().number
        with self.captureOnCommitCallbacks(execute=True):
            response = self.editor.post(reverse("admin:oracle_erratum_add"), {"card": ""})
        self.assertEqual(response.status_code, 200)  # the form again, with its errors
        self.assertEqual(data_version.current().number, start)

    def test_signing_in_changes_nothing(self):
        start = data_version.current().number
        with self.captureOnCommitCallbacks(execute=True):
            Client().post(reverse("admin:login"), {"username": "boss", "password": "pw-for-tests"})
        self.assertEqual(data_version.current().number, start)


@override_settings(PAGE_CACHE_SECONDS=300)
class PageCacheTests(HttpCachingTestCase):
    def setUp(self):
        super().setUp()
        from django.core.cache import cache

        cache.clear()

    def test_a_cached_page_is_served_without_rendering(self):
        first = self.client.get(self.url)
        with CaptureQueriesContext(connection) as queries:
            second = self.client.get(self.url)
        self.assertEqual(second.status_code, 200)
        self.assertEqual(second.content, first.content)
        self.assertEqual(second["ETag"], first["ETag"])
        self.assertEqual(second["Content-Type"], first["Content-Type"])
        self.assertEqual(len(queries), 1)  # the data version

    def test_an_admin_edit_changes_the_next_page_even_with_the_cache_on(self):
        self.assertNotContains(self.client.get(self.url), "Reworded by an editor.")
        self.assertNotContains(self.client.get(self.url), "Reworded by an editor.")
        self.add_erratum_in_the_admin("Reworded by an editor.")
        self.assertContains(self.client.get(self.url), "Reworded by an editor.")

    def test_signed_in_editors_never_get_a_cached_page(self):
        self.client.get(self.url)
        with CaptureQueriesContext(connection) as queries:
            response = self.editor.get(self.url)
        self.assertEqual(response.status_code, 200)
        self.assertGreater(len(queries), 1)


class CommandsRaiseTheVersionTests(BundledDataTestCase):
    def version_after(self, *command, **options):
        with self.captureOnCommitCallbacks(execute=True):
            call_command(*command, stdout=StringIO(), stderr=StringIO(), **options)
        return data_version.current().number

    def test_link_rules_raises_it_when_links_change_and_never_on_a_dry_run(self):
        start = data_version.current().number
        CardRule.objects.filter(origin=CardRule.Origin.COMPUTED).first().delete()
        self.assertEqual(self.version_after("link_rules", dry_run=True), start)
        self.assertEqual(self.version_after("link_rules"), start + 1)
        self.assertEqual(self.version_after("link_rules"), start + 1)  # nothing changed

    def test_a_card_import_raises_it_and_a_dry_run_does_not(self):
        start = data_version.current().number
        path = Path(settings.BASE_DIR) / "fixtures" / "mtgjson" / "SeedCards.json"
        self.assertEqual(self.version_after("import_mtgjson", path, dry_run=True), start)
        self.assertEqual(self.version_after("import_mtgjson", path), start + 1)
