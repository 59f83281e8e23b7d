"""The Scryfall-compatible API's search (/api/scryfall/cards/search), autocomplete, random card
and collection, on the bundled data."""

import json

from oracle.models import Card, CardSearch, Printing
from oracle.search import parse
from web.tests.test_scryfall_api_cards import API, TARMOGOYF, ScryfallTestCase

PAGE = 175


class SearchTests(ScryfallTestCase):
    def names(self, data):
        return [card["name"] for card in data["data"]]

    def test_a_search_lists_each_card_once_by_name(self):
        data = self.get("/cards/search?q=t:goblin")
        expected = sorted(
            parse("t:goblin").filter(CardSearch.objects.all()).values_list("name", flat=True)
        )
        self.assertEqual(
            (data["object"], data["total_cards"], data["has_more"]), ("list", len(expected), False)
        )
        self.assertEqual(self.names(data), expected)
        self.assertNotIn("next_page", data)
        self.assertTrue(all(card["object"] == "card" for card in data["data"]))

    def test_pages_of_175_with_next_page(self):
        first = self.get("/cards/search?q=mv>=0")
        total = parse("mv>=0").filter(CardSearch.objects.all()).count()
        self.assertGreater(total, PAGE)
        self.assertEqual(
            (first["total_cards"], len(first["data"]), first["has_more"]), (total, PAGE, True)
        )
        self.assertTrue(first["next_page"].startswith(f"http://testserver{API}/cards/search?"))
        second = json.loads(self.client.get(first["next_page"]).content)
        self.assertEqual(second["data"][0]["name"] > first["data"][-1]["name"], True)
        last_page = (total + PAGE - 1) // PAGE
        last = self.get(f"/cards/search?q=mv>=0&page={last_page}")
        self.assertEqual(
            (len(last["data"]), last["has_more"]), (total - PAGE * (last_page - 1), False)
        )
        self.assertError(self.get(f"/cards/search?q=mv>=0&page={last_page + 1}", 404), 404)
        self.assertError(self.get("/cards/search?q=mv>=0&page=0", 400), 400, "bad_request")

    def test_order_and_dir_use_scryfalls_names(self):
        data = self.get("/cards/search?q=t:goblin&order=cmc&dir=desc")
        values = [card["cmc"] for card in data["data"]]
        self.assertEqual(values, sorted(values, reverse=True))
        data = self.get("/cards/search?q=t:goblin&order=usd")
        self.assertIn("usd", data["warnings"][0])
        self.assertError(
            self.get("/cards/search?q=t:goblin&order=nonsense", 400), 400, "bad_request"
        )

    def test_a_query_with_problems_runs_what_it_can_and_warns(self):
        data = self.get("/cards/search?q=t:goblin c:purple")
        self.assertEqual(data["total_cards"], self.get("/cards/search?q=t:goblin")["total_cards"])
        self.assertEqual(data["warnings"], ["c:purple: “purple” is not a colour"])

    def test_a_query_nothing_of_which_runs_is_a_400_explained_per_accept_language(self):
        data = self.get("/cards/search?q=c:purple", 400, HTTP_ACCEPT_LANGUAGE="it")
        self.assertError(data, 400, "bad_request")
        self.assertEqual(
            data["details"], "Impossibile eseguire la ricerca: nessuna sua parte è utilizzabile."
        )
        self.assertEqual(data["warnings"], ["c:purple: “purple” non è un colore"])
        english = self.get("/cards/search?q=c:purple", 400, HTTP_ACCEPT_LANGUAGE="en")
        self.assertEqual(english["warnings"], ["c:purple: “purple” is not a colour"])

    def test_no_card_found_is_a_404_and_no_query_a_400(self):
        self.assertError(self.get("/cards/search?q=t:goblin t:angel", 404), 404)
        self.assertError(self.get("/cards/search", 400), 400, "bad_request")

    def test_a_set_term_picks_the_printing_of_that_set(self):
        data = self.get("/cards/search?q=e:tsb")
        self.assertEqual({card["set"] for card in data["data"]}, {"tsb"})

    def test_unique_prints_lists_every_printing_newest_first(self):
        spider = Card.objects.get(name="Giant Spider")
        printings = spider.printings.count()
        self.assertGreater(printings, 2)
        data = self.get(f"/cards/search?q=oracleid:{spider.oracle_id}&unique=prints")
        self.assertEqual(data["total_cards"], printings)
        dates = [card["released_at"] for card in data["data"]]
        self.assertEqual(dates, sorted(dates, reverse=True))
        self.assertEqual(self.get(f"/cards/search?q=oracleid:{spider.oracle_id}")["total_cards"], 1)
        prints_uri = self.get("/cards/named?exact=Giant Spider")["prints_search_uri"]
        self.assertEqual(json.loads(self.client.get(prints_uri).content)["total_cards"], printings)

    def test_unique_art_lists_each_artwork_once(self):
        spider = Card.objects.get(name="Giant Spider")
        arts = len(set(spider.printings.values_list("illustration_id", flat=True)))
        data = self.get(f"/cards/search?q=oracleid:{spider.oracle_id}&unique=art")
        self.assertEqual(data["total_cards"], arts)
        self.assertError(self.get("/cards/search?q=t:elf&unique=some", 400), 400, "bad_request")

    def test_unique_prints_pages_follow_each_other_card_by_card(self):
        query = "/cards/search?q=t:creature&unique=prints&include_multilingual=true"
        first = self.get(query)
        self.assertTrue(first["has_more"])
        entries, page = [], first
        while True:
            entries += [(card["id"], card["lang"]) for card in page["data"]]
            if not page["has_more"]:
                break
            page = json.loads(self.client.get(page["next_page"]).content)
        self.assertEqual(len(entries), first["total_cards"])
        self.assertEqual(len(set(entries)), len(entries))
        found = parse("t:creature").filter(CardSearch.objects.all()).values("pk")
        creatures = Printing.objects.filter(card__in=found)
        italian = creatures.exclude(name_it="").count()
        self.assertEqual(len(entries), creatures.count() + italian)
        # Card by card, in the search's order (by name): a card's printings never come back.
        names = [card["name"] for card in first["data"]]
        seen = [name for i, name in enumerate(names) if i == 0 or names[i - 1] != name]
        self.assertEqual(seen, sorted(set(seen), key=seen.index))
        self.assertEqual(len(seen), len(set(seen)))

    def test_lang_it_answers_italian_printings(self):
        data = self.get("/cards/search?q=angelo eminente lang:it")
        self.assertEqual(
            [(c["lang"], c["printed_name"]) for c in data["data"]], [("it", "Angelo Eminente")]
        )

    def test_include_multilingual_adds_the_italian_printings(self):
        query = "/cards/search?q=tarmogoyf&unique=prints"
        self.assertEqual([c["lang"] for c in self.get(query)["data"]], ["en"])
        both = self.get(query + "&include_multilingual=true")
        self.assertEqual([c["lang"] for c in both["data"]], ["en", "it"])

    def test_include_extras_searches_tokens(self):
        self.assertError(self.get("/cards/search?q=t:knight s:tdom", 404), 404)
        data = self.get("/cards/search?q=t:knight s:tdom&include_extras=true")
        self.assertEqual(
            [(card["name"], card["layout"]) for card in data["data"]], [("Knight", "token")]
        )


