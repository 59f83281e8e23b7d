"""What the page cache keys a page by: its path and the query parameters its view reads, so that
addresses made up outside (junk parameters) add nothing to it; what it never keeps (an answer
over PAGE_CACHE_MAX_BYTES, a shared decklist); that its entries expire."""

import time

from django.core.cache import cache, caches
from django.db import connection
from django.test import SimpleTestCase, override_settings
from django.test.utils import CaptureQueriesContext

from oracle.decks import sharing
from oracle.models import Card
from web.testing import BundledDataTestCase, settings_in_subprocess

RULE = "/en/rules/702/"
DECKLIST = "4 Tarox Bladewing\n20 Mountain\n"


def page_entries() -> list[str]:
    """The pages this process's cache holds (the local memory cache of the tests)."""
    return [key for key in cache._cache if ":page:" in key]


@override_settings(PAGE_CACHE_SECONDS=300)
class PageCacheTestCase(BundledDataTestCase):
    def setUp(self):
        cache.clear()
        caches["limits"].clear()
        self.addCleanup(cache.clear)

    def get_cached(self, url):
        """The answer to ``url`` and whether it came from the page cache (no query but the
        data version's)."""
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(url)
        return response, len(queries) == 1


class JunkParameterTests(PageCacheTestCase):
    def test_junk_on_a_rule_page_adds_no_entry_and_answers_the_same_page(self):
        first = self.client.get(RULE)
        self.assertEqual(first.status_code, 200)
        self.assertEqual(len(page_entries()), 1)
        for junk in ("?junk=1", "?junk=2&more=x", "?page=&zzz=%00"):
            response, cached = self.get_cached(RULE + junk)
            self.assertEqual(response.status_code, 200)
            self.assertTrue(cached, junk)
            self.assertEqual(response.content, first.content)
        self.assertEqual(len(page_entries()), 1)
        italian = self.client.get("/it/rules/702/?junk=1")
        self.assertTrue(self.get_cached("/it/rules/702/?junk=2")[1])
        self.assertNotEqual(italian.content, first.content)
        self.assertEqual(len(page_entries()), 2)

    def test_junk_on_a_card_page_adds_no_entry(self):
        url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()
        first = self.client.get(url)
        for number in range(5):
            response, cached = self.get_cached(f"{url}?junk={number}")
            self.assertTrue(cached)
            self.assertEqual(response.content, first.content)
        self.assertEqual(len(page_entries()), 1)

    def test_junk_never_reaches_the_page_first_rendered_with_it(self):
        response = self.client.get(RULE + "?edition=&junkmarker=zzq")
        self.assertEqual(response.status_code, 200)
        self.assertNotContains(response, "junkmarker")  # the language links, for one
        self.assertContains(response, 'href="/it/rules/702/"')

    def test_an_unknown_address_keeps_its_query_for_the_redirect(self):
        response = self.client.get("/en/cards?q=t:dragon")
        self.assertEqual(response.status_code, 301)
        self.assertEqual(response["Location"], "/en/cards/?q=t:dragon")


class DeclaredParameterTests(PageCacheTestCase):
    def test_declared_parameters_still_give_different_pages(self):
        dragons = self.client.get("/en/cards/?q=t:creature")
        goblins = self.client.get("/en/cards/?q=t:instant")
        self.assertNotEqual(dragons.content, goblins.content)
        self.assertEqual(len(page_entries()), 2)
        trample = self.client.get("/en/rules/search/?q=trample")
        flying = self.client.get("/en/rules/search/?q=flying")
        self.assertNotEqual(trample.content, flying.content)
        self.assertEqual(len(page_entries()), 4)

    def test_the_order_of_the_parameters_and_empty_ones_make_one_entry(self):
        first = self.client.get("/en/cards/?q=t:creature&page=2")
        for url in (
            "/en/cards/?page=2&q=t:creature",
            "/en/cards/?page=2&color=&q=t:creature&junk=1",
        ):
            response, cached = self.get_cached(url)
            self.assertTrue(cached, url)
            self.assertEqual(response.content, first.content)
        self.assertEqual(len(page_entries()), 1)

    def test_links_built_from_the_query_carry_only_what_the_page_reads(self):
        response = self.client.get("/en/cards/?q=t:creature&junkmarker=zzq")
        self.assertContains(response, "page=2")  # the pagination, from the query
        self.assertNotContains(response, "junkmarker")

    def test_the_api_keys_its_parameters_too(self):
        first = self.client.get("/api/cards/?q=t:creature")
        response, cached = self.get_cached("/api/cards/?q=t:creature&junk=1")
        self.assertTrue(cached)
        self.assertEqual(response.content, first.content)
        page_two = self.client.get("/api/cards/?q=t:creature&page=2")
        self.assertNotEqual(page_two.content, first.content)
        scryfall = "/api/scryfall/cards/search?q=t:goblin"
        self.client.get(scryfall)
        self.assertTrue(self.get_cached(scryfall + "&junk=1")[1])
        self.assertFalse(self.get_cached(scryfall + "&unique=prints")[1])


