"""POST /api/decks/check/: a list checked against a format, as JSON or a form, and every bad
input answered with a clear error and the limits, never a 500."""

import json
import random

from django.test import override_settings

from oracle.decks import sharing
from web.testing import BundledDataTestCase

LIMITS = {"lines": 500, "bytes": 50_000, "count": 999}
LIST = """Deck
4 Ritorno Terrificante
4 Tarox Alaspada (FUT) 123
4 Angelo Emnente
48 Palude

Sideboard
2 Sussulto // Turbolenza
"""


class DeckApiTests(BundledDataTestCase):
    def post_json(self, body, path="/api/decks/check/"):
        response = self.client.post(path, body, content_type="application/json")
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        return response, json.loads(response.content)

    def test_the_documented_shape(self):
        response, data = self.post_json({"list": LIST, "format": "modern"})
        self.assertEqual(response.status_code, 200)
        self.assertEqual(
            set(data),
            {
                "format", "legal", "main", "sideboard", "commander", "companion", "unresolved",
                "problems", "notes", "data_date", "export", "export_notes", "share_url",
                "limits",
            },
        )  # fmt: skip
        self.assertEqual((data["format"], data["legal"]), ("modern", False))
        self.assertEqual(
            data["main"][0],
            {
                "line": 2,
                "lines": [2],
                "count": 4,
                "name": "Dread Return",
                "name_it": "Ritorno Terrificante",
                "url": "http://testserver/en/cards/dread-return/",
            },
        )
        self.assertEqual(data["main"][1]["name"], "Tarox Bladewing")
        self.assertEqual((data["main"][1]["set"], data["main"][1]["number"]), ("FUT", "123"))
        self.assertEqual(
            [(row["count"], row["name"]) for row in data["sideboard"]], [(2, "Rough // Tumble")]
        )
        self.assertEqual(data["commander"], [])
        self.assertEqual(
            data["unresolved"],
            [
                {
                    "line": 4,
                    "text": "4 Angelo Emnente",
                    "reason": "No card is called “Angelo Emnente”.",
                    "suggestions": ["Angelo Eminente"],
                }
            ],
        )
        self.assertEqual(
            [(problem["kind"], problem["card"]) for problem in data["problems"]],
            [("unresolved", ""), ("main_size", ""), ("banned", "Dread Return")],
        )
        self.assertEqual(data["problems"][2]["detail"], "Dread Return is banned in Modern.")
        self.assertEqual(data["data_date"], "2022-04-25")
        # Line 4 is not read: MTGO and Arena are refused, the Italian list carries it.
        self.assertEqual((data["export"]["mtgo"], data["export"]["arena"]), (None, None))
        self.assertEqual(
            data["export_notes"]["mtgo"],
            "Not written: MTGO would load the deck without line 4 (“4 Angelo Emnente”). Pick a "
            "card for each line not read, then export.",
        )
        self.assertTrue(
            data["export"]["italian"].startswith(
                "# Righe non lette: da correggere prima di registrare il mazzo.\n"
                "# riga 4 non letta: 4 Angelo Emnente\nMazzo\n4 Ritorno Terrificante\n"
            )
        )
        picked = self.post_json({"list": LIST.replace("Emnente", "Eminente"), "format": "modern"})
        self.assertEqual(picked[1]["export_notes"], {})
        self.assertEqual(
            picked[1]["export"]["mtgo"],
            "4 Dread Return\n4 Tarox Bladewing\n4 Exalted Angel\n48 Swamp\n\n2 Rough/Tumble\n",
        )
        self.assertIn("4 Tarox Bladewing (FUT) 123\n", picked[1]["export"]["arena"])
        self.assertTrue(data["share_url"].startswith("http://testserver/en/decks/?format=modern"))
        self.assertEqual(data["limits"], LIMITS)

    def test_a_form_post_and_messages_in_italian(self):
        response = self.client.post(
            "/api/decks/check/?lang=it",
            {"list": "4 Ritorno Terrificante\n56 Palude", "format": "modern"},
        )
        data = json.loads(response.content)
        self.assertEqual(response.status_code, 200)
        self.assertEqual(data["problems"][0]["kind"], "banned")
        self.assertEqual(data["problems"][0]["detail"], "Ritorno Terrificante è bandita in Modern.")
        self.assertEqual(response["Content-Language"], "it")

    def test_a_commander_list(self):
        text = "1 Tarox Alaspada\n\n" + "99 Montagna\n"
        _, data = self.post_json({"list": "99 Montagna\n\n1 Tarox Alaspada", "format": "commander"})
        self.assertTrue(data["legal"])
        self.assertEqual([row["name"] for row in data["commander"]], ["Tarox Bladewing"])
        self.assertEqual(
            data["notes"], ["The sideboard is read as the commander, as MTGO lists it."]
        )
        _, data = self.post_json({"list": text, "format": "commander"})
        self.assertTrue(data["legal"])

    def test_the_round_trip_through_the_english_export(self):
        _, first = self.post_json({"list": LIST.replace("Emnente", "Eminente"), "format": "legacy"})
        _, again = self.post_json({"list": first["export"]["arena"], "format": "legacy"})
        for section in ("main", "sideboard", "commander"):
            self.assertEqual(
                [(row["count"], row["name"]) for row in again[section]],
                [(row["count"], row["name"]) for row in first[section]],
            )
        self.assertEqual(again["problems"], first["problems"])

    def test_only_post(self):
        response = self.client.get("/api/decks/check/")
        self.assertEqual(response.status_code, 405)
        self.assertEqual(response["Allow"], "POST")
        self.assertEqual(json.loads(response.content)["limits"], LIMITS)

    def test_bad_bodies(self):
        for body, message in (
            ("{not json", "The body is not JSON"),
            ("[1, 2]", "The body is not JSON"),
            (b"\xff\xfe\x00", "The body is not JSON"),
            (json.dumps({"list": 4, "format": "modern"}), "Send the list and the format"),
            (json.dumps({"list": "4 Shock"}), "Send the list and the format"),
            (json.dumps({"list": "", "format": "modern"}), "The list is empty"),
            (json.dumps({"list": "4 Shock", "format": "cube"}), "No format is called “cube”"),
        ):
            with self.subTest(body=body):
                response, data = self.post_json(body)
                self.assertEqual(response.status_code, 400)
                self.assertIn(message, data["error"])
                self.assertEqual(data["limits"], LIMITS)

    def test_too_many_lines_and_bytes(self):
        for text, message in (
            ("4\n" * 10_000, "The list has 10,000 lines; at most 500 lines and 50,000 bytes"),
            ("x" * 1_000_000, "The list is 1,000,000 bytes long; at most 50,000 bytes"),
        ):
            response, data = self.post_json({"list": text, "format": "modern"})
            self.assertEqual(response.status_code, 400)
            self.assertEqual(data["error"][: len(message)], message)

    @override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=100_000)
    def test_a_body_over_the_upload_limit(self):
        response, data = self.post_json({"list": "x" * 200_000, "format": "modern"})
        self.assertEqual(response.status_code, 413)
        self.assertIn("The body is too large", data["error"])

    def test_hostile_lines_are_flagged_not_failed(self):
        text = "0 Forest\n1000000 Island\n12345\n\u202e4 Tarox\u200b Bladewing\x00"
        response, data = self.post_json({"list": text, "format": "modern"})
        self.assertEqual(response.status_code, 200)
        self.assertEqual([row["line"] for row in data["unresolved"]], [1, 2, 3])
        self.assertEqual([row["name"] for row in data["main"]], ["Tarox Bladewing"])

    def test_a_list_too_long_for_an_address_has_none(self):
        noise = random.Random(7)
        text = "\n".join(
            "1 " + "".join(noise.choice("abcdefghijklmnop ") for _ in range(40)) for _ in range(450)
        )
        self.assertIsNone(sharing.encode(text))
        _, data = self.post_json({"list": text, "format": "modern"})
        self.assertIsNone(data["share_url"])
