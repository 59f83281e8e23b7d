"""The Scryfall-compatible API's card endpoints (/api/scryfall/cards/...), through Django's
test client on the bundled data: the card object, one card by each kind of id, by name, the
search, autocomplete, random, the collection, the errors, CORS and caching."""

import json
import uuid

from django.test import override_settings

from oracle.models import Printing
from oracle.tests.helpers import mtgjson_cards
from web.api.scryfall.identities import flipped
from web.testing import BundledDataTestCase

API = "/api/scryfall"
TARMOGOYF = "b6876d9e-0908-43ac-8542-09c7aa02b5ba"
EXALTED_ANGEL = "c2213eac-cea4-4dfd-90c4-c1f466967e2e"


class ScryfallTestCase(BundledDataTestCase):
    def get(self, path, status=200, **headers):
        response = self.client.get(API + path, **headers)
        self.assertEqual(response.status_code, status, response.content[:300])
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        self.assertEqual(response["Access-Control-Allow-Origin"], "*")
        return json.loads(response.content)

    def assertError(self, data, status, code="not_found"):
        self.assertEqual(
            (data["object"], data["status"], data["code"]), ("error", status, code), data
        )
        self.assertTrue(data["details"])


class CardObjectTests(ScryfallTestCase):
    def test_an_english_card_has_scryfalls_fields_from_the_data(self):
        card = self.get(f"/cards/{TARMOGOYF}")
        raw = mtgjson_cards("FUT")["Tarmogoyf"]
        self.assertEqual(card["object"], "card")
        self.assertEqual(card["id"], raw["identifiers"]["scryfallId"])
        self.assertEqual(card["oracle_id"], raw["identifiers"]["scryfallOracleId"])
        self.assertEqual(card["multiverse_ids"], [int(raw["identifiers"]["multiverseId"])])
        self.assertEqual(card["mtgo_id"], int(raw["identifiers"]["mtgoId"]))
        self.assertEqual(card["tcgplayer_id"], int(raw["identifiers"]["tcgplayerProductId"]))
        self.assertEqual(card["cardmarket_id"], int(raw["identifiers"]["mcmId"]))
        self.assertEqual(
            (card["lang"], card["name"], card["mana_cost"], card["cmc"], card["type_line"]),
            ("en", "Tarmogoyf", "{1}{G}", 2.0, "Creature — Lhurgoyf"),
        )
        self.assertEqual((card["power"], card["toughness"]), ("*", "1+*"))
        self.assertEqual((card["colors"], card["color_identity"]), (["G"], ["G"]))
        self.assertEqual(card["oracle_text"], raw["text"])
        self.assertEqual(
            (card["set"], card["set_name"], card["collector_number"]),
            ("fut", "Future Sight", "153"),
        )
        self.assertEqual((card["rarity"], card["released_at"]), ("rare", "2007-05-04"))
        self.assertEqual(card["legalities"]["modern"], "legal")
        self.assertEqual(card["legalities"]["standard"], "not_legal")
        self.assertEqual(card["prices"]["usd"], None)
        self.assertEqual(card["games"], ["paper", "mtgo"])
        self.assertNotIn("printed_name", card)
        self.assertEqual(
            card["image_uris"]["normal"],
            f"https://cards.scryfall.io/normal/front/b/6/{TARMOGOYF}.jpg",
        )
        self.assertEqual(card["uri"], f"http://testserver{API}/cards/{TARMOGOYF}")
        self.assertEqual(card["rulings_uri"], f"http://testserver{API}/cards/{TARMOGOYF}/rulings")
        self.assertEqual(card["scryfall_uri"], "http://testserver/en/sets/fut/153/")

    def test_the_italian_printing_is_a_card_of_its_own(self):
        italian_id = flipped(uuid.UUID(EXALTED_ANGEL))
        card = self.get(f"/cards/{italian_id}")
        self.assertEqual((card["id"], card["lang"]), (str(italian_id), "it"))
        self.assertEqual(card["name"], "Exalted Angel")
        self.assertEqual(card["printed_name"], "Angelo Eminente")
        self.assertEqual(card["printed_type_line"], "Creatura — Angelo")
        self.assertIn("Volare", card["printed_text"])
        self.assertEqual(card["multiverse_ids"], [168340])
        self.assertIn("/cards/multiverse/168340", card["image_uris"]["normal"])
        self.assertEqual(card["scryfall_uri"], "http://testserver/it/sets/ons/28/")
        self.assertEqual(self.get(f"/cards/{EXALTED_ANGEL}")["lang"], "en")

    def test_a_card_never_printed_in_italian_has_no_italian_id(self):
        dead = Printing.objects.get(card_set__code="PLC", collector_number="113")
        Printing.objects.filter(pk=dead.pk).update(name_it="")
        self.assertError(self.get(f"/cards/{flipped(dead.scryfall_id)}", 404), 404)

    def test_double_faced_cards_carry_their_faces_with_a_picture_each(self):
        card = self.get("/cards/dka/147")
        self.assertEqual(card["layout"], "transform")
        self.assertNotIn("image_uris", card)
        self.assertNotIn("mana_cost", card)
        front, back = card["card_faces"]
        self.assertEqual(
            (front["object"], front["name"]), ("card_face", "Elbrus, the Binding Blade")
        )
        self.assertEqual(back["name"], "Withengar Unbound")
        self.assertIn("/front/", front["image_uris"]["large"])
        self.assertIn("/back/", back["image_uris"]["large"])
        self.assertEqual(back["colors"], ["B"])
        italian = self.get("/cards/dka/147/it")
        self.assertEqual(
            [face["printed_name"] for face in italian["card_faces"]],
            ["Elbrus, la Lama Vincolante", "Withengar in Libertà"],
        )

    def test_split_and_adventure_cards_have_one_picture_and_the_whole_cost(self):
        card = self.get("/cards/eld/14")
        self.assertEqual(card["layout"], "adventure")
        self.assertIn("image_uris", card)
        self.assertEqual(card["name"], "Giant Killer // Chop Down")
        self.assertEqual(card["mana_cost"], " // ".join(f["mana_cost"] for f in card["card_faces"]))
        self.assertNotIn("image_uris", card["card_faces"][0])
        self.assertEqual(self.get("/cards/eld/14/it")["printed_name"], "Ammazzagiganti // Recidere")


