"""No input, however long or strange, makes the search page or the JSON API fail.

Hypothesis sends random query text (plain junk, and junk built from the language's own pieces)
and random facet and page values through the test client. The page answers 200, 302 (one
card) or 400 with the reasons listed; the API answers 200 or 400 with an error and, past the
last page, 404.
"""

import json
from io import StringIO

from django.core.management import call_command
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from oracle.tests.helpers import FUT
from web.testing import EmptyDatabaseTestCase

# Any character a URL can carry (no lone surrogates: they cannot be encoded as UTF-8).
CHARACTERS = st.characters(exclude_categories=("Cs",))
PIECES = [
    "t:", "type:", "tipo:", "o:", "testo:", "k:", "kw:", "s:", "e:", "r:", "c:", "id:", "mv",
    "pow", "tou", "loy", "cmc", "is:", "has:", "lang:", "year", "date", "order:", "dir:",
    "!", "-", "(", ")", '"', "~", "or", "and", ":", "=", "!=", "<", "<=", ">", ">=", "<>",
    "creature", "creatura", "flying", "volare", "fut", "rare", "ur", "rosso", "m", "c", "3",
    "x", "*", "1.5", "-1", "99999999999999999999", "2007-05-04", "tarox", "æther", "perché",
    "dfc", "rulings", "it", "mv", "desc", " ", "\x00", "\u200b", "%", "_", "'", "\\",
    "m:", "mana:", "costo:", "{2}{W}{W}", "2WW", "{G/P}", "{W/U}", "{X}", "{", "}", "vanilla",
    "historic", "commander", "token", "pedina", "power", "toughness", "color",
    "f:", "formato:", "banned:", "restricted:", "a:", "artista:", "ft:", "wm:", "b:", "blocco:",
    "st:", "frame:", "border:", "bordo:", "not:", "modern", "edh", "storico", "avon", "orzhov",
    "tsp", "core", "2015", "future", "borderless", "reserved", "promo", "digital", "funny",
    "artist",
]  # fmt: skip
QUERIES = st.one_of(
    st.text(CHARACTERS, max_size=120),
    st.lists(st.sampled_from(PIECES), max_size=25).map("".join),
    st.lists(st.sampled_from(PIECES), max_size=25).map(" ".join),
)
SOME_TEXT = st.one_of(
    st.text(CHARACTERS, max_size=30),
    st.sampled_from(["", "FUT", "fut", "XYZ", "-1", "0", "abc", "1e400", "NaN", "1" * 40, "3.5"]),
)
FACETS = st.fixed_dictionaries(
    {},
    optional={
        "type": st.one_of(SOME_TEXT, st.sampled_from(["creature", "legendary", "land"])),
        "keyword": st.one_of(SOME_TEXT, st.sampled_from(["flying", "suspend"])),
        "card_set": SOME_TEXT,
        "color": st.lists(st.one_of(SOME_TEXT, st.sampled_from("WUBRGC")), max_size=7),
        "color_mode": st.one_of(SOME_TEXT, st.sampled_from(["including", "exactly", "at-most"])),
        "rarity": st.one_of(SOME_TEXT, st.sampled_from(["common", "rare"])),
        "mv_min": SOME_TEXT,
        "mv_max": SOME_TEXT,
        "layout": st.one_of(SOME_TEXT, st.just("split")),
        "order": st.one_of(
            SOME_TEXT,
            st.sampled_from(["mv", "rarity", "set", "released", "power", "toughness", "color"]),
        ),
        "dir": st.one_of(SOME_TEXT, st.just("desc")),
        "page": st.one_of(SOME_TEXT, st.integers(-5, 10**12).map(str)),
    },
)
FUZZ = hypothesis_settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


class SearchFuzzTests(HypothesisTestCase, EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def check_page(self, params):
        response = self.client.get("/it/cards/", params)
        self.assertIn(response.status_code, (200, 302, 400), params)
        if response.status_code == 400:
            body = response.content.decode()
            self.assertIn('class="panel notice search-problems"', body, params)
            self.assertIn("<li><code>", body, params)  # at least one part, with its reason

    def check_api(self, params):
        response = self.client.get("/api/cards/", params)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        data = json.loads(response.content)
        if response.status_code == 200:
            self.assertEqual(len(data["results"]), min(50, data["total"] - 50 * (data["page"] - 1)))
            return
        self.assertIn(response.status_code, (400, 404), params)
        self.assertTrue(data["error"], params)
        if response.status_code == 404:  # only a page past the last one
            self.assertGreater(int(params["page"]), data["pages"], params)
        elif "warnings" in data and "page must" not in data["error"]:
            self.assertTrue(data["warnings"], params)

    @FUZZ
    @given(q=QUERIES)
    def test_any_query_text(self, q):
        self.check_page({"q": q})
        self.check_api({"q": q})

    @FUZZ
    @given(q=st.one_of(st.just(""), QUERIES), facets=FACETS)
    def test_any_facets_and_page(self, q, facets):
        params = {"q": q, **facets}
        self.check_page(params)
        self.check_api(params)
