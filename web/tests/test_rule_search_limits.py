"""The rules search within what one search may ask (issue 32, item 13): a query longer than its
characters or words allow is refused, saying so in the page's language, and the search counts
against the client's searches a minute."""

from unittest import mock
from urllib.parse import urlencode

from django.core.cache import caches
from django.test import override_settings

from rulings.tests.factories import make_small_rules
from web.pages.rules.search import MAX_QUERY, MAX_WORDS
from web.testing import EmptyDatabaseTestCase


class RuleSearchLimitTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_small_rules()

    def search(self, q, language="en"):
        return self.client.get(f"/{language}/rules/search/?" + urlencode({"q": q}))

    def test_a_search_over_the_limits_is_refused_saying_so(self):
        many = " ".join(f"w{n}" for n in range(MAX_WORDS + 5))
        for q, language, message in (
            (many, "en", f"it may have at most {MAX_WORDS}, this one has {MAX_WORDS + 5}."),
            (many, "it", f"può averne al massimo {MAX_WORDS}, questa ne ha {MAX_WORDS + 5}."),
            ("flying " * 40, "en", f"it may have at most {MAX_QUERY} characters, this one"),
        ):
            with self.subTest(language=language, q=q[:20]):
                self.assertContains(self.search(q, language), message, status_code=400)
        response = self.search(" ".join(["flying"] * MAX_WORDS))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "702.9a")

    @override_settings(SEARCH_RATE_LIMIT=2)
    def test_it_counts_against_the_clients_searches(self):
        caches["limits"].clear()
        with mock.patch("web.search_limits.clock", return_value=60 * 1_000_000 + 1):
            self.assertEqual(self.client.get("/en/cards/?q=flying").status_code, 200)
            self.assertEqual(self.search("flying").status_code, 200)
            response = self.search("flying", "it")
        self.assertEqual(response.status_code, 429)
        self.assertEqual(response["Retry-After"], "59")
        self.assertContains(response, "Troppe richieste", status_code=429)