class CardLookupTests(ScryfallTestCase):
    def test_every_kind_of_id_finds_the_printing(self):
        goyf = Printing.objects.get(scryfall_id=TARMOGOYF)
        for path in (
            f"/cards/{TARMOGOYF}",
            f"/cards/{str(TARMOGOYF).upper()}",
            "/cards/FUT/153",
            "/cards/fut/153/en",
            f"/cards/multiverse/{goyf.multiverse_id}",
            f"/cards/mtgo/{goyf.mtgo_id}",
            f"/cards/mtgo/{goyf.mtgo_foil_id}",
            f"/cards/tcgplayer/{goyf.tcgplayer_id}",
            f"/cards/cardmarket/{goyf.cardmarket_id}",
        ):
            with self.subTest(path=path):
                self.assertEqual(self.get(path)["id"], TARMOGOYF)
        arena = Printing.objects.filter(arena_id__isnull=False).first()
        self.assertEqual(self.get(f"/cards/arena/{arena.arena_id}")["arena_id"], arena.arena_id)

    def test_the_italian_multiverse_id_and_language_find_the_italian_card(self):
        self.assertEqual(self.get("/cards/multiverse/168340")["lang"], "it")
        self.assertEqual(self.get("/cards/ons/28/it")["printed_name"], "Angelo Eminente")

    def test_unknown_ids_are_not_found_errors(self):
        for path in (
            "/cards/00000000-0000-4000-8000-000000000000",
            "/cards/not-an-id",
            "/cards/fut/9999",
            "/cards/fut/153/ja",
            "/cards/multiverse/0",
            "/cards/multiverse/x",
            "/cards/mtgo/99999999999999",
            "/cards/arena/1",
        ):
            with self.subTest(path=path):
                self.assertError(self.get(path, 404), 404)

    def test_an_unknown_endpoint_is_an_error_object(self):
        self.assertError(self.get("/no/such/thing", 404), 404)

    def test_a_post_where_only_get_is_answered_is_a_405_error_object(self):
        response = self.client.post(f"{API}/cards/{TARMOGOYF}")
        self.assertEqual(response.status_code, 405)
        self.assertEqual(json.loads(response.content)["code"], "method_not_allowed")
        self.assertEqual(response["Allow"], "GET, HEAD")

    @override_settings(DEBUG=False)
    def test_answers_carry_an_etag_and_answer_304_when_it_matches(self):
        response = self.client.get(f"{API}/cards/{TARMOGOYF}")
        self.assertTrue(response["ETag"])
        self.assertIn("public", response["Cache-Control"])
        again = self.client.get(f"{API}/cards/{TARMOGOYF}", HTTP_IF_NONE_MATCH=response["ETag"])
        self.assertEqual(again.status_code, 304)


class NamedTests(ScryfallTestCase):
    def test_exact_finds_the_whole_name_in_any_case(self):
        self.assertEqual(self.get("/cards/named?exact=tarmogoyf")["id"], TARMOGOYF)
        self.assertError(self.get("/cards/named?exact=tarmo", 404), 404)

    def test_fuzzy_finds_a_start_words_or_a_typo(self):
        for text, name in (
            ("tarmo", "Tarmogoyf"),
            ("llan ment", "Llanowar Mentor"),
            ("tarmogyf", "Tarmogoyf"),
            ("TAROX  bladewing", "Tarox Bladewing"),
        ):
            with self.subTest(text=text):
                self.assertEqual(self.get(f"/cards/named?fuzzy={text}")["name"], name)

    def test_an_italian_name_finds_the_italian_printing(self):
        card = self.get("/cards/named?fuzzy=angelo eminnte")
        self.assertEqual(
            (card["name"], card["lang"], card["printed_name"]),
            ("Exalted Angel", "it", "Angelo Eminente"),
        )
        self.assertEqual(self.get("/cards/named?exact=Exalted Angel")["lang"], "en")

    def test_an_ambiguous_name_says_so(self):
        data = self.get("/cards/named?fuzzy=llanowar", 404)
        self.assertError(data, 404)
        self.assertEqual(data["type"], "ambiguous")

    def test_set_picks_the_printing_or_is_not_found(self):
        self.assertEqual(self.get("/cards/named?exact=Tarmogoyf&set=fut")["set"], "fut")
        self.assertError(self.get("/cards/named?exact=Tarmogoyf&set=ons", 404), 404)

    def test_no_name_is_a_bad_request_explained_in_italian(self):
        data = self.get("/cards/named", 400, HTTP_ACCEPT_LANGUAGE="it")
        self.assertError(data, 400, "bad_request")
        self.assertEqual(
            data["details"],
            "Indica il nome della carta da cercare: il nome intero o uno approssimativo.",
        )
