"""The plain records the MTGJSON reader produces: sets, Oracle cards with their faces, printings
with their printed faces, and keyword kinds, all in one ``MtgjsonData``. No database.

A card's, face's and printing's ``columns`` hold the fields ``mtgjson_fields`` declares, by
field name; the attributes hold what the reader works out from more than one value."""

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
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    columns: dict  # mtgjson_fields.FACE_FIELDS

    @property
    def type_line(self) -> str:
        return self.columns["type_line"]

    @property
    def oracle_text(self) -> str:
        return self.columns["oracle_text"]


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
    # mtgjson_fields.CARD_FIELDS: each the first printing's that gives one.
    columns: dict = field(default_factory=dict)


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
    multiverse_id_it: int | None
    name_it: str
    faces: list[PrintedFaceRecord]
    columns: dict  # mtgjson_fields.PRINTING_FIELDS


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
