"""The admin as an Italian editor sees it: Italian from the browser's language or the switch in
the header, the history and revert pages translated, legality as a table, keywords and types by
both names, a new erratum starting from today's wording, messages that agree with the model's
Italian name ("La carta … è stata modificata")."""

import re
from html import unescape

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.models import CardFace, Erratum, Keyword
from oracle.tests.factories import make_card, make_erratum
from web.testing import EmptyDatabaseTestCase

ITALIAN = {"accept-language": "it-IT,it;q=0.9"}
ENGLISH = {"accept-language": "en-GB,en;q=0.9"}


def page_text(response) -> str:
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", " ", response.content.decode())
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def old_text_of(response) -> str:
    return re.search(
        r'<textarea name="old_text"[^>]*>\n?(.*?)</textarea>', response.content.decode(), re.S
    )[1]


def messages_of(response) -> list[str]:
    return [
        " ".join(unescape(re.sub(r"<[^>]+>", "", str(m))).split())
        for m in response.context["messages"]
    ]


class ItalianEditorTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.flying = Keyword.objects.create(slug="flying", name="Flying", name_it="Volare")
        cls.card = make_card(
            name="Giant Spider",
            name_it="Ragno Gigante",
            type_line="Creature — Spider",
            oracle_text="Reach",
            legalities={"legacy": "Legal", "vintage": "Legal", "paupercommander": "Restricted"},
        )
        cls.card.keywords.add(cls.flying)
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name="editors"))
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")

    def setUp(self):
        self.client.force_login(self.editor)

    def get(self, url, headers=ITALIAN, **params):
        response = self.client.get(url, params, headers=headers)
        self.assertEqual(response.status_code, 200, url)
        return response

    def test_the_browsers_language_chooses_the_admins(self):
        self.assertIn("Amministrazione di Oracolo", page_text(self.get("/admin/")))
        self.assertIn("Oracolo administration", page_text(self.get("/admin/", headers=ENGLISH)))
        text = page_text(self.get("/admin/"))
        self.assertIn("Nome del modello", text)  # Django's own words Django leaves untranslated
        self.assertNotIn("Model name", text)

    def test_the_language_switch_in_the_header_keeps_the_choice(self):
        make_erratum(self.card, "Old.", "Reach")
        self.assertContains(self.get("/admin/", headers=ENGLISH), 'id="admin-language-form"')
        response = self.client.post(
            "/i18n/setlang/", {"language": "it", "next": "/admin/oracle/erratum/"}
        )
        self.assertRedirects(response, "/admin/oracle/erratum/", fetch_redirect_response=False)
        text = page_text(self.get("/admin/oracle/erratum/", headers=ENGLISH))
        self.assertIn("Scegli errata da modificare", text)
        self.assertIn("Cerca tra errata", text)
        self.assertIn("Esegui", text)

    def test_the_card_shows_legality_as_a_table_and_keywords_by_both_names(self):
        url = reverse("admin:oracle_card_change", args=[self.card.pk])
        italian = self.get(url)
        self.assertNotContains(italian, "paupercommander")
        self.assertContains(italian, '<table class="legality-table">')
        text = page_text(italian)
        self.assertIn("Formato Stato Standard Non legale Pioneer Non legale", text)
        self.assertIn("Legacy Legale", text)
        self.assertIn("Pauper Commander Limitata", text)
        self.assertIn("Volare (Flying)", text)
        self.assertIn("Visualizza carta", text)
        self.assertIn("Cronologia", text)
        english = page_text(self.get(url, headers=ENGLISH))
        self.assertIn("Format Status Standard Not legal", english)
        self.assertIn("Flying (Volare)", english)

    def test_a_new_erratum_starts_from_the_cards_wording(self):
        url = reverse("admin:oracle_erratum_add")
        response = self.get(url, card=self.card.pk)
        self.assertEqual(old_text_of(response), "Reach")
        self.assertContains(response, "Testo precedente")
        # Only the card's faces to choose from.
        self.assertEqual(
            list(response.context["adminform"].form.fields["face"].queryset),
            list(self.card.faces.all()),
        )
        response = self.get(url, card=self.card.pk, field="type_line")
        self.assertEqual(old_text_of(response), "Creature — Spider")
        self.assertContains(self.get(url), "/static/js/erratum-wording.js")
        self.assertEqual(list(self.get(url).context["adminform"].form.fields["face"].queryset), [])

    def test_a_chosen_face_gives_its_own_wording(self):
        card = make_card(name="Rough", oracle_text="Rough deals 2 damage.")
        CardFace.objects.create(card=card, position=1, name="Tumble", oracle_text="Tumble deals 6.")
        tumble = card.faces.get(name="Tumble")
        url = reverse("admin:oracle_erratum_add")
        self.assertEqual(
            old_text_of(self.get(url, card=card.pk, face=tumble.pk)), "Tumble deals 6."
        )
        # Two faces and none chosen: nothing to start from.
        self.assertEqual(old_text_of(self.get(url, card=card.pk)), "")
        wording = self.client.get(
            reverse("admin:oracle_erratum_wording"), {"card": card.pk, "face": tumble.pk}
        ).json()
        self.assertEqual(wording["old_text"], "Tumble deals 6.")
        self.assertEqual([face["name"] for face in wording["faces"]], ["Rough", "Tumble"])
        other = self.client.get(
            reverse("admin:oracle_erratum_wording"), {"card": self.card.pk, "face": tumble.pk}
        ).json()
        self.assertEqual(other["old_text"], "Reach")  # a face of another card is not taken

    def test_the_cards_errata_inline_starts_from_its_wording(self):
        self.client.force_login(self.admin)
        response = self.get(reverse("admin:oracle_card_change", args=[self.card.pk]))
        self.assertRegex(
            response.content.decode(),
            r'<textarea name="errata-__prefix__-old_text"[^>]*>\s*Reach</textarea>',
        )
        self.assertContains(response, f'href="/admin/oracle/erratum/add/?card={self.card.pk}"')

    def test_messages_agree_with_the_models_italian_name(self):
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": self.card.pk,
                "date": "2005-08-01",
                "field": "text",
                "old_text": "Giant Spider can block as though it had flying.",
                "new_text": "Reach",
            },
            headers=ITALIAN,
            follow=True,
        )
        self.assertEqual(
            messages_of(response), ["L'errata «Giant Spider, 2005-08-01» è stata aggiunta."]
        )
        self.client.force_login(self.admin)
        url = reverse("admin:oracle_card_change", args=[self.card.pk])
        form = {
            "errata-TOTAL_FORMS": 1,
            "errata-INITIAL_FORMS": 1,
            "errata-0-id": Erratum.objects.get().pk,
            "errata-0-card": self.card.pk,
            "errata-0-date": "2005-08-01",
            "errata-0-field": "text",
            "errata-0-old_text": "Giant Spider can block as though it had flying.",
            "errata-0-new_text": "Reach",
        }
        for formset in self.get(url).context["inline_admin_formsets"]:
            management = formset.formset.management_form
            form |= {
                management.add_prefix(name): value for name, value in management.initial.items()
            }
        form["errata-TOTAL_FORMS"] = 1
        response = self.client.post(url, form, headers=ITALIAN, follow=True)
        self.assertEqual(messages_of(response), ["La carta «Giant Spider» è stata modificata."])
        response = self.client.post(url, form, headers=ENGLISH, follow=True)
        self.assertEqual(
            messages_of(response), ["The card “Giant Spider” was changed successfully."]
        )

    def test_history_and_revert_pages_in_italian(self):
        erratum = make_erratum(self.card, "Old.", "Reach", field="text")
        erratum.new_text = "Reach."
        erratum.save()
        history = erratum.history.order_by("history_date")
        text = page_text(self.get(reverse("admin:oracle_erratum_history", args=[erratum.pk])))
        for words in (
            "Scegli una data dall’elenco qui sotto per tornare a una versione precedente.",
            "Data e ora Versione Data Che cosa è cambiato Operazione Autore Che cosa è cambiato",
            "Testo Oracle",  # the field column in words, not "text"
            "Creazione",
            "Modifica",
            "Testo nuovo Reach .",  # the field by its name, the whole text with its change
            "2 versioni",
        ):
            self.assertIn(words, text)
        history_page = self.get(reverse("admin:oracle_erratum_history", args=[erratum.pk]))
        self.assertContains(history_page, "Reach<ins>.</ins>")
        revert_url = reverse(
            "admin:oracle_erratum_simple_history", args=[erratum.pk, history[0].history_id]
        )
        text = page_text(self.get(revert_url))
        self.assertIn("Ripristina errata", text)
        self.assertIn(
            "Premi il pulsante «Ripristina» qui sotto per tornare a questa versione.", text
        )
        self.assertContains(self.get(revert_url), 'value="Ripristina"')

    def test_keyword_pickers_show_both_names(self):
        response = self.get(reverse("admin:rulings_ruling_add"))
        self.assertContains(response, f'<option value="{self.flying.pk}">Volare (Flying)</option>')
        response = self.get(reverse("admin:rulings_ruling_add"), headers=ENGLISH)
        self.assertContains(response, f'<option value="{self.flying.pk}">Flying (Volare)</option>')
