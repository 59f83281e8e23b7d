"""Input crafted to break the site answers 4xx with a message, on SQLite and PostgreSQL.

Each input was a 500 once: digits that are not ASCII digits in the query language ("²" passes
``str.isdigit()`` and fails ``int()``), a 5,000-digit number (past ``int()``'s limit), JSON
nested 100,000 deep, a lone surrogate or a NUL in a JSON body, a NUL in an admin form's
choice of a row (PostgreSQL refuses a NUL in any text).
"""

import json
import re
from html import escape

from django.contrib.auth.models import User
from django.test import Client

from oracle.models import Card
from rulings.models import Ruling
from web.testing import BundledDataTestCase

HUGE = "9" * 5000
SEARCHES = [
    # (query, the part named, why it cannot be read)
    ("m:{²}", "m:{²}", "“{²}” is not a mana symbol"),
    ("m:{①}", "m:{①}", "“{①}” is not a mana symbol"),
    ("m={²}{W}", "m={²}{W}", "“{²}” is not a mana symbol"),
    ("m:{３}", "m:{３}", "“{３}” is not a mana symbol"),
    ("m:{٣}{R}", "m:{٣}{R}", "“{٣}” is not a mana symbol"),
    ("m:٣R", "m:٣R", "“٣R” is not a mana cost"),
    ("mv:٣", "mv:٣", "“٣” is not a number"),
    ("pow>=²", "pow>=²", "“²” is not a number"),
    ("year:²⁰⁰⁷", "year:²⁰⁰⁷", "“²⁰⁰⁷” is not a year"),
    ("year:２００７", "year:２００７", "“２００７” is not a year"),
    (
        "date>=２００７-０５-０４",
        "date>=２００７-０５-０４",
        "“２００７-０５-０４” is not a date like 2007-05-04 or a set code",
    ),
]


class CraftedSearchTests(BundledDataTestCase):
    def setUp(self):
        self.client = Client(raise_request_exception=False)

    def test_digits_other_than_ascii_are_what_was_expected_on_every_search(self):
        for query, part, message in SEARCHES:
            with self.subTest(query=query):
                for url in ("/en/cards/", "/en/cards/random/"):
                    response = self.client.get(url, {"q": query})
                    self.assertEqual(response.status_code, 400)
                    self.assertIn(f"<code>{escape(part)}</code>: {message}", problems(response))
                response = self.client.get("/api/cards/", {"q": query})
                self.assertEqual(response.status_code, 400)
                warnings = response.json()["warnings"]
                self.assertEqual(warnings[0]["part"], part)
                self.assertIn(message, warnings[0]["message"])
                response = self.client.get("/api/scryfall/cards/search", {"q": query})
                self.assertEqual(response.status_code, 400)
                self.assertEqual(response.json()["code"], "bad_request")
                self.assertIn(f"{part}: {message}", response.json()["warnings"][0])

    def test_ascii_digits_still_find_the_cards(self):
        response = self.client.get("/api/cards/", {"q": "m={2}{R}{R}{R} year:2007"})
        self.assertEqual(response.status_code, 200)
        self.assertIn("Tarox Bladewing", [card["name"] for card in response.json()["results"]])

    def test_a_mana_cost_to_parse(self):
        for cost, message in (("{²}", "“{²}” is not a mana symbol"), (HUGE[:190], "is not a")):
            response = self.client.get("/api/scryfall/symbology/parse-mana", {"cost": cost})
            self.assertEqual(response.status_code, 400)
            self.assertIn(message, response.json()["details"])

    def test_a_huge_or_superscript_id_in_an_address_finds_no_card(self):
        for url in (
            f"/api/scryfall/cards/multiverse/{HUGE}",
            f"/api/scryfall/cards/mtgo/{HUGE}",
            "/api/scryfall/cards/arena/²",
            "/api/scryfall/cards/multiverse/①",
        ):
            with self.subTest(url=url[:60]):
                response = self.client.get(url)
                self.assertEqual(response.status_code, 404)
                self.assertEqual(response.json()["code"], "not_found")


