"""The card columns the importer fills from MTGJSON, declared once: each ``Field`` names the
model field, the MTGJSON key, how the value is read and how it is checked.

From these lists follow the records (``columns``, by field name), the columns the sync compares
and writes (``mtgjson_sync``) and the checks run before anything is written
(``check_declared``). Adding a card field read from one MTGJSON key is one line here, the model
field and its migration (docs/architecture.md, "How to add a card field").

- ``CARD_FIELDS``: read on every entry of the card (each face of each printing): the first
  value given (not None) wins, or all of them make one (``combine``), ``default`` where none
  is given;
- ``FACE_FIELDS``: read on each face's entry of the card's first printing read;
- ``PRINTING_FIELDS``: read on the printing's first entry (its front face).

What needs more than one value (names, layouts, colours of all faces, the Italian text of
``foreignData``, legalities of every printing) stays in ``mtgjson_reader``.
"""

from collections.abc import Callable
from dataclasses import dataclass

from oracle.importers.mtgjson_checks import (
    check_number,
    check_text,
    check_texts,
    multiverse_id,
)
from oracle.importers.mtgjson_records import ReadError
from oracle.importers.mtgjson_values import (
    FINISHES,
    color_letters,
    optional_int,
    optional_uuid,
    outside_id,
    to_decimal,
)
from oracle.models import CardFace, Printing

# What the importer stores, as one number (``oracle.importers.version``): raise it with any change
# to the fields below, or to what the importer stores otherwise, so that the next
# ``load_bundled_data`` or ``update_data`` imports unchanged files again, and says why.
# 2: Card.leadership and Card.set_count.
IMPORTER_VERSION = 2

MAX_CARD_NUMBER = 2_147_483_647
LEADERSHIP_FORMATS = ("brawl", "commander", "oathbreaker")


@dataclass(frozen=True)
class Field:
    """A model field filled from an MTGJSON card entry.

    ``check``: "text" (a string no longer than the column), "flag" (true or false), "whole" (a
    whole number from 0 to MAX_CARD_NUMBER), or "" (read leniently: a bad value is left out)."""

    name: str
    key: str
    read: Callable[[dict], object]
    check: str = ""
    longest: int | None = None
    default: object = None
    combine: Callable[[object, object], object] | None = None  # (kept, read) -> kept


def text(model, name: str, key: str) -> Field:
    longest = model._meta.get_field(name).max_length
    return Field(name, key, lambda entry: entry.get(key) or "", "text", longest)


def flag(name: str, key: str, checked: bool = False) -> Field:
    return Field(name, key, lambda entry: bool(entry.get(key)), "flag" if checked else "")


def identifier(name: str, key: str, read=outside_id) -> Field:
    """A value of the entry's ``identifiers`` object."""
    return Field(name, f"identifiers.{key}", lambda entry: read(entry["identifiers"].get(key)))


def _whole_or_none(key: str) -> Callable[[dict], int | None]:
    return lambda entry: None if entry.get(key) is None else int(entry[key])


def _leadership(entry: dict) -> str | None:
    """The formats whose decks the face may lead ("brawl,commander"); None when not given."""
    skills = entry.get("leadershipSkills")
    if not isinstance(skills, dict):
        return None
    return ",".join(name for name in LEADERSHIP_FORMATS if skills.get(name) is True)


def _either_leads(kept: str, read: str) -> str:
    """A card leads where any of its faces does (Valki leads Commander decks, its back face
    Tibalt Oathbreaker decks)."""
    both = set(kept.split(",")) | set(read.split(","))
    return ",".join(name for name in LEADERSHIP_FORMATS if name in both)


def _set_count(entry: dict) -> int | None:
    """How many sets MTGJSON says the card was printed in (its ``printings`` list)."""
    printings = entry.get("printings")
    return len(printings) if isinstance(printings, list) else None


CARD_FIELDS = (
    Field(
        "is_reserved", "isReserved", lambda e: True if e.get("isReserved") else None, default=False
    ),
    Field("edhrec_rank", "edhrecRank", _whole_or_none("edhrecRank"), "whole"),
    Field("leadership", "leadershipSkills", _leadership, default="", combine=_either_leads),
    Field("set_count", "printings", _set_count),
)