class AutocompleteTests(ScryfallTestCase):
    def test_names_starting_with_the_text_english_or_italian(self):
        data = self.get("/cards/autocomplete?q=llanowar")
        self.assertEqual(data["object"], "catalog")
        self.assertEqual(
            set(data["data"]),
            set(Card.objects.filter(name__startswith="Llanowar").values_list("name", flat=True)),
        )
        self.assertEqual(data["total_values"], len(data["data"]))
        self.assertEqual(self.get("/cards/autocomplete?q=angelo em")["data"], ["Angelo Eminente"])
        self.assertEqual(self.get("/cards/autocomplete?q=exalted")["data"], ["Exalted Angel"])

    def test_under_two_letters_is_an_empty_catalog(self):
        self.assertEqual(
            self.get("/cards/autocomplete?q=l"),
            {"object": "catalog", "total_values": 0, "data": []},
        )


class RandomTests(ScryfallTestCase):
    def test_a_random_card_among_those_the_query_finds_never_cached(self):
        response = self.client.get(f"{API}/cards/random?q=t:goblin")
        self.assertEqual(response.status_code, 200)
        self.assertIn("no-store", response["Cache-Control"])
        goblins = set(
            parse("t:goblin").filter(CardSearch.objects.all()).values_list("name", flat=True)
        )
        self.assertIn(json.loads(response.content)["name"], goblins)
        self.assertEqual(self.get("/cards/random")["object"], "card")
        self.assertError(self.get("/cards/random?q=t:goblin t:angel", 404), 404)


