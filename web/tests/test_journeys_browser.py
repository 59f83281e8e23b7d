"""Journeys end to end in a real headless Chromium, as a player, an editor and a phone make
them: search -> card -> rule -> keyword -> document; an editor adds an erratum and corrects a
ruling, and the public page and the history page show both; the search and card pages at
390 x 844."""

from datetime import date

from django.contrib.auth.models import User

from oracle.models import Card
from oracle.tests.browser import FutureSightBrowserTestCase
from rulings.linking.sync import link_cards
from rulings.models import DocumentMention, DocumentSection, Language, Ruling, SourceDocument
from rulings.tests.factories import make_small_rules


class JourneyTests(FutureSightBrowserTestCase):
    def setUp(self):
        make_small_rules()
        link_cards()
        self.tarox = Card.objects.get(name="Tarox Bladewing")
        document = SourceDocument.objects.create(
            slug="compendio-visione-futura",
            title="Compendio di Visione Futura",
            kind=SourceDocument.Kind.RELEASE_NOTES,
            language=Language.ITALIAN,
            published_on=date(2007, 5, 4),
            original_text="Tarox Alaspada\nVolare, rapidità",
        )
        section = DocumentSection.objects.create(
            document=document, position=1, title="Tarox Alaspada", card=self.tarox
        )
        DocumentMention.objects.create(
            document=document, section=section, name="Tarox Alaspada", card=self.tarox
        )
        self.ruling = Ruling.objects.create(
            card=self.tarox,
            date=date(2007, 5, 1),
            text="Tarox's ability counts its power as it resolves.",
            origin=Ruling.Origin.IMPORTED,
            source_key="k",
        )

    def test_a_player_goes_from_a_search_to_a_card_a_rule_a_keyword_and_a_document(self):
        page = self.browser.new_page(locale="it-IT", viewport={"width": 1280, "height": 900})
        self.addCleanup(page.close)
        page.goto(self.live_server_url + "/it/")
        box = page.locator("#home-q")
        box.fill("alaspada")
        box.press("Enter")
        page.wait_for_url("**/it/cards/tarox-bladewing/")
        self.assertIn("Tarox Alaspada", page.get_by_role("heading", level=1).inner_text())
        page.locator("#rules-used").get_by_role("link").filter(has_text="702.9").click()
        page.wait_for_url("**/it/rules/702.9/")
        self.assertIn("702.9", page.get_by_role("heading", level=1).inner_text())
        page.go_back()
        page.get_by_role("link", name="Flying / Volare").click()
        page.wait_for_url("**/it/keywords/flying/")
        self.assertIn("Volare", page.get_by_role("heading", level=1).inner_text())
        page.go_back()
        page.locator("#documents").get_by_role("link", name="Compendio di Visione Futura").click()
        page.wait_for_url("**/it/sources/*/")
        self.assertIn("Compendio", page.get_by_role("heading", level=1).inner_text())

    def test_an_editor_adds_an_erratum_and_corrects_a_ruling(self):
        editor = User.objects.create_superuser("redattrice", password="pw-for-tests")
        page = self.signed_in_page(editor)
        context = page.context
        page.goto(f"{self.live_server_url}/admin/oracle/erratum/add/?card={self.tarox.pk}")
        page.get_by_label("Data").fill("2026-12-01")
        page.get_by_label("Testo nuovo").fill("Flying, haste, vigilance")
        page.get_by_label("Testo precedente").fill("Flying, haste")
        page.get_by_role("button", name="Salva", exact=True).click()
        page.wait_for_url("**/admin/oracle/erratum/")
        page.goto(f"{self.live_server_url}/admin/rulings/ruling/{self.ruling.pk}/change/")
        page.get_by_label("Testo").fill("Tarox counts its power when the ability resolves.")
        page.get_by_role("button", name="Salva", exact=True).click()
        page.wait_for_url("**/admin/rulings/ruling/")
        # The public page: the box follows the newer erratum, the ruling says it was corrected.
        public = context.new_page()
        public.goto(self.live_server_url + "/it/cards/tarox-bladewing/")
        box = public.locator(".lang-en").first.inner_text()
        self.assertIn("Flying, haste, vigilance", box)
        self.assertIn("1º dicembre 2026", box)
        ruling = public.locator(f"#ruling-{self.ruling.pk}").inner_text()
        self.assertIn("Tarox counts its power when the ability resolves.", ruling)
        self.assertIn("corretta dalla redazione", ruling)
        # The history page shows what changed, in Italian.
        public.locator(f"#ruling-{self.ruling.pk}").get_by_role("link", name="corretta").click()
        public.wait_for_url(f"**/admin/rulings/ruling/{self.ruling.pk}/history/")
        changes = public.locator(".history-changes").first.inner_text()
        self.assertIn("Testo", changes)
        self.assertIn("Origine", changes)

    def test_on_a_phone_the_search_and_the_card_come_first(self):
        page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 844})
        self.addCleanup(page.close)
        page.goto(self.live_server_url + "/it/cards/?q=t%3Acreatura+k%3Avolare")
        first = page.locator("table.card-list tbody tr").first
        self.assertLess(first.bounding_box()["y"], 0.6 * 844)
        first.get_by_role("link").first.click()
        page.wait_for_load_state()
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), 390)
        # Under the card's name, its legality in a line per status, then its picture, then
        # its text, all starting on the first screen.
        summary = page.locator(".legality-summary")
        self.assertTrue(summary.is_visible())
        self.assertFalse(page.locator(".legality-grid").is_visible())
        box = summary.bounding_box()
        self.assertLess(box["y"] + box["height"], 844)
        self.assertLess(page.locator(".card-picture").bounding_box()["y"], 844)
        self.assertLess(page.locator(".card-faces").bounding_box()["y"], 844)
