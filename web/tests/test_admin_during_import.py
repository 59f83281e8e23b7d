"""The admin while an import runs (common/admin_imports.py): on SQLite every request, a login, a
logout, a deletion, an action, a user's save, a list, answers "a data update is running" with 503
and Retry-After, before anything is written; a refused login is no password guess. Once the
import is over the data is as it was and the same requests go through. On PostgreSQL the admin
reads and signs in during an import; only the changes an editor posts wait."""

from datetime import date
from unittest import mock

from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from oracle.tests.factories import make_card
from rulings.admin.rulings import RulingAdmin
from rulings.models import Ruling, SourceDocument
from rulings.tests.test_saves_during_imports import BUSY_EN, BUSY_IT, import_in_another_process
from web.testing import EmptyDatabaseTestCase

PASSWORD = "pw-for-tests"
CHANGELIST = reverse("admin:rulings_ruling_changelist")


class AdminDuringImportTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Giant Spider", oracle_text="Reach")
        cls.ruling = Ruling.objects.create(card=cls.card, date=date(2007, 5, 1), text="Kept.")
        cls.other = Ruling.objects.create(card=cls.card, date=date(2008, 5, 1), text="Also.")
        cls.editor = User.objects.create_superuser("editor", password=PASSWORD)
        cls.helper = User.objects.create_user("helper", password=PASSWORD, is_staff=True)
        cls.document = SourceDocument.objects.create(
            slug="fut-notes", title="Future Sight notes", kind="release_notes", language="en"
        )

    def setUp(self):
        self.client.force_login(self.editor)

    def assertBusy(self, response, text=BUSY_EN):
        self.assertContains(response, text, status_code=503)
        self.assertEqual(response["Retry-After"], "60")

    def data(self):
        return (
            list(Ruling.objects.order_by("pk").values_list("pk", "text", "status")),
            list(User.objects.order_by("pk").values_list("username", "first_name", "is_active")),
            list(SourceDocument.objects.values_list("title", "kind")),
            AccessAttempt.objects.count(),
        )

    def user_form(self, **changes):
        url = reverse("admin:auth_user_change", args=[self.helper.pk])
        form = {
            "username": "helper",
            "is_active": "on",
            "is_staff": "on",
            "date_joined_0": "2026-01-02",
            "date_joined_1": "10:00:00",
        }
        return url, {**form, **changes}

    def deletion(self):
        return reverse("admin:rulings_ruling_delete", args=[self.ruling.pk]), {"post": "yes"}

    def action(self, name, ruling):
        return CHANGELIST, {"action": name, "_selected_action": [ruling.pk], "post": "yes"}

    def writes(self):
        """The changes an editor posts: a deletion, two actions, a user's save."""
        return [
            self.deletion(),
            self.action("withdraw", self.other),
            self.action("delete_selected", self.other),
            self.user_form(first_name="Renamed"),
        ]

    def test_every_change_waits_for_the_import_and_goes_through_after_it(self):
        writes = self.writes()
        before = self.data()
        document = reverse("admin:rulings_sourcedocument_change", args=[self.document.pk])
        with import_in_another_process():
            for url, form in [*writes, (document, {"title": "Renamed", "kind": "faq"})]:
                with self.subTest(url=url, action=form.get("action")):
                    self.assertBusy(self.client.post(url, form))
        self.assertEqual(self.data(), before)
        for url, form in writes[:2] + writes[3:]:
            with self.subTest(url=url, action=form.get("action")):
                self.assertEqual(self.client.post(url, form).status_code, 302)
        self.assertFalse(Ruling.objects.filter(pk=self.ruling.pk).exists())
        self.assertEqual(Ruling.objects.get(pk=self.other.pk).status, Ruling.Status.WITHDRAWN)
        self.assertEqual(User.objects.get(pk=self.helper.pk).first_name, "Renamed")
        url, form = self.action("delete_selected", self.other)
        self.assertEqual(self.client.post(url, form).status_code, 302)
        self.assertFalse(Ruling.objects.exists())

    def test_a_refused_post_can_be_sent_again_as_it_was(self):
        url, form = self.deletion()
        with import_in_another_process():
            response = self.client.post(url, form, headers={"accept-language": "it"})
        self.assertBusy(response, BUSY_IT)
        self.assertContains(response, f'<form method="post" action="{url}">', status_code=503)
        self.assertContains(
            response, '<input type="hidden" name="post" value="yes">', status_code=503
        )
        self.assertContains(response, "Non è stato salvato nulla.", status_code=503)

    def test_login_and_logout_during_an_import(self):
        visitor = Client()
        with import_in_another_process():
            logout = self.client.post(reverse("admin:logout"))
            right = visitor.post(
                reverse("admin:login"), {"username": "editor", "password": PASSWORD}
            )
            wrong = visitor.post(reverse("admin:login"), {"username": "editor", "password": "x"})
            if connection.vendor == "sqlite":
                for response in (logout, right, wrong):
                    self.assertBusy(response)
                    # A password is never written back into the page.
                    self.assertNotContains(response, PASSWORD, status_code=503)
                self.assertEqual(AccessAttempt.objects.count(), 0)  # no guess was checked
            else:
                self.assertEqual((logout.status_code, right.status_code), (200, 302))
                self.assertEqual(AccessAttempt.objects.count(), 1)  # the wrong one, counted
        # Still signed in: the refused logout changed nothing.
        if connection.vendor == "sqlite":
            self.assertEqual(self.client.get(reverse("admin:index")).status_code, 200)
            self.assertEqual(self.client.post(reverse("admin:logout")).status_code, 200)
            signed_in = visitor.post(
                reverse("admin:login"), {"username": "editor", "password": PASSWORD}
            )
            self.assertEqual(signed_in.status_code, 302)
        self.assertEqual(self.client.get(reverse("admin:index")).status_code, 302)

    def test_on_sqlite_even_the_lists_and_forms_wait_but_the_public_site_answers(self):
        pages = [
            reverse("admin:index"),
            CHANGELIST,
            reverse("admin:rulings_ruling_change", args=[self.ruling.pk]),
            self.deletion()[0],
        ]
        with import_in_another_process():
            for url in pages:
                with self.subTest(url=url):
                    response = self.client.get(url)
                    if connection.vendor == "sqlite":
                        self.assertBusy(response)
                    else:
                        self.assertEqual(response.status_code, 200)
            self.assertEqual(self.client.get(f"/en/cards/{self.card.slug}/").status_code, 200)
        for url in pages:
            self.assertEqual(self.client.get(url).status_code, 200)

    def test_an_import_that_begins_during_a_request_gets_the_same_page_not_a_500(self):
        locked = OperationalError("database is locked")
        with mock.patch.object(RulingAdmin, "get_queryset", side_effect=locked):
            self.assertBusy(self.client.get(CHANGELIST))
