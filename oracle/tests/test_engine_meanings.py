"""A query means the same on both engines: the substring index answers ``substring`` as a scan
of the column answers ``contains``, and what lists and searches look at is what the card's own
columns say. Run on SQLite and PostgreSQL (scripts/with-postgres)."""

from collections import Counter

from django.db.models import Q

from oracle.models import Card, CardSearch, Layout, searched_kinds, tokens_only
from oracle.models.searched_text import Substring
from web.testing import BundledDataTestCase

# Rare and common texts, long and short (under three characters there is no trigram), with
# spaces, quotes and LIKE's wildcards.
TEXTS = {
    "search_name": ["fulmine", "bolt", "of the", "dr", "x", "%", "_a", "’", "nothing like it"],
    "search_type": ["goblin", "creature", "— ", "elfo", "la"],
    "search_text": ['"', "draw a card", "pesca una carta", "{t}", "100%"],
    "search_keywords": ["\nflying\n", "\nmorph\n", "fly"],
    "search_printings": [":rare:", ":2007-", ":mythic:", "fut:"],
}


class SubstringLookupTests(BundledDataTestCase):
    def names(self, condition: Q) -> Counter:
        return Counter(CardSearch.objects.filter(condition).values_list("name", flat=True))

    def test_substring_finds_what_a_scan_of_the_column_finds(self):
        found_some = 0
        for column, texts in TEXTS.items():
            for text in texts:
                with self.subTest(column=column, text=text):
                    scanned = self.names(Q(**{f"{column}__contains": text}))
                    indexed = self.names(Q(**{f"{column}__substring": text}))
                    self.assertEqual(indexed, scanned)
                    found_some += bool(scanned)
        self.assertGreater(found_some, 20)

    def test_several_substrings_at_once_find_what_each_finds(self):
        terms = [("search_type", "goblin"), ("search_name", "ki"), ("search_printings", ":c")]
        wanted = Q()
        for column, text in terms:
            wanted &= Q(**{f"{column}__contains": text})
        found = self.names(Q(Substring.all_of(terms)))
        self.assertTrue(found)
        self.assertEqual(found, self.names(wanted))


class SearchedKindsTests(BundledDataTestCase):
    def test_what_a_search_looks_at_is_what_the_cards_columns_say(self):
        art = Q(layout=Layout.ART_SERIES)
        game_cards = set(Card.objects.filter(is_token=False).exclude(art).values_list("pk"))
        with_tokens = set(Card.objects.exclude(art).values_list("pk"))
        tokens = set(Card.objects.filter(is_token=True).exclude(art).values_list("pk"))
        self.assertTrue(tokens)
        self.assertGreater(len(with_tokens), len(game_cards))
        for model in (Card, CardSearch):
            rows = model.objects.values_list("pk")
            with self.subTest(model=model.__name__):
                self.assertEqual(set(rows.filter(searched_kinds())), game_cards)
                self.assertEqual(set(rows.filter(searched_kinds(with_tokens=True))), with_tokens)
                self.assertEqual(
                    set(rows.filter(searched_kinds(True)) & rows.filter(tokens_only())), tokens
                )
