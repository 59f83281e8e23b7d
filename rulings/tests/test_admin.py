from datetime import date

from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone, translation

from common.dates import long_date
from oracle.models import Erratum, Keyword
from oracle.tests.factories import make_card, make_set
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase


def long_date_in(language, day):
    with translation.override(language):
        return long_date(day)


class EditorsTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Giant Spider", name_it="Ragno Gigante", oracle_text="Reach")
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        cls.ruling = Ruling.objects.create(
            card=cls.card,
            date=date(2007, 5, 1),
            text="Original wording.",
            origin=Ruling.Origin.IMPORTED,
            source_key="k",
        )

    def setUp(self):
        self.client.force_login(self.editor)

    def test_editor_adds_an_erratum_and_it_is_recorded_with_who(self):
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": self.card.pk,
                "date": "2005-08-01",
                "field": "text",
                "old_text": "Giant Spider can block as though it had flying.",
                "new_text": "Reach",
                "reason": "Reach keyword",
                "reason_it": "Parola chiave raggiungere",
                "source": "Oracle update",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        erratum = Erratum.objects.get(card=self.card)
        record = erratum.history.get()
        self.assertEqual(record.history_user, self.editor)
        self.assertEqual(record.history_type, "+")

    def test_line_ends_typed_in_a_browser_are_stored_plain(self):
        card = make_card(name="Two Line Bear", oracle_text="Reach\nWhen this enters, draw a card.")
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": card.pk,
                "date": "2026-12-01",
                "field": "text",
                "old_text": "Reach\r\nWhen this enters,\rdraw two cards.",
                "new_text": "Reach\r\nWhen this enters, draw a card.",
                "reason": "A second card\r\n",
                "reason_it": "Una seconda carta",
                "source": "Oracle update",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        erratum = Erratum.objects.get(card=card)
        self.assertEqual(erratum.old_text, "Reach\nWhen this enters,\ndraw two cards.")
        # The erratum's wording is the card's Oracle text, byte for byte.
        self.assertEqual(erratum.new_text, card.faces.get().oracle_text)
        self.assertEqual(erratum.reason, "A second card")
        url = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
        form = {"card": self.card.pk, "date": "2007-05-01", "language": "en", "position": 0}
        self.client.post(url, {**form, "text": "First line.\r\n\r\nSecond line."})
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.text, "First line.\n\nSecond line.")
        page = self.client.get(f"/en/cards/{card.slug}/").content.decode()
        self.assertNotIn("\r", page)

    def test_a_ruling_an_editor_changed_says_so_beside_its_source(self):
        page = self.client.get(f"/it/cards/{self.card.slug}/").content.decode()
        self.assertNotIn("corretta dalla redazione", page)
        url = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
        form = {"card": self.card.pk, "date": "2007-05-01", "language": "en", "position": 0}
        self.client.post(url, {**form, "text": "Corrected wording."})
        today = long_date_in("it", timezone.localdate())
        history = reverse("admin:rulings_ruling_history", args=[self.ruling.pk])
        # Staff see it linked to the ruling's history; visitors see the words alone.
        page = self.client.get(f"/it/cards/{self.card.slug}/").content.decode()
        self.assertIn(f'<a href="{history}">corretta dalla redazione il {today}</a>', page)
        self.client.logout()
        page = self.client.get(f"/it/cards/{self.card.slug}/").content.decode()
        self.assertIn(f"corretta dalla redazione il {today}", page)
        self.assertNotIn(history, page)
        english = self.client.get(f"/en/cards/{self.card.slug}/").content.decode()
        self.assertIn(
            f"corrected by the editors on {long_date_in('en', timezone.localdate())}", english
        )

    def test_editing_a_ruling_makes_it_the_editors_and_can_be_reverted(self):
        url = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
        form = {
            "card": self.card.pk,
            "date": "2007-05-01",
            "language": "en",
            "position": 0,
            "text": "Corrected wording.",
            "source_document": "",
        }
        self.assertEqual(self.client.post(url, form).status_code, 302)
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.text, "Corrected wording.")
        self.assertEqual(self.ruling.origin, Ruling.Origin.EDITOR)
        history = list(self.ruling.history.order_by("history_date"))
        self.assertEqual([h.text for h in history], ["Original wording.", "Corrected wording."])
        self.assertEqual(history[-1].history_user, self.editor)
        self.assertEqual(history[-1].prev_record.text, "Original wording.")

        revert_url = reverse(
            "admin:rulings_ruling_simple_history", args=[self.ruling.pk, history[0].history_id]
        )
        self.assertContains(self.client.get(revert_url), "Original wording.")
        self.assertEqual(
            self.client.post(revert_url, {**form, "text": "Original wording."}).status_code, 302
        )
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.text, "Original wording.")
        self.assertEqual(self.ruling.history.count(), 3)

    def test_editor_sees_cards_read_only_and_cannot_touch_anything_else(self):
        response = self.client.get(reverse("admin:oracle_card_change", args=[self.card.pk]))
        self.assertEqual(response.status_code, 200)
        self.assertNotContains(response, 'name="name"')
        card_set = make_set()
        for name in ("admin:oracle_cardset_change", "admin:auth_user_changelist"):
            args = [card_set.pk] if "change" in name and "cardset" in name else []
            self.assertEqual(self.client.get(reverse(name, args=args)).status_code, 403, name)
        # Keywords are readable (a ruling can be about one) but not editable.
        keyword = Keyword.objects.create(slug="flying", name="Flying")
        response = self.client.get(reverse("admin:oracle_keyword_change", args=[keyword.pk]))
        self.assertEqual(response.status_code, 200)
        self.assertNotContains(response, 'name="name_it"')
        response = self.client.post(
            reverse("admin:oracle_keyword_change", args=[keyword.pk]),
            {"slug": "flying", "name": "Flying", "name_it": "Volare", "kind": "ability"},
        )
        self.assertEqual(response.status_code, 403)
        self.assertEqual(Keyword.objects.get(pk=keyword.pk).name_it, "")


