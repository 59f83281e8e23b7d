"""``create_editor``: a staff account in the editors group, never a superuser, that may correct
errata, rulings (and their statuses) and the rules cards use, and nothing else."""

from datetime import date
from io import StringIO
from unittest import mock

from django.contrib import admin
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse

from oracle.models import Erratum
from oracle.tests.factories import make_card
from rulings.editorial.editors import EDITOR_PERMISSIONS, EDITORS_GROUP
from rulings.linking.sync import link_cards
from rulings.models import CardRule, Ruling
from rulings.tests.factories import make_small_rules
from web.testing import EmptyDatabaseTestCase

PASSWORD = "sturdy-editor-pass-1993"
# The models whose admin pages an editor may add to and change, and those they may read.
EDITED = {"oracle.erratum", "rulings.ruling", "rulings.cardrule"}
READ = EDITED | {
    "oracle.card",
    "oracle.keyword",
    "oracle.cardtype",
    "rulings.rulesection",
    "rulings.sourcedocument",
}


def create(username="giulia", *args, password=PASSWORD, **env):
    out = StringIO()
    with mock.patch.dict("os.environ", {"ORACOLO_EDITOR_PASSWORD": password, **env}):
        call_command("create_editor", username, *args, "--no-input", stdout=out)
    return out.getvalue()


class CreateEditorCommandTests(EmptyDatabaseTestCase):
    def test_makes_a_staff_editor_who_is_not_a_superuser(self):
        out = create("giulia", "--email", "giulia@example.org")
        self.assertIn("Editor “giulia” created", out)
        user = User.objects.get(username="giulia")
        self.assertEqual((user.is_staff, user.is_superuser), (True, False))
        self.assertEqual(user.email, "giulia@example.org")
        self.assertEqual([group.name for group in user.groups.all()], [EDITORS_GROUP])
        self.assertTrue(user.check_password(PASSWORD))
        self.assertEqual(user.user_permissions.count(), 0)
        wanted = {
            f"{app}.{action}_{model}"
            for (app, model), actions in EDITOR_PERMISSIONS.items()
            for action in actions
        }
        self.assertEqual(user.get_all_permissions(), wanted)

    def test_asks_for_the_password_twice(self):
        out = StringIO()
        with mock.patch("getpass.getpass", side_effect=[PASSWORD, PASSWORD]) as asked:
            call_command("create_editor", "marco", stdout=out)
        self.assertEqual(asked.call_count, 2)
        self.assertTrue(User.objects.get(username="marco").check_password(PASSWORD))
        with mock.patch("getpass.getpass", side_effect=[PASSWORD, "something else"]):
            with self.assertRaisesMessage(CommandError, "The two passwords differ"):
                call_command("create_editor", "luca", stdout=StringIO())
        self.assertFalse(User.objects.filter(username="luca").exists())

    def test_refuses_an_existing_user_a_weak_password_and_no_password_without_input(self):
        create("giulia")
        with self.assertRaisesMessage(CommandError, "A user named “giulia” already exists"):
            create("giulia")
        with self.assertRaisesMessage(CommandError, "Password refused: This password is too"):
            create("marco", password="1234")
        self.assertFalse(User.objects.filter(username="marco").exists())
        with mock.patch.dict("os.environ"):
            import os

            os.environ.pop("ORACOLO_EDITOR_PASSWORD", None)
            with self.assertRaisesMessage(CommandError, "Set ORACOLO_EDITOR_PASSWORD"):
                call_command("create_editor", "luca", "--no-input", stdout=StringIO())


class EditorCanDoWhatTheGroupAllowsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.edition, cls.sections = make_small_rules()
        cls.card = make_card(name="Storm Crow", oracle_text="Flying")
        link_cards()
        cls.ruling = Ruling.objects.create(
            card=cls.card,
            date=date(2020, 1, 1),
            text="It flies.",
            origin=Ruling.Origin.IMPORTED,
            source_key="k",
        )
        create("giulia")

    def setUp(self):
        login = self.client.post(
            reverse("admin:login"),
            {"username": "giulia", "password": PASSWORD, "next": reverse("admin:index")},
        )
        self.assertRedirects(login, reverse("admin:index"))

    def test_every_admin_page_answers_as_the_group_allows(self):
        for model in admin.site._registry:
            opts = model._meta
            label = opts.label_lower
            changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
            add = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
            with (
                self.assertNoLogs("django.request")
                if label in READ
                else self.assertLogs("django.request", "WARNING")
            ):
                code = self.client.get(changelist).status_code
            self.assertEqual(code, 200 if label in READ else 403, label)
            if label not in EDITED:
                with self.assertLogs("django.request", "WARNING"):
                    self.assertEqual(self.client.get(add).status_code, 403, label)

    def test_corrects_errata_rulings_statuses_and_hand_links(self):
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": self.card.pk,
                "date": "2005-08-01",
                "field": "text",
                "old_text": "Storm Crow can block as though it had flying.",
                "new_text": "Flying",
                "reason": "",
                "reason_it": "",
                "source": "Oracle update",
            },
        )
        self.assertEqual(response.status_code, 302)
        self.assertTrue(Erratum.objects.filter(card=self.card).exists())

        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[self.ruling.pk]),
            {
                "card": self.card.pk,
                "date": "2020-01-01",
                "language": "en",
                "position": 0,
                "text": "It flies over walls.",
                "source_document": "",
                "status": Ruling.Status.OUTDATED,
                "status_note": "Walls are no longer a creature type.",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        self.ruling.refresh_from_db()
        self.assertEqual(
            (self.ruling.text, self.ruling.status, self.ruling.status_set_by_hand),
            ("It flies over walls.", Ruling.Status.OUTDATED, True),
        )

        response = self.client.post(
            reverse("admin:rulings_cardrule_add"),
            {
                "card": self.card.pk,
                "section": self.sections["702.17"].pk,
                "reason": CardRule.Reason.EDITOR,
                "detail": "compare with reach",
            },
        )
        self.assertEqual(response.status_code, 302)
        link = CardRule.objects.get(card=self.card, section__number="702.17")
        self.assertEqual(link.origin, CardRule.Origin.MANUAL)

    def test_cannot_make_themselves_or_anyone_a_superuser(self):
        giulia = User.objects.get(username="giulia")
        with self.assertLogs("django.request", "WARNING"):
            response = self.client.post(
                reverse("admin:auth_user_change", args=[giulia.pk]),
                {"username": "giulia", "is_staff": "on", "is_superuser": "on"},
            )
        self.assertEqual(response.status_code, 403)
        giulia.refresh_from_db()
        self.assertFalse(giulia.is_superuser)
