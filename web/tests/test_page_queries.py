"""Each page's SQL queries, fixed: the same count whatever the card, set, rule or search, on the
bundled cards, rules and documents. A change that adds a query to a page (a loop that asks the
database once per row) shows here first; benchmarks/bench_pages.py times the same pages on the
full catalogue."""

from urllib.parse import urlencode

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card
from rulings.models import SourceDocument
from web.testing import BundledDocumentsTestCase, time_limit_queries

# A card page, whatever the card: the card and its parts (the card, its faces, keywords,
# printings, their printed faces and errata: web.pages.card.detail), the data version, the rules
# app's (editions, rulings, documents, rules used: web.pages.card.rulings_rows) and the rule
# numbers its rulings cite (web.pages.card.rulings); in Italian, the approved translations of its
# English rulings' texts (rulings.translations.memory.attach_translations), which English
# pages do not show and so do not read.
TRANSLATIONS = 1
# The subtypes' Italian names, to compose the type line of a face never printed in Italian
# (web.pages.type_lines): always on an Italian card page; on a list, only when a card it shows
# has such a face.
ITALIAN_TYPE_WORDS = 1
CARD_PAGE = 6 + 1 + 4 + 1 + TRANSLATIONS + ITALIAN_TYPE_WORDS
CARD_PAGE_IN_ENGLISH = CARD_PAGE - TRANSLATIONS - ITALIAN_TYPE_WORDS
# A card known from a document only has no printing, and so no printed faces to read.
CARD_PAGE_WITHOUT_PRINTINGS = CARD_PAGE - 1
# The data version (with the cards' date), read by itself on a page that sends the rest of its
# statements together.
VERSION = 1
# The rules editions a page offers: the official ones, then the others
# (rulings.rules.editions.EditionChoices).
EDITIONS = 2
# A rule page, whatever the rule: the data version, the editions, the rule with the rules around
# it (2), the old-number mappings, the rest, the cards that use the rule (web.pages.rules.page).
RULE_PAGE = VERSION + EDITIONS + 2 + 1 + 1 + 1
# An older edition's rule page: the same; its cards are those of the current rule it became.
OLD_RULE_PAGE = RULE_PAGE


def rule_page_queries(url: str) -> int:
    """The queries of the rule page at ``url`` (one whose old rule became a rule of today's
    when it names another edition), with the rules' date."""
    return (OLD_RULE_PAGE if "edition=" in url else RULE_PAGE) + RULES_DATE


# A keyword page: the keyword; the data version and the editions; its defining rule (3), its
# rulings, the rule numbers its rule and rulings cite, its documents, cards and card types
# (web.views.keywords); in Italian, the approved translations of its English rulings.
KEYWORD_PAGE = 1 + VERSION + EDITIONS + 3 + 5 + TRANSLATIONS
KEYWORD_PAGE_IN_ENGLISH = KEYWORD_PAGE - TRANSLATIONS
# A document page: the document; the data version and the editions; its sections, the names
# they mention, its rulings, the rule numbers they cite (web.views.documents).
DOCUMENT_PAGE = 1 + VERSION + EDITIONS + 4

# The rules' date the footer says (web.data_age.rules_since): one query of its own on every page,
# read after the page's.
RULES_DATE = 1

# A search runs under the search time limit (web.testing.time_limit_queries).
TIME_LIMIT = time_limit_queries()

# (page, its address, its queries, less the rules' date). One of them, on every page, is the data
# version of its ETag with the cards' date (web.testing.DATA_AGE_QUERIES counts both).
PAGES = [
    ("card without rulings", "/it/cards/dust-of-moments/", CARD_PAGE),
    ("card with rulings", "/it/cards/hypergenesis/", CARD_PAGE),
    ("split card (two faces)", "/it/cards/boom-bust/", CARD_PAGE),
    ("double-faced card", "/it/cards/delver-of-secrets-insectile-aberration/", CARD_PAGE),
    ("card in English", "/en/cards/hypergenesis/", CARD_PAGE_IN_ENGLISH),
    (
        "double-faced card known from a document",
        "/it/cards/peter-parker-amazing-spider-man/",
        CARD_PAGE_WITHOUT_PRINTINGS,
    ),
    ("printing", "/it/sets/fut/1/", CARD_PAGE),
    ("set list", "/it/sets/", 3),
    ("set list in English", "/en/sets/", 3),
    ("set page", "/it/sets/fut/", 3),
    ("largest set page", "/it/sets/ons/", 3),
    ("set page as pictures", "/it/sets/fut/?view=images", 3),
    (
        "search: a type",
        "/it/cards/?" + urlencode({"q": "t:creature"}),
        4 + TIME_LIMIT + ITALIAN_TYPE_WORDS,
    ),
    (
        "search: a keyword",
        "/it/cards/?" + urlencode({"q": "k:volare"}),
        5 + TIME_LIMIT + ITALIAN_TYPE_WORDS,
    ),
    (
        "search: text and numbers",
        "/it/cards/?" + urlencode({"q": 'o:"draw a card" mv>=2'}),
        4 + TIME_LIMIT + ITALIAN_TYPE_WORDS,
    ),
    (
        "search: facets",
        "/it/cards/?type=creature&rarity=rare",
        4 + TIME_LIMIT + ITALIAN_TYPE_WORDS,
    ),
    (
        "search: second page",
        "/it/cards/?" + urlencode({"q": "t:creature", "page": 2}),
        4 + TIME_LIMIT,
    ),
    # The search's, then each card's printings, newest set first (web.pages.lists.rows).
    (
        "search as pictures",
        "/it/cards/?" + urlencode({"q": "t:goblin", "view": "images"}),
        5 + TIME_LIMIT,
    ),
    ("search, nothing asked", "/it/cards/", 2),
    ("rules: contents", "/it/rules/", VERSION + EDITIONS + 1),
    ("rules: section", "/it/rules/702/", RULE_PAGE),
    ("rules: one rule", "/it/rules/702.9/", RULE_PAGE),
    ("rules: a subrule", "/it/rules/702.9b/", RULE_PAGE),
    # The version, the editions; the definitions; the rules they cite.
    ("rules: glossary", "/it/rules/glossary/", VERSION + EDITIONS + 2),
    ("keyword page", "/it/keywords/flying/", KEYWORD_PAGE),
    ("keyword page of another kind", "/it/keywords/suspend/", KEYWORD_PAGE),
    ("document page", "/it/sources/{release_notes}/", DOCUMENT_PAGE),
]


