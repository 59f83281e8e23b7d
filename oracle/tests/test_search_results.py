"""Search over the bundled real sets: query -> the names of the cards found.

Each expected list is worked out here by a separate path: the MTGJSON files in fixtures/ are
read with the json module and the cards picked with plain Python predicates over their fields
(name, type, text, keywords, colours, Italian foreignData, ...), never by calling the search.
Cards are grouped by Oracle id and named as the importer names them (a split card is one card,
"Boom // Bust").
"""

import functools
import json
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from oracle.models import Card, CardSearch, Erratum
from oracle.search import parse
from oracle.search.search_rows import refresh_search_rows
from oracle.tests.factories import make_card
from oracle.tests.helpers import MTGJSON_FIXTURES
from web.pages.search.help import SEARCH_HELP
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase

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


# (query, predicate over an OracleCard). Every operator of the language, both languages.
ROWS = [
    # names: words, phrases, exact names, accents, Italian
    ("tarox", lambda c: c.name_has("tarox")),
    ("Llanowar", lambda c: c.name_has("llanowar")),
    ("llanowar mentor", lambda c: c.name_has("llanowar") and c.name_has("mentor")),
    ('"of the"', lambda c: c.name_has("of the")),
    ("alaspada", lambda c: c.name_has("alaspada")),
    ("mentore", lambda c: c.name_has("mentore")),
    ("verita", lambda c: c.name_has("verità")),
    ("VERITÀ", lambda c: c.name_has("verita")),
    ("dandan", lambda c: c.name_has("dandân")),
    ("lim-dul", lambda c: c.name_has("lim-dûl")),
    ("boom", lambda c: c.name_has("boom")),
    ('!"Tarox Bladewing"', lambda c: "tarox bladewing" in c.names),
    ('!"tarox alaspada"', lambda c: "tarox alaspada" in c.names),
    ('!"Boom // Bust"', lambda c: "boom // bust" in c.names),
    ("!bust", lambda c: "bust" in c.names),
    ("!tarox", lambda c: "tarox" in c.names),
    # a typographic apostrophe (phone keyboards) finds the plain one the data writes
    ("dell\u2019alba", lambda c: c.name_has("dell'alba")),
    ("\u201cl\u2019innominato\u201d", lambda c: c.name_has("l'innominato")),
    ("!\u201cDiadema dell\u2019Alba\u201d", lambda c: "diadema dell'alba" in c.names),
    ("o:\u201cdraw a card\u201d", lambda c: c.text_has("draw a card")),
    ('o:"opponent\u2019s"', lambda c: c.text_has("opponent's")),
    # type line, English and Italian
    ("t:creature", lambda c: c.type_has("creature")),
    # An Italian type word means the English type: the old Italian Auras' type line "Incanta
    # Creatura" ("Enchant Creature", Pacifism in ONS) is no creature.
    ("t:creatura", lambda c: c.type_has("creature")),
    ("t:terra", lambda c: c.type_has("land")),
    ('t:"incanta creatura"', lambda c: c.type_has("incanta creatura")),
    ("t:elf", lambda c: c.type_has("elf")),
    ("t:elfo", lambda c: c.type_has("elfo")),
    ("t:legendary", lambda c: c.type_has("legendary")),
    ("t:leggendario", lambda c: c.type_has("leggendario", "legendary")),
    ("t:leggendaria", lambda c: c.type_has("leggendaria", "legendary")),
    ("tipo:istantaneo", lambda c: c.type_has("istantaneo", "instant")),
    ("t:tribal", lambda c: c.type_has("tribal")),
    ('t:"legendary creature"', lambda c: c.type_has("legendary creature")),
    ("t:sliver t:creature", lambda c: c.type_has("sliver") and c.type_has("creature")),
    # text, English and Italian, and ~
    ('o:"draw a card"', lambda c: c.text_has("draw a card")),
    ('oracle:"pesca una carta"', lambda c: c.text_has("pesca una carta")),
    ("o:scry", lambda c: c.text_has("scry")),
    ("testo:profetizza", lambda c: c.text_has("profetizza")),
    ('o:"~ deals"', lambda c: c.text_has("~ deals")),
    ('o:"~ infligge"', lambda c: c.text_has("~ infligge")),
    ('o:"sacrifice ~"', lambda c: c.text_has("sacrifice ~")),
    ('o:"gets +x/+x"', lambda c: c.text_has("gets +x/+x")),
    ("o:città", lambda c: c.text_has("citta")),
    # keywords, English and Italian
    ("k:flying", lambda c: "Flying" in c.keywords),
    ("kw:volare", lambda c: "Flying" in c.keywords),
    ("k:morph", lambda c: "Morph" in c.keywords),
    ("k:metamorfosi", lambda c: "Morph" in c.keywords),
    ("keyword:Suspend", lambda c: "Suspend" in c.keywords),
    ("k:sospendere", lambda c: "Suspend" in c.keywords),
    ('k:"first strike"', lambda c: "First strike" in c.keywords),
    ('k:"split second"', lambda c: "Split second" in c.keywords),
    ("k:profetizzare", lambda c: "Scry" in c.keywords),
    ("k:flying k:metamorfosi", lambda c: {"Flying", "Morph"} <= c.keywords),
    ("k:nosuchkeyword", lambda c: False),
    # sets and rarities
    ("s:fut", lambda c: c.in_set("FUT")),
    ("e:TSB", lambda c: c.in_set("TSB")),
    ("set:plc r:rare", lambda c: c.in_set("PLC") and c.printed(lambda p: p.rarity == "rare")),
    ("r:special", lambda c: c.printed(lambda p: p.rarity == "special")),
    ("r:comune s:ons", lambda c: c.in_set("ONS") and c.printed(lambda p: p.rarity == "common")),
    (
        'r:"non comune" s:fut',
        lambda c: c.in_set("FUT") and c.printed(lambda p: p.rarity == "uncommon"),
    ),
    ("r>=rare", lambda c: c.printed(lambda p: p.rarity in ("rare", "mythic"))),
    ("r<uncommon", lambda c: c.printed(lambda p: p.rarity == "common")),
    ("r!=common s:tsp", lambda c: c.in_set("TSP") and c.printed(lambda p: p.rarity != "common")),
    # colours and colour identity
    ("c:r", lambda c: c.colored(lambda k: "R" in k)),
    ("c:rosso", lambda c: c.colored(lambda k: "R" in k)),
    ("c:ur", lambda c: c.colored(lambda k: {"U", "R"} <= k)),
    ("c=ur", lambda c: c.colored(lambda k: k == {"U", "R"})),
    ("c>=rg", lambda c: c.colored(lambda k: {"R", "G"} <= k)),
    ("c<=wu", lambda c: c.colored(lambda k: k <= {"W", "U"})),
    ("c<wu", lambda c: c.colored(lambda k: k < {"W", "U"})),
    ("c>g", lambda c: c.colored(lambda k: k > {"G"})),
    ("c!=g", lambda c: c.colored(lambda k: k != {"G"})),
    ("c:m", lambda c: c.colored(lambda k: len(k) >= 2)),
    ("c!=m", lambda c: c.colored(lambda k: len(k) < 2)),
    ("c:c", lambda c: c.colored(lambda k: not k)),
    ("c:incolore t:creature", lambda c: c.colored(lambda k: not k) and c.type_has("creature")),
    ("c:blu c:nero", lambda c: c.colored(lambda k: "U" in k) and c.colored(lambda k: "B" in k)),
    (
        "c:verde -c:m",
        lambda c: c.colored(lambda k: "G" in k) and not c.colored(lambda k: len(k) >= 2),
    ),
    ("colore:bianco", lambda c: c.colored(lambda k: "W" in k)),
    ("c:gruul", lambda c: c.colored(lambda k: {"R", "G"} <= k)),
    ("id:esper", lambda c: c.identity <= {"W", "U", "B"}),
    ("id=g", lambda c: c.identity == {"G"}),
    ("identità>=wb", lambda c: {"W", "B"} <= c.identity),
    ("id:c", lambda c: not c.identity),
    # numbers
    ("mv=3", lambda c: c.valued(lambda v: v == 3)),
    ("cmc>=7", lambda c: c.valued(lambda v: v >= 7)),
    ("mv<1", lambda c: c.valued(lambda v: v < 1)),
    ("mv!=2 t:elf", lambda c: c.valued(lambda v: v != 2) and c.type_has("elf")),
    ("pow>=5", lambda c: c.any_face(lambda f: f.power is not None and f.power >= 5)),
    ("forza=0", lambda c: c.any_face(lambda f: f.power == 0)),
    ("tou<=1", lambda c: c.any_face(lambda f: f.toughness is not None and f.toughness <= 1)),
    ("costituzione>6", lambda c: c.any_face(lambda f: f.toughness is not None and f.toughness > 6)),
    (
        "pow!=1 t:sliver",
        lambda c: (
            c.type_has("sliver") and c.any_face(lambda f: f.power is not None and f.power != 1)
        ),
    ),
    (
        "pow>tou",
        lambda c: c.any_face(
            lambda f: None not in (f.power, f.toughness) and f.power > f.toughness
        ),
    ),
    (
        "pow=tou t:goblin",
        lambda c: (
            c.type_has("goblin")
            and c.any_face(lambda f: None not in (f.power, f.toughness) and f.power == f.toughness)
        ),
    ),
    (
        "tou>pow",
        lambda c: c.any_face(
            lambda f: None not in (f.power, f.toughness) and f.toughness > f.power
        ),
    ),
    (
        "pow>mv",
        lambda c: any(
            f.power is not None and f.power > v
            for f, v in zip(c.faces, c.face_values(), strict=True)
        ),
    ),
    ("pow=*", lambda c: c.any_face(lambda f: "*" in f.printed_power)),
    ("costituzione:*", lambda c: c.any_face(lambda f: "*" in f.printed_toughness)),
    (
        "pow!=* t:creature s:ons",
        lambda c: (
            c.type_has("creature")
            and c.in_set("ONS")
            and c.any_face(lambda f: f.printed_power and "*" not in f.printed_power)
        ),
    ),
    (
        "t:creature -pow>=0",
        lambda c: (
            c.type_has("creature")
            and not c.any_face(lambda f: f.power is not None and f.power >= 0)
        ),
    ),
    # is:, has:, lang:
    ("is:split", lambda c: c.layout in ("split", "aftermath")),
    (
        "is:permanent mv>=8",
        lambda c: bool(c.front_types & PERMANENT) and c.valued(lambda v: v >= 8),
    ),
    (
        "is:spell -is:permanent mv=0",
        lambda c: (
            bool(c.front_types & SPELL)
            and "Land" not in c.front_types
            and not c.front_types & PERMANENT
            and c.valued(lambda v: v == 0)
        ),
    ),
    ("-is:spell", lambda c: not (c.front_types & SPELL) or "Land" in c.front_types),
    ("is:futureshifted", lambda c: c.printed(lambda p: p.frame == "future")),
    ("is:timeshifted", lambda c: c.printed(lambda p: p.timeshifted)),
    (
        "is:cronotraslata -is:futureshifted",
        lambda c: (
            c.printed(lambda p: p.timeshifted) and not c.printed(lambda p: p.frame == "future")
        ),
    ),
    ("is:reprint -s:tsb", lambda c: not c.in_set("TSB") and c.printed(lambda p: p.reprint)),
    ("-is:reprint s:ons", lambda c: c.in_set("ONS") and not c.printed(lambda p: p.reprint)),
    ("has:rulings s:fut", lambda c: c.has_rulings and c.in_set("FUT")),
    ("-has:rulings s:fut", lambda c: not c.has_rulings and c.in_set("FUT")),
    ("lang:it", lambda c: c.italian),
    ("lang:en t:elf", lambda c: c.type_has("elf")),
    # release dates
    ("year=2007", lambda c: c.printed(lambda p: p.released.year == 2007)),
    ("year<2006", lambda c: c.printed(lambda p: p.released.year < 2006)),
    (
        "date<2007-05-04 date>2006-10-06",
        lambda c: (
            c.printed(lambda p: p.released < date(2007, 5, 4))
            and c.printed(lambda p: p.released > date(2006, 10, 6))
        ),
    ),
    ("date>=fut", lambda c: c.printed(lambda p: p.released >= date(2007, 5, 4))),
    ("date=2006-10-06", lambda c: c.printed(lambda p: p.released == date(2006, 10, 6))),
    ("date=plc", lambda c: c.printed(lambda p: p.released == date(2007, 2, 2))),
    (
        "date!=2006-10-06 t:sliver",
        lambda c: c.type_has("sliver") and c.printed(lambda p: p.released != date(2006, 10, 6)),
    ),
    (
        "year!=2006 s:tsp",
        lambda c: c.in_set("TSP") and c.printed(lambda p: p.released.year != 2006),
    ),
    (
        "year<=2006 year>=2006",
        lambda c: (
            c.printed(lambda p: p.released.year <= 2006)
            and c.printed(lambda p: p.released.year >= 2006)
        ),
    ),
    (
        "year>2006 -s:fut",
        lambda c: c.printed(lambda p: p.released.year > 2006) and not c.in_set("FUT"),
    ),
    (
        "r<=uncommon s:plc",
        lambda c: c.in_set("PLC") and c.printed(lambda p: p.rarity in ("common", "uncommon")),
    ),
    (
        "date<plc -year<2006",
        lambda c: (
            c.printed(lambda p: p.released < date(2007, 2, 2))
            and not c.printed(lambda p: p.released.year < 2006)
        ),
    ),
    # and, or, not, parentheses, mixed languages
    (
        "t:creatura k:volare s:fut",
        lambda c: c.type_has("creatura", "creature") and "Flying" in c.keywords and c.in_set("FUT"),
    ),
    (
        't:creature o:"draw a card" mv<=3 -c:u',
        lambda c: (
            c.type_has("creature")
            and c.text_has("draw a card")
            and c.valued(lambda v: v <= 3)
            and not c.colored(lambda k: "U" in k)
        ),
    ),
    ("t:elf or t:goblin", lambda c: c.type_has("elf") or c.type_has("goblin")),
    (
        "t:elf OR t:goblin c:r",
        lambda c: c.type_has("elf") or (c.type_has("goblin") and c.colored(lambda k: "R" in k)),
    ),
    (
        "(t:elf or t:goblin) c:r",
        lambda c: (c.type_has("elf") or c.type_has("goblin")) and c.colored(lambda k: "R" in k),
    ),
    (
        "-(t:creature or t:land) s:fut",
        lambda c: not (c.type_has("creature") or c.type_has("land")) and c.in_set("FUT"),
    ),
    (
        "-t:creature -t:land -t:instant -t:sorcery",
        lambda c: not any(c.type_has(t) for t in ("creature", "land", "instant", "sorcery")),
    ),
    (
        "k:morph (c:u or c:b) -(pow>=3)",
        lambda c: (
            "Morph" in c.keywords
            and (c.colored(lambda k: "U" in k) or c.colored(lambda k: "B" in k))
            and not c.any_face(lambda f: f.power is not None and f.power >= 3)
        ),
    ),
    (
        "t:sliver (k:flying or o:volare)",
        lambda c: c.type_has("sliver") and ("Flying" in c.keywords or c.text_has("volare")),
    ),
    (
        "(s:fut or s:plc) t:legendary",
        lambda c: (c.in_set("FUT") or c.in_set("PLC")) and c.type_has("legendary"),
    ),
    # double-faced cards: colour, mana value, power and loyalty face by face
    ("c=g", lambda c: c.colored(lambda k: k == {"G"})),
    (
        "c=g t:planeswalker",
        lambda c: c.colored(lambda k: k == {"G"}) and c.type_has("planeswalker"),
    ),
    ("c=bg", lambda c: c.colored(lambda k: k == {"B", "G"})),
    ("c:b is:transform", lambda c: c.colored(lambda k: "B" in k) and c.layout == "transform"),
    ("c:c is:dfc", lambda c: c.colored(lambda k: not k) and c.layout in FACE_BY_FACE),
    ("c=b -c:m", lambda c: c.colored(lambda k: k == {"B"}) and not c.colored(lambda k: len(k) > 1)),
    ("c:m is:mdfc", lambda c: c.colored(lambda k: len(k) > 1) and c.layout == "modal_dfc"),
    ("c=w is:meld", lambda c: c.colored(lambda k: k == {"W"}) and c.layout == "meld"),
    ("id=b c:c", lambda c: c.identity == {"B"} and c.colored(lambda k: not k)),
    ("mv=7 is:mdfc", lambda c: c.valued(lambda v: v == 7) and c.layout == "modal_dfc"),
    ("mv=0 -t:land", lambda c: c.valued(lambda v: v == 0) and not c.type_has("land")),
    ("mv>=4 is:transform", lambda c: c.valued(lambda v: v >= 4) and c.layout == "transform"),
    ("loy=5", lambda c: c.any_face(lambda f: f.loyalty == 5)),
    (
        "pow>=3 is:dfc",
        lambda c: (
            c.layout in FACE_BY_FACE and c.any_face(lambda f: f.power is not None and f.power >= 3)
        ),
    ),
    # mana costs: at least these symbols on one face, or exactly this cost
    ("m:{2}{W}{W}", lambda c: cost_has(c, **{"#": 2, "W": 2})),
    ("m:2WW", lambda c: cost_has(c, **{"#": 2, "W": 2})),
    ("m:{G}{U}", lambda c: cost_has(c, G=1, U=1)),
    ("mana:{G/W}", lambda c: cost_has(c, G_W=1)),
    ("m:{G/P}", lambda c: cost_has(c, G_P=1)),
    ("m:{X}", lambda c: cost_has(c, X=1)),
    ("m=XR", lambda c: cost_is(c, X=1, R=1)),
    ("costo:{U}{U}", lambda c: cost_has(c, U=2)),
    ("m:{5}{B}{R}", lambda c: cost_has(c, **{"#": 5, "B": 1, "R": 1})),
    (
        "m:{1}{W} is:adventure",
        lambda c: cost_has(c, **{"#": 1, "W": 1}) and c.layout == "adventure",
    ),
    ("m:rr t:goblin", lambda c: cost_has(c, R=2) and c.type_has("goblin")),
    (
        "-m:{W} t:creature s:fut",
        lambda c: not cost_has(c, W=1) and c.type_has("creature") and c.in_set("FUT"),
    ),
    ("m!={G} t:elf", lambda c: not cost_is(c, G=1) and c.type_has("elf")),
    ("m:{B}{B}{B}", lambda c: cost_has(c, B=3)),
    # kinds of card
    ("is:vanilla", is_vanilla),
    ("is:vanilla c:g", lambda c: is_vanilla(c) and c.colored(lambda k: "G" in k)),
    ("is:historic", is_historic),
    ("is:storico t:creature", lambda c: is_historic(c) and c.type_has("creature")),
    ("-is:historic t:artifact", lambda c: not is_historic(c) and c.type_has("artifact")),
    ("is:commander", is_commander),
    ("is:comandante c:r", lambda c: is_commander(c) and c.colored(lambda k: "R" in k)),
    ("is:commander t:planeswalker", lambda c: is_commander(c) and c.type_has("planeswalker")),
    # not cards: art series never, tokens only when asked for
    ("beholder", lambda c: c.name_has("beholder")),
    ("is:token beholder", lambda c: c.name_has("beholder")),
    ("is:art_series", lambda c: c.layout == "art_series"),
    ("knight", lambda c: c.name_has("knight")),
    ("is:token", lambda c: c.is_token),
    ("is:token knight", lambda c: c.is_token and c.name_has("knight")),
    ("t:token c:g", lambda c: c.type_has("token") and c.colored(lambda k: "G" in k)),
    ("t:pedina t:legendary", lambda c: c.type_has("pedina", "token") and c.type_has("legendary")),
    (
        "-is:token t:creature s:dom",
        lambda c: not c.is_token and c.type_has("creature") and c.in_set("DOM"),
    ),
    # parts that cannot be used are left out, the rest still runs
    ("c:purple t:elf", lambda c: c.type_has("elf")),
    ("pow>=x k:suspend", lambda c: "Suspend" in c.keywords),
    ('o:"draw a', lambda c: c.text_has("draw a")),
    ("(t:elf or t:goblin", lambda c: c.type_has("elf") or c.type_has("goblin")),
]