class CollectionTests(ScryfallTestCase):
    def post(self, body, status=200, **headers):
        response = self.client.post(
            f"{API}/cards/collection", json.dumps(body), content_type="application/json", **headers
        )
        self.assertEqual(response.status_code, status, response.content[:300])
        self.assertEqual(response["Access-Control-Allow-Origin"], "*")
        return json.loads(response.content)

    def test_every_kind_of_identifier_in_the_order_asked(self):
        goyf = Printing.objects.select_related("card").get(scryfall_id=TARMOGOYF)
        angel = Printing.objects.select_related("card").get(card__name="Exalted Angel")
        identifiers = [
            {"id": TARMOGOYF},
            {"mtgo_id": goyf.mtgo_id},
            {"multiverse_id": angel.multiverse_id},
            {"multiverse_id": angel.multiverse_id_it},
            {"oracle_id": str(goyf.card.oracle_id)},
            {"illustration_id": str(angel.illustration_id)},
            {"name": "tarox bladewing"},
            {"name": "Angelo Eminente"},
            {"name": "Tarmogoyf", "set": "FUT"},
            {"collector_number": "28", "set": "ons"},
            {"name": "No Such Card"},
            {"name": "Tarmogoyf", "set": "ons"},
        ]
        data = self.post({"identifiers": identifiers})
        self.assertEqual(data["object"], "list")
        self.assertEqual(
            [(card["name"], card["lang"]) for card in data["data"]],
            [
                ("Tarmogoyf", "en"), ("Tarmogoyf", "en"), ("Exalted Angel", "en"),
                ("Exalted Angel", "it"), ("Tarmogoyf", "en"), ("Exalted Angel", "en"),
                ("Tarox Bladewing", "en"), ("Exalted Angel", "it"), ("Tarmogoyf", "en"),
                ("Exalted Angel", "en"),
            ],
        )  # fmt: skip
        self.assertEqual(data["not_found"], identifiers[-2:])

    def test_75_identifiers_at_most_and_each_must_name_a_card(self):
        too_many = {"identifiers": [{"name": "Tarmogoyf"}] * 76}
        self.assertError(self.post(too_many, 400), 400, "bad_request")
        self.assertEqual(len(self.post({"identifiers": [{"name": "Tarmogoyf"}] * 75})["data"]), 75)
        data = self.post({"identifiers": [{"name": "Tarmogoyf"}, {"colour": "red"}]}, 400)
        self.assertIn("1", data["details"])
        self.assertError(self.post({"cards": []}, 400), 400, "bad_request")
        response = self.client.post(
            f"{API}/cards/collection", "{not json", content_type="application/json"
        )
        self.assertEqual(response.status_code, 400)

    def test_get_is_refused_and_a_browsers_preflight_answered(self):
        self.assertError(self.get("/cards/collection", 405), 405, "method_not_allowed")
        response = self.client.options(f"{API}/cards/collection")
        self.assertEqual(response["Access-Control-Allow-Origin"], "*")
        self.assertIn("POST", response["Access-Control-Allow-Methods"])