class SuperuserAdminTests(EmptyDatabaseTestCase):
    def test_card_admin_shows_imported_fields_read_only_with_errata_inline(self):
        card = make_card()
        admin = User.objects.create_superuser("admin", password="pw-for-tests")
        self.client.force_login(admin)
        response = self.client.get(reverse("admin:oracle_card_change", args=[card.pk]))
        self.assertContains(response, "Serra Angel")
        self.assertNotContains(response, 'name="name"')
        self.assertContains(response, 'name="errata-TOTAL_FORMS"')
        for name in ("card", "erratum", "cardset", "keyword", "printing"):
            url = reverse(f"admin:oracle_{name}_changelist")
            self.assertEqual(self.client.get(url).status_code, 200, url)
        for name in ("ruling", "sourcedocument"):
            url = reverse(f"admin:rulings_{name}_changelist")
            self.assertEqual(self.client.get(url).status_code, 200, url)


class ImportedRulingHistoryTests(EmptyDatabaseTestCase):
    def test_an_imported_ruling_keeps_its_imported_wording_in_history(self):
        from io import StringIO

        from django.core.management import call_command

        from oracle.tests.helpers import FUT

        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())
        ruling = Ruling.objects.get(card__name="Tarox Bladewing")
        imported_text = ruling.text
        [record] = ruling.history.all()
        self.assertEqual((record.history_type, record.text), ("+", imported_text))

        admin = User.objects.create_superuser("admin", password="pw-for-tests")
        self.client.force_login(admin)
        form = {
            "card": ruling.card_id,
            "date": "2007-05-01",
            "language": "en",
            "position": 0,
            "text": "Edited.",
            "source_document": ruling.source_document_id,
        }
        url = reverse("admin:rulings_ruling_change", args=[ruling.pk])
        self.assertEqual(self.client.post(url, form).status_code, 302)
        history_page = self.client.get(reverse("admin:rulings_ruling_history", args=[ruling.pk]))
        self.assertContains(history_page, "Imported from MTGJSON")
        revert_url = reverse(
            "admin:rulings_ruling_simple_history", args=[ruling.pk, record.history_id]
        )
        self.assertContains(self.client.get(revert_url), "Tarox Bladewing’s power")
        self.client.post(revert_url, {**form, "text": imported_text})
        ruling.refresh_from_db()
        self.assertEqual(ruling.text, imported_text)
        # Still the editor's now: a re-import neither duplicates nor touches it.
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())
        self.assertEqual(Ruling.objects.filter(card__name="Tarox Bladewing").count(), 1)
