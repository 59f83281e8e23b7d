"""Double-faced cards' own colours and costs, mana costs in queries, and the objects searches
leave out (tokens unless asked, art-series objects always), on the bundled samples
(fixtures/mtgjson/SearchSamples.json)."""

from django.core.cache import cache
from django.test import SimpleTestCase
from django.utils import translation

from oracle.models import Card, CardSearch
from oracle.search import parse
from oracle.search.mana_costs import at_least_words, cost_symbols, cost_words, exact_word
from oracle.tests.helpers import set_table_rows
from web.pages.lists.rows import set_rows
from web.testing import BundledDataTestCase

TOKENS = ["Karox Bladewing", "Knight", "Saproling"]
ART_SERIES = "Baleful Beholder // Beholder"
GARRUK = "Garruk Relentless // Garruk, the Veil-Cursed"
ELBRUS = "Elbrus, the Binding Blade // Withengar Unbound"
VALKI = "Valki, God of Lies // Tibalt, Cosmic Impostor"


class ManaCostQueryTests(SimpleTestCase):
    def test_costs_print_back_in_canonical_form(self):
        for text, canonical in [
            ("m:2WW", "m:{2}{W}{W}"),
            ("m:{2}{W}{W}", "m:{2}{W}{W}"),
            ("mana:{w}{2}{w}", "m:{2}{W}{W}"),
            ("costo:1{1}g", "m:{2}{G}"),
            ("m:{u/w}", "m:{W/U}"),
            ("m:{p/g}", "m:{G/P}"),
            ("m:{g/w/p}", "m:{G/W/P}"),
            ("m:{2/w}", "m:{2/W}"),
            ("m=XR", "m={X}{R}"),
            ("m:{R}{X}{X}", "m:{X}{X}{R}"),
            ("m!=2", "-m={2}"),
            ("-m:{C}", "-m:{C}"),
        ]:
            with self.subTest(text=text):
                query = parse(text)
                self.assertEqual(str(query), canonical)
                self.assertEqual(query.problems, [])

    def test_what_is_not_a_cost_is_named_with_a_suggestion(self):
        for text, message, suggestion in [
            ("m:{Q}", "“{Q}” is not a mana symbol", "m:{2}{W}{W}"),
            ("m:2WQ", "“{Q}” is not a mana symbol", "m:{2}{W}{W}"),
            ("m:{W", "“{W” is not a mana cost", "m:{2}{W}{W}"),
            ("m:{W/W}", "“{W/W}” is not a mana symbol", "m:{2}{W}{W}"),
            ("m>2WW", "a mana cost can only be compared with “:”, “=” and “!=”", "m:2WW"),
        ]:
            with self.subTest(text=text):
                query = parse(text)
                self.assertEqual(str(query), "")
                self.assertEqual([p.message for p in query.problems], [message])
                self.assertEqual(query.problems[0].suggestion, suggestion)

    def test_cost_words_count_each_symbol_and_keep_faces_apart(self):
        self.assertEqual(cost_symbols("{1}{G/W}{G/W}"), ["1", "G/W", "G/W"])
        self.assertEqual(at_least_words(["2", "W", "W"]), ["{1}", "{2}", "{w}", "{w}{w}"])
        self.assertEqual(exact_word(["W", "2", "W"]), "{2}{w}{w}")
        self.assertEqual(at_least_words(["0"]), ["{0}"])  # only where "{0}" is printed
        self.assertIn("{1000000}", at_least_words(["1000000"]))
        words = cost_words(["{1}{B}", "{5}{B}{R}", ""])
        self.assertIn("m:{b}", words)
        self.assertIn("m1:{r}", words)
        self.assertNotIn("m0:{r}", words)
        self.assertEqual(cost_words(["{U}", ""]), ["m:{u}", "m={u}"])  # one face: no positions

    def test_bad_order_and_flag_values_get_the_closest_one(self):
        for text, suggestion in [
            ("order:powr", "order:power"),
            ("order:toughnes", "order:toughness"),
            ("order:colr", "order:color"),
            ("is:vanila", "is:vanilla"),
            ("is:historik", "is:historic"),
            ("is:comander", "is:commander"),
        ]:
            with self.subTest(text=text):
                problems = parse(text).problems
                self.assertEqual(len(problems), 1)
                self.assertEqual(problems[0].suggestion, suggestion)


class FaceByFaceTests(BundledDataTestCase):
    def found(self, text):
        return list(parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True))

    def test_a_transforming_card_is_found_by_each_face_colour(self):
        self.assertIn(GARRUK, self.found("c=g"))
        self.assertIn(GARRUK, self.found("c=bg"))
        self.assertIn(GARRUK, self.found("c:b"))
        self.assertNotIn(GARRUK, self.found("c=b"))
        self.assertNotIn(GARRUK, self.found("-c=g t:planeswalker"))
        self.assertEqual(Card.objects.get(name=GARRUK).colors, "BG")  # the card page's colours

    def test_elbrus_is_colourless_on_its_front_and_black_by_identity(self):
        self.assertIn(ELBRUS, self.found("c:c"))
        self.assertIn(ELBRUS, self.found("c=b"))
        self.assertIn(ELBRUS, self.found("id=b c:c"))
        self.assertNotIn(ELBRUS, self.found("id=c"))

    def test_split_cards_have_one_colour_the_union_as_on_scryfall(self):
        self.assertIn("Assault // Battery", self.found("c=rg"))
        self.assertNotIn("Assault // Battery", self.found("c=r"))
        self.assertNotIn("Assault // Battery", self.found("c=g"))

    def test_mana_value_face_by_face(self):
        # Valki's front costs 2, Tibalt's back 7 (a modal double-faced card's own cost).
        self.assertIn(VALKI, self.found("mv=2"))
        self.assertIn(VALKI, self.found("mv=7"))
        self.assertNotIn(VALKI, self.found("mv=0"))
        # A transforming card's back face has its front's mana value (rule 712.8e).
        self.assertIn(GARRUK, self.found("mv=4"))
        self.assertNotIn(GARRUK, self.found("mv=0"))
        self.assertEqual(self.found("m:{5}{B}{R} loy=5"), [VALKI])

    def test_one_face_must_hold_every_symbol(self):
        self.assertIn(VALKI, self.found("m:{B}{R}"))  # Tibalt's {5}{B}{R}
        self.assertNotIn(VALKI, self.found("m:{1}{R}{B}{B}"))  # {1}{B} and {B}{R} together
        self.assertEqual(self.found("m:{1}{W} is:adventure"), ["Giant Killer // Chop Down"])


