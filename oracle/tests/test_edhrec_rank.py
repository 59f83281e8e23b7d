"""EDHREC's rank, a number MTGJSON gives each card (``Card.edhrec_rank``): stored by the import,
shown on the card page in both languages, searched as ``edhrec<100``, sorted by
``order:edhrec``, offered in the sort menu and the help page, returned by the card API."""

import json
import re

from oracle.management.commands.load_bundled_data import BUNDLED_MTGJSON
from oracle.models import Card
from oracle.tests.helpers import MTGJSON_FIXTURES, squeeze
from web.testing import BundledDataTestCase


def bundled_ranks() -> dict[str, int]:
    """Oracle id -> rank, as the bundled files give it (the first printing read that has one)."""
    ranks = {}
    for name in BUNDLED_MTGJSON:
        data = json.loads((MTGJSON_FIXTURES / name).read_text(encoding="utf-8"))["data"]
        for card_set in data.values() if "cards" not in data else [data]:
            if not isinstance(card_set, dict):
                continue
            for entry in card_set.get("cards", []):
                oracle_id = entry["identifiers"].get("scryfallOracleId")
                if oracle_id and entry.get("edhrecRank") is not None:
                    ranks.setdefault(oracle_id, entry["edhrecRank"])
    return ranks


def result_slugs(response) -> list[str]:
    return re.findall(r'<a href="/\w\w/cards/([\w-]+)/"', response.content.decode())


class EdhrecRankTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.ranks = bundled_ranks()
        cls.delta = Card.objects.get(name="Polluted Delta")

    def test_the_import_stores_each_cards_rank(self):
        stored = {
            str(oracle_id): rank
            for oracle_id, rank in Card.objects.filter(edhrec_rank__isnull=False).values_list(
                "oracle_id", "edhrec_rank"
            )
        }
        self.assertGreater(len(stored), 1000)
        self.assertEqual(stored, self.ranks)
        self.assertEqual(self.delta.edhrec_rank, 39)

    def test_the_card_page_shows_it_in_both_languages(self):
        for language, label in (("en", "EDHREC rank"), ("it", "Posizione EDHREC")):
            with self.subTest(language=language):
                response = self.client.get(f"/{language}/cards/polluted-delta/")
                page = squeeze(response.content.decode())
                self.assertIn(f"{label}: <a href=", page)
                self.assertRegex(page, r'\?q=edhrec%3C%3D39%20order%3Aedhrec">39</a>')
        unranked = Card.objects.game_cards().filter(edhrec_rank__isnull=True).first()
        page = self.client.get(f"/en/cards/{unranked.slug}/").content.decode()
        self.assertNotIn("EDHREC", page)

    def test_edhrec_compares_with_a_number(self):
        for query, test in (
            ("edhrec<50", lambda rank: rank < 50),
            ("edhrec>=20000", lambda rank: rank >= 20000),
            ("edhrec=39", lambda rank: rank == 39),
        ):
            with self.subTest(query=query):
                data = self.client.get("/api/cards/", {"q": query}).json()
                expected = Card.objects.filter(
                    oracle_id__in=[oid for oid, rank in self.ranks.items() if test(rank)]
                ).game_cards()
                self.assertEqual(data["warnings"], [])
                self.assertEqual(data["total"], expected.count())
                self.assertGreater(data["total"], 0)
        # Cards without a rank match no comparison, "!=" included.
        data = self.client.get("/api/cards/", {"q": "edhrec!=39"}).json()
        self.assertEqual(
            data["total"],
            Card.objects.game_cards()
            .filter(edhrec_rank__isnull=False)
            .exclude(edhrec_rank=39)
            .count(),
        )

    def test_order_edhrec_puts_the_most_played_first_and_the_unranked_last(self):
        for direction in ("asc", "desc"):
            with self.subTest(direction=direction):
                response = self.client.get(
                    "/en/cards/", {"q": f"s:fut order:edhrec dir:{direction}"}
                )
                slugs = result_slugs(response)
                ranks = dict(Card.objects.filter(slug__in=slugs).values_list("slug", "edhrec_rank"))
                shown = [ranks[slug] for slug in slugs]
                ranked = [rank for rank in shown if rank is not None]
                self.assertEqual(ranked, sorted(ranked, reverse=direction == "desc"))
                self.assertEqual(shown[: len(ranked)], ranked)  # the unranked come last

    def test_italian_page_and_problems(self):
        response = self.client.get("/it/cards/", {"q": "edhrec<50 ordine:edhrec"})
        self.assertEqual(
            result_slugs(response)[:4],
            ["terramorphic-expanse", "polluted-delta", "flooded-strand", "windswept-heath"],
        )
        for query, message in (
            ("edhrec<molti", "“molti” is not a number"),
            ("edhrec>mv", "“mv” is not a number"),
        ):
            with self.subTest(query=query):
                data = self.client.get("/api/cards/", {"q": query}).json()
                self.assertEqual([w["message"] for w in data["warnings"]], [message])

    def test_sort_menu_and_help_page_offer_it(self):
        page = self.client.get("/it/cards/", {"q": "s:fut"}).content.decode()
        self.assertRegex(
            page, r'<option value="edhrec-asc"[^>]*>Posizione EDHREC, crescente</option>'
        )
        help_page = self.client.get("/en/help/search/").content.decode()
        self.assertIn("edhrec&lt;100", help_page)
        self.assertIn("the hundred cards most played in Commander decks", help_page)

    def test_the_card_api_returns_it(self):
        data = self.client.get(f"/api/cards/{self.delta.oracle_id}/").json()
        self.assertEqual(data["edhrec_rank"], 39)
        unranked = Card.objects.filter(edhrec_rank__isnull=True).first()
        self.assertIsNone(
            self.client.get(f"/api/cards/{unranked.oracle_id}/").json()["edhrec_rank"]
        )
