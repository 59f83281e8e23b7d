"""What the rules app shows on a card's page and in its API record (``web.pages.card.rulings``,
``web.api.card_rulings``), and what it adds to the search through oracle's extension point
(``rulings.search_terms``): search terms there because it registered them, gone when it has
not."""

import json
from datetime import date
from unittest import mock

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.search import conditions, extensions, parse, tokens
from oracle.tests.factories import make_card, make_erratum, make_set
from rulings.models import Ruling
from rulings.tests.factories import make_small_rules
from web.pages.search.help import help_sections
from web.testing import DATA_AGE_QUERIES, EmptyDatabaseTestCase


def without_rulings():
    """Oracle's search registries as they would be without the rulings app."""
    has_values, has_aliases = conditions.FLAGS["has"]
    rule_spellings = extensions.SEARCH_KEYS["rule"].spellings
    patches = [
        mock.patch.dict(extensions.SEARCH_KEYS),
        mock.patch.dict(tokens.KEYS),
        mock.patch.dict(tokens.KEY_ALIASES),
        mock.patch.dict(has_values),
        mock.patch.dict(has_aliases),
    ]
    for patch in patches:
        patch.start()
    del extensions.SEARCH_KEYS["rule"]
    del tokens.KEYS["rule"]
    for spelling in rule_spellings:
        del tokens.KEY_ALIASES[spelling]
    del has_values["rulings"]
    for alias in ("ruling", "chiarimenti"):
        del has_aliases[alias]
    return patches


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
    def tearDown(self):
        for patch in getattr(self, "patches", []):
            patch.stop()

    def test_rule_and_has_rulings_are_search_terms_because_rulings_added_them(self):
        self.assertEqual(str(parse("regola:702.37C. ha:chiarimenti")), "rule:702.37c has:rulings")
        self.assertIn(["rule:", "regola:"], [row[0] for _, rows in help_sections() for row in rows])
        self.patches = without_rulings()

        query = parse("regola:702.37 has:rulings t:elf")

        self.assertEqual(str(query), "t:elf")
        self.assertEqual(
            [problem.message for problem in query.problems],
            [
                "unknown search key “regola”",
                "unknown value “rulings” for “has:”; it takes errata",
            ],
        )
        help_keys = [row[0] for _, rows in help_sections() for row in rows]
        self.assertNotIn(["rule:", "regola:"], help_keys)

    def test_a_key_cannot_take_a_spelling_already_taken(self):
        taken = extensions.SearchKey(
            key="rules-again", spellings=("type",), condition=conditions.TypeCondition
        )
        with self.assertRaisesMessage(ValueError, "search keys already taken: type"):
            extensions.add_search_key(taken)
        self.assertEqual(tokens.canonical_key("type"), "t")
