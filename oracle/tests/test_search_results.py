"""Search over the bundled real sets: query -> the names of the cards found.

Each expected list is worked out by a separate path (oracle/tests/bundled_cards.py): the MTGJSON
files read with the json module and the cards picked with plain Python predicates, never by
calling the search. The rows, (query, predicate), are in searches_by_card_field,
searches_by_query_form and searches_by_printing.
"""

from collections import Counter
from datetime import date

from oracle.models import Card, CardSearch, Erratum
from oracle.search import parse
from oracle.tests.bundled_cards import RARITY_RANK, asks_for_tokens, read_bundled_cards
from oracle.tests.searches_by_card_field import CARD_FIELD_ROWS
from oracle.tests.searches_by_printing import PRINTING_ROWS
from oracle.tests.searches_by_query_form import QUERY_FORM_ROWS
from rulings.search_terms import SEARCH_TERMS
from web.pages.search.help import SEARCH_HELP
from web.testing import BundledDataTestCase

ROWS = CARD_FIELD_ROWS + QUERY_FORM_ROWS + PRINTING_ROWS


class BundledSearchTests(BundledDataTestCase):
    """Every row of ROWS, on the five bundled sets as `make run` loads them."""

    @classmethod
    def setUpTestData(cls):
        cls.cards = read_bundled_cards()
        cls.searched = [card for card in cls.cards if card.in_searches()]  # no tokens, no art

    def found(self, text):
        return list(
            parse(text, SEARCH_TERMS).apply(CardSearch.objects.all()).values_list("name", flat=True)
        )

    def test_the_data_read_here_matches_what_was_imported(self):
        imported = Card.objects.values_list("name", flat=True)
        self.assertEqual(Counter(card.name for card in self.cards), Counter(imported))
        self.assertEqual(len(self.cards), 1128)
        searched = Counter(card.name for card in self.cards if card.in_searches())
        self.assertEqual(searched, Counter(self.found("")))
        self.assertEqual(len(self.found("")), 1124)  # the three tokens and the art series out

    def test_oracle_id_finds_that_card_alone(self):
        angel = Card.objects.get(name="Exalted Angel")
        self.assertEqual(self.found(f"oracleid:{angel.oracle_id}"), ["Exalted Angel"])
        self.assertEqual(self.found(f"oracleid:{str(angel.oracle_id).upper()} t:elf"), [])
        query = parse("oracleid:nope")
        self.assertEqual([p.message for p in query.problems], ["“nope” is not an Oracle id"])

    def test_queries_find_the_cards_the_data_says(self):
        self.assertGreaterEqual(len(ROWS), 130)
        for text, predicate in ROWS:
            with self.subTest(query=text):
                tokens = asks_for_tokens(text)
                expected = Counter(
                    card.name for card in self.cards if card.in_searches(tokens) and predicate(card)
                )
                found = Counter(self.found(text))
                self.assertEqual(found, expected)

    def test_help_examples_of_formats_and_printings_find_what_the_data_says(self):
        """The help page's examples for these keys are rows here: checked card by card."""
        rows = dict(ROWS)
        examples = [
            query
            for _keys, _meaning, found in SEARCH_HELP["printings"][1]
            for query, _description in found
        ]
        examples += ["not:reprint s:plc", "non:ristampa -not:timeshifted", "is:riservata f:vintage"]
        for query in examples:
            with self.subTest(query=query):
                self.assertIn(query, rows)
                found = (
                    parse(query, SEARCH_TERMS)
                    .apply(CardSearch.objects.all())
                    .values_list("name", flat=True)
                )
                tokens = asks_for_tokens(query)
                expected = Counter(
                    card.name
                    for card in self.cards
                    if card.in_searches(tokens) and rows[query](card)
                )
                self.assertEqual(Counter(found), expected)

    def test_rows_are_not_trivial(self):
        """Most rows find some cards and leave others out, so they can fail."""
        sizes = [sum(map(predicate, self.cards)) for _text, predicate in ROWS]
        self.assertGreaterEqual(sum(0 < size < len(self.cards) for size in sizes), len(ROWS) - 4)

    def test_order_by_mana_value_then_name(self):
        found = self.found("t:elf order:mv")
        expected = sorted(
            (card for card in self.searched if card.type_has("elf")),
            key=lambda card: (card.mana_value, card.name),
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_descending_reverses_every_key(self):
        found = self.found("t:goblin ordine:vm dir:desc")
        expected = sorted(
            (card for card in self.searched if card.type_has("goblin")),
            key=lambda card: (card.mana_value, card.name),
            reverse=True,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_first_release(self):
        found = self.found("k:flying order:released")
        expected = sorted(
            (card for card in self.searched if "Flying" in card.keywords),
            key=lambda card: (min(p.released for p in card.printings), card.name),
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_rarity_highest_first(self):
        found = self.found("s:fut t:wizard order:rarity dir:desc")
        expected = sorted(
            (card for card in self.searched if card.in_set("FUT") and card.type_has("wizard")),
            key=lambda card: (max(RARITY_RANK.index(p.rarity) for p in card.printings), card.name),
            reverse=True,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_set_code(self):
        found = self.found("t:sliver order:set")
        first = {
            card.name: min(card.printings, key=lambda p: (p.released, p.set_code)).set_code
            for card in self.searched
        }
        expected = sorted(
            (card.name for card in self.searched if card.type_has("sliver")),
            key=lambda name: (first[name], name),
        )
        self.assertEqual(found, expected)

    def test_order_by_power_strongest_first_without_power_last(self):
        found = self.found("t:goblin order:power dir:desc")
        goblins = [card for card in self.searched if card.type_has("goblin")]
        with_power = [card for card in goblins if card.faces[0].power is not None]
        without = [card for card in goblins if card.faces[0].power is None]
        expected = sorted(with_power, key=lambda card: (card.faces[0].power, card.name))[::-1]
        expected += sorted(without, key=lambda card: card.name, reverse=True)
        self.assertEqual(found, [card.name for card in expected])
        self.assertTrue(without)  # tribal goblins without power come last

    def test_order_by_toughness(self):
        found = self.found("t:sliver ordine:costituzione")
        slivers = [card for card in self.searched if card.type_has("sliver")]
        with_toughness = [card for card in slivers if card.faces[0].toughness is not None]
        expected = sorted(with_toughness, key=lambda card: (card.faces[0].toughness, card.name))
        expected += sorted(
            (card for card in slivers if card.faces[0].toughness is None),
            key=lambda card: card.name,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_color_white_to_green_then_multicoloured_then_colourless(self):
        found = self.found("t:sliver order:color")

        def rank(card):
            letters = "".join(letter for letter in "WUBRG" if letter in card.colors)
            if len(letters) == 1:
                return ("WUBRG".index(letters), letters, card.name)
            return (10 if not letters else 5 + len(letters), letters, card.name)

        slivers = [card for card in self.searched if card.type_has("sliver")]
        self.assertEqual(found, [card.name for card in sorted(slivers, key=rank)])
        self.assertGreater(len({rank(card)[0] for card in slivers}), 5)  # many colour kinds

    def test_default_order_is_by_name(self):
        found = self.found("k:suspend")
        self.assertEqual(found, sorted(found))
        self.assertTrue(found)

    def test_filter_combines_with_other_filters_without_duplicates(self):
        query = parse("t:creature or o:creature")
        cards = query.filter(CardSearch.objects.filter(mana_value__lte=2)).filter(colors="G")
        expected = sorted(
            card.name
            for card in self.searched
            if (card.type_has("creature") or card.text_has("creature"))
            and card.mana_value <= 2
            and card.colors == {"G"}
        )
        self.assertEqual(sorted(cards.values_list("name", flat=True)), expected)
        self.assertEqual(cards.count(), len(expected))

    def test_errata_written_by_editors_are_found(self):
        card = Card.objects.get(name="Tarox Bladewing")
        Erratum.objects.create(card=card, date=date(2020, 1, 1), old_text="a", new_text="b")
        self.assertEqual(self.found("has:errata"), ["Tarox Bladewing"])
        self.assertNotIn("Tarox Bladewing", self.found("-has:errata s:fut"))

    def test_keyword_terms_read_the_keyword_table_once(self):
        """One query for the keywords and one for the count, however many kw: terms."""
        for text in ("k:flying", "k:volare or k:reach or k:haste or k:sospendere -k:morph"):
            with self.subTest(query=text), self.assertNumQueries(2):
                count = parse(text).filter(CardSearch.objects.all()).count()
            self.assertGreater(count, 0)
        with self.assertNumQueries(1):  # no kw: term, no keyword query
            parse("t:elf").filter(CardSearch.objects.all()).count()

    def test_an_unusable_query_finds_nothing_and_an_empty_one_everything(self):
        self.assertEqual(self.found("c:purple"), [])
        self.assertEqual(len(self.found("   ")), 1124)
        self.assertEqual(len(self.found("order:mv")), 1124)
