"""The bundled cards read a second way, for the search tests' expected results.

The MTGJSON files in fixtures/ are read with the json module into plain objects (``Face``,
``Printing``, ``OracleCard``), and cards are picked with plain Python predicates over their
fields (name, type, text, keywords, colours, Italian foreignData, ...), never by calling the
search. Cards are grouped by Oracle id and named as the importer names them (a split card is one
card, "Boom // Bust").
"""

import functools
import json
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from oracle.tests.helpers import MTGJSON_FIXTURES

SET_FILES = ["FUT.json", "ONS.json", "TSP.json", "TSB.json", "PLC.json"]
SEED_CARDS = "SeedCards.json"  # AllPrintings-shaped: a few cards of other sets

# AllPrintings-shaped too: double-faced cards, tokens, art series and printings of every kind.
SEARCH_SAMPLES = "SearchSamples.json"

# Italian keyword names: printed on the Italian cards (see test_bundled_data).
ITALIAN_KEYWORDS = {
    "volare": "Flying",
    "metamorfosi": "Morph",
    "sospendere": "Suspend",
    "profetizzare": "Scry",
    "raggiungere": "Reach",
    "ciclo": "Cycling",
    "velo": "Shroud",
}

RARITY_RANK = ["common", "uncommon", "rare", "special", "mythic", "bonus"]


@functools.cache
def simple_fold(text: str) -> str:
    """Lower case, accents dropped ("Æ" -> "ae"), white space made single spaces per line."""
    text = text.replace("Æ", "Ae").replace("æ", "ae")
    bare = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return "\n".join(" ".join(line.split()) for line in bare.lower().splitlines())


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


@dataclass
class Face:
    name: str
    type: str
    types: list
    text: str
    power: float | None
    toughness: float | None
    loyalty: float | None
    name_it: str = ""
    type_it: str = ""
    text_it: str = ""
    printed_power: str = ""  # as printed: "*", "1+*"
    printed_toughness: str = ""
    colors: set = field(default_factory=set)  # the face's own
    mana_cost: str = ""
    mana_value: float = 0  # the face's own (MTGJSON faceManaValue, else manaValue)


@dataclass
class Printing:
    set_code: str
    released: date
    rarity: str
    frame: str
    timeshifted: bool
    reprint: bool
    border: str = ""
    artist: str = ""
    watermark: str = ""
    flavor: list = field(default_factory=list)  # English and Italian flavour texts
    promo: bool = False
    digital: bool = False
    funny: bool = False
    set_type: str = ""
    block: str = ""


@dataclass
class OracleCard:
    name: str
    layout: str
    mana_value: float
    colors: set
    identity: set
    faces: list
    keywords: set = field(default_factory=set)
    printings: list = field(default_factory=list)
    names: set = field(default_factory=set)  # every name, English and Italian, folded
    has_rulings: bool = False
    is_token: bool = False  # from a set's "tokens" list (art-series objects are there too)
    legalities: dict = field(default_factory=dict)  # format -> "Legal", "Banned", ...
    reserved: bool = False

    # -- the predicates the rows below use ------------------------------------------------

    def name_has(self, word):
        return any(simple_fold(word) in name for name in self.names)

    def type_has(self, word, english=None):
        english = simple_fold(english or word)
        return any(
            english in simple_fold(face.type) or simple_fold(word) in simple_fold(face.type_it)
            for face in self.faces
        )

    def text_has(self, phrase):
        phrase = simple_fold(phrase)
        for face in self.faces:
            text = simple_fold(face.text) + "\n" + simple_fold(face.text_it)
            if phrase.replace("~", simple_fold(face.name)) in text:
                return True
            if face.name_it and phrase.replace("~", simple_fold(face.name_it)) in text:
                return True
        return False

    def any_face(self, test):
        return any(test(face) for face in self.faces)

    # Transforming, modal double-faced and meld cards: each face has its own colour and mana
    # value (a transforming card's back face has its front's, rule 712.8e). Split, flip and
    # adventure cards have one colour, the union, and one mana value, as on Scryfall.

    @property
    def face_by_face(self):
        return self.layout in FACE_BY_FACE

    def colored(self, test):
        """Some face's colours pass the test (the card's, unless its faces have their own)."""
        if self.face_by_face:
            return any(test(face.colors) for face in self.faces)
        return test(self.colors)

    def face_values(self):
        """Each face's mana value as the rules give it."""
        if self.layout == "transform":
            return [self.faces[0].mana_value] * len(self.faces)
        if self.face_by_face:
            return [face.mana_value for face in self.faces]
        return [self.mana_value] * len(self.faces)

    def valued(self, test):
        return any(test(value) for value in self.face_values())

    def costs(self):
        """Each face's cost as a Counter of symbols, generic added up under "#"."""
        found = []
        for face in self.faces:
            if not face.mana_cost:
                continue
            symbols = Counter()
            for symbol in face.mana_cost[1:-1].split("}{"):
                if symbol.isdigit():
                    symbols["#"] += int(symbol)
                else:
                    symbols[symbol] += 1
            found.append(symbols)
        return found

    def in_searches(self, tokens_asked=False):
        """Art-series objects never, tokens only when the query asks for them."""
        return self.layout != "art_series" and (tokens_asked or not self.is_token)

    def in_set(self, code):
        return any(p.set_code == code for p in self.printings)

    def printed(self, test):
        return any(test(p) for p in self.printings)

    def status(self, format_key):
        return self.legalities.get(format_key, "Not Legal")

    def artist_has(self, words):
        return self.printed(lambda p: simple_fold(words) in simple_fold(p.artist))

    def flavor_has(self, phrase):
        phrase = simple_fold(phrase)
        return self.printed(lambda p: any(phrase in simple_fold(text) for text in p.flavor))

    @property
    def italian(self):
        return any(face.name_it or face.text_it or face.type_it for face in self.faces)

    @property
    def front_types(self):
        return set(self.faces[0].types)