def problems(response) -> str:
    """The search page's list of what could not be read."""
    found = re.search(r'class="panel notice search-problems".*?</ul>', response.text, re.S)
    return found[0] if found else ""


def deck_error(response) -> str:
    found = re.search(r'class="panel notice deck-error"[^>]*>(.*?)</p>', response.text, re.S)
    return found[1] if found else ""


PICK_MESSAGE = (
    "The suggestion picked cannot be read: a line number from 1 to 500, a colon and a card name "
    "were expected."
)


class CraftedDeckTests(BundledDataTestCase):
    def setUp(self):
        self.client = Client(raise_request_exception=False)

    def post(self, url, **fields):
        return self.client.post(url, {"format": "modern", "list": "4 Tarox Bladewing", **fields})

    def test_a_pick_that_no_button_sends_is_refused_with_why(self):
        for pick in ("²:Tarox Bladewing", f"{HUGE}:Tarox Bladewing", "٣:Tarox", "501:Shock", "0:X"):
            for url in ("/en/decks/", "/en/decks/sheet/", "/en/decks/export/mtgo/"):
                with self.subTest(pick=pick[:20], url=url):
                    response = self.post(url, pick=pick)
                    self.assertEqual(response.status_code, 400)
                    self.assertEqual(deck_error(response), PICK_MESSAGE)
                    self.assertIn("4 Tarox Bladewing</textarea>", response.text)

    def test_a_5000_digit_count_is_the_lines_error(self):
        text = f"{HUGE} Tarox Bladewing\n4 Tarox Bladewing"
        response = self.post("/en/decks/", list=text)
        self.assertContains(response, "The line is longer than 200 characters")
        # The line not read is never dropped silently: MTGO refuses, the Italian list keeps it.
        response = self.post("/en/decks/export/mtgo/", list=text)
        self.assertContains(
            response, "Not written: MTGO would load the deck without line 1", status_code=422
        )
        response = self.post("/en/decks/export/italian/", list=text)
        self.assertTrue(response.content.decode().startswith("# Righe non lette"))
        self.assertTrue(response.content.decode().endswith("\nMazzo\n4 Tarox Alaspada\n"))
        response = self.client.post(
            "/api/decks/check/",
            json.dumps({"list": text, "format": "modern"}),
            content_type="application/json",
        )
        self.assertEqual(response.status_code, 200)
        self.assertIn("longer than 200 characters", response.json()["unresolved"][0]["reason"])


DEEP = "[" * 100_000 + "]" * 100_000
NESTED_OBJECTS = '{"a":' * 30 + "1" + "}" * 30
COLLECTION = "/api/scryfall/cards/collection"
DECKS = "/api/decks/check/"
TOO_DEEP = "The JSON is nested too deep: at most 20 levels."
TOO_LARGE = "is too large: at most 9223372036854775807."
SURROGATE = "The body holds a lone surrogate (\\ud800 to \\udfff)"
NUL = "The body holds a NUL character (\\u0000), which no text here may have."


