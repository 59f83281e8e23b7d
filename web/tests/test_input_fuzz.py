"""No number, symbol or JSON body, however crafted, makes the search or the JSON APIs fail.

Hypothesis writes the query language's numbers and mana symbols with every kind of digit
Unicode has (other scripts' digits, superscripts, fullwidth, circled numbers, fractions) and
lone surrogates (sent as their UTF-8-like bytes, the only way an address can carry one), and
sends them to the search page, the random card, the cards API, the Scryfall search and its mana
parser: each answers 200, 302 or 400 with what could not be read, never a 5xx. It posts JSON
bodies nested deep, with huge integers, lone surrogates and NULs, to the Scryfall collection and
the decks check: each answers 200 or 400/413 with an error, never a 5xx.
"""

import json
from urllib.parse import quote

from hypothesis import HealthCheck, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from web.testing import BundledDataTestCase

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
FULLWIDTH = "０１２３４５６７８９"
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑳"
SURROGATES = "\ud800\udbff\udc00\udfff"
ODD_DIGITS = SUPERSCRIPTS + FULLWIDTH + CIRCLED + "½∞٣७፩" + SURROGATES
DIGIT = st.one_of(
    st.sampled_from(ODD_DIGITS + "0123456789"),
    st.characters(categories=("Nd", "No")),
)
NUMBER = st.one_of(st.text(DIGIT, min_size=1, max_size=3), st.integers(0, 10**60).map(str))
SYMBOL = st.one_of(NUMBER, st.sampled_from(["W", "R", "X", "G/P", "2/W", "W/U", "HW", "C", ""]))
COST = st.one_of(
    st.lists(SYMBOL.map(lambda symbol: "{" + symbol + "}"), min_size=1, max_size=3).map("".join),
    st.lists(st.one_of(NUMBER, st.sampled_from("WUBRGX")), min_size=1, max_size=3).map("".join),
)
KEYS = ["mv", "pow", "tou", "loy", "year", "date", "edhrec", "cmc", "forza", "anno"]
OPERATORS = [":", "=", "!=", "<", "<=", ">", ">="]
TERM = st.one_of(
    st.builds(
        "{}{}{}".format, st.sampled_from(["m", "mana", "costo"]), st.sampled_from(":="), COST
    ),
    st.builds("{}{}{}".format, st.sampled_from(KEYS), st.sampled_from(OPERATORS), NUMBER),
    st.builds("date{}{}-{}-{}".format, st.sampled_from(OPERATORS), NUMBER, NUMBER, NUMBER),
)
QUERY = st.lists(TERM, min_size=1, max_size=3).map(" ".join)

SEARCH_FUZZ = hypothesis_settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
JSON_FUZZ = hypothesis_settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def address(path: str, **params: str) -> str:
    """The path with its query string, a lone surrogate written as the bytes UTF-8 would give
    it (the test client cannot encode one)."""
    pairs = [
        f"{name}={quote(value, safe='', errors='surrogatepass')}" for name, value in params.items()
    ]
    return f"{path}?{'&'.join(pairs)}"


class SearchNumbersFuzzTests(HypothesisTestCase, BundledDataTestCase):
    @SEARCH_FUZZ
    @given(q=QUERY)
    @example(q="m:{²}")
    @example(q="m:{①}")
    @example(q="m={²}{W}")
    @example(q="m:{３}{\ud800}")
    @example(q="year:²⁰⁰⁷ mv:٣")
    def test_numbers_and_symbols_of_every_kind(self, q):
        for path in ("/en/cards/", "/en/cards/random/"):
            response = self.client.get(address(path, q=q))
            self.assertIn(response.status_code, (200, 302, 400), q)
            if response.status_code == 400:
                self.assertIn('class="panel notice search-problems"', response.text, q)
        response = self.client.get(address("/api/cards/", q=q))
        self.assertIn(response.status_code, (200, 400), q)
        if response.status_code == 400:
            self.assertTrue(response.json()["error"], q)
        response = self.client.get(address("/api/scryfall/cards/search", q=q))
        self.assertIn(response.status_code, (200, 400, 404), q)
        self.assertTrue(response.json()["object"], q)
        if response.status_code == 400:
            self.assertTrue(response.json()["details"], q)

    @SEARCH_FUZZ
    @given(cost=COST)
    @example(cost="{፩}")
    @example(cost="①W")
    def test_a_mana_cost_to_parse(self, cost):
        response = self.client.get(address("/api/scryfall/symbology/parse-mana", cost=cost))
        self.assertIn(response.status_code, (200, 400), cost)
        data = response.json()
        self.assertEqual(data["object"], "error" if response.status_code == 400 else "mana_cost")


HUGE = "9" * 5000
TEXT = st.text(
    st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(SURROGATES + "\x00"),
        st.sampled_from(SUPERSCRIPTS + CIRCLED),
    ),
    max_size=12,
)
SCALAR = st.one_of(
    TEXT,
    st.integers(-(10**25), 10**25),
    st.just("HUGE_NUMBER"),  # written as 5,000 digits (json.dumps would refuse the int)
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
IDENTIFIER_KEYS = [
    "id", "mtgo_id", "multiverse_id", "oracle_id", "illustration_id", "name", "set",
    "collector_number",
]  # fmt: skip
IDENTIFIER = st.dictionaries(st.sampled_from(IDENTIFIER_KEYS), SCALAR, min_size=1, max_size=3)
DEPTH = st.one_of(st.just(0), st.integers(1, 30), st.just(100_000))


def body(value, depth: int) -> str:
    text = json.dumps(value).replace('"HUGE_NUMBER"', HUGE)
    return "[" * depth + text + "]" * depth


class JsonBodyFuzzTests(HypothesisTestCase, BundledDataTestCase):
    def post(self, url, text):
        response = self.client.post(url, text, content_type="application/json")
        self.assertIn(response.status_code, (200, 400, 413), text[:200])
        return response.json()

    @JSON_FUZZ
    @given(
        identifiers=st.lists(st.one_of(IDENTIFIER, VALUE), min_size=1, max_size=4),
        depth=DEPTH,
    )
    @example(identifiers=[{"mtgo_id": "HUGE_NUMBER"}], depth=0)
    @example(identifiers=[{"name": "\ud800"}], depth=0)
    @example(identifiers=[{"collector_number": "1\x00", "set": "fut"}], depth=0)
    @example(identifiers=[], depth=100_000)
    def test_the_collection(self, identifiers, depth):
        data = self.post(
            "/api/scryfall/cards/collection", body({"identifiers": identifiers}, depth)
        )
        if data["object"] == "error":
            self.assertTrue(data["details"])
        else:
            self.assertEqual(len(data["data"]) + len(data["not_found"]), len(identifiers))

    @JSON_FUZZ
    @given(
        fields=st.fixed_dictionaries(
            {"list": st.one_of(TEXT.map(lambda text: f"4 {text}"), VALUE)},
            optional={"format": st.one_of(st.just("modern"), TEXT), "extra": VALUE},
        ),
        depth=DEPTH,
    )
    @example(fields={"list": "4 \udfff", "format": "modern"}, depth=0)
    @example(fields={"list": "4 Shock", "format": "modern", "extra": "HUGE_NUMBER"}, depth=0)
    @example(fields={}, depth=100_000)
    def test_the_decks_check(self, fields, depth):
        data = self.post("/api/decks/check/", body(fields, depth))
        self.assertTrue(data.get("error") or "legal" in data)