# Formats, artists, flavour texts, blocks, set types, frames, borders and what a printing is:
# each holds when some printing has it, the card's legalities for the formats.
ROWS += [
    ("f:modern", lambda c: c.status("modern") in ("Legal", "Restricted")),
    ("f:pauper t:creature", lambda c: c.status("pauper") == "Legal" and c.type_has("creature")),
    ("formato:pioneer", lambda c: c.status("pioneer") == "Legal"),
    ("legal:premodern s:ons", lambda c: c.status("premodern") == "Legal" and c.in_set("ONS")),
    ("f:oldschool", lambda c: c.status("oldschool") in ("Legal", "Restricted")),
    (
        "f:edh -t:creature s:fut",
        lambda c: (
            c.status("commander") == "Legal" and not c.type_has("creature") and c.in_set("FUT")
        ),
    ),
    ("f:storico", lambda c: c.status("historic") == "Legal"),
    ("f:standard", lambda c: c.status("standard") == "Legal"),
    ("f:pdh", lambda c: c.status("paupercommander") in ("Legal", "Restricted")),
    ("restricted:paupercommander", lambda c: c.status("paupercommander") == "Restricted"),
    (
        "limitata:pdh t:creature",
        lambda c: c.status("paupercommander") == "Restricted" and c.type_has("creature"),
    ),
    ("banned:modern", lambda c: c.status("modern") == "Banned"),
    ("bandita:commander", lambda c: c.status("commander") == "Banned"),
    (
        "banned:pauper or banned:pioneer",
        lambda c: "Banned" in (c.status("pauper"), c.status("pioneer")),
    ),
    (
        "-f:modern t:creature",
        lambda c: c.status("modern") not in ("Legal", "Restricted") and c.type_has("creature"),
    ),
    (
        "f:penny -f:pauper",
        lambda c: (
            c.status("penny") == "Legal" and c.status("pauper") not in ("Legal", "Restricted")
        ),
    ),
    # artists
    ("a:avon", lambda c: c.artist_has("avon")),
    ('artist:"kev walker"', lambda c: c.artist_has("kev walker")),
    ("artista:szikszai", lambda c: c.artist_has("szikszai")),
    ("a:staples t:creature", lambda c: c.artist_has("staples") and c.type_has("creature")),
    ("illustratore:spencer -s:tsb", lambda c: c.artist_has("spencer") and not c.in_set("TSB")),
    ("a:boros", lambda c: c.artist_has("boros")),
    ("a:baxa or a:cavotta", lambda c: c.artist_has("baxa") or c.artist_has("cavotta")),
    # flavour text, English and Italian
    ("ft:goblin", lambda c: c.flavor_has("goblin")),
    ("ft:freyalise", lambda c: c.flavor_has("freyalise")),
    ('flavor:"the future"', lambda c: c.flavor_has("the future")),
    ("testodicolore:speranza", lambda c: c.flavor_has("speranza")),
    ("ft:realta", lambda c: c.flavor_has("realtà")),
    ("ft:dominaria t:creature", lambda c: c.flavor_has("dominaria") and c.type_has("creature")),
    # blocks, by name, by a set's code, in Italian; set types
    ('b:"time spiral"', lambda c: c.printed(lambda p: p.block == "Time Spiral")),
    ("b:plc", lambda c: c.printed(lambda p: p.block == "Time Spiral")),
    ("block:scg", lambda c: c.printed(lambda p: p.block == "Onslaught")),
    (
        'blocco:"spirale temporale" -s:tsp',
        lambda c: c.printed(lambda p: p.block == "Time Spiral") and not c.in_set("TSP"),
    ),
    ('b:"set base"', lambda c: c.printed(lambda p: p.block == "Core Set")),
    ("b:ravnica or b:mirrodin", lambda c: c.printed(lambda p: p.block in ("Ravnica", "Mirrodin"))),
    ("st:core", lambda c: c.printed(lambda p: p.set_type == "core")),
    (
        "st:expansion t:elf",
        lambda c: c.printed(lambda p: p.set_type == "expansion") and c.type_has("elf"),
    ),
    (
        "tipoespansione:base -st:expansion",
        lambda c: (
            c.printed(lambda p: p.set_type == "core")
            and not c.printed(lambda p: p.set_type == "expansion")
        ),
    ),
    # frames and borders
    ("frame:1997", lambda c: c.printed(lambda p: p.frame == "1997")),
    (
        "frame:2003 frame:1997",
        lambda c: c.printed(lambda p: p.frame == "2003") and c.printed(lambda p: p.frame == "1997"),
    ),
    ("frame:future", lambda c: c.printed(lambda p: p.frame == "future")),
    ("cornice:1993", lambda c: c.printed(lambda p: p.frame == "1993")),
    ("frame:2015", lambda c: c.printed(lambda p: p.frame == "2015")),
    ("border:white", lambda c: c.printed(lambda p: p.border == "white")),
    (
        "bordo:bianco t:creature",
        lambda c: c.printed(lambda p: p.border == "white") and c.type_has("creature"),
    ),
    (
        "border:black border:white",
        lambda c: (
            c.printed(lambda p: p.border == "black") and c.printed(lambda p: p.border == "white")
        ),
    ),
    ("-border:black", lambda c: not c.printed(lambda p: p.border == "black")),
    # borders, watermarks and set types of SearchSamples.json's printings
    ("border:gold", lambda c: c.printed(lambda p: p.border == "gold")),
    ("bordo:oro or border:silver", lambda c: c.printed(lambda p: p.border in ("gold", "silver"))),
    ("border:borderless", lambda c: c.printed(lambda p: p.border == "borderless")),
    ("wm:boros", lambda c: c.printed(lambda p: p.watermark == "boros")),
    (
        "filigrana:azorius or wm:phyrexian",
        lambda c: c.printed(lambda p: p.watermark in ("azorius", "phyrexian")),
    ),
    (
        "-wm:boros t:creature s:dgm",
        lambda c: (
            not c.printed(lambda p: p.watermark == "boros")
            and c.type_has("creature")
            and c.in_set("DGM")
        ),
    ),
    ("st:funny", lambda c: c.printed(lambda p: p.set_type == "funny")),
    ("st:promo", lambda c: c.printed(lambda p: p.set_type == "promo")),
    (
        "st:memorabilia or st:from_the_vault",
        lambda c: c.printed(lambda p: p.set_type in ("memorabilia", "from_the_vault")),
    ),
    ("st:token", lambda c: c.printed(lambda p: p.set_type == "token")),
    # what a card or some printing is; not:x is -is:x
    ("is:reserved", lambda c: c.reserved),
    ("is:reserved t:creature", lambda c: c.reserved and c.type_has("creature")),
    (
        "is:riservata f:vintage",
        lambda c: c.reserved and c.status("vintage") in ("Legal", "Restricted"),
    ),
    ("is:promo", lambda c: c.printed(lambda p: p.promo)),
    ("is:promo c:w", lambda c: c.printed(lambda p: p.promo) and "W" in c.colors),
    ("is:digital", lambda c: c.printed(lambda p: p.digital)),
    ("is:funny", lambda c: c.printed(lambda p: p.funny)),
    ("is:digital or is:funny", lambda c: c.printed(lambda p: p.digital or p.funny)),
    (
        "not:promo frame:2015",
        lambda c: not c.printed(lambda p: p.promo) and c.printed(lambda p: p.frame == "2015"),
    ),
    (
        "not:reserved year<1997",
        lambda c: not c.reserved and c.printed(lambda p: p.released.year < 1997),
    ),
    ("not:reprint s:plc", lambda c: c.in_set("PLC") and not c.printed(lambda p: p.reprint)),
    (
        "non:ristampa -not:timeshifted",
        lambda c: not c.printed(lambda p: p.reprint) and c.printed(lambda p: p.timeshifted),
    ),
]


