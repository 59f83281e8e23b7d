"""Each page's SQL queries, fixed: the same count whatever the card, set, rule or search, on the
bundled cards, rules and documents. A change that adds a query to a page (a loop that asks the
database once per row) shows here first; benchmarks/bench_pages.py times the same pages on the
full catalogue."""

from urllib.parse import urlencode

from config.testing import BundledDocumentsTestCase

# (page, its address, its queries). Two of them, on every page, are the footer's data dates
# (config.testing.DATA_AGE_QUERIES).
PAGES = [
    ("card without rulings", "/it/cards/dust-of-moments/", 14),
    ("card with rulings", "/it/cards/hypergenesis/", 14),
    ("split card (two faces)", "/it/cards/boom-bust/", 14),
    ("card in English", "/en/cards/hypergenesis/", 14),
    # No printing: no printing's faces, no set, no data of a printing's picture.
    ("double-faced card known from a document", "/it/cards/peter-parker-amazing-spider-man/", 11),
    ("printing", "/it/sets/fut/1/", 15),
    ("set list", "/it/sets/", 4),
    ("set list in English", "/en/sets/", 4),
    ("set page", "/it/sets/fut/", 6),
    ("largest set page", "/it/sets/ons/", 6),
    ("set page as pictures", "/it/sets/fut/?view=images", 6),
    ("search: a type", "/it/cards/?" + urlencode({"q": "t:creature"}), 7),
    ("search: a keyword", "/it/cards/?" + urlencode({"q": "k:volare"}), 8),
    ("search: text and numbers", "/it/cards/?" + urlencode({"q": 'o:"draw a card" mv>=2'}), 7),
    ("search: facets", "/it/cards/?type=creature&rarity=rare", 7),
    ("search: second page", "/it/cards/?" + urlencode({"q": "t:creature", "page": 2}), 7),
    ("search, nothing asked", "/it/cards/", 3),
    ("rules: contents", "/it/rules/", 4),
    ("rules: section", "/it/rules/702/", 7),
    ("rules: one rule", "/it/rules/702.9/", 7),
    ("rules: a subrule", "/it/rules/702.9b/", 7),
    ("rules: glossary", "/it/rules/glossary/", 5),
    ("keyword page", "/it/keywords/flying/", 13),
    ("keyword page of another kind", "/it/keywords/suspend/", 13),
    ("document page", "/it/sources/2/", 8),
]


class PageQueriesTests(BundledDocumentsTestCase):
    def test_each_page_makes_its_fixed_number_of_queries(self):
        for page, url, queries in PAGES:
            with self.subTest(page=page, url=url):
                self.client.get(url)  # what is read once per process is read now
                with self.assertNumQueries(queries):
                    response = self.client.get(url)
                self.assertEqual(response.status_code, 200)
