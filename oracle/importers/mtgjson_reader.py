"""Read MTGJSON files (set files, AllPrintings, Keywords) into plain records. No database.

A set file is ``{"meta": ..., "data": {set}}``, AllPrintings is ``{"meta": ..., "data": {"FUT":
{set}, ...}}`` and Keywords is ``{"data": {"abilityWords": [...], ...}}``; any of them may be
gzip-compressed. Big files are streamed set by set (ijson), so memory stays flat.

MTGJSON has one entry per printing and per face; the reader groups them into Oracle cards (by
Scryfall's Oracle id), their faces and their printings, and gives every problem as
``ReadError("FILE: where: what")``.
"""

import gzip
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

import ijson

from oracle.models import COLOR_ORDER, Layout

from .italian_set_names import ITALIAN_SET_NAMES

# Reversible cards have no Oracle id in MTGJSON 5.2; they get one derived from the name.
REVERSIBLE_NAMESPACE = uuid.UUID("0c1d4a5e-2f0b-4c39-9a51-6f7d1e0a7b33")
# Values the reader walks through, and the JSON type each must have.
ENTRY_CONTAINERS = {
    "foreignData": list,
    "rulings": list,
    "keywords": list,
    "legalities": dict,
    "colors": list,
    "colorIdentity": list,
    "colorIndicator": list,
    "supertypes": list,
    "types": list,
    "subtypes": list,
    "frameEffects": list,
}
KEYWORD_KINDS = {
    "abilityWords": "ability_word",
    "keywordAbilities": "ability",
    "keywordActions": "action",
}


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


@dataclass
class MtgjsonData:
    sets: dict[str, SetRecord] = field(default_factory=dict)
    cards: dict[uuid.UUID, CardRecord] = field(default_factory=dict)
    printings: dict[tuple[str, str], PrintingRecord] = field(default_factory=dict)
    keyword_kinds: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def read_mtgjson(
    paths: Iterable[Path], progress: Callable[[str], None] | None = None
) -> MtgjsonData:
    """Read every file into one MtgjsonData; raise ReadError on the first bad one."""
    data = MtgjsonData()
    pending_reversible: list[tuple[str, list[dict]]] = []
    for path in paths:
        path = Path(path)
        data.files.append(path.name)
        for set_code, set_obj in _iter_sets(path, data):
            where = f"{path.name}: set {set_code}"
            pending_reversible += _read_set(set_obj, where, data)
            if progress:
                progress(f"{path.name}: {set_code} read ({len(data.cards)} cards so far)")
    _resolve_reversible(pending_reversible, data)
    return data


# -- files ------------------------------------------------------------------------------------


def _open(path: Path):
    try:
        handle = path.open("rb")
    except OSError as error:
        raise ReadError(f"{path}: cannot be opened ({error.strerror})") from error
    magic = handle.read(2)
    handle.seek(0)
    return gzip.GzipFile(fileobj=handle) if magic == b"\x1f\x8b" else handle


def _iter_sets(path: Path, data: MtgjsonData) -> Iterator[tuple[str, dict]]:
    """Yield (code, set object) pairs, streaming AllPrintings one set at a time."""
    single_set: dict = {}
    found = False  # this file, not the files before it, held sets or keywords
    try:
        with _open(path) as handle:
            for key, value in ijson.kvitems(handle, "data", use_float=True):
                if key in KEYWORD_KINDS:
                    _read_keyword_list(key, value, path, data)
                    found = True
                elif isinstance(value, dict) and "cards" in value:
                    found = True
                    yield key, value
                else:
                    single_set[key] = value
    except ijson.JSONError as error:
        raise ReadError(_json_error_message(path, error)) from error
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise ReadError(f"{path.name}: not readable as JSON or gzip ({error})") from error
    if single_set:
        if "cards" not in single_set or "code" not in single_set:
            raise ReadError(
                f"{path.name}: 'data' holds neither a set (with 'code' and 'cards') "
                "nor sets keyed by code; is this an MTGJSON file?"
            )
        yield single_set["code"], single_set
    elif not found:
        raise ReadError(
            f"{path.name}: no MTGJSON 'data' object with sets or keywords found; "
            "is this an MTGJSON file?"
        )


