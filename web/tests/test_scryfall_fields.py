"""Our card object beside Scryfall's documented one, field by field (Scryfall's API
documentation, "Card Objects": core, gameplay and print fields), for a known card: Tarmogoyf,
Future Sight 153, in English, and Exalted Angel, Onslaught 28, in Italian.

``FIELDS`` is the table: field, Scryfall's type, whether Scryfall may leave it out or null
(``optional``), and our value for the card. A field whose value is ``LEFT_OUT`` is one the data
does not hold: the object must not have it (docs/scryfall-api.md says why for each).
"""

import re
import uuid

from web.api.scryfall.identities import flipped
from web.tests.test_scryfall_api_cards import EXALTED_ANGEL, TARMOGOYF, ScryfallTestCase

LEFT_OUT = object()
ANY = object()  # present with the type; the value is checked elsewhere (long URIs, objects)
URI = re.compile(r"^https?://")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
COLORS = {"W", "U", "B", "R", "G"}

# field, Scryfall's type, optional (nullable or absent), our value for Tarmogoyf (FUT 153, en)
FIELDS = [
    # Core fields
    ("arena_id", "Integer", True, LEFT_OUT),
    ("id", "UUID", False, TARMOGOYF),
    ("lang", "String", False, "en"),
    ("mtgo_id", "Integer", True, 26844),
    ("mtgo_foil_id", "Integer", True, 26845),
    ("multiverse_ids", "Array", True, [136142]),
    ("tcgplayer_id", "Integer", True, 15004),
    ("tcgplayer_etched_id", "Integer", True, LEFT_OUT),
    ("cardmarket_id", "Integer", True, 15145),
    ("object", "String", False, "card"),
    ("layout", "String", False, "normal"),
    ("oracle_id", "UUID", True, "45900b2f-f6a9-4c42-9642-008f3c1cf6dd"),
    ("prints_search_uri", "URI", False, ANY),
    ("rulings_uri", "URI", False, ANY),
    ("scryfall_uri", "URI", False, "http://testserver/en/sets/fut/153/"),
    ("uri", "URI", False, f"http://testserver/api/scryfall/cards/{TARMOGOYF}"),
    # Gameplay fields
    ("all_parts", "Array", True, LEFT_OUT),
    ("card_faces", "Array", True, LEFT_OUT),  # one face: none, as on Scryfall
    ("cmc", "Decimal", False, 2.0),
    ("color_identity", "Colors", False, ["G"]),
    ("color_indicator", "Colors", True, LEFT_OUT),  # none printed
    ("colors", "Colors", True, ["G"]),
    ("defense", "String", True, LEFT_OUT),
    ("edhrec_rank", "Integer", True, ANY),
    ("game_changer", "Boolean", True, LEFT_OUT),
    ("hand_modifier", "String", True, LEFT_OUT),
    ("keywords", "Array", False, []),
    ("legalities", "Object", False, ANY),
    ("life_modifier", "String", True, LEFT_OUT),
    ("loyalty", "String", True, LEFT_OUT),
    ("mana_cost", "String", True, "{1}{G}"),
    ("name", "String", False, "Tarmogoyf"),
    ("oracle_text", "String", True, ANY),
    ("penny_rank", "Integer", True, LEFT_OUT),
    ("power", "String", True, "*"),
    ("produced_mana", "Colors", True, LEFT_OUT),
    ("reserved", "Boolean", False, False),
    ("toughness", "String", True, "1+*"),
    ("type_line", "String", False, "Creature — Lhurgoyf"),
    # Print fields
    ("artist", "String", True, "Justin Murray"),
    ("artist_ids", "Array", True, LEFT_OUT),
    ("attraction_lights", "Array", True, LEFT_OUT),
    ("booster", "Boolean", False, True),
    ("border_color", "String", False, "black"),
    ("card_back_id", "UUID", True, LEFT_OUT),
    ("collector_number", "String", False, "153"),
    ("content_warning", "Boolean", True, LEFT_OUT),
    ("digital", "Boolean", False, False),
    ("finishes", "Array", False, ["nonfoil", "foil"]),
    ("flavor_name", "String", True, LEFT_OUT),
    ("flavor_text", "String", True, LEFT_OUT),  # Tarmogoyf has none
    ("frame_effects", "Array", True, LEFT_OUT),
    ("frame", "String", False, "future"),
    ("full_art", "Boolean", False, False),
    ("games", "Array", False, ["paper", "mtgo"]),
    ("highres_image", "Boolean", False, False),
    ("illustration_id", "UUID", True, "abf5b6d9-61e7-47f0-b187-a6bdfec68f58"),
    ("image_status", "String", False, "lowres"),
    ("image_uris", "Object", True, ANY),
    ("oversized", "Boolean", False, False),
    ("prices", "Object", False, dict.fromkeys(
        ("usd", "usd_foil", "usd_etched", "eur", "eur_foil", "tix"))),
    ("printed_name", "String", True, LEFT_OUT),  # English: only Italian cards have it
    ("printed_text", "String", True, LEFT_OUT),
    ("printed_type_line", "String", True, LEFT_OUT),
    ("promo", "Boolean", False, False),
    ("promo_types", "Array", True, LEFT_OUT),
    ("purchase_uris", "Object", True, LEFT_OUT),
    ("rarity", "String", False, "rare"),
    ("related_uris", "Object", False, {
        "gatherer": "https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid=136142"}),
    ("released_at", "Date", False, "2007-05-04"),
    ("reprint", "Boolean", False, False),
    ("scryfall_set_uri", "URI", False, "http://testserver/en/sets/fut/"),
    ("set_name", "String", False, "Future Sight"),
    ("set_search_uri", "URI", False, ANY),
    ("set_type", "String", False, "expansion"),
    ("set_uri", "URI", False, ANY),
    ("set", "String", False, "fut"),
    ("set_id", "UUID", False, ANY),
    ("story_spotlight", "Boolean", False, False),
    ("textless", "Boolean", False, False),
    ("variation", "Boolean", False, False),
    ("variation_of", "UUID", True, LEFT_OUT),
    ("security_stamp", "String", True, LEFT_OUT),
    ("watermark", "String", True, LEFT_OUT),
    ("preview", "Object", True, LEFT_OUT),
]  # fmt: skip