class CraftedJsonTests(BundledDataTestCase):
    def setUp(self):
        self.client = Client(raise_request_exception=False)

    def post(self, url, body: str):
        return self.client.post(url, body, content_type="application/json")

    def assert_refused(self, url, body, message, status=400):
        response = self.post(url, body)
        self.assertEqual(response.status_code, status, body[:80])
        data = response.json()
        if url == COLLECTION:
            self.assertEqual(data["object"], "error")
            self.assertEqual(data["status"], status)
            self.assertIn(message, data["details"])
        else:
            self.assertIn(message, data["error"])
            self.assertEqual(data["limits"]["lines"], 500)

    def test_the_collection(self):
        identifiers = '{"identifiers": [%s]}'
        for body, message in (
            (DEEP, TOO_DEEP),
            (NESTED_OBJECTS, TOO_DEEP),
            (identifiers % f'{{"mtgo_id": {HUGE}}}', TOO_LARGE),
            (identifiers % f'{{"multiverse_id": -{HUGE}}}', TOO_LARGE),
            (identifiers % '{"name": "\\ud800"}', SURROGATE),
            (identifiers % '{"id": "\\udfff"}', SURROGATE),
            (identifiers % '{"collector_number": "1", "set": "\\udc80fut"}', SURROGATE),
            (identifiers % '{"name": "Tarox\\u0000"}', NUL),
            (identifiers % '{"collector_number": "1\\u0000", "set": "fut"}', NUL),
            (identifiers % '{"name": "Tarox Bladewing", "set": "f\\u0000ut"}', NUL),
            (identifiers % '{"oracle_id": "\\u0000"}', NUL),
            ('{"identifiers": [{"mtgo_id": NaN}]}', "The body is not JSON"),
        ):
            with self.subTest(body=body[:60]):
                self.assert_refused(COLLECTION, body, message)

    def test_the_collection_still_finds_cards(self):
        body = json.dumps({"identifiers": [{"name": "Tarox Bladewing"}, {"mtgo_id": 2**40}]})
        response = self.post(COLLECTION, body)
        self.assertEqual(response.status_code, 200)
        self.assertEqual([card["name"] for card in response.json()["data"]], ["Tarox Bladewing"])
        self.assertEqual(response.json()["not_found"], [{"mtgo_id": 2**40}])

    def test_the_decks_check(self):
        for body, message in (
            (DEEP, TOO_DEEP),
            ('{"list": ' * 25 + '"4 Shock"' + "}" * 25, TOO_DEEP),
            ('{"list": "4 Shock", "format": "modern", "n": ' + HUGE + "}", TOO_LARGE),
            ('{"list": "4 \\ud800", "format": "modern"}', SURROGATE),
            ('{"list": "4 Shock", "format": "\\udbff"}', SURROGATE),
        ):
            with self.subTest(body=body[:60]):
                self.assert_refused(DECKS, body, message)

    def test_a_nul_in_a_decklist_is_dropped_as_from_a_pasted_one(self):
        response = self.post(DECKS, '{"list": "4 Tarox\\u0000 Bladewing", "format": "modern"}')
        self.assertEqual(response.status_code, 200)
        self.assertEqual([row["name"] for row in response.json()["main"]], ["Tarox Bladewing"])

    def test_the_reason_in_italian(self):
        response = self.client.post(
            COLLECTION, DEEP, content_type="application/json", HTTP_ACCEPT_LANGUAGE="it"
        )
        self.assertEqual(
            response.json()["details"],
            "Il JSON è annidato troppo in profondità: al massimo 20 livelli.",
        )
        response = self.post(DECKS + "?lang=it", '{"list": "4 \\ud800", "format": "modern"}')
        self.assertIn(
            "contiene un surrogato isolato (da \\ud800 a \\udfff)", response.json()["error"]
        )
        response = self.client.post(
            "/it/decks/", {"format": "modern", "list": "4 Tarox Bladewing", "pick": "²:Tarox"}
        )
        self.assertEqual(
            deck_error(response),
            "Il suggerimento scelto non si può leggere: servono un numero di riga da 1 a 500, "
            "due punti e il nome di una carta.",
        )

    def test_a_body_over_the_upload_limit(self):
        with self.settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
            body = json.dumps({"identifiers": [{"name": "x" * 2000}]})
            self.assert_refused(COLLECTION, body, "The body is too large: at most 1,000", 413)
            body = json.dumps({"list": "x" * 2000, "format": "modern"})
            self.assert_refused(DECKS, body, "The body is too large", 413)


RULING_TEXT = "Crafted input is answered cleanly."


