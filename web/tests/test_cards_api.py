"""The cards JSON API: /api/cards/ (search) and /api/cards/<Oracle id>/ (one whole card)."""

import json
import uuid
from datetime import date

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from common.text import sort_key
from oracle.models import Card
from oracle.tests.factories import make_erratum
from oracle.tests.helpers import mtgjson_cards
from web.testing import DATA_AGE_QUERIES, BundledDataTestCase, time_limit_queries

TAROX_ORACLE_ID = "e195f2f8-2db7-46b8-948c-c3c27f2e5825"
RESULT_KEYS = {"id", "name", "name_it", "mana_cost", "type_line", "set_codes", "url"}


class CardsApiTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.fut = mtgjson_cards("FUT")

    def get(self, path, **params):
        response = self.client.get(path, params)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        return response, json.loads(response.content)

    # --- Search

    def test_search_answers_with_the_documented_shape(self):
        response, data = self.get("/api/cards/", q="t:creatura k:volare s:fut")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(
            set(data),
            {"total", "page", "pages", "next", "previous", "warnings", "query", "results", "data"},
        )
        expected = {
            name
            for name, card in self.fut.items()
            if "Creature" in card["types"] and "Flying" in card.get("keywords", [])
        }
        self.assertEqual({r["name"] for r in data["results"]}, expected)
        self.assertEqual(data["total"], len(expected))
        self.assertEqual((data["page"], data["pages"], data["next"]), (1, 1, None))
        self.assertEqual(data["query"], "t:creatura kw:volare s:fut")
        self.assertEqual(data["warnings"], [])
        tarox = next(r for r in data["results"] if r["name"] == "Tarox Bladewing")
        self.assertEqual(set(tarox), RESULT_KEYS)
        self.assertEqual(
            tarox,
            {
                "id": TAROX_ORACLE_ID,
                "name": "Tarox Bladewing",
                "name_it": "Tarox Alaspada",
                "mana_cost": "{2}{R}{R}{R}",
                "type_line": "Legendary Creature — Dragon",
                "set_codes": ["FUT"],
                "url": "http://testserver/en/cards/tarox-bladewing/",
            },
        )
        self.assertEqual(
            self.fut["Tarox Bladewing"]["identifiers"]["scryfallOracleId"], TAROX_ORACLE_ID
        )

    def test_set_codes_are_newest_first(self):
        _, data = self.get("/api/cards/", q='!"Plains"')
        self.assertEqual(data["results"][0]["set_codes"], ["TSP", "ONS"])

    def test_pages_link_to_each_other_and_keep_the_parameters(self):
        _, first = self.get("/api/cards/", q="t:creature", card_set="TSP")
        self.assertGreater(first["pages"], 1)
        self.assertEqual(len(first["results"]), 50)
        self.assertIsNone(first["previous"])
        self.assertTrue(first["next"].startswith("http://testserver/api/cards/?"))
        self.assertIn("q=t%3Acreature", first["next"])
        self.assertIn("card_set=TSP", first["next"])
        self.assertIn("page=2", first["next"])
        seen, data = [], first
        while True:
            seen += [r["id"] for r in data["results"]]
            if data["next"] is None:
                break
            _, data = self.get(data["next"].removeprefix("http://testserver"))
        self.assertEqual(len(seen), first["total"])
        self.assertEqual(len(set(seen)), first["total"])
        self.assertEqual(data["page"], first["pages"])

    def test_page_past_the_end_is_a_404_and_a_bad_page_a_400(self):
        response, data = self.get("/api/cards/", q="s:fut", page="99")
        self.assertEqual(response.status_code, 404)
        self.assertEqual(data["pages"], 4)
        self.assertEqual((data["query"], data["warnings"]), ("s:fut", []))
        self.assertIn("99", data["error"])
        for page in ("abc", "0", "-1", "1.5", "9" * 50):
            with self.subTest(page=page):
                response, data = self.get("/api/cards/", q="s:fut", page=page)
                self.assertEqual(response.status_code, 400)
                self.assertIn("page", data["error"])

    def test_no_results_is_an_empty_first_page(self):
        response, data = self.get("/api/cards/", q="t:creature t:instant s:fut")
        self.assertEqual(response.status_code, 200)
        self.assertEqual((data["total"], data["page"], data["results"]), (0, 1, []))

    def test_without_parameters_every_card_is_listed_by_name(self):
        _, data = self.get("/api/cards/")
        self.assertEqual(data["total"], Card.objects.game_cards().count())  # no tokens, art
        names = [r["name"] for r in data["results"]]
        self.assertEqual(names, sorted(names, key=lambda name: (sort_key(name), name)))

    def test_facets_work_as_on_the_page(self):
        _, data = self.get("/api/cards/", card_set="fut", rarity="rare")
        self.assertEqual(data["total"], 60)
        _, data = self.get("/api/cards/", q="t:creature", card_set="FUT", color=["U", "R"])
        expected = {
            name
            for name, card in self.fut.items()
            if "Creature" in card["types"] and {"U", "R"} <= set(card["colors"])
        }
        self.assertEqual({r["name"] for r in data["results"]}, expected)

    def test_parts_that_cannot_be_used_are_warnings(self):
        response, data = self.get("/api/cards/", q="tpye:goblin c:r", card_set="ONS")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(data["query"], "c:r")
        self.assertEqual(len(data["warnings"]), 1)
        warning = data["warnings"][0]
        self.assertEqual(set(warning), {"part", "message", "suggestion"})
        self.assertEqual((warning["part"], warning["suggestion"]), ("tpye:goblin", "type:goblin"))
        self.assertIn("tpye", warning["message"])
        _, data = self.get("/api/cards/", q="t:elf", mv_min="abc")
        self.assertEqual(data["warnings"][0]["part"], "Mana value from: abc")

    def test_an_unusable_query_is_a_400_with_the_reason(self):
        for text in ("c:purple", "pow>=x", ")", "tpye:elf"):
            with self.subTest(text=text):
                response, data = self.get("/api/cards/", q=text)
                self.assertEqual(response.status_code, 400)
                self.assertEqual(set(data), {"error", "warnings", "query"})
                self.assertTrue(data["warnings"])
                self.assertEqual(data["query"], "")
        response, data = self.get("/api/cards/", card_set="NOPE")
        self.assertEqual(response.status_code, 400)
        self.assertIn("NOPE", data["warnings"][0]["message"])

    def test_search_costs_the_same_queries_for_one_page_or_many(self):
        def queries(**params):
            with CaptureQueriesContext(connection) as captured:
                response = self.client.get("/api/cards/", params)
            self.assertEqual(response.status_code, 200)
            return len(captured)

        self.assertEqual(queries(q="t:goblin c:r"), queries(q="t:creature"))
        self.assertLessEqual(queries(q="t:creature"), 4 + DATA_AGE_QUERIES + time_limit_queries())

    def test_only_get_is_allowed(self):
        self.assertEqual(self.client.post("/api/cards/", {"q": "x"}).status_code, 405)

    def test_other_methods_are_a_json_405_even_with_csrf_checks(self):
        """A real client has no CSRF token: it must get the 405, not the HTML CSRF page."""
        client = Client(enforce_csrf_checks=True)
        card = Card.objects.get(name="Tarox Bladewing")
        for url in ("/api/cards/", f"/api/cards/{card.oracle_id}/"):
            for method in (client.post, client.put, client.delete):
                with self.subTest(url=url, method=method.__name__):
                    response = method(url)
                    self.assertEqual(response.status_code, 405)
                    self.assertEqual(response["Allow"], "GET, HEAD")
                    self.assertEqual(response.json()["error"], "Only GET is allowed here.")
        self.assertEqual(client.head("/api/cards/?q=tarox").status_code, 200)

    # --- One card

    def test_a_whole_card(self):
        response, card = self.get(f"/api/cards/{TAROX_ORACLE_ID}/")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(card["id"], TAROX_ORACLE_ID)
        self.assertEqual((card["name"], card["name_it"]), ("Tarox Bladewing", "Tarox Alaspada"))
        self.assertEqual(card["url"], "http://testserver/en/cards/tarox-bladewing/")
        self.assertEqual(card["layout"], "normal")
        self.assertEqual(card["mana_value"], 5)
        self.assertEqual((card["colors"], card["color_identity"]), (["R"], ["R"]))
        self.assertEqual(card["legalities"]["legacy"], "Legal")
        keywords = {keyword["slug"]: keyword for keyword in card["keywords"]}
        self.assertEqual(set(keywords), {"flying", "haste", "grandeur"})
        self.assertEqual(
            keywords["flying"],
            {"slug": "flying", "name": "Flying", "name_it": "Volare", "kind": "ability"},
        )
        self.assertEqual(keywords["grandeur"]["kind"], "ability_word")
        [face] = card["faces"]
        self.assertEqual(face["type_line_it"], "Creatura Leggendaria — Drago")
        self.assertEqual((face["power"], face["toughness"]), ("4", "3"))
        self.assertIn("Grandeur", face["oracle_text"])
        self.assertTrue(face["printed_text_it"].startswith("Volare, rapidità"))
        [printing] = card["printings"]
        self.assertEqual(
            {k: printing[k] for k in ("set", "set_name", "set_name_it", "collector_number")},
            {
                "set": "FUT",
                "set_name": "Future Sight",
                "set_name_it": "Visione Futura",
                "collector_number": "123",
            },
        )
        self.assertEqual(printing["url"], "http://testserver/en/sets/fut/123/")
        self.assertEqual(printing["faces"][0]["name_it"], "Tarox Alaspada")
        self.assertTrue(card["rulings"])
        self.assertEqual(
            set(card["rulings"][0]), {"about", "date", "language", "text", "source", "status"}
        )
        self.assertEqual(card["errata"], [])

    def test_errata_in_both_languages(self):
        tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)
        make_erratum(
            tarox,
            "old wording",
            "new wording",
            when=date(2010, 7, 1),
            reason="Grandeur was reworded.",
            reason_it="Magnificenza è stata riformulata.",
        )
        _, card = self.get(f"/api/cards/{TAROX_ORACLE_ID}/")
        self.assertEqual(
            card["errata"],
            [
                {
                    "date": "2010-07-01",
                    "face": "",
                    "field": "text",
                    "old": "old wording",
                    "new": "new wording",
                    "reason": "Grandeur was reworded.",
                    "reason_it": "Magnificenza è stata riformulata.",
                    "source": "",
                }
            ],
        )

    def test_accents_are_plain_utf8_not_escapes(self):
        response, _ = self.get(f"/api/cards/{TAROX_ORACLE_ID}/")
        self.assertIn("Volare, rapidità".encode(), response.content)
        self.assertNotIn(b"\\u00e0", response.content)

    def test_unknown_or_malformed_ids_are_json_404s(self):
        for key in (str(uuid.uuid4()), "not-a-uuid", "123"):
            with self.subTest(key=key):
                response, data = self.get(f"/api/cards/{key}/")
                self.assertEqual(response.status_code, 404)
                self.assertIn(key, data["error"])

    def test_a_card_costs_the_same_queries_however_much_it_has(self):
        plains = Card.objects.get(name="Plains")  # eight printings, no rulings
        busy = Card.objects.get(name="Hypergenesis")  # many rulings
        for n in range(5):
            make_erratum(busy, f"old {n}", f"new {n}")
        self.assertGreater(plains.printings.count(), 5)
        self.assertGreater(busy.rulings.count(), 20)

        def queries(card):
            with CaptureQueriesContext(connection) as captured:
                response = self.client.get(f"/api/cards/{card.oracle_id}/")
            self.assertEqual(response.status_code, 200)
            return len(captured)

        self.assertEqual(queries(plains), queries(busy))
        self.assertLessEqual(queries(busy), 8 + DATA_AGE_QUERIES)
