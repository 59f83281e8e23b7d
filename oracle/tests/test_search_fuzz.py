"""Random queries (hypothesis): parsing never fails, canonical text is a fixed point, and every
query runs on the database without an error."""

from django.test import SimpleTestCase
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from oracle.models import CardFace, CardSearch
from oracle.search import parse
from oracle.tests.factories import make_card
from web.testing import EmptyDatabaseTestCase

KEYS = [
    "t", "type", "tipo", "o", "oracle", "testo", "k", "kw", "keyword", "s", "e", "set", "r",
    "rarity", "c", "color", "colore", "id", "identity", "identità", "mv", "cmc", "vm", "pow",
    "power", "forza", "tou", "toughness", "loy", "fedeltà", "is", "has", "lang", "year", "date",
    "order", "dir", "name", "tpye", "foo", "x", "m", "mana", "costo",
    "order", "dir", "name", "tpye", "foo", "x", "f", "format", "formato", "legal", "banned",
    "bandita", "restricted", "limitata", "a", "artist", "artista", "ft", "flavor",
    "testodicolore", "wm", "filigrana", "b", "block", "blocco", "st", "settype", "frame",
    "cornice", "border", "bordo", "not", "non",
]  # fmt: skip
VALUES = [
    "creature", "creatura", "elf", "flying", "volare", "fut", "rare", "mitica", "ur", "rosso",
    "m", "c", "wubrg", "purple", "3", "-1", "0.5", ".5", "1.2.3", "x", "*", "tou", "pow", "mv",
    "dfc", "permanent", "spell", "rulings", "errata", "it", "en", "2007", "2007-05-04",
    "2007-02-30", "name", "desc", "~", "~ deals", "draw a card", "è", "Æther", "%", "_", "\\",
    "'", "", "{2}{W}{W}", "2WW", "{G/P}", "{u/w}", "{X}{R}", "{W", "{}", "{Q}", "10G", "{1000000}",
    "vanilla", "historic", "storico", "commander", "token", "pedina", "art_series", "power",
    "toughness", "color", "colore",
    "'", "", "modern", "modrn", "edh", "storico", "pauper commander", "vintage", "avon",
    "kev walker", "goblin", "speranza", "orzhov", "set (LEA)", "tsp", "time spiral",
    "spirale temporale", "core", "draft innovation", "1993", "2015", "future", "futura",
    "borderless", "senza bordo", "oro", "reserved", "promo", "digital", "funny", "reprint",
    "artist", "artista",
]  # fmt: skip
OPERATORS = [":", "=", "!=", "<>", "<", "<=", ">", ">=", "::", "=>"]


@st.composite
def terms(draw):
    kind = draw(st.sampled_from(["keyed", "word", "phrase", "exact", "junk"]))
    value = draw(st.sampled_from(VALUES) | st.text(max_size=6))
    if kind == "keyed":
        key = draw(st.sampled_from(KEYS))
        op = draw(st.sampled_from(OPERATORS))
        if draw(st.booleans()):
            value = '"' + value.replace('"', "") + draw(st.sampled_from(['"', ""]))
        return f"{key}{op}{value}"
    if kind == "phrase":
        return f'"{value}"'
    if kind == "exact":
        return f'!"{value}"' if draw(st.booleans()) else f"!{value}"
    if kind == "junk":
        return draw(st.sampled_from(["(", ")", "-", "or", "OR", "and", '"', "!", "--", "-(", "()"]))
    return value


@st.composite
def grammar_queries(draw):
    parts = draw(st.lists(terms(), max_size=12))
    separators = draw(
        st.lists(
            st.sampled_from([" ", "  ", "", "\t", " or ", " -"]),
            min_size=len(parts),
            max_size=len(parts),
        )
    )
    return "".join(part + sep for part, sep in zip(parts, separators, strict=True))


any_text = st.text(alphabet=st.characters(codec=None), max_size=80)
queries = grammar_queries() | any_text


class ParseFuzzTests(SimpleTestCase):
    @settings(max_examples=600, deadline=None)
    @given(queries)
    def test_parse_never_fails_and_canonical_text_is_a_fixed_point(self, text):
        query = parse(text)
        canonical = str(query)
        again = parse(canonical)
        self.assertEqual(str(again), canonical)
        if canonical:
            self.assertEqual(again.problems, [], canonical)
            self.assertTrue(again.is_usable)
        for problem in query.problems:
            self.assertIsInstance(problem.message, str)
            self.assertTrue(problem.message)
        self.assertIsInstance(query.is_usable, bool)

    @settings(max_examples=30, deadline=None)
    @given(grammar_queries(), st.integers(min_value=10, max_value=400))
    def test_long_text_is_cut_and_still_read(self, text, times):
        query = parse((text + " ") * times)
        self.assertEqual(str(parse(str(query))), str(query))


class SearchFuzzTests(HypothesisTestCase, EmptyDatabaseTestCase):
    """The same random queries, run: a count and a first page, as a results page does."""

    # Cards different enough that most conditions keep some and drop others.

    @classmethod
    def setUpTestData(cls):
        make_card(colors="W", color_identity="W")
        make_card(
            name="Tarmogoyf",
            name_it="Tarmogoyf",
            power="*",
            toughness="1+*",
            colors="G",
            type_line="Creature — Lhurgoyf",
            oracle_text="Tarmogoyf's power is equal to ...",
            mana_value=2,
        )
        vial = make_card(
            name="Æther Vial",
            name_it="Fiala dell'Etere",
            layout="transform",
            power="",
            toughness="",
            type_line="Artifact",
            oracle_text="~ deals",
            mana_cost="{1}",
            mana_value=1,
            colors="BG",
        )
        # A back face of its own colour, cost and numbers, and objects searches leave out.
        CardFace.objects.create(
            card=vial,
            position=1,
            name="Vial Horror",
            type_line="Legendary Creature — Horror",
            colors="BG",
            mana_cost="{2}{B/G}{G/P}",
            mana_value=4,
            power="3",
            toughness="2",
            loyalty="5",
        )
        make_card(name="Knight", is_token=True, type_line="Token Creature — Knight", colors="W")
        make_card(name="Beholder", layout="art_series", is_token=True, type_line="Card")

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(queries)
    def test_every_query_runs(self, text):
        query = parse(text)
        cards = query.apply(CardSearch.objects.all())
        count = cards.count()
        first_page = list(cards[:50])
        self.assertEqual(len(first_page), min(count, 50))
        # The canonical text means the same: it finds the same cards in the same order.
        again = parse(str(query)).apply(CardSearch.objects.all())
        if query.is_usable:
            self.assertEqual(list(again), list(cards))