# Split-card halves whose Italian entries keep the English name but whose Italian text names
# them: "Sussulto infligge 2 danni a ogni creatura senza volare." (Rough, Planar Chaos).
HALVED_LAYOUTS = ("split", "flip", "adventure", "aftermath")

HALVES_NAMED_BY_TEXT = {
    "Rough": "Sussulto",
    "Tumble": "Turbolenza",
    "Dead": "Colpito",
    "Assault": "Aggressione",
}


def read_bundled_cards() -> list[OracleCard]:
    entries = []  # (set code, release date, entry)
    sets = [json.loads((MTGJSON_FIXTURES / name).read_text())["data"] for name in SET_FILES]
    for name in (SEED_CARDS, SEARCH_SAMPLES):
        sets += json.loads((MTGJSON_FIXTURES / name).read_text())["data"].values()
    for data in sets:
        released = date.fromisoformat(data["releaseDate"])
        for list_name in ("cards", "tokens"):
            for entry in data.get(list_name, []):
                # Tokens name their own set: TDOM for Dominaria's.
                set_code = entry.get("setCode") or data["code"]
                entries.append((set_code, released, entry, list_name == "tokens", data))
    cards: dict[str, OracleCard] = {}
    italian_faces = {}  # (oracle id, face name) -> [(release date, translated?, Italian)]
    groups = {}
    for set_code, released, entry, is_token, set_data in entries:
        key = (set_code, entry["number"], entry["identifiers"]["scryfallOracleId"])
        groups.setdefault(key, (released, is_token, [], set_data))[2].append(entry)
    for (set_code, _number, oracle_id), (released, is_token, group, set_data) in groups.items():
        group.sort(key=lambda entry: entry.get("side") or "a")
        first = group[0]
        card = cards.get(oracle_id)
        if card is None:
            card = cards[oracle_id] = OracleCard(
                # A meld card is named by its own face (Bruna, the Fading Light).
                name=first.get("faceName") if first["layout"] == "meld" else first["name"],
                is_token=is_token,
                layout=first["layout"],
                mana_value=first.get("manaValue", 0),
                colors={color for entry in group for color in entry.get("colors", [])},
                identity=set(first.get("colorIdentity", [])),
                faces=[
                    Face(
                        name=entry.get("faceName") or entry["name"],
                        type=entry["type"],
                        types=entry.get("types", []),
                        text=entry.get("text", ""),
                        power=number(entry.get("power")),
                        toughness=number(entry.get("toughness")),
                        loyalty=number(entry.get("loyalty")),
                        printed_power=entry.get("power", ""),
                        printed_toughness=entry.get("toughness", ""),
                        colors=set(entry.get("colors", [])),
                        mana_cost=entry.get("manaCost", ""),
                        mana_value=entry.get("faceManaValue", entry.get("manaValue", 0)),
                    )
                    for entry in group
                ],
            )
            card.names |= {simple_fold(first["name"])}
            card.names |= {simple_fold(face.name) for face in card.faces}
        card.printings.append(
            Printing(
                set_code=set_code,
                released=released,
                rarity=first.get("rarity", "common"),  # as the importer reads it
                frame=first.get("frameVersion", ""),
                timeshifted=bool(first.get("isTimeshifted")),
                reprint=bool(first.get("isReprint")),
                border=first.get("borderColor", ""),
                artist=first.get("artist", ""),
                watermark=first.get("watermark", ""),
                flavor=[
                    text
                    for entry in group
                    for text in [entry.get("flavorText", "")]
                    + [
                        foreign.get("flavorText", "")
                        for foreign in entry.get("foreignData", [])
                        if foreign["language"] == "Italian"
                    ]
                    if text
                ],
                promo=bool(first.get("isPromo")),
                digital=bool(first.get("isOnlineOnly") or set_data.get("isOnlineOnly")),
                funny=bool(first.get("isFunny")),
                # A token set the file has no object for (TDOM) is made by the importer.
                set_type="token" if set_code != set_data["code"] else set_data["type"],
                block=set_data.get("block", ""),
            )
        )
        for entry in group:
            card.keywords |= set(entry.get("keywords", []))
            card.reserved = card.reserved or bool(entry.get("isReserved"))
            for format_key, status in entry.get("legalities", {}).items():
                card.legalities.setdefault(format_key, status)
            card.has_rulings = card.has_rulings or bool(entry.get("rulings"))
            for foreign in entry.get("foreignData", []):
                if foreign["language"] != "Italian":
                    continue
                face_name = entry.get("faceName") or entry["name"]
                name_it = foreign.get("faceName") or foreign["name"]
                card.names |= {simple_fold(foreign["name"]), simple_fold(name_it)}
                italian_faces.setdefault((oracle_id, face_name), []).append(
                    (released, name_it != face_name, name_it, foreign)
                )
    # A face shows its newest Italian printing, one with a translated name first.
    for oracle_id, card in cards.items():
        for face in card.faces:
            found = sorted(
                italian_faces.get((oracle_id, face.name), []),
                key=lambda item: (item[1], item[0]),
                reverse=True,
            )
            if found:
                _released, _translated, face.name_it, foreign = found[0]
                face.type_it = foreign.get("type", "")
                face.text_it = foreign.get("text", "")
                if face.name_it == face.name and card.layout in HALVED_LAYOUTS:
                    # Not translated in the Italian entry: known only from the Italian text.
                    face.name_it = HALVES_NAMED_BY_TEXT.get(face.name, "")
        if all(face.name_it for face in card.faces):
            card.names.add(simple_fold(" // ".join(face.name_it for face in card.faces)))
    return list(cards.values())


