"""The Scryfall-compatible API's rulings, sets, symbology, catalogs and bulk data, on the
bundled data (rulings with the bundled documents' Italian ones)."""

import gzip
import json
import shutil
import tempfile
from io import StringIO
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

from oracle.models import Card, CardSet, Keyword, Printing
from rulings.models import Ruling
from web.testing import BundledDocumentsTestCase
from web.tests.test_scryfall_api_cards import TARMOGOYF, ScryfallTestCase


class RulingsTests(BundledDocumentsTestCase):
    get = ScryfallTestCase.get
    assertError = ScryfallTestCase.assertError

    def test_a_cards_rulings_by_each_kind_of_id_english_and_italian(self):
        angel = Printing.objects.select_related("card").get(card__name="Exalted Angel")
        expected = Ruling.objects.public().about_card(angel.card).count()
        italian = Ruling.objects.public().about_card(angel.card).filter(language="it").count()
        self.assertGreater(italian, 0)
        for path in (
            f"/cards/{angel.scryfall_id}/rulings",
            f"/cards/multiverse/{angel.multiverse_id}/rulings",
            f"/cards/mtgo/{angel.mtgo_id}/rulings",
            "/cards/ons/28/rulings",
        ):
            with self.subTest(path=path):
                data = self.get(path)
                self.assertEqual((data["object"], data["has_more"]), ("list", False))
                self.assertEqual(len(data["data"]), expected)
        ruling = data["data"][0]
        self.assertEqual(
            set(ruling),
            {"object", "oracle_id", "source", "published_at", "comment", "lang", "about", "status"},
        )
        self.assertEqual(
            (ruling["object"], ruling["oracle_id"]), ("ruling", str(angel.card.oracle_id))
        )
        self.assertEqual(ruling["source"], "wotc")
        self.assertEqual(sum(r["lang"] == "it" for r in data["data"]), italian)

    def test_rulings_of_an_unknown_card_are_not_found(self):
        self.assertError(self.get("/cards/fut/9999/rulings", 404), 404)
        self.assertError(self.get("/cards/arena/1/rulings", 404), 404)


class SetTests(ScryfallTestCase):
    def test_every_set_newest_first_and_one_by_code_or_id(self):
        data = self.get("/sets")
        self.assertEqual(len(data["data"]), CardSet.objects.count())
        dates = [s["released_at"] for s in data["data"] if s["released_at"]]
        self.assertEqual(dates, sorted(dates, reverse=True))
        fut = self.get("/sets/FUT")
        self.assertEqual(
            (fut["object"], fut["code"], fut["name"], fut["name_it"], fut["set_type"]),
            ("set", "fut", "Future Sight", "Visione Futura", "expansion"),
        )
        self.assertEqual(fut["card_count"], Printing.objects.filter(card_set__code="FUT").count())
        self.assertEqual(self.get(f"/sets/{fut['id']}")["code"], "fut")
        search = json.loads(self.client.get(fut["search_uri"]).content)
        self.assertEqual(search["total_cards"], fut["card_count"])
        self.assertError(self.get("/sets/zzz", 404), 404)
        self.assertError(self.get("/sets/00000000-0000-4000-8000-000000000000", 404), 404)


class SymbologyTests(ScryfallTestCase):
    def test_the_symbols_in_english_and_italian_words(self):
        symbols = {s["symbol"]: s for s in self.get("/symbology")["data"]}
        white = symbols["{W}"]
        self.assertEqual(
            (white["english"], white["italian"], white["colors"]), ("white", "bianco", ["W"])
        )
        self.assertEqual(
            (white["mana_value"], white["represents_mana"], white["hybrid"]), (1.0, True, False)
        )
        self.assertEqual(symbols["{2/W}"]["mana_value"], 2.0)
        self.assertTrue(symbols["{W/U/P}"]["phyrexian"] and symbols["{W/U/P}"]["hybrid"])
        self.assertEqual(symbols["{T}"]["represents_mana"], False)
        self.assertEqual(symbols["{PW}"]["colors"], [])

    def test_parse_mana_reads_a_loose_cost(self):
        cost = self.get("/symbology/parse-mana?cost=ww2")
        self.assertEqual(
            cost,
            {
                "object": "mana_cost", "cost": "{2}{W}{W}", "cmc": 4.0, "mana_value": 4.0,
                "colors": ["W"], "colorless": False, "monocolored": True, "multicolored": False,
            },
        )  # fmt: skip
        self.assertEqual(self.get("/symbology/parse-mana?cost={U/R}{G}")["colors"], ["U", "R", "G"])
        data = self.get("/symbology/parse-mana?cost=2Q", 400, HTTP_ACCEPT_LANGUAGE="it")
        self.assertError(data, 400, "bad_request")
        self.assertIn("Q", data["details"])
        self.assertError(self.get("/symbology/parse-mana", 400), 400, "bad_request")


