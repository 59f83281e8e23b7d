"""The plain records the MTGJSON reader produces: sets, Oracle cards with their faces, printings
with their printed faces, and keyword kinds, all in one ``MtgjsonData``. No database."""

import uuid
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal


class ReadError(Exception):
    """A file that cannot be imported; the message names the file, where, and what is wrong."""


@dataclass
class SetRecord:
    code: str
    name: str
    name_it: str = ""
    set_type: str = ""
    block: str = ""
    release_date: date | None = None
    parent_code: str = ""
    base_size: int = 0
    total_size: int = 0
    keyrune_code: str = ""
    is_online_only: bool = False


@dataclass
class FaceRecord:
    side: str
    name: str
    mana_cost: str
    mana_value: Decimal
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    power: str
    toughness: str
    loyalty: str
    defense: str
    hand_modifier: str
    life_modifier: str
    colors: str
    color_indicator: str


@dataclass
class CardRecord:
    oracle_id: uuid.UUID
    name: str
    layout: str
    mana_value: Decimal
    colors: str
    color_identity: str
    is_token: bool
    legalities: dict[str, str]
    faces: list[FaceRecord]
    keywords: set[str] = field(default_factory=set)
    rulings: list[tuple[date, str]] = field(default_factory=list)
    from_reversible: bool = False
    is_reserved: bool = False
    # Its CARD_NUMBERS (oracle.models.cards), by column: the first printing's that has one.
    numbers: dict[str, int] = field(default_factory=dict)


@dataclass
class PrintedFaceRecord:
    side: str
    face_name: str
    name_it: str
    type_line_it: str
    text_it: str
    flavor_text: str
    flavor_text_it: str
    original_text: str
    original_type: str


@dataclass
class PrintingRecord:
    uuid: uuid.UUID
    oracle_id: uuid.UUID
    set_code: str
    collector_number: str
    layout: str
    rarity: str
    scryfall_id: uuid.UUID | None
    multiverse_id: int | None
    multiverse_id_it: int | None
    frame_version: str
    frame_effects: str
    border_color: str
    is_timeshifted: bool
    is_reprint: bool
    is_promo: bool
    artist: str
    watermark: str
    name_it: str
    faces: list[PrintedFaceRecord]
    is_online_only: bool = False
    is_funny: bool = False
    mtgo_id: int | None = None
    mtgo_foil_id: int | None = None
    arena_id: int | None = None
    tcgplayer_id: int | None = None
    cardmarket_id: int | None = None
    illustration_id: uuid.UUID | None = None
    finishes: str = ""
    in_booster: bool = False
    is_full_art: bool = False
    is_textless: bool = False
    is_story_spotlight: bool = False
    is_oversized: bool = False
    is_variation: bool = False
    security_stamp: str = ""


@dataclass
class MtgjsonData:
    sets: dict[str, SetRecord] = field(default_factory=dict)
    cards: dict[uuid.UUID, CardRecord] = field(default_factory=dict)
    printings: dict[tuple[str, str], PrintingRecord] = field(default_factory=dict)
    keyword_kinds: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    # Each file's sha256, by name; the files' ``meta`` (the newest date, and its version).
    digests: dict[str, str] = field(default_factory=dict)
    version: str = ""
    data_date: date | None = None
    # Each printing uuid read, with where it was first found: ((set, number), "FILE: set ...").
    uuid_places: dict[str, tuple[tuple[str, str], str]] = field(default_factory=dict)
