"""An editor who saves while an import runs gets a page saying to try again in a minute (503,
Retry-After) that can send the same form again: never a 500, never a lost edit, nothing half
written; the public site keeps answering; once the import is over the same save goes through. On
SQLite and PostgreSQL (common/admin_imports.py)."""

import fcntl
import threading
from contextlib import contextmanager
from datetime import date

from django.contrib.auth.models import User
from django.db import connection, connections
from django.urls import reverse

from common.import_lock import ADVISORY_KEY, import_running, lock_path
from oracle.models import Erratum
from oracle.tests.factories import make_card
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase

BUSY_EN = "A data update is running: try again in a minute."
BUSY_IT = "Un aggiornamento dei dati è in corso: riprova tra un minuto."


@contextmanager
def import_in_another_process():
    """The import lock held by someone else: an advisory lock of another database session on
    PostgreSQL, the lock file's flock through another open file on SQLite."""
    if connection.vendor == "postgresql":
        taken, done = threading.Event(), threading.Event()

        def hold():
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT pg_advisory_lock(%s)", [ADVISORY_KEY])
                taken.set()
                done.wait(30)
                cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_KEY])
            connections["default"].close()

        thread = threading.Thread(target=hold)
        thread.start()
        taken.wait(10)
        try:
            yield
        finally:
            done.set()
            thread.join()
        return
    with lock_path().open("a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class SavesDuringImportsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Giant Spider", oracle_text="Reach")
        cls.ruling = Ruling.objects.create(
            card=cls.card, date=date(2007, 5, 1), text="Old wording.", origin="imported"
        )
        cls.editor = User.objects.create_superuser("editor", password="pw-for-tests")

    def setUp(self):
        self.client.force_login(self.editor)
        self.erratum_form = {
            "card": self.card.pk,
            "date": "2026-12-01",
            "field": "text",
            "old_text": "Giant Spider can block as though it had flying.",
            "new_text": "Reach",
        }

    def test_a_save_during_an_import_comes_back_filled_and_is_kept_for_later(self):
        with import_in_another_process():
            self.assertTrue(import_running())
            response = self.client.post(reverse("admin:oracle_erratum_add"), self.erratum_form)
            self.assertContains(response, BUSY_EN, status_code=503)
            self.assertEqual(response["Retry-After"], "60")
            self.assertContains(
                response,
                '<input type="hidden" name="old_text" '
                'value="Giant Spider can block as though it had flying.">',
                status_code=503,
            )
            self.assertFalse(Erratum.objects.exists())
            # In the editor's language.
            self.client.cookies["django_language"] = "it"
            url = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
            form = {"card": self.card.pk, "date": "2007-05-01", "language": "en", "position": 0}
            response = self.client.post(url, {**form, "text": "New wording."})
            self.assertContains(response, BUSY_IT, status_code=503)
            self.assertContains(response, "New wording.", status_code=503)
            self.ruling.refresh_from_db()
            self.assertEqual(self.ruling.text, "Old wording.")
            # A revert to a past version waits for the import too.
            past = self.ruling.history.earliest()
            revert = reverse("admin:rulings_ruling_simple_history", args=[self.ruling.pk, past.pk])
            response = self.client.post(revert, {**form, "text": "Reverted."})
            self.assertContains(response, BUSY_IT, status_code=503)
            # The public site keeps answering.
            self.client.cookies.clear()
            self.assertEqual(self.client.get(f"/en/cards/{self.card.slug}/").status_code, 200)
            self.client.force_login(self.editor)
        self.assertFalse(import_running())
        response = self.client.post(reverse("admin:oracle_erratum_add"), self.erratum_form)
        self.assertEqual(response.status_code, 302)
        self.assertTrue(Erratum.objects.exists())