FACE_FIELDS = (
    text(CardFace, "mana_cost", "manaCost"),
    Field(
        "mana_value",
        "faceManaValue",
        lambda entry: to_decimal(entry.get("faceManaValue", entry.get("manaValue", 0))),
    ),
    text(CardFace, "type_line", "type"),  # never empty: _check_entry requires it
    text(CardFace, "oracle_text", "text"),
    text(CardFace, "power", "power"),
    text(CardFace, "toughness", "toughness"),
    text(CardFace, "loyalty", "loyalty"),
    text(CardFace, "defense", "defense"),
    text(CardFace, "hand_modifier", "hand"),
    text(CardFace, "life_modifier", "life"),
    Field("colors", "colors", lambda entry: color_letters(entry.get("colors") or [])),
    Field(
        "color_indicator", "colorIndicator", lambda e: color_letters(e.get("colorIndicator") or [])
    ),
)

PRINTING_FIELDS = (
    Field("rarity", "rarity", lambda entry: entry.get("rarity") or "common", "text", 10),
    identifier("scryfall_id", "scryfallId", optional_uuid),
    identifier("multiverse_id", "multiverseId", optional_int),
    text(Printing, "frame_version", "frameVersion"),
    Field("frame_effects", "frameEffects", lambda e: ",".join(e.get("frameEffects") or [])),
    text(Printing, "border_color", "borderColor"),
    flag("is_timeshifted", "isTimeshifted", checked=True),
    flag("is_reprint", "isReprint", checked=True),
    flag("is_promo", "isPromo", checked=True),
    text(Printing, "artist", "artist"),
    text(Printing, "watermark", "watermark"),
    flag("is_online_only", "isOnlineOnly"),
    flag("is_funny", "isFunny"),
    identifier("mtgo_id", "mtgoId"),
    identifier("mtgo_foil_id", "mtgoFoilId"),
    identifier("arena_id", "mtgArenaId"),
    identifier("tcgplayer_id", "tcgplayerProductId"),
    identifier("cardmarket_id", "mcmId"),
    identifier("illustration_id", "scryfallIllustrationId", optional_uuid),
    flag("in_booster", "boosterTypes"),
    flag("is_full_art", "isFullArt"),
    flag("is_textless", "isTextless"),
    flag("is_story_spotlight", "isStorySpotlight"),
    flag("is_oversized", "isOversized"),
    flag("is_variation", "isAlternative"),
    Field("security_stamp", "securityStamp", lambda e: str(e.get("securityStamp") or "")[:20]),
    Field(
        "finishes",
        "finishes",
        lambda e: ",".join(finish for finish in e.get("finishes") or () if finish in FINISHES),
    ),
)

_DECLARED = CARD_FIELDS + FACE_FIELDS + PRINTING_FIELDS
_TEXTS = {field.key: field.longest for field in _DECLARED if field.check == "text"}
_FLAGS = tuple(field.key for field in _DECLARED if field.check == "flag")
_WHOLES = tuple(field.key for field in _DECLARED if field.check == "whole")


def check_declared(entry: dict, where: str) -> None:
    """Raise ReadError for a value of ``entry`` that a declared field refuses."""
    check_texts(entry, _TEXTS, where)
    for key in _FLAGS:
        if entry.get(key) not in (None, True, False):
            raise ReadError(f"{where}: '{key}' should be true or false, found {entry[key]!r:.60}")
    for key in _WHOLES:
        check_number(entry.get(key), key, where, 0, MAX_CARD_NUMBER, whole=True)
    identifiers = entry["identifiers"]
    multiverse_id(identifiers.get("multiverseId"), f"{where}: identifiers")
    check_text(identifiers, "scryfallId", 36, f"{where}: identifiers")


def read_card(entry: dict, columns: dict) -> None:
    """Add to ``columns`` the card fields ``entry`` gives that no earlier entry gave, and
    combine those that combine."""
    for field in CARD_FIELDS:
        if field.name not in columns:
            value = field.read(entry)
            if value is not None:
                columns[field.name] = value
        elif field.combine is not None:
            value = field.read(entry)
            if value is not None:
                columns[field.name] = field.combine(columns[field.name], value)


def card_row(columns: dict) -> dict:
    """The Card columns of a card's read ``columns``, with the defaults of those none gave."""
    return {field.name: columns.get(field.name, field.default) for field in CARD_FIELDS}


def read_face(entry: dict) -> dict:
    return {field.name: field.read(entry) for field in FACE_FIELDS}


def read_printing(entry: dict) -> dict:
    return {field.name: field.read(entry) for field in PRINTING_FIELDS}