class CraftedAdminTests(BundledDataTestCase):
    """A NUL in what an admin form posts: dropped, as from the query string, before any field
    hands it to the database."""

    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Tarox Bladewing")
        cls.boss = User.objects.create_superuser("boss", password="pw-for-tests")

    def setUp(self):
        self.client = Client(raise_request_exception=False)
        self.client.force_login(self.boss)

    def ruling_form(self, **fields):
        return {
            "card": str(self.card.pk),
            "keyword": "",
            "card_type": "",
            "date": "2024-01-02",
            "language": "en",
            "position": "0",
            "text": RULING_TEXT,
            "source_document": "",
            "status": "current",
            "status_note": "",
            **fields,
        }

    def test_a_nul_in_a_foreign_key_of_a_change_form(self):
        """The form is read as without the NUL: the ruling is saved, for the card chosen."""
        response = self.client.post(
            "/admin/rulings/ruling/add/", self.ruling_form(card=f"{self.card.pk}\x00")
        )
        self.assertEqual(response.status_code, 302)
        self.assertEqual(Ruling.objects.get(text=RULING_TEXT).card, self.card)

    def test_a_nul_alone_in_a_foreign_key_is_no_choice(self):
        response = self.client.post(
            "/admin/rulings/ruling/add/", self.ruling_form(card="\x00", source_document="\x00")
        )
        self.assertEqual(response.status_code, 200)
        self.assertIn("errornote", response.text)
        self.assertFalse(Ruling.objects.filter(text=RULING_TEXT))

    def test_a_nul_in_the_selected_rows_of_an_action(self):
        ruling = Ruling.objects.create(card=self.card, date="2024-01-02", text=RULING_TEXT)
        response = self.client.post(
            "/admin/rulings/ruling/",
            {"action": "withdraw", "_selected_action": f"{ruling.pk}\x00"},
        )
        # Asked first, for the ruling chosen.
        self.assertContains(response, "Are you sure?")
        self.assertContains(response, f'name="_selected_action" value="{ruling.pk}"')

    def test_selected_rows_that_are_no_key_go_back_to_the_list(self):
        ruling = Ruling.objects.create(card=self.card, date="2024-01-02", text=RULING_TEXT)
        for selected in ("", "abc", "9" * 30, "-1e5"):
            response = self.client.post(
                "/admin/rulings/ruling/",
                {"action": "delete_selected", "_selected_action": [str(ruling.pk), selected]},
                follow=True,
            )
            self.assertEqual(response.status_code, 200, selected)
            self.assertContains(response, "could not be read")
        self.assertTrue(Ruling.objects.filter(pk=ruling.pk).exists())

    def test_a_nul_in_the_login_form(self):
        client = Client(raise_request_exception=False)
        response = client.post(
            "/admin/login/?next=/admin/", {"username": "bo\x00ss", "password": "pw-for-tests"}
        )
        self.assertRedirects(response, "/admin/", fetch_redirect_response=False)
        response = client.post("/admin/logout/", {"x\x00": "\x00"})
        self.assertEqual(response.status_code, 200)

    def test_symbols_no_card_has_in_an_editors_ruling(self):
        """The card page reads "{²}" as an unknown symbol, written as it is."""
        Ruling.objects.create(card=self.card, date="2024-01-02", text="Pay {²} or {①}{W}.")
        response = Client(raise_request_exception=False).get(f"/en/cards/{self.card.slug}/")
        self.assertEqual(response.status_code, 200)
        self.assertIn('aria-label="²"', response.text)
        self.assertIn('aria-label="①, white"', response.text)

    def test_a_nul_in_a_changelist_filter(self):
        ruling = Ruling.objects.create(card=self.card, date="2024-01-02", text=RULING_TEXT)
        for params in ({"card__id__exact": f"{self.card.pk}\x00"}, {"card__id__exact\x00": "1"}):
            with self.subTest(params=params):
                response = self.client.get("/admin/rulings/ruling/", params)
                self.assertEqual(response.status_code, 200)
        response = self.client.get(
            "/admin/rulings/ruling/", {"card__id__exact": f"{self.card.pk}\x00"}
        )
        self.assertIn(ruling, response.context["cl"].result_list)