def _json_error_message(path: Path, error: Exception) -> str:
    """Name the line and column, which the streaming parser does not report."""
    try:
        with _open(path) as handle:
            text = handle.read().decode("utf-8", errors="replace")
        # Only to find the error: every object is dropped as soon as it is parsed, so a damaged
        # AllPrintings does not build its whole tree in memory.
        json.loads(text, object_pairs_hook=lambda pairs: None)
    except json.JSONDecodeError as exact:
        return f"{path.name}: line {exact.lineno}, column {exact.colno}: invalid JSON ({exact.msg})"
    except (OSError, EOFError) as broken:
        return f"{path.name}: the file is cut short or damaged ({broken})"
    return f"{path.name}: invalid JSON ({str(error).splitlines()[0]})"


def _read_keyword_list(key: str, names, path: Path, data: MtgjsonData) -> None:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ReadError(f"{path.name}: data.{key}: expected a list of keyword names")
    for name in names:
        data.keyword_kinds[name] = KEYWORD_KINDS[key]


# -- sets and cards ---------------------------------------------------------------------------


def _read_set(set_obj: dict, where: str, data: MtgjsonData) -> list[tuple[str, list[dict]]]:
    code = _required_str(set_obj, "code", where)
    translations = set_obj.get("translations") or {}
    if not isinstance(translations, dict):
        raise ReadError(f"{where}: 'translations' should be an object")
    data.sets[code] = SetRecord(
        code=code,
        name=_required_str(set_obj, "name", where),
        name_it=translations.get("Italian") or ITALIAN_SET_NAMES.get(code, ""),
        set_type=set_obj.get("type") or "",
        block=set_obj.get("block") or "",
        release_date=_parse_date(set_obj.get("releaseDate"), f"{where}: releaseDate"),
        parent_code=set_obj.get("parentCode") or "",
        base_size=_count(set_obj, "baseSetSize", where),
        total_size=_count(set_obj, "totalSetSize", where),
        keyrune_code=set_obj.get("keyruneCode") or "",
        is_online_only=bool(set_obj.get("isOnlineOnly")),
    )
    reversible = []
    for list_name, is_token in (("cards", False), ("tokens", True)):
        entries = set_obj.get(list_name) or []
        if not isinstance(entries, list):
            raise ReadError(f"{where}: '{list_name}' should be a list")
        groups: dict[tuple, list[dict]] = {}
        for index, entry in enumerate(entries):
            entry_where = f"{where}: {list_name}[{index}]"
            _check_entry(entry, entry_where)
            set_code = entry.get("setCode") or code
            if set_code not in data.sets:
                data.sets[set_code] = _implied_set(set_code, data.sets[code], is_token)
            oracle_id = entry["identifiers"].get("scryfallOracleId")
            key = (set_code, entry["number"], oracle_id or f"name:{entry['name']}")
            groups.setdefault(key, []).append(entry)
        for (set_code, _number, oracle_key), group in groups.items():
            group = _dedupe_sides(group)
            if oracle_key.startswith("name:"):
                reversible.append((set_code, group))
                continue
            _add_group(uuid.UUID(oracle_key), set_code, group, is_token, data, where)
    return reversible


def _implied_set(code: str, parent: SetRecord, is_token: bool) -> SetRecord:
    """Tokens name sets (TFUT) that AllPrintings has no object for; derive one from the parent."""
    return SetRecord(
        code=code,
        name=f"{parent.name} Tokens" if is_token else parent.name,
        set_type="token" if is_token else parent.set_type,
        block=parent.block,
        release_date=parent.release_date,
        parent_code=parent.code,
        keyrune_code=parent.keyrune_code,
        is_online_only=parent.is_online_only,
    )


