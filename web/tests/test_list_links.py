"""A page's links (``common.links``: reversed once per list, the values filled in)
follow the language of the page and the prefix the site is served under."""

from django.urls import get_script_prefix, set_script_prefix

from web.testing import BundledDataTestCase


class ListLinkTests(BundledDataTestCase):
    def test_a_set_page_links_its_printings_in_its_language(self):
        self.assertContains(self.client.get("/en/sets/fut/"), 'href="/en/sets/fut/123/"')
        italian = self.client.get("/it/sets/fut/")
        self.assertContains(italian, 'href="/it/sets/fut/123/"')
        self.assertNotContains(italian, 'href="/en/sets/fut/123/"')

    def test_links_follow_the_script_prefix_the_site_is_served_under(self):
        # As a WSGI server mounting the site under /oracolo/ sets it for each request.
        self.addCleanup(set_script_prefix, get_script_prefix())
        set_script_prefix("/oracolo/")
        page = self.client.get("/en/sets/fut/")
        set_script_prefix("/")
        self.assertContains(page, 'href="/oracolo/en/sets/fut/123/"')
        page = self.client.get("/en/sets/fut/")
        self.assertContains(page, 'href="/en/sets/fut/123/"')
        self.assertNotContains(page, "/oracolo/")

    def test_a_search_links_its_cards_in_its_language(self):
        for language in ("en", "it"):
            page = self.client.get(f"/{language}/cards/", {"q": "sliver"})
            self.assertContains(page, f'href="/{language}/cards/sliver-legion/"')