class FacetTests(BundledDataTestCase):
    """The search page's colour and mana value filters read faces as the query does."""

    def setUp(self):
        cache.clear()

    def test_the_colour_filter_finds_a_double_faced_card_by_its_front(self):
        params = {"q": "t:planeswalker", "color": "G", "color_mode": "exactly"}
        response = self.client.get("/en/cards/", params)
        self.assertRedirects(response, Card.objects.get(name=GARRUK).get_absolute_url())
        # Black exactly: Valki's black front (Tibalt, the planeswalker, is black-red), not Garruk.
        params["color"] = "B"
        response = self.client.get("/en/cards/", params)
        self.assertRedirects(response, Card.objects.get(name=VALKI).get_absolute_url())

    def test_the_mana_value_filter_reads_each_face_of_a_modal_card(self):
        response = self.client.get("/en/cards/", {"q": "is:mdfc", "mv_min": "7"})
        names = [row.name for row in response.context["rows"]]
        self.assertEqual(names, ["Emeria's Call // Emeria, Shattered Skyclave", VALKI])
        # Emeria's back is a land, of mana value 0.
        response = self.client.get("/en/cards/", {"q": "is:mdfc", "mv_max": "1"})
        emeria = Card.objects.get(name="Emeria's Call // Emeria, Shattered Skyclave")
        self.assertRedirects(response, emeria.get_absolute_url())
        response = self.client.get("/en/cards/", {"q": "is:mdfc", "mv_max": "2"})
        names = [row.name for row in response.context["rows"]]
        self.assertEqual(names, ["Emeria's Call // Emeria, Shattered Skyclave", VALKI])


class NotCardsTests(BundledDataTestCase):
    """Tokens only when asked for, art-series objects never."""

    def setUp(self):
        cache.clear()

    def test_searches_leave_tokens_out_unless_asked(self):
        found = list(
            parse("t:creature").apply(CardSearch.objects.all()).values_list("name", flat=True)
        )
        self.assertFalse(set(TOKENS) & set(found))
        for text in ("is:token", "t:token", "t:pedina", "is:pedina"):
            with self.subTest(text=text):
                names = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
                self.assertEqual(list(names), TOKENS)

    def test_the_layout_filter_on_tokens_finds_them(self):
        response = self.client.get("/en/cards/", {"layout": "token", "q": "c:w"})
        self.assertRedirects(response, Card.objects.get(name="Knight").get_absolute_url())

    def test_art_series_never_appear(self):
        for text in ("beholder", "is:token beholder", "is:art_series", '!"Beholder"'):
            with self.subTest(text=text):
                response = self.client.get("/en/cards/", {"q": text})
                self.assertEqual(response.context["rows"], [])
        _, data = self.api("/api/cards/", {"q": "is:token"})
        self.assertEqual([row["name"] for row in data["results"]], TOKENS)
        response = self.client.get("/api/cards/autocomplete/", {"q": "beho"})
        self.assertEqual(response.json()["total"], 0)

    def test_lists_of_cards_count_cards_only(self):
        _, data = self.api("/api/cards/", {})
        self.assertEqual(data["total"], Card.objects.game_cards().count())
        self.assertEqual(data["total"], Card.objects.count() - len(TOKENS) - 1)
        home = self.client.get("/en/")
        self.assertEqual(home.context["stats"]["cards"], data["total"])
        for _ in range(10):
            response = self.client.get("/en/cards/random/")
            card = Card.objects.get(slug=response.url.split("/")[-2])
            self.assertFalse(card.is_token or card.layout == "art_series", card.name)

    def test_a_token_set_lists_its_tokens_and_an_art_series_set_nothing(self):
        response = self.client.get("/en/sets/tdom/")
        names = [name for _number, name in set_table_rows(response)]  # by collector number
        self.assertEqual(names, ["Knight", "Karox Bladewing", "Saproling"])
        self.assertNotContains(response, "art cards only")
        response = self.client.get("/en/sets/aafr/")
        self.assertEqual(set_table_rows(response), [])
        self.assertEqual(response.context["table_rows"], [])
        self.assertContains(response, "This set holds art cards only")
        self.assertNotContains(response, "Beholder")
        italian = self.client.get("/it/sets/aafr/")
        self.assertContains(italian, "Questa espansione contiene solo carte illustrazione")
        with translation.override("en"):
            sets = {row.code: row.card_count for row in set_rows()}  # the set list's rows
        self.assertEqual((sets["TDOM"], sets["FUT"]), (3, 180))
        self.assertNotIn("AAFR", sets)  # no cards to list: its page answers, the list omits it
        self.assertContains(self.client.get("/en/sets/"), "/en/sets/tdom/")
        self.assertNotContains(self.client.get("/en/sets/"), "/en/sets/aafr/")

    def api(self, path, params):
        response = self.client.get(path, params)
        return response, response.json()