def _check_entry(entry, where: str) -> None:
    if not isinstance(entry, dict):
        raise ReadError(f"{where}: expected a card object, found {type(entry).__name__}")
    name = entry.get("name", "?")
    for key in ("name", "layout", "uuid", "number", "type"):
        if not isinstance(entry.get(key), str) or not entry.get(key):
            raise ReadError(f"{where} ({name}): missing or empty '{key}'")
    if not isinstance(entry.get("identifiers"), dict):
        raise ReadError(f"{where} ({name}): missing 'identifiers'")
    oracle_id = entry["identifiers"].get("scryfallOracleId")
    if oracle_id is not None:
        _parse_uuid(oracle_id, f"{where} ({name}): identifiers.scryfallOracleId")
    _parse_uuid(entry["uuid"], f"{where} ({name}): uuid")
    for key, kind in ENTRY_CONTAINERS.items():
        if entry.get(key) is not None and not isinstance(entry[key], kind):
            raise ReadError(
                f"{where} ({name}): '{key}' should be a {kind.__name__}, "
                f"found {type(entry[key]).__name__}"
            )
    if not all(isinstance(item, dict) for item in entry.get("foreignData") or []):
        raise ReadError(f"{where} ({name}): 'foreignData' should hold objects")
    for key in ("manaValue", "faceManaValue"):
        if key in entry and not isinstance(entry[key], int | float):
            raise ReadError(f"{where} ({name}): '{key}' should be a number, found {entry[key]!r}")
    for ruling in entry.get("rulings") or []:
        if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str):
            raise ReadError(f"{where} ({name}): a ruling without text")
        _parse_date(ruling.get("date"), f"{where} ({name}): ruling date", required=True)


def _dedupe_sides(group: list[dict]) -> list[dict]:
    """One entry per face, in side order (meld fronts are sometimes listed twice)."""
    by_uuid = {entry["uuid"]: entry for entry in group}
    return sorted(by_uuid.values(), key=lambda entry: entry.get("side") or "a")


def _add_group(oracle_id, set_code, group, is_token, data: MtgjsonData, where: str) -> None:
    first = group[0]
    layout = first["layout"]
    card = data.cards.get(oracle_id)
    if (
        card is None
        or (card.from_reversible and layout != "reversible_card")
        # Some printings list only one side (art series: side b twice); the fuller one wins.
        or (layout == card.layout and len(group) > len(card.faces))
    ):
        previous = card
        card = _card_record(oracle_id, group, is_token)
        if previous:
            card.keywords |= previous.keywords
            card.rulings = previous.rulings
            card.legalities = {**card.legalities, **previous.legalities}
        data.cards[oracle_id] = card
        if layout not in Layout.values and (previous is None or previous.layout != layout):
            data.warnings.append(
                f"{where}: {first['name']}: unknown layout '{layout}' stored as is"
            )
    for entry in group:
        card.keywords.update(entry.get("keywords") or [])
        # Some formats depend on the printing (oldschool): a card is legal where any printing is.
        for format_name, status in (entry.get("legalities") or {}).items():
            card.legalities.setdefault(format_name, status)
        for ruling in entry.get("rulings") or []:
            item = (_parse_date(ruling["date"], where), ruling["text"])
            if item not in card.rulings:
                card.rulings.append(item)
    data.printings[(set_code, first["number"])] = _printing_record(oracle_id, set_code, group)


def _card_record(oracle_id, group: list[dict], is_token: bool) -> CardRecord:
    first = group[0]
    layout = first["layout"]
    faces = [_face_record(entry) for entry in group]
    # A meld back and each side of a reversible card are cards of their own, named by the face.
    if layout in ("meld", "reversible_card"):
        name = first.get("faceName") or first["name"]
    else:
        name = first["name"]
    return CardRecord(
        oracle_id=oracle_id,
        name=name,
        layout=layout,
        mana_value=_decimal(first.get("manaValue", first.get("convertedManaCost", 0))),
        colors=_colors(color for entry in group for color in entry.get("colors") or []),
        color_identity=_colors(first.get("colorIdentity") or []),
        is_token=is_token,
        legalities=dict(sorted((first.get("legalities") or {}).items())),
        faces=faces,
        from_reversible=layout == "reversible_card",
    )


def _face_record(entry: dict) -> FaceRecord:
    return FaceRecord(
        side=entry.get("side") or "",
        name=entry.get("faceName") or entry["name"],
        mana_cost=entry.get("manaCost") or "",
        mana_value=_decimal(entry.get("faceManaValue", entry.get("manaValue", 0))),
        type_line=entry["type"],
        supertypes=tuple(entry.get("supertypes") or ()),
        types=tuple(entry.get("types") or ()),
        subtypes=tuple(entry.get("subtypes") or ()),
        oracle_text=entry.get("text") or "",
        power=entry.get("power") or "",
        toughness=entry.get("toughness") or "",
        loyalty=entry.get("loyalty") or "",
        defense=entry.get("defense") or "",
        hand_modifier=entry.get("hand") or "",
        life_modifier=entry.get("life") or "",
        colors=_colors(entry.get("colors") or []),
        color_indicator=_colors(entry.get("colorIndicator") or []),
    )


