"""The wording in force, one for the card's box and its wording history: an editor adds an
erratum through the admin, and the box and the history's newest wording then say the same, in
both languages; every wording in the history shows its mana symbols as icons."""

import html
import re
from datetime import date

from django.contrib.auth import get_user_model
from django.utils import timezone

from oracle.models import CardDataImport, DataVersion, Erratum, PrintingFace
from oracle.tests.factories import make_card, make_set
from web.testing import EmptyDatabaseTestCase

PASSWORD = "pw-for-tests"
PRINTED = "Flying\nMorph {2}{W}{W} (You may play this face down as a 2/2 creature for {3}.)"
ORACLE = "Flying\nMorph {2}{W}{W} (You may cast this card face down as a 2/2 creature for {3}.)"


def visible(fragment: str) -> str:
    """The words of an HTML fragment as read: removed words left out, each paragraph and line a
    line, symbols by the text their icons stand for."""
    fragment = re.sub(r"<del>.*?</del>", "", fragment, flags=re.S)
    fragment = re.sub(r"</p>|<br>", "\n", fragment)
    text = html.unescape(re.sub(r"<[^>]+>", "", fragment))
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


class WordingInForceTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        CardDataImport.objects.create(source="AllPrintings.json", data_date=date(2022, 4, 25))
        DataVersion.objects.create(pk=1, number=1, changed_at=timezone.now())
        cls.card = make_card(
            name="Rift Angel",
            oracle_text=ORACLE,
            mana_cost="{3}{W}{W}",
            card_set=make_set("OLD", release_date=date(2002, 10, 7)),
        )
        PrintingFace.objects.filter(face__card=cls.card).update(original_text=PRINTED)
        get_user_model().objects.create_superuser("editor", password=PASSWORD)

    def sign_in(self):
        response = self.client.post(
            "/admin/login/", {"username": "editor", "password": PASSWORD, "next": "/admin/"}
        )
        self.assertRedirects(response, "/admin/", fetch_redirect_response=False)

    def add_erratum(self, old_text, new_text):
        """The editor's erratum of Dec. 1, 2026 (newer than the card data), posted as the
        admin's add page sends it."""
        with self.captureOnCommitCallbacks(execute=True):
            response = self.client.post(
                "/admin/oracle/erratum/add/",
                {
                    "card": self.card.pk,
                    "date": "2026-12-01",
                    "field": "text",
                    "face": "",
                    "old_text": old_text,
                    "new_text": new_text,
                    "reason": "",
                    "reason_it": "",
                    "source": "Editors' notes",
                },
            )
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])
        return Erratum.objects.get(card=self.card, date=date(2026, 12, 1))

    def page(self, language):
        response = self.client.get(f"/{language}/cards/{self.card.slug}/")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def box_text(self, page):
        box = page[page.index('<div class="lang-en"') : page.index('<div class="lang-it"')]
        return visible(re.search(r'<div class="rules-text">(.*?)</div>', box, re.S)[1])

    def history_entries(self, page):
        history = page[page.index('<section id="wording-history"') :]
        history = history[: history.index("</section>")]
        return re.findall(r'<li class="wording wording-(\w+)">(.*?)</li>', history, re.S)

    def newest_wording(self, page):
        """The text of the history's newest entry that shows a wording (the last entry says
        "the same wording as the one above" when it is)."""
        panels = [
            re.search(r'wording-text" lang="en">(.*?)</p>', body, re.S)
            for _kind, body in self.history_entries(page)
        ]
        return visible([panel for panel in panels if panel][-1][1])

    def test_an_erratum_added_in_the_admin_governs_the_box_and_ends_the_history(self):
        self.sign_in()
        # The add page starts from the wording in force.
        form = self.client.get(f"/admin/oracle/erratum/add/?card={self.card.pk}").content.decode()
        self.assertIn("Morph {2}{W}{W} (You may cast this card", html.unescape(form))
        self.add_erratum("Flying", "Flying, lifelink")
        expected = ORACLE.replace("Flying", "Flying, lifelink")
        for language, today in (("en", "Today's Oracle text"), ("it", "Testo Oracle di oggi")):
            with self.subTest(language=language):
                page = self.page(language)
                self.assertEqual(self.box_text(page), expected)
                self.assertEqual(self.newest_wording(page), expected)
                kind, last = self.history_entries(page)[-1]
                self.assertEqual(kind, "oracle")
                self.assertIn(today, html.unescape(last))
        # A second erratum starts from the first one's wording, and the API's history agrees.
        form = self.client.get(f"/admin/oracle/erratum/add/?card={self.card.pk}").content.decode()
        self.assertIn("Flying, lifelink\nMorph", html.unescape(form))
        record = self.client.get(f"/api/cards/{self.card.oracle_id}/").json()
        self.assertEqual(record["history"][-1]["text"], expected)

    def test_an_erratum_whose_old_words_are_nowhere_still_agrees_with_the_box(self):
        self.sign_in()
        self.add_erratum("Vigilance", "Lifelink")
        for language in ("en", "it"):
            with self.subTest(language=language):
                page = self.page(language)
                self.assertEqual(self.box_text(page), "Lifelink")
                self.assertEqual(self.newest_wording(page), "Lifelink")
                self.assertEqual(self.history_entries(page)[-1][0], "oracle")

    def test_every_wording_shows_its_symbols_as_icons(self):
        self.sign_in()
        self.add_erratum("Flying", "Flying, lifelink")
        entries = self.history_entries(self.page("it"))
        self.assertEqual([kind for kind, _body in entries], ["printed", "erratum", "oracle"])
        for kind, body in entries[:2]:
            with self.subTest(kind=kind):
                self.assertIn('aria-label="due generico, bianco, bianco"', body)
                without_icons = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", body)
                self.assertNotIn("{2}", without_icons)
