"""The admin's history and revert pages speak the editor's language and show what changed: each
field by its name, each value as the form shows it, every text whole with its words marked."""

import re
from datetime import date

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.tests.factories import make_card, make_erratum
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase

LONG_TEXT = (
    "You divide the prevention effects as the triggered ability is put onto the stack, not as "
    "it resolves. Each target must be assigned at least 1 prevention shield."
)


def visible(html: str) -> str:
    """The text of ``html`` (from the admin's content on, for a whole page), tags dropped,
    spaces squeezed."""
    html = html[html.find('id="content"') + 1 :]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class HistoryPagesTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Angel of Salvation", oracle_text="Flash")
        cls.editor = User.objects.create_user("redattrice", password="pw", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        cls.ruling = Ruling.objects.create(
            card=cls.card,
            date=date(2021, 3, 19),
            text=LONG_TEXT,
            origin=Ruling.Origin.IMPORTED,
            source_key="k",
        )
        cls.erratum = make_erratum(cls.card, "Flash.", "Flash", when=date(2026, 12, 1))

    def setUp(self):
        self.client.force_login(self.editor)

    def edit_ruling(self):
        url = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
        form = {
            "card": self.card.pk,
            "date": "2021-03-19",
            "language": "en",
            "position": 0,
            "text": LONG_TEXT + " Corrected.",
            "status": "outdated",
            "status_note": "Le regole sono cambiate.",
        }
        self.assertEqual(self.client.post(url, form).status_code, 302)

    def history_page(self, language):
        self.client.cookies["django_language"] = language
        url = reverse("admin:rulings_ruling_history", args=[self.ruling.pk])
        return self.client.get(url).content.decode()

    def test_the_history_page_in_italian_names_fields_and_values_as_the_form_does(self):
        self.edit_ruling()
        page = self.history_page("it")
        text = visible(page)
        for words in (
            "Stato scelto a mano No → Sì",
            "Stato Valida → Superata",
            "Origine Importata → Scritta o corretta da un redattore",
            "Lingua",
            "Inglese",
            "19 marzo 2021",
            "Modifica redattrice",
            "Creazione",
            "un’importazione o un comando",
            "Che cosa è cambiato",
            "2 versioni",
        ):
            with self.subTest(words=words):
                self.assertIn(words, text)
        for raw in ("status_set_by_hand", "STATUS_SET_BY_HAND", "imported →", "current", "False",
                    "Changed", "None", "chars]", "Historical"):  # fmt: skip
            with self.subTest(raw=raw):
                self.assertNotIn(raw, text)
        # The whole text, its added words marked.
        self.assertIn(LONG_TEXT[:-1], text)
        self.assertRegex(page, r"shield\.(</del>)?<ins>\s*Corrected\.</ins>")
        self.assertIn("<ins>Le regole sono cambiate.</ins>", page)

    def test_the_history_page_in_english(self):
        self.edit_ruling()
        text = visible(self.history_page("en"))
        self.assertIn("Status set by hand No → Yes", text)
        self.assertIn("Status Current → Outdated", text)
        self.assertIn("March 19, 2021", text)

    def test_the_revert_page_has_the_admins_breadcrumbs_in_italian(self):
        self.client.cookies["django_language"] = "it"
        for model_name, obj in (("rulings_ruling", self.ruling), ("oracle_erratum", self.erratum)):
            with self.subTest(model=model_name):
                record = obj.history.earliest()
                url = reverse(f"admin:{model_name}_simple_history", args=[obj.pk, record.pk])
                response = self.client.get(url)
                self.assertEqual(response.status_code, 200, response.content[:500])
                page = response.content.decode()
                crumbs = page[page.index('<ol class="breadcrumbs">') :]
                crumbs = visible(crumbs[: crumbs.index("</ol>")])
                self.assertNotIn("Historical", page)
                self.assertIn("Pagina iniziale", crumbs)
                self.assertIn("Cronologia", crumbs)
                self.assertRegex(crumbs, r"Note di regolamento|Errata")
                self.assertRegex(crumbs, r"Ripristina (nota di regolamento|errata)")