def _printing_record(oracle_id, set_code: str, group: list[dict]) -> PrintingRecord:
    first = group[0]
    identifiers = first["identifiers"]
    faces = []
    printing_name_it = ""
    for entry in group:
        italian = next(
            (fd for fd in entry.get("foreignData") or [] if fd.get("language") == "Italian"), {}
        )
        printing_name_it = printing_name_it or italian.get("name") or ""
        text = entry.get("text") or ""
        type_line = entry["type"]
        original_text = entry.get("originalText") or ""
        original_type = entry.get("originalType") or ""
        faces.append(
            PrintedFaceRecord(
                side=entry.get("side") or "",
                face_name=entry.get("faceName") or entry["name"],
                name_it=italian.get("faceName") or italian.get("name") or "",
                type_line_it=italian.get("type") or "",
                text_it=italian.get("text") or "",
                flavor_text=entry.get("flavorText") or "",
                flavor_text_it=italian.get("flavorText") or "",
                original_text=original_text if original_text != text else "",
                original_type=original_type if original_type != type_line else "",
            )
        )
    return PrintingRecord(
        uuid=uuid.UUID(first["uuid"]),
        oracle_id=oracle_id,
        set_code=set_code,
        collector_number=first["number"],
        layout=first["layout"],
        rarity=first.get("rarity") or "common",
        scryfall_id=_optional_uuid(identifiers.get("scryfallId")),
        multiverse_id=_optional_int(identifiers.get("multiverseId")),
        frame_version=first.get("frameVersion") or "",
        frame_effects=",".join(first.get("frameEffects") or []),
        border_color=first.get("borderColor") or "",
        is_timeshifted=bool(first.get("isTimeshifted")),
        is_reprint=bool(first.get("isReprint")),
        is_promo=bool(first.get("isPromo")),
        artist=first.get("artist") or "",
        watermark=first.get("watermark") or "",
        name_it=printing_name_it,
        faces=faces,
    )


def _resolve_reversible(pending: list[tuple[str, list[dict]]], data: MtgjsonData) -> None:
    """Give reversible printings (no Oracle id in the data) the id of the card they show."""
    by_name = {}
    for card in data.cards.values():
        if not card.is_token:
            by_name.setdefault(card.name, card.oracle_id)
    for set_code, group in pending:
        name = group[0].get("faceName") or group[0]["name"]
        oracle_id = by_name.get(name) or uuid.uuid5(REVERSIBLE_NAMESPACE, name)
        _add_group(oracle_id, set_code, group, False, data, f"set {set_code}")


# -- values -----------------------------------------------------------------------------------


def _colors(letters: Iterable[str]) -> str:
    present = set(letters)
    return "".join(color for color in COLOR_ORDER if color in present)


def _decimal(value) -> Decimal:
    try:
        return Decimal(str(value or 0)).quantize(Decimal("0.1"))
    except InvalidOperation:
        return Decimal(0)


def _required_str(obj: dict, key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise ReadError(f"{where}: missing or empty '{key}'")
    return value


def _count(obj: dict, key: str, where: str) -> int:
    value = obj.get(key) or 0
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ReadError(f"{where}: '{key}' should be a whole number, found {value!r}")
    return int(value)


def _parse_date(value, where: str, required: bool = False) -> date | None:
    if not value and not required:
        return None
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise ReadError(f"{where}: expected a date like 2007-05-04, found {value!r}") from error


def _parse_uuid(value, where: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except (TypeError, ValueError, AttributeError) as error:
        raise ReadError(f"{where}: expected a UUID, found {value!r}") from error


def _optional_uuid(value) -> uuid.UUID | None:
    try:
        return uuid.UUID(value) if value else None
    except (TypeError, ValueError, AttributeError):
        return None


def _optional_int(value) -> int | None:
    try:
        return int(value) if value else None
    except (TypeError, ValueError):
        return None