class UncachedAnswerTests(PageCacheTestCase):
    @override_settings(PAGE_CACHE_MAX_BYTES=10_000)
    def test_an_answer_over_the_size_limit_is_not_stored(self):
        first = self.client.get(RULE)
        self.assertGreater(len(first.content), 10_000)
        self.assertEqual(page_entries(), [])
        response, cached = self.get_cached(RULE)
        self.assertFalse(cached)
        self.assertEqual(response.status_code, 200)
        self.assertIn("public", response["Cache-Control"])  # browsers may still keep it
        small, _ = self.get_cached("/api/rules/")
        self.assertLess(len(small.content), 10_000)
        self.assertEqual(len(page_entries()), 1)

    def test_pages_are_kept_compressed_under_the_size_limit(self):
        first = self.client.get(RULE)
        with override_settings(PAGE_CACHE_MAX_BYTES=len(first.content) // 2):
            cache.clear()
            first = self.client.get(RULE)
            self.assertEqual(len(page_entries()), 1)
            response, cached = self.get_cached(RULE)
        self.assertTrue(cached)
        self.assertEqual(response.content, first.content)
        self.assertEqual(response["Content-Type"], first["Content-Type"])

    @override_settings(PAGE_CACHE_ADDS_PER_MINUTE=3)
    def test_one_client_adds_a_few_pages_a_minute_and_others_still_add_theirs(self):
        for number in range(6):
            response = self.client.get(f"/en/cards/?q=t:goblin+mv>={number}")
            self.assertEqual(response.status_code, 200)
        self.assertEqual(len(page_entries()), 3)
        # Past its share the client is still answered, from the cache where the page is there.
        self.assertTrue(self.get_cached("/en/cards/?q=t:goblin+mv>=0")[1])
        self.assertFalse(self.get_cached("/en/cards/?q=t:goblin+mv>=5")[1])
        self.client.get("/en/cards/?q=t:elf", REMOTE_ADDR="198.51.100.9")
        self.assertEqual(len(page_entries()), 4)

    def test_a_shared_decklist_is_not_stored_and_keeps_its_parameters(self):
        url = f"/en/decks/?format=pauper&d={sharing.encode(DECKLIST)}&junk=1"
        first = self.client.get(url)
        self.assertEqual(first.status_code, 200)
        self.assertEqual(first.context["result"].text, DECKLIST)
        self.assertEqual(first.context["form"]["format"].value(), "pauper")
        response, cached = self.get_cached(url)
        self.assertFalse(cached)
        self.assertEqual(response.status_code, 200)
        self.assertEqual(page_entries(), [])
        sheet = url.replace("/decks/", "/decks/sheet/")
        self.assertEqual(self.client.get(sheet).status_code, 200)
        self.assertEqual(page_entries(), [])


class DefaultTimeoutTests(SimpleTestCase):
    def test_the_default_cache_keeps_nothing_without_expiry(self):
        result = settings_in_subprocess(
            {"PAGE_CACHE_SECONDS": "3600"}, ["CACHES", "PAGE_CACHE_MAX_BYTES"], unset=("CACHE_URL",)
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('"TIMEOUT": 3600', result.stdout)
        self.assertIn('"PAGE_CACHE_MAX_BYTES": 524288', result.stdout)
        off = settings_in_subprocess({"PAGE_CACHE_SECONDS": "0"}, ["CACHES"], unset=("CACHE_URL",))
        self.assertIn('"TIMEOUT": 300', off.stdout)


class ExpiryTests(BundledDataTestCase):
    @override_settings(PAGE_CACHE_SECONDS=300)
    def test_a_page_is_stored_with_the_page_cache_timeout(self):
        cache.clear()
        self.addCleanup(cache.clear)
        self.client.get(RULE)
        (key,) = page_entries()
        self.assertAlmostEqual(cache._expire_info[key], time.time() + 300, delta=60)