class PageQueriesTests(BundledDocumentsTestCase):
    def test_each_page_makes_its_fixed_number_of_queries(self):
        # A document's address is its id, which differs from one database to another.
        release_notes = SourceDocument.objects.get(slug="future-sight-release-notes").pk
        for page, url, queries in PAGES:
            url = url.format(release_notes=release_notes)
            with self.subTest(page=page, url=url):
                self.client.get(url)  # what is read once per process is read now
                with self.assertNumQueries(queries + RULES_DATE):
                    response = self.client.get(url)
                self.assertEqual(response.status_code, 200)

    def test_every_card_page_makes_the_same_number_of_queries(self):
        # Many printings (Plains) or rulings (on the card, its keyword and its type), or none.
        for url in [
            "/en/cards/boom-bust/",
            "/en/cards/dust-of-moments/",
            "/it/cards/plains/",
            "/it/cards/exalted-angel/",
            "/it/sets/ons/28/",
        ]:
            with self.subTest(url=url):
                queries = CARD_PAGE_IN_ENGLISH if url.startswith("/en/") else CARD_PAGE
                self.assertPageQueries(url, queries)

    def test_a_card_page_asked_again_reads_the_version_once(self):
        # A conditional request reads the version before the view (to answer 304); the page
        # then reads it no more, and the footer reads the rules' date.
        url = "/it/cards/hypergenesis/"
        self.client.get(url)
        with self.assertNumQueries(CARD_PAGE + RULES_DATE):
            response = self.client.get(url, headers={"if-none-match": 'W/"stale"'})
        self.assertEqual(response.status_code, 200)

    def assertPageQueries(self, url: str, queries: int):
        self.client.get(url)  # what is read once per process is read now
        with self.assertNumQueries(queries + RULES_DATE):
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)

    def test_an_older_editions_rule_page_reads_its_cards_last(self):
        # Its cards are those of the current rule it became, known only once its mappings are.
        self.assertPageQueries("/it/rules/502.26a/?edition=2007-05-01", OLD_RULE_PAGE)

    def test_other_keyword_pages_make_the_same_number_of_queries(self):
        for url in ("/it/keywords/morph/", "/en/keywords/grandeur/"):
            with self.subTest(url=url):
                english = url.startswith("/en/")
                self.assertPageQueries(url, KEYWORD_PAGE_IN_ENGLISH if english else KEYWORD_PAGE)

    def test_another_document_page_makes_the_same_number_of_queries(self):
        url = f"/it/sources/{SourceDocument.objects.get(slug='onslaught-morph-faq').pk}/"
        self.assertPageQueries(url, DOCUMENT_PAGE)

    def test_a_card_in_the_apis_makes_the_same_number_of_queries_whatever_the_card(self):
        # A card's API record reads its printings with the columns the page reads (many for
        # Plains, one for Tarox Bladewing), the Scryfall card object one printing whole: no
        # column read afterwards, one query per printing.
        record_queries, object_queries = set(), set()
        for name in ["Plains", "Tarox Bladewing", "Boom // Bust"]:
            card = Card.objects.get(name=name)
            printing = card.printings.select_related("card_set").first()
            api = f"/api/cards/{card.oracle_id}/"
            scryfall = f"/api/scryfall/cards/{printing.card_set.code.lower()}/"
            scryfall += printing.collector_number
            for url, counts in [(api, record_queries), (scryfall, object_queries)]:
                with self.subTest(url=url):
                    self.client.get(url)  # what is read once per process is read now
                    with CaptureQueriesContext(connection) as queries:
                        response = self.client.get(url)
                    self.assertEqual(response.status_code, 200)
                    counts.add(len(queries))
        self.assertEqual(len(record_queries), 1, record_queries)
        self.assertEqual(len(object_queries), 1, object_queries)
