"""Each page's SQL queries, fixed: the same count whatever the card, set, rule or search, on the
bundled cards, rules and documents. A change that adds a query to a page (a loop that asks the
database once per row) shows here first; benchmarks/bench_pages.py times the same pages on the
full catalogue."""

from urllib.parse import urlencode

from config.testing import BundledDocumentsTestCase
from rulings.models import SourceDocument

# (page, its address, its queries). One of them, on every page, is the data version of its ETag
# with the footer's data dates (config.testing.DATA_AGE_QUERIES).
PAGES = [
    ("card without rulings", "/it/cards/dust-of-moments/", 11),
    ("card with rulings", "/it/cards/hypergenesis/", 11),
    ("split card (two faces)", "/it/cards/boom-bust/", 11),
    ("double-faced card", "/it/cards/delver-of-secrets-insectile-aberration/", 11),
    ("card in English", "/en/cards/hypergenesis/", 11),
    # No printing: no printing's faces, no set, no data of a printing's picture.
    ("double-faced card known from a document", "/it/cards/peter-parker-amazing-spider-man/", 10),
    ("printing", "/it/sets/fut/1/", 11),
    ("set list", "/it/sets/", 3),
    ("set list in English", "/en/sets/", 3),
    ("set page", "/it/sets/fut/", 4),
    ("largest set page", "/it/sets/ons/", 4),
    ("set page as pictures", "/it/sets/fut/?view=images", 4),
    ("search: a type", "/it/cards/?" + urlencode({"q": "t:creature"}), 6),
    ("search: a keyword", "/it/cards/?" + urlencode({"q": "k:volare"}), 7),
    ("search: text and numbers", "/it/cards/?" + urlencode({"q": 'o:"draw a card" mv>=2'}), 6),
    ("search: facets", "/it/cards/?type=creature&rarity=rare", 6),
    ("search: second page", "/it/cards/?" + urlencode({"q": "t:creature", "page": 2}), 6),
    ("search, nothing asked", "/it/cards/", 2),
    ("rules: contents", "/it/rules/", 3),
    ("rules: section", "/it/rules/702/", 6),
    ("rules: one rule", "/it/rules/702.9/", 6),
    ("rules: a subrule", "/it/rules/702.9b/", 6),
    ("rules: glossary", "/it/rules/glossary/", 3),
    ("keyword page", "/it/keywords/flying/", 8),
    ("keyword page of another kind", "/it/keywords/suspend/", 8),
    ("document page", "/it/sources/{release_notes}/", 6),
]


class PageQueriesTests(BundledDocumentsTestCase):
    def test_each_page_makes_its_fixed_number_of_queries(self):
        # A document's address is its id, which differs from one database to another.
        release_notes = SourceDocument.objects.get(slug="future-sight-release-notes").pk
        for page, url, queries in PAGES:
            url = url.format(release_notes=release_notes)
            with self.subTest(page=page, url=url):
                self.client.get(url)  # what is read once per process is read now
                with self.assertNumQueries(queries):
                    response = self.client.get(url)
                self.assertEqual(response.status_code, 200)
