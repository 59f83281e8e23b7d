"""The about page's documents: each links to a page that exists, and the rulings database, which
has no page of its own, to the documents page's list of databases; on /it/about/ every sentence
is Italian, the English titles marked as such."""

from web.testing import BundledDocumentsTestCase


class AboutDocumentsTests(BundledDocumentsTestCase):
    def test_the_rulings_database_links_to_the_list_of_databases(self):
        for language in ("it", "en"):
            with self.subTest(language=language):
                response = self.client.get(f"/{language}/about/")
                self.assertContains(
                    response,
                    f'<a href="/{language}/sources/#databases-heading" lang="en">'
                    "Gatherer rulings (via MTGJSON)</a>",
                    html=False,
                )
                self.assertNotContains(response, f"/{language}/sources/1/")
                target = self.client.get(f"/{language}/sources/")
                self.assertContains(target, 'id="databases-heading"')

    def test_the_italian_page_says_the_database_s_source_in_italian(self):
        response = self.client.get("/it/about/")
        self.assertContains(
            response,
            "le note di regolamento del Gatherer di Wizards of the Coast",
        )
        self.assertNotContains(response, "as published in MTGJSON set files")
        # A document is "importato" (the card data's import is "importata").
        self.assertContains(response, "; importato ")
        self.assertNotContains(response, "; importata ")

    def test_the_english_page_keeps_its_english(self):
        response = self.client.get("/en/about/")
        self.assertContains(response, "the rulings of Wizards of the Coast's Gatherer")
        self.assertContains(response, "; imported ")