class CatalogTests(ScryfallTestCase):
    def catalog(self, name):
        data = self.get(f"/catalog/{name}")
        self.assertEqual((data["object"], data["total_values"]), ("catalog", len(data["data"])))
        return data["data"]

    def test_the_types_come_from_the_rules_in_force(self):
        self.assertIn("Goblin", self.catalog("creature-types"))
        self.assertIn("Time Lord", self.catalog("creature-types"))
        self.assertIn("Equipment", self.catalog("artifact-types"))
        self.assertNotIn("Goblin", self.catalog("artifact-types"))
        self.assertIn("Aura", self.catalog("enchantment-types"))
        self.assertIn("Urza’s", self.catalog("land-types"))
        self.assertIn("Chandra", self.catalog("planeswalker-types"))
        self.assertEqual(
            self.catalog("spell-types"), ["Adventure", "Arcane", "Lesson", "Omen", "Trap"]
        )
        self.assertEqual(
            self.catalog("supertypes"), ["Basic", "Legendary", "Ongoing", "Snow", "World"]
        )
        self.assertIn("Kindred", self.catalog("card-types"))
        self.assertEqual(self.catalog("battle-types"), ["Siege"])

    def test_the_others_come_from_the_card_data(self):
        names = self.catalog("card-names")
        self.assertIn("Tarmogoyf", names)
        self.assertNotIn("Knight", names)  # a token
        self.assertIn("Justin Murray", self.catalog("artist-names"))
        self.assertIn("Tarmogoyf", self.catalog("word-bank"))
        powers = self.catalog("powers")
        self.assertIn("*", powers)
        self.assertLess(powers.index("2"), powers.index("10"))
        self.assertIn("1+*", self.catalog("toughnesses"))
        self.assertTrue(self.catalog("loyalties"))
        self.assertIn("boros", self.catalog("watermarks"))
        flying = Keyword.objects.get(name="Flying")
        self.assertIn(flying.name, self.catalog("keyword-abilities"))
        self.assertIn("Scry", self.catalog("keyword-actions"))
        self.assertIn(
            Keyword.objects.filter(kind="ability_word").first().name, self.catalog("ability-words")
        )
        self.assertError(self.get("/catalog/nothing", 404), 404)


class BulkDataTests(ScryfallTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.directory = Path(tempfile.mkdtemp(prefix="oracolo-bulk-test-"))
        cls.addClassCleanup(shutil.rmtree, cls.directory, True)

    def build(self):
        out = StringIO()
        with override_settings(BULK_DATA_DIR=self.directory):
            call_command("build_bulk_data", "--site-url", "http://testserver", stdout=out)
        return out.getvalue()

    def test_nothing_described_before_the_files_are_built(self):
        with override_settings(BULK_DATA_DIR=self.directory / "none"):
            self.assertEqual(self.get("/bulk-data")["data"], [])
            self.assertError(self.get("/bulk-data/oracle_cards", 404), 404)

    def test_the_command_writes_each_kind_and_the_api_serves_them(self):
        self.assertIn("Bulk data written", self.build())
        with override_settings(BULK_DATA_DIR=self.directory):
            listing = self.get("/bulk-data")
            self.assertEqual(
                [item["type"] for item in listing["data"]],
                ["oracle_cards", "default_cards", "all_cards", "rulings"],
            )
            oracle = self.get("/bulk-data/oracle_cards")
            self.assertEqual(self.get(f"/bulk-data/{oracle['id']}")["type"], "oracle_cards")
            response = self.client.get(oracle["download_uri"])
            self.assertEqual(response["Content-Encoding"], "gzip")
            cards = json.loads(gzip.decompress(b"".join(response.streaming_content)))
            lines = self.client.get(oracle["jsonl_download_uri"])
            jsonl = gzip.decompress(b"".join(lines.streaming_content)).decode().splitlines()
            default = json.loads(
                gzip.decompress((self.directory / "default_cards.json.gz").read_bytes())
            )
            every = json.loads(gzip.decompress((self.directory / "all_cards.json.gz").read_bytes()))
            rulings = json.loads(gzip.decompress((self.directory / "rulings.json.gz").read_bytes()))
        with_printings = Card.objects.filter(printings__isnull=False).distinct().count()
        self.assertEqual(len(cards), with_printings)
        self.assertEqual([json.loads(line) for line in jsonl], cards)
        self.assertEqual(len(default), Printing.objects.count())
        italian = Printing.objects.exclude(name_it="").count()
        self.assertEqual(len(every), Printing.objects.count() + italian)
        self.assertEqual(sum(card["lang"] == "it" for card in every), italian)
        goyf = next(card for card in default if card["id"] == TARMOGOYF)
        self.assertEqual(goyf, self.get(f"/cards/{TARMOGOYF}"))
        self.assertEqual(oracle["count"], len(cards))
        self.assertTrue(all(r["object"] == "ruling" for r in rulings))
        self.assertGreaterEqual(
            len(rulings), Ruling.objects.public().filter(card__isnull=False).count()
        )

    def test_a_second_build_replaces_the_files_whole(self):
        self.build()
        first = (self.directory / "manifest.json").read_text()
        self.build()
        self.assertEqual(
            json.loads(first)["files"],
            json.loads((self.directory / "manifest.json").read_text())["files"],
        )
        self.assertEqual(
            sorted(p.name for p in self.directory.iterdir() if p.suffix == ".part"), []
        )
        with override_settings(BULK_DATA_DIR=self.directory):
            self.assertError(self.get("/bulk-data/oracle_cards/nothing.json", 404), 404)
