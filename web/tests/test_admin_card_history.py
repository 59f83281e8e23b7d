"""The card's history in the admin, in Italian: after an editor changed its erratum and its
ruling through the admin, the card's "Cronologia" lists those changes with who, when and what;
the admin's own sentences about errata and the time-zone note of its date fields in Italian."""

import json
import re
from datetime import date

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.tests.factories import make_card
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase

PASSWORD = "pw-for-tests"
ITALIAN = {"HTTP_ACCEPT_LANGUAGE": "it"}


def without_links(html: str) -> str:
    return re.sub(r"</?a\b[^>]*>", "", html)


class CardHistoryTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Giant Spider", name_it="Ragno Gigante", oracle_text="Reach")
        cls.editor = User.objects.create_user("redattrice", password=PASSWORD, is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        # Another card's ruling saved twice first, so that a version's id (history_id) is never
        # its ruling's id by chance, on any database.
        other = Ruling.objects.create(
            card=make_card(name="Grizzly Bears"), date=date(2004, 10, 4), text="A bear."
        )
        other.save()
        ruling = Ruling(
            card=cls.card,
            date=date(2007, 5, 1),
            text="Giant Spider can block creatures with flying.",
            origin=Ruling.Origin.IMPORTED,
            source_key="k",
        )
        ruling._change_reason = "Imported from MTGJSON"  # as the import says it
        ruling.save()
        cls.ruling = ruling

    def sign_in(self, username="redattrice"):
        response = self.client.post(
            reverse("admin:login"),
            {"username": username, "password": PASSWORD, "next": "/admin/"},
            **ITALIAN,
        )
        self.assertEqual(response.status_code, 302)

    def edit_in_the_admin(self):
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": self.card.pk,
                "date": "2005-08-01",
                "field": "text",
                "old_text": "Giant Spider can block as though it had flying.",
                "new_text": "Reach",
                "reason": "",
                "reason_it": "",
                "source": "Oracle update",
            },
        )
        self.assertEqual(response.status_code, 302)
        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[self.ruling.pk]),
            {
                "card": self.card.pk,
                "date": "2007-05-01",
                "language": "en",
                "position": 0,
                "text": "Giant Spider can block creatures with flying or reach.",
                "status": "current",
                "status_note": "",
            },
        )
        self.assertEqual(response.status_code, 302, response.content.decode()[-3000:])

    def history(self):
        url = reverse("admin:oracle_card_history", args=[self.card.pk])
        response = self.client.get(url, **ITALIAN)
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        return page[page.index('id="related-history"') :]

    def test_the_cards_history_lists_its_errata_and_rulings_changes(self):
        self.sign_in()
        self.edit_in_the_admin()
        history = self.history()
        rows = [without_links(row) for row in re.findall(r"<tr>(.*?)</tr>", history, re.S)[1:]]
        self.assertEqual(len(rows), 3)  # the ruling changed, the erratum added, the import
        changed, added, imported = rows
        self.assertIn("Nota di regolamento: Giant Spider, 2007-05-01 (en)", changed)
        self.assertIn("Modifica", changed)
        self.assertIn("redattrice", changed)
        self.assertIn("<dt>Testo</dt>", changed)
        self.assertIn("<ins> or reach</ins>", changed)
        self.assertIn("Errata: Giant Spider, 2005-08-01", added)
        self.assertIn("Creazione", added)
        self.assertIn("redattrice", added)
        self.assertIn("Da un’importazione: MTGJSON", imported)
        self.assertIn("un’importazione o un comando", imported)
        # Each record leads to its own history.
        ruling_history = reverse("admin:rulings_ruling_history", args=[self.ruling.pk])
        self.assertEqual(history.count(f'href="{ruling_history}"'), 2)
        page = self.client.get(reverse("admin:oracle_card_history", args=[self.card.pk]), **ITALIAN)
        self.assertContains(page, "La carta stessa la scrivono le importazioni")

    def test_the_rulings_own_history_says_why_in_italian(self):
        self.sign_in()
        url = reverse("admin:rulings_ruling_history", args=[self.ruling.pk])
        page = self.client.get(url, **ITALIAN).content.decode()
        self.assertIn("Da un’importazione: MTGJSON", page)
        self.assertNotIn("Imported from MTGJSON", page)

    def test_a_staff_member_who_may_not_see_rulings_sees_no_ruling_changes(self):
        clerk = User.objects.create_user("clerk", password=PASSWORD, is_staff=True)
        clerk.user_permissions.add(*Group.objects.get(name=EDITORS_GROUP).permissions.exclude(
            codename__in=["view_ruling", "change_ruling", "add_ruling", "delete_ruling"]
        ))  # fmt: skip
        self.sign_in()
        self.edit_in_the_admin()
        self.client.logout()
        self.sign_in("clerk")
        history = without_links(self.history())
        self.assertIn("Errata: Giant Spider", history)
        self.assertNotIn("Nota di regolamento", history)

    def test_the_admins_sentences_about_errata_read_right_in_italian(self):
        self.sign_in()
        self.edit_in_the_admin()  # the list's actions show when it lists something
        page = self.client.get(
            reverse("admin:oracle_card_change", args=[self.card.pk]), **ITALIAN
        ).content.decode()
        data = re.search(r'id="errata-group"[^>]*data-inline-formset="([^"]*)"', page)
        options = json.loads(data[1].replace("&quot;", '"'))["options"]
        self.assertEqual(options["addText"], "Aggiungi un’altra voce (Errata)")
        listing = self.client.get(reverse("admin:oracle_erratum_changelist"), **ITALIAN)
        self.assertContains(listing, "Elimina le voci selezionate (errata)")
        self.assertNotContains(listing, "Cancella errata selezionati")

    def test_the_time_zone_note_of_the_date_fields_is_italian(self):
        self.sign_in()
        catalogue = self.client.get(reverse("admin:jsi18n"), **ITALIAN).content.decode()
        self.assertIn("Nota: inserisci gli orari nel fuso orario %(timezone)s.", catalogue)
        self.assertIn("(Sei indietro di %(offset)s ore.)", catalogue)
