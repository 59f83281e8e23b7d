"""An editor's admin action raises the data version, and so the public pages' ETags, only when
it wrote to the data (web/http_caching.py, ``_data_writes``): an empty selection or an action
with nothing to act on leaves every page as its visitors' browsers and proxies keep it."""

from datetime import date

from django.contrib.auth.models import User
from django.test import Client, TransactionTestCase
from django.urls import reverse

from oracle import data_version
from oracle.tests.factories import make_card
from rulings.models import CardRule, Ruling
from rulings.tests.test_admin_permissions import AdminFixture

RULINGS = reverse("admin:rulings_ruling_changelist")
LINKS = reverse("admin:rulings_cardrule_changelist")


class AdminDataVersionTests(AdminFixture):
    @classmethod
    def setUpTestData(cls):
        # Committed as in production: no rise of the version is left waiting for the tests'.
        with cls.captureOnCommitCallbacks(execute=True):
            super().setUpTestData()

    def setUp(self):
        self.client.force_login(User.objects.create_superuser("boss", password="pw-for-tests"))

    def etag(self) -> str:
        response = Client().get(self.card.get_absolute_url())
        self.assertEqual(response.status_code, 200)
        return response["ETag"]

    def post(self, url, form):
        with self.captureOnCommitCallbacks(execute=True):
            response = self.client.post(url, form)
        self.assertIn(response.status_code, (200, 302))  # the list again, or back to it

    def test_actions_that_change_nothing_leave_the_etag_alone(self):
        before, version = self.etag(), data_version.current().number
        nothing = [
            (RULINGS, {"action": "withdraw"}),  # nothing selected
            (RULINGS, {"action": "keep_editors", "_selected_action": [self.ruling.pk]}),
            (RULINGS, {"action": "accept_upstream", "_selected_action": [self.ruling.pk]}),
            (LINKS, {"action": "undo_hand_changes", "_selected_action": [self.computed.pk]}),
        ]
        for url, form in nothing:
            with self.subTest(action=form["action"]):
                self.post(url, form)
                self.assertEqual(self.etag(), before)
        self.assertEqual(data_version.current().number, version)

    def test_a_real_change_changes_the_etag(self):
        before = self.etag()
        self.post(
            reverse("admin:rulings_cardrule_delete", args=[self.hand_made.pk]), {"post": "yes"}
        )
        self.assertFalse(CardRule.objects.filter(pk=self.hand_made.pk).exists())
        self.assertNotEqual(self.etag(), before)


class AdminSaveTests(TransactionTestCase):
    """Committed as in production, where the admin's own transaction commits before the
    middleware looks at what the request wrote (inside a test's transaction both rises wait
    for the same commit, and are one)."""

    def test_a_save_in_the_admin_raises_the_version_once(self):
        card = make_card(name="Storm Crow", oracle_text="Flying")
        ruling = Ruling.objects.create(
            card=card, date=date(2020, 1, 1), text="It flies.", origin=Ruling.Origin.EDITOR
        )
        self.client.force_login(User.objects.create_superuser("boss", password="pw-for-tests"))
        before = data_version.current().number
        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[ruling.pk]),
            {
                "card": card.pk,
                "date": "2020-01-01",
                "language": "en",
                "position": 0,
                "text": "It flies, corrected.",
                "source_document": "",
                "status": Ruling.Status.CURRENT,
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        ruling.refresh_from_db()
        self.assertEqual(ruling.text, "It flies, corrected.")
        self.assertEqual(data_version.current().number, before + 1)