class BundledSearchTests(BundledDataTestCase):
    """Every row of ROWS, on the five bundled sets as `make run` loads them."""

    @classmethod
    def setUpTestData(cls):
        cls.cards = read_bundled_cards()
        cls.searched = [card for card in cls.cards if card.in_searches()]  # no tokens, no art

    def found(self, text):
        return list(parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True))

    def test_the_data_read_here_matches_what_was_imported(self):
        imported = Card.objects.values_list("name", flat=True)
        self.assertEqual(Counter(card.name for card in self.cards), Counter(imported))
        self.assertEqual(len(self.cards), 1128)
        searched = Counter(card.name for card in self.cards if card.in_searches())
        self.assertEqual(searched, Counter(self.found("")))
        self.assertEqual(len(self.found("")), 1124)  # the three tokens and the art series out

    def test_oracle_id_finds_that_card_alone(self):
        angel = Card.objects.get(name="Exalted Angel")
        self.assertEqual(self.found(f"oracleid:{angel.oracle_id}"), ["Exalted Angel"])
        self.assertEqual(self.found(f"oracleid:{str(angel.oracle_id).upper()} t:elf"), [])
        query = parse("oracleid:nope")
        self.assertEqual([p.message for p in query.problems], ["“nope” is not an Oracle id"])

    def test_queries_find_the_cards_the_data_says(self):
        self.assertGreaterEqual(len(ROWS), 130)
        for text, predicate in ROWS:
            with self.subTest(query=text):
                tokens = asks_for_tokens(text)
                expected = Counter(
                    card.name for card in self.cards if card.in_searches(tokens) and predicate(card)
                )
                found = Counter(self.found(text))
                self.assertEqual(found, expected)

    def test_help_examples_of_formats_and_printings_find_what_the_data_says(self):
        """The help page's examples for these keys are rows here: checked card by card."""
        rows = dict(ROWS)
        examples = [
            query
            for _keys, _meaning, found in SEARCH_HELP["printings"][1]
            for query, _description in found
        ]
        examples += ["not:reprint s:plc", "non:ristampa -not:timeshifted", "is:riservata f:vintage"]
        for query in examples:
            with self.subTest(query=query):
                self.assertIn(query, rows)
                found = parse(query).apply(CardSearch.objects.all()).values_list("name", flat=True)
                tokens = asks_for_tokens(query)
                expected = Counter(
                    card.name
                    for card in self.cards
                    if card.in_searches(tokens) and rows[query](card)
                )
                self.assertEqual(Counter(found), expected)

    def test_rows_are_not_trivial(self):
        """Most rows find some cards and leave others out, so they can fail."""
        sizes = [sum(map(predicate, self.cards)) for _text, predicate in ROWS]
        self.assertGreaterEqual(sum(0 < size < len(self.cards) for size in sizes), len(ROWS) - 4)

    def test_order_by_mana_value_then_name(self):
        found = self.found("t:elf order:mv")
        expected = sorted(
            (card for card in self.searched if card.type_has("elf")),
            key=lambda card: (card.mana_value, card.name),
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_descending_reverses_every_key(self):
        found = self.found("t:goblin ordine:vm dir:desc")
        expected = sorted(
            (card for card in self.searched if card.type_has("goblin")),
            key=lambda card: (card.mana_value, card.name),
            reverse=True,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_first_release(self):
        found = self.found("k:flying order:released")
        expected = sorted(
            (card for card in self.searched if "Flying" in card.keywords),
            key=lambda card: (min(p.released for p in card.printings), card.name),
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_rarity_highest_first(self):
        found = self.found("s:fut t:wizard order:rarity dir:desc")
        expected = sorted(
            (card for card in self.searched if card.in_set("FUT") and card.type_has("wizard")),
            key=lambda card: (max(RARITY_RANK.index(p.rarity) for p in card.printings), card.name),
            reverse=True,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_set_code(self):
        found = self.found("t:sliver order:set")
        first = {
            card.name: min(card.printings, key=lambda p: (p.released, p.set_code)).set_code
            for card in self.searched
        }
        expected = sorted(
            (card.name for card in self.searched if card.type_has("sliver")),
            key=lambda name: (first[name], name),
        )
        self.assertEqual(found, expected)

    def test_order_by_power_strongest_first_without_power_last(self):
        found = self.found("t:goblin order:power dir:desc")
        goblins = [card for card in self.searched if card.type_has("goblin")]
        with_power = [card for card in goblins if card.faces[0].power is not None]
        without = [card for card in goblins if card.faces[0].power is None]
        expected = sorted(with_power, key=lambda card: (card.faces[0].power, card.name))[::-1]
        expected += sorted(without, key=lambda card: card.name, reverse=True)
        self.assertEqual(found, [card.name for card in expected])
        self.assertTrue(without)  # tribal goblins without power come last

    def test_order_by_toughness(self):
        found = self.found("t:sliver ordine:costituzione")
        slivers = [card for card in self.searched if card.type_has("sliver")]
        with_toughness = [card for card in slivers if card.faces[0].toughness is not None]
        expected = sorted(with_toughness, key=lambda card: (card.faces[0].toughness, card.name))
        expected += sorted(
            (card for card in slivers if card.faces[0].toughness is None),
            key=lambda card: card.name,
        )
        self.assertEqual(found, [card.name for card in expected])

    def test_order_by_color_white_to_green_then_multicoloured_then_colourless(self):
        found = self.found("t:sliver order:color")

        def rank(card):
            letters = "".join(letter for letter in "WUBRG" if letter in card.colors)
            if len(letters) == 1:
                return ("WUBRG".index(letters), letters, card.name)
            return (10 if not letters else 5 + len(letters), letters, card.name)

        slivers = [card for card in self.searched if card.type_has("sliver")]
        self.assertEqual(found, [card.name for card in sorted(slivers, key=rank)])
        self.assertGreater(len({rank(card)[0] for card in slivers}), 5)  # many colour kinds

    def test_default_order_is_by_name(self):
        found = self.found("k:suspend")
        self.assertEqual(found, sorted(found))
        self.assertTrue(found)

    def test_filter_combines_with_other_filters_without_duplicates(self):
        query = parse("t:creature or o:creature")
        cards = query.filter(CardSearch.objects.filter(mana_value__lte=2)).filter(colors="G")
        expected = sorted(
            card.name
            for card in self.searched
            if (card.type_has("creature") or card.text_has("creature"))
            and card.mana_value <= 2
            and card.colors == {"G"}
        )
        self.assertEqual(sorted(cards.values_list("name", flat=True)), expected)
        self.assertEqual(cards.count(), len(expected))

    def test_errata_written_by_editors_are_found(self):
        card = Card.objects.get(name="Tarox Bladewing")
        Erratum.objects.create(card=card, date=date(2020, 1, 1), old_text="a", new_text="b")
        self.assertEqual(self.found("has:errata"), ["Tarox Bladewing"])
        self.assertNotIn("Tarox Bladewing", self.found("-has:errata s:fut"))

    def test_keyword_terms_read_the_keyword_table_once(self):
        """One query for the keywords and one for the count, however many kw: terms."""
        for text in ("k:flying", "k:volare or k:reach or k:haste or k:sospendere -k:morph"):
            with self.subTest(query=text), self.assertNumQueries(2):
                count = parse(text).filter(CardSearch.objects.all()).count()
            self.assertGreater(count, 0)
        with self.assertNumQueries(1):  # no kw: term, no keyword query
            parse("t:elf").filter(CardSearch.objects.all()).count()

    def test_an_unusable_query_finds_nothing_and_an_empty_one_everything(self):
        self.assertEqual(self.found("c:purple"), [])
        self.assertEqual(len(self.found("   ")), 1124)
        self.assertEqual(len(self.found("order:mv")), 1124)


class FoldedNameTests(EmptyDatabaseTestCase):
    """Cards saved one by one (the admin, factories) are found too; "aether" finds "Æther"."""

    def test_ligatures_and_accents_are_folded_both_ways(self):
        make_card(
            name="Æther Vial",
            name_it="Fiala dell'Etere",
            power="",
            toughness="",
            type_line="Artifact",
        )
        make_card(name="Serra Angel", name_it="Angelo di Serra")
        make_card(name="Perché", name_it="Perché No", type_line="Sorcery", power="", toughness="")
        make_card(
            name="Gaea\u2019s Cradle",
            name_it="Culla di Gaea",
            type_line="Legendary Land",
            type_line_it="Terra Leggendaria",
            oracle_text="{T}: Add {G} for each creature you control.",
            text_it="",
            power="",
            toughness="",
        )
        for text, expected in [
            ("aether", ["Æther Vial"]),
            ("ÆTHER", ["Æther Vial"]),
            ("AEther vial", ["Æther Vial"]),
            ("etere", ["Æther Vial"]),
            ("perche", ["Perché"]),
            ("e", ["Gaea\u2019s Cradle", "Perché", "Serra Angel", "Æther Vial"]),
            ('!"angelo di serra"', ["Serra Angel"]),
            ("pow=4", ["Serra Angel"]),
            ("t:sorcery", ["Perché"]),
            ("gaea's", ["Gaea\u2019s Cradle"]),
            ('!"gaea\u2019s cradle"', ["Gaea\u2019s Cradle"]),
            ('!"GAEA\u02bcS CRADLE"', ["Gaea\u2019s Cradle"]),
        ]:
            with self.subTest(query=text):
                found = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
                self.assertEqual(sorted(found), sorted(expected))

    def test_renaming_a_face_updates_the_search(self):
        card = make_card(name="Serra Angel", name_it="Angelo di Serra")
        face = card.faces.get()
        face.name_it = "Angela"
        face.save()
        self.assertEqual(
            list(parse("angela").filter(CardSearch.objects.all()).values_list("pk", flat=True)),
            [card.pk],
        )
        self.assertEqual(
            list(parse("!angela").filter(CardSearch.objects.all()).values_list("pk", flat=True)),
            [card.pk],
        )


class NumbersThatAreNotNumbersTests(EmptyDatabaseTestCase):
    def test_star_power_matches_no_comparison_and_does_not_crash(self):
        make_card(name="Tarmogoyf", power="*", toughness="1+*")
        make_card(name="Grizzly Bears", power="2", toughness="2")
        for text, expected in [
            ("pow>=0", ["Grizzly Bears"]),
            ("pow<0", []),
            ("pow=tou", ["Grizzly Bears"]),
            ("-pow>=0", ["Tarmogoyf"]),
            ("tou!=3", ["Grizzly Bears"]),
        ]:
            with self.subTest(query=text):
                found = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
                self.assertEqual(list(found), expected)
        self.assertEqual(Decimal(2), Card.objects.get(name="Grizzly Bears").faces.get().power_value)


class LayoutsAndLanguagesTests(EmptyDatabaseTestCase):
    """What the bundled 2007 sets do not have: double-faced cards, planeswalkers, no Italian."""

    @classmethod
    def setUpTestData(cls):
        make_card(name="Delver of Secrets", layout="transform")
        make_card(name="Valki, God of Lies", layout="modal_dfc")
        make_card(name="Bruna, the Fading Light", layout="meld")
        make_card(name="Kitsune Mystic", layout="flip")
        make_card(
            name="Bonecrusher Giant", layout="adventure", name_it="", type_line_it="", text_it=""
        )
        make_card(name="Fire // Ice", layout="split")
        jace = make_card(
            name="Jace Beleren", type_line="Legendary Planeswalker — Jace", power="", toughness=""
        )
        jace.faces.update(loyalty="3")  # no signal: the columns are refreshed by hand
        refresh_search_rows([jace.pk])
        make_card(name="Grizzly Bears", name_it="", type_line_it="", text_it="")

    def assertFound(self, text, expected):
        with self.subTest(query=text):
            found = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
            self.assertEqual(list(found), sorted(expected))

    def test_tribal_and_kindred_find_each_other(self):
        make_card(name="Bitterblossom", type_line="Tribal Enchantment — Faerie", power="")
        make_card(name="Nameless Inversion", type_line="Kindred Instant — Shapeshifter")
        for text in ("t:tribal", "t:kindred", "t:tribale"):
            self.assertFound(text, ["Bitterblossom", "Nameless Inversion"])

    def test_layouts(self):
        self.assertFound(
            "is:dfc", ["Bruna, the Fading Light", "Delver of Secrets", "Valki, God of Lies"]
        )
        self.assertFound("is:mdfc", ["Valki, God of Lies"])
        self.assertFound("is:transform", ["Delver of Secrets"])
        self.assertFound("is:meld", ["Bruna, the Fading Light"])
        self.assertFound("is:flip", ["Kitsune Mystic"])
        self.assertFound("is:adventure", ["Bonecrusher Giant"])
        self.assertFound("is:split", ["Fire // Ice"])
        self.assertFound("-is:dfc -is:split t:planeswalker", ["Jace Beleren"])

    def test_loyalty(self):
        self.assertFound("loy=3", ["Jace Beleren"])
        self.assertFound("fedeltà>3", [])
        self.assertFound("loy<=pow", [])

    def test_cards_without_italian_text(self):
        self.assertFound("-lang:it", ["Bonecrusher Giant", "Grizzly Bears"])
        self.assertFound("lang:italiano t:planeswalker", ["Jace Beleren"])