# What the Italian printing of Exalted Angel (ONS 28) says differently.
ITALIAN = {
    "id": str(flipped(uuid.UUID(EXALTED_ANGEL))),
    "lang": "it",
    "name": "Exalted Angel",
    "printed_name": "Angelo Eminente",
    "printed_type_line": "Creatura — Angelo",
    "multiverse_ids": [168340],
    "scryfall_uri": "http://testserver/it/sets/ons/28/",
}


def has_type(value, kind: str) -> bool:
    if kind == "UUID":
        try:
            return isinstance(value, str) and str(uuid.UUID(value)) == value
        except ValueError:
            return False
    checks = {
        "Integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "String": lambda v: isinstance(v, str),
        "Decimal": lambda v: isinstance(v, float),
        "Boolean": lambda v: isinstance(v, bool),
        "Array": lambda v: isinstance(v, list),
        "Object": lambda v: isinstance(v, dict),
        "URI": lambda v: isinstance(v, str) and bool(URI.match(v)),
        "Date": lambda v: isinstance(v, str) and bool(DATE.match(v)),
        "Colors": lambda v: isinstance(v, list) and set(v) <= COLORS,
    }
    return checks[kind](value)


class CardFieldTableTests(ScryfallTestCase):
    def test_each_documented_field_has_scryfalls_type_and_our_value(self):
        card = self.get(f"/cards/{TARMOGOYF}")
        for field, kind, optional, value in FIELDS:
            with self.subTest(field=field):
                if value is LEFT_OUT:
                    self.assertTrue(optional, "a required field cannot be left out")
                    self.assertNotIn(field, card)
                    continue
                self.assertIn(field, card)
                self.assertTrue(has_type(card[field], kind), f"{card[field]!r} is no {kind}")
                if value is not ANY:
                    self.assertEqual(card[field], value)

    def test_no_field_outside_the_table_but_oracolos_own(self):
        card = self.get(f"/cards/{TARMOGOYF}")
        documented = {field for field, *_ in FIELDS} | {"foil", "nonfoil"}  # deprecated ones
        self.assertEqual(set(card) - documented, set())

    def test_the_italian_printing_beside_the_table(self):
        card = self.get(f"/cards/{ITALIAN['id']}")
        for field, value in ITALIAN.items():
            with self.subTest(field=field):
                self.assertEqual(card[field], value)
        self.assertTrue(has_type(card["printed_text"], "String") and card["printed_text"])
        kinds = {field: kind for field, kind, *_ in FIELDS}
        for field in card:
            with self.subTest(field=field):
                self.assertTrue(field in ("foil", "nonfoil") or has_type(card[field], kinds[field]))
