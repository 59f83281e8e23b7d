"""What the rules app shows on a card's page and in its API record (``web.pages.card.rulings``,
``web.api.card_rulings``), and the search terms web passes to every search
(``rulings.search_terms``: ``rule:``, ``has:rulings``)."""

import json
from datetime import date

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.tests.factories import make_card, make_erratum, make_set
from rulings.models import CardRuleSearch, Ruling
from rulings.tests.factories import make_small_rules
from web.testing import DATA_AGE_QUERIES, EmptyDatabaseTestCase


class CardPageAndApiTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_small_rules()
        cls.card = make_card(
            name="Ruled Spider",
            oracle_text="Reach (see rule 702.17)",
            card_set=make_set("AAA", "A"),
        )
        Ruling.objects.create(card=cls.card, date=date(2007, 5, 1), text="Reach is 702.17.")
        Ruling.objects.create(card=cls.card, date=date(2007, 5, 1), language="it", text="Sì, può.")

    def queries_for(self, url):
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return response, len(queries)

    def test_query_count_does_not_grow_with_rulings(self):
        one = make_card(name="One Ruling", card_set=make_set("BBB", "B"))
        ten = make_card(name="Ten Rulings", card_set=make_set("CCC", "C"))
        Ruling.objects.create(card=one, date=date(2007, 5, 1), text="Only ruling.")
        for n in range(10):
            Ruling.objects.create(card=ten, date=date(2007, 5, n + 1), text=f"Ruling {n}.")
            make_erratum(ten, f"old {n}", f"new {n}")
        _, for_one = self.queries_for(one.get_absolute_url())
        _, for_ten = self.queries_for(ten.get_absolute_url())
        self.assertEqual(for_one, for_ten)
        self.assertLessEqual(for_ten, 12 + DATA_AGE_QUERIES)

    def test_the_card_page_shows_its_rulings_and_links_its_rule_numbers(self):
        response, with_rulings = self.queries_for("/en/cards/ruled-spider/")
        self.assertContains(response, 'id="rulings-heading"')
        self.assertContains(response, "Reach is")
        self.assertContains(response, 'class="rule-ref" href="/en/rules/702.17/"')
        unruled = make_card(name="Unruled Bear", card_set=make_set("DDD", "D"))

        response, without = self.queries_for(unruled.get_absolute_url())

        self.assertNotContains(response, "Reach is")
        # The same queries, with rulings or without (web.tests.test_page_queries counts them).
        self.assertEqual(with_rulings, without)

    def test_the_card_record_has_its_rulings_in_both_languages(self):
        url = f"/api/cards/{self.card.oracle_id}/"
        record = json.loads(self.client.get(url).content)
        self.assertIn(
            {
                "about": "card",
                "date": "2007-05-01",
                "language": "it",
                "text": "Sì, può.",
                "source": "",
                "status": "current",
            },
            record["rulings"],
        )
        self.assertEqual(list(record)[-3:], ["printings", "rulings", "errata"])


class SearchTermsTests(EmptyDatabaseTestCase):
    """``rule:`` and ``has:rulings`` through the searches web runs: the rules app's terms,
    passed to each search."""

    @classmethod
    def setUpTestData(cls):
        make_small_rules()
        card_set = make_set("AAA", "A")
        cls.spider = make_card(name="Ruled Spider", oracle_text="Reach", card_set=card_set)
        cls.bear = make_card(name="Plain Bear", card_set=card_set)
        make_card(name="Second Bear", card_set=card_set)
        CardRuleSearch.objects.create(card=cls.spider, numbers=" 7 702 702.17 ")
        Ruling.objects.create(card=cls.spider, date=date(2007, 5, 1), text="Reach is 702.17.")

    def test_the_search_page_finds_cards_by_rule_in_both_languages(self):
        # One card found: the page goes to it.
        response = self.client.get("/en/cards/", {"q": "rule:702.17"})
        self.assertRedirects(response, "/en/cards/ruled-spider/", fetch_redirect_response=False)
        response = self.client.get("/it/cards/", {"q": "regola:702.17 or regola:702.9"})
        self.assertRedirects(response, "/it/cards/ruled-spider/", fetch_redirect_response=False)
        response = self.client.get("/it/cards/", {"q": "-regola:702.17 t:creature"})
        self.assertContains(response, "Plain Bear")
        self.assertNotContains(response, "Ruled Spider")
        self.assertContains(response, "-rule:702.17 t:creature")  # the canonical query

    def test_the_apis_find_cards_by_rule_and_by_rulings(self):
        record = self.client.get("/api/cards/", {"q": "ha:chiarimenti"}).json()
        self.assertEqual(record["query"], "has:rulings")
        self.assertEqual([card["name"] for card in record["results"]], ["Ruled Spider"])
        url = "/api/scryfall/cards/search"
        found = self.client.get(url, {"q": "rule:702.17 or has:rulings"}).json()
        self.assertEqual([card["name"] for card in found["data"]], ["Ruled Spider"])

    def test_a_bad_rule_number_is_named_and_a_misspelt_value_suggested(self):
        response = self.client.get("/en/cards/", {"q": "rule:abc has:rulign t:creature"})
        page = response.content.decode()
        self.assertIn("is not a rule number such as 702.37 or 702.37c", page)
        self.assertIn("has%3Arulings", page)  # the suggestion

    def test_the_help_page_explains_rule(self):
        response = self.client.get("/it/help/search/")
        self.assertContains(response, "regola:702.37")
