"""The editors' page of the Italian coverage: on the bundled data with two English texts
translated and approved (the suspend ruling of 52 cards, Giant Spider's ruling, printed in seven
sets), the exact card rulings covered overall, per set and per format, and the next texts to
translate linked to the admin; anyone but staff allowed to see the translations refused."""

import re
import uuid

from django.contrib.auth.models import Permission, User
from django.urls import reverse
from django.utils import timezone

from oracle.models import Card, CardSet, Printing
from rulings.models import Ruling, RulingText, RulingTranslation
from web.testing import BundledDataTestCase

URL = "/it/translations/coverage/"
PASSWORD = "pw-for-tests"
SUSPEND = "If the spell requires any targets, those targets are chosen when the spell is"
SPIDER = "This card now uses the Reach keyword ability"


def approve(starts: str, status=RulingTranslation.Status.APPROVED) -> RulingText:
    key = Ruling.objects.filter(language="en", text__startswith=starts).first().memory_key
    text = RulingText.objects.get(key=key)
    RulingTranslation.objects.create(
        text=text, italian=f"IT {text.english}", status=status, approved_at=timezone.now()
    )
    return text


def staff(username: str, permitted=True, is_staff=True) -> User:
    user = User.objects.create_user(username, password=PASSWORD, is_staff=is_staff)
    if permitted:
        user.user_permissions.add(Permission.objects.get(codename="view_rulingtranslation"))
    return user


class TranslationCoverageTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.suspend = approve(SUSPEND)
        cls.spider = approve(SPIDER)
        approve("If you can’t cast the card", status=RulingTranslation.Status.PROPOSED)
        # A second printing in Time Spiral of a card with the suspend ruling: still one ruling.
        card = Card.objects.get(slug="ivory-giant")
        Printing.objects.create(
            card=card,
            card_set=CardSet.objects.get(code="TSP"),
            uuid=uuid.uuid4(),
            collector_number="999",
            layout=card.layout,
            rarity="common",
        )
        cls.editor = staff("translator")

    def page(self, language="it", user=None):
        self.client.force_login(user or self.editor)
        response = self.client.get(f"/{language}/translations/coverage/")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def test_overall_counts_the_card_rulings_of_the_approved_texts(self):
        self.assertEqual((self.suspend.card_rulings, self.spider.card_rulings), (52, 1))
        page = self.page()
        self.assertIn("53 note di regolamento delle carte su 2.431 sono in italiano (2,2%).", page)
        self.assertIn('<progress class="coverage-overall" max="2431" value="53"', page)

    def test_a_card_counts_in_every_set_it_was_printed_in_once(self):
        page = self.page()
        expected = {
            "FUT": ["2,5%", "13", "525"],
            "TSP": ["2,9%", "27", "928"],
            "PLC": ["2,6%", "12", "462"],
            "LEA": ["100,0%", "1", "1"],
            "10E": ["100,0%", "1", "1"],
            "ONS": ["0,0%", "0", "196"],
        }
        for code, cells in expected.items():
            with self.subTest(code):
                at = page.index(f'<span class="muted">{code}</span>')
                cells_html = page[at : page.index("</tr>", at)]
                found = re.findall(r'<td class="num">([^<]*)</td>', cells_html)
                self.assertEqual(found, cells)

    def test_a_card_counts_in_every_format_where_it_may_be_played(self):
        page = self.page(language="en")
        expected = {
            "Legacy": ["2.2%", "53", "2,431"],
            "Modern": ["2.3%", "52", "2,222"],
            "Pauper": ["2.9%", "20", "696"],
            "Pioneer": ["0.8%", "1", "124"],
            "Old School": ["2.0%", "1", "50"],
            "Standard": ["0.0%", "0", "41"],
        }
        formats = page[page.index('id="formats"') : page.index('id="sets"')]
        for name, cells in expected.items():
            with self.subTest(name):
                at = formats.index(f'<th scope="row">{name}</th>')
                found = re.findall(r'<td class="num">([^<]*)</td>', formats[at:])[:3]
                self.assertEqual(found, cells)
        self.assertNotIn(">Oathbreaker<", formats)  # no card with rulings is legal there

    def test_the_next_texts_are_the_untranslated_ones_covering_most_linked_to_the_admin(self):
        page = self.page()
        texts = page[page.index('id="next-texts"') : page.index('id="formats"')]
        links = re.findall(r'<a href="([^"]+)" lang="en">', texts)
        self.assertEqual(len(links), 50)
        expected = (
            RulingText.objects.in_use()
            .exclude(key__in=[self.suspend.key, self.spider.key])
            .order_by("-card_rulings", "-newest", "key")[:50]
        )
        self.assertEqual(
            links, [reverse("admin:rulings_rulingtext_change", args=[t.key]) for t in expected]
        )
        # The proposed translation is no approved one: its text is still first, with its count.
        first = texts[texts.index(links[0]) :]
        self.assertTrue(first.split(">", 1)[1].startswith("If you can&#x27;t cast the card"))
        self.assertIn('<td class="num">52</td>', first[: first.index("</tr>")])

    def test_the_page_speaks_english_on_the_english_side(self):
        page = self.page(language="en")
        self.assertIn("53 of 2,431 card rulings are in Italian (2.2%).", page)
        self.assertIn("Next texts to translate", page)

    def test_a_withdrawn_ruling_counts_nowhere(self):
        Ruling.objects.filter(card__slug="knight-of-sursi", memory_key=self.suspend.key).update(
            status=Ruling.Status.WITHDRAWN
        )
        self.assertIn("52 note di regolamento delle carte su 2.430 sono in italiano", self.page())

    def test_the_queries_are_the_same_however_many_translations(self):
        self.client.force_login(self.editor)
        # The session and the user, the user's permissions, the data's age for the footer, then
        # the sets, the formats with the total, and the next texts.
        with self.assertNumQueries(2 + 2 + 2 + 3):
            self.client.get(URL)
        for text in RulingText.objects.filter(translation__isnull=True)[:20]:
            RulingTranslation.objects.create(text=text, italian="IT", status="approved")
        with self.assertNumQueries(2 + 2 + 2 + 3):
            self.client.get(URL)

    def test_an_approval_shows_at_the_next_visit(self):
        self.assertIn("53 note di regolamento delle carte su 2.431", self.page())
        RulingTranslation.objects.filter(status=RulingTranslation.Status.PROPOSED).update(
            status=RulingTranslation.Status.APPROVED
        )
        self.assertIn("105 note di regolamento delle carte su 2.431", self.page())


class TranslationCoverageRefusedTests(BundledDataTestCase):
    def test_a_visitor_is_refused_in_italian_with_a_way_to_sign_in(self):
        response = self.client.get(URL)
        self.assertEqual(response.status_code, 403)
        page = response.content.decode()
        self.assertIn("Riservata alla redazione", page)
        self.assertIn(f'href="{reverse("admin:login")}?next={URL}"', page)
        self.assertNotIn("sono in italiano", page)

    def test_staff_without_the_permission_and_others_with_it_are_refused(self):
        for user in (staff("staff", permitted=False), staff("reader", is_staff=False)):
            with self.subTest(user.username):
                self.client.force_login(user)
                response = self.client.get(URL)
                self.assertEqual(response.status_code, 403)
                page = response.content.decode()
                self.assertIn("chiedi il permesso a un amministratore", page)
                self.assertNotIn("sono in italiano", page)