FACE_BY_FACE = {"transform", "modal_dfc", "meld", "double_faced_token", "reversible_card"}

# Terms that make a search look at tokens too.
TOKEN_TERMS = ("is:token", "is:pedina", "is:emblem", "t:token", "t:pedina", "st:token")


def asks_for_tokens(query: str) -> bool:
    return any(term in query.lower() for term in TOKEN_TERMS)


def cost_has(card, **wanted) -> bool:
    """Some face's cost holds at least these symbols ("#": generic mana, added up)."""
    wanted = {symbol.replace("_", "/"): count for symbol, count in wanted.items()}
    return any(
        all(cost.get(symbol, 0) >= count for symbol, count in wanted.items())
        for cost in card.costs()
    )


def cost_is(card, **wanted) -> bool:
    wanted = Counter({symbol.replace("_", "/"): count for symbol, count in wanted.items()})
    return any(cost == wanted for cost in card.costs())


def front_words(card) -> set:
    """The front face's supertypes and card types, as the type line writes them."""
    return set(card.faces[0].type.split("—")[0].split())


def is_vanilla(card) -> bool:
    return "Creature" in card.front_types and not any(face.text for face in card.faces)


def is_historic(card) -> bool:
    return any(
        {"Legendary", "Artifact", "Saga"} & set(face.type.replace("—", " ").split())
        for face in card.faces
    )


def is_commander(card) -> bool:
    return {"Legendary", "Creature"} <= front_words(card) or card.text_has("can be your commander")


PERMANENT = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}
SPELL = {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle", "Instant", "Sorcery"}


def colour_compare(have: set, op: str, wanted: set) -> bool:
    return {
        "=": have == wanted,
        "!=": have != wanted,
        ">=": have >= wanted,
        "<=": have <= wanted,
        ">": have > wanted,
        "<": have < wanted,
    }[op]
