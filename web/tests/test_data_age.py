"""How old the data is: the footer of every page, the about page and the API's "data"."""

from datetime import date

from django.utils import timezone
from django.utils.html import escape

from oracle import data_version
from oracle.models import CardDataImport, DataVersion
from rulings.tests.factories import make_edition
from web.testing import DATA_AGE_QUERIES, BundledDocumentsTestCase, EmptyDatabaseTestCase

FOOTER_EN = "Cards: MTGJSON of April 25, 2022 · Rules in force since April 17, 2026"
FOOTER_IT = "Carte: MTGJSON del 25 aprile 2022 · Regole in vigore dal 17 aprile 2026"


class FooterTests(BundledDocumentsTestCase):
    def test_an_english_page_says_both_dates_in_english(self):
        for url in ("/en/", "/en/rules/702.37/", "/en/cards/exalted-angel/", "/en/about/"):
            with self.subTest(url=url):
                self.assertContains(self.client.get(url), FOOTER_EN)

    def test_an_italian_page_says_both_dates_in_italian(self):
        for url in ("/it/", "/it/rules/702.37/", "/it/cards/exalted-angel/", "/it/about/"):
            with self.subTest(url=url):
                self.assertContains(self.client.get(url), FOOTER_IT)

    def test_the_footer_links_to_the_about_page(self):
        self.assertContains(
            self.client.get("/it/sets/"), '<a href="/it/about/">Fonti e licenze</a>'
        )
        self.assertContains(
            self.client.get("/en/sets/"), '<a href="/en/about/">Sources and licences</a>'
        )

    def test_the_cards_date_comes_with_the_data_version_in_one_query(self):
        with self.assertNumQueries(1):
            version = data_version.current()
        self.assertEqual(version.cards_date, date(2022, 4, 25))

    def test_a_page_without_other_queries_makes_only_those(self):
        # The ETag and the footer share the data version; the footer reads the rules' date.
        with self.assertNumQueries(DATA_AGE_QUERIES):
            response = self.client.get("/en/help/search/")
        self.assertContains(response, FOOTER_EN)
        self.assertTrue(response.has_header("ETag"))


class ItalianElisionTests(EmptyDatabaseTestCase):
    def test_the_article_elides_before_eleven_and_eight(self):
        make_edition(date(2020, 8, 11))
        CardDataImport.objects.create(version="5.2.0+20210808", data_date=date(2021, 8, 8))
        DataVersion.objects.create(pk=1, number=1, changed_at=timezone.now())  # as an import does
        response = self.client.get("/it/sets/")
        self.assertContains(
            response, "Carte: MTGJSON dell’8 agosto 2021 · Regole in vigore dall’11 agosto 2020"
        )

    def test_an_edition_not_yet_in_force_is_not_named(self):
        make_edition(date(2020, 8, 11))
        make_edition(date(2999, 1, 1))
        response = self.client.get("/it/sets/")
        self.assertContains(response, "Regole in vigore dall’11 agosto 2020")

    def test_no_data_no_dates(self):
        response = self.client.get("/en/sets/")
        self.assertNotContains(response, "MTGJSON of")
        self.assertNotContains(response, "Rules in force since")
        self.assertContains(response, "Sources and licences")


class AboutPageTests(BundledDocumentsTestCase):
    def test_the_sources_with_versions_licences_and_imports_in_english(self):
        response = self.client.get("/en/about/")
        self.assertEqual(response.status_code, 200)
        for text in (
            "<h1>Sources and licences</h1>",
            "Card data: MTGJSON",
            "5.2.0+20220425",
            "April 25, 2022",
            "MIT licence",
            "FUT.json",
            "Comprehensive Rules",
            "20260417.txt",
            "April 17, 2026",
            "May 1, 2007",
            "Fan Content Policy",
            "Documents",
            "<td>1128</td>",  # cards
            "<td>730</td>",  # the 2026 glossary's entries
        ):
            with self.subTest(text=text):
                self.assertContains(response, text)

    def test_the_same_in_italian(self):
        response = self.client.get("/it/about/")
        for text in (
            "<h1>Fonti e licenze</h1>",
            "Dati delle carte: MTGJSON",
            "25 aprile 2022",
            "licenza MIT",
            "Regole complete",
            "1º maggio 2007",
            "In vigore dal",
        ):
            with self.subTest(text=text):
                self.assertContains(response, text)

    def test_every_document_is_listed(self):
        from rulings.models import SourceDocument

        response = self.client.get("/en/about/")
        for document in SourceDocument.objects.all():
            with self.subTest(document=document.title):
                self.assertContains(response, escape(document.title))
                if document.kind != SourceDocument.Kind.RULINGS_DATABASE:
                    self.assertContains(response, document.get_absolute_url())


class ApiDataTests(BundledDocumentsTestCase):
    DATA = {"cards": "2022-04-25", "rules": "2026-04-17"}

    def test_a_search_says_the_data_dates(self):
        answer = self.client.get("/api/cards/", {"q": "t:goblin"}).json()
        self.assertEqual(answer["data"], self.DATA)

    def test_a_card_says_the_data_dates(self):
        angel = self.client.get("/api/cards/", {"q": '!"Exalted Angel"'}).json()["results"][0]
        answer = self.client.get(f"/api/cards/{angel['id']}/").json()
        self.assertEqual(answer["name"], "Exalted Angel")
        self.assertEqual(answer["data"], self.DATA)


class ApiWithoutDataTests(EmptyDatabaseTestCase):
    def test_unknown_dates_are_null(self):
        answer = self.client.get("/api/cards/", {"q": "t:goblin"}).json()
        self.assertEqual(answer["data"], {"cards": None, "rules": None})
