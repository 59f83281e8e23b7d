"""Read MTGJSON files (set files, AllPrintings, Keywords) into plain records. No database.

A set file is ``{"meta": ..., "data": {set}}``, AllPrintings is ``{"meta": ..., "data": {"FUT":
{set}, ...}}`` and Keywords is ``{"data": {"abilityWords": [...], ...}}``; any of them may be
gzip-compressed. A file is read one set at a time (mtgjson_files: parsed from its text, or streamed
when it is past json_stream's limits).

MTGJSON has one entry per printing and per face; the reader groups them into Oracle cards (by
Scryfall's Oracle id), their faces and their printings, and gives every problem as
``ReadError("FILE: where: what")``.
"""

import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

from oracle.importers.italian_set_names import ITALIAN_SET_NAMES
from oracle.importers.mtgjson_checks import check_entry, check_set
from oracle.importers.mtgjson_fields import check_declared, read_card, read_face, read_printing
from oracle.importers.mtgjson_files import file_digest, iter_sets, read_meta
from oracle.importers.mtgjson_records import (
    CardRecord,
    FaceRecord,
    MtgjsonData,
    PrintedFaceRecord,
    PrintingRecord,
    ReadError,
    SetRecord,
)
from oracle.importers.mtgjson_values import (
    color_letters,
    optional_int,
    parse_date,
    parse_uuid,
    required_text,
    to_decimal,
    whole_number,
)
from oracle.models import Layout

__all__ = ["ReadError", "read_mtgjson"]

# Reversible cards have no Oracle id in MTGJSON 5.2; they get one derived from the name.
REVERSIBLE_NAMESPACE = uuid.UUID("0c1d4a5e-2f0b-4c39-9a51-6f7d1e0a7b33")
KNOWN_LAYOUTS = frozenset(Layout.values)  # Choices.values builds its list on each call
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


def read_mtgjson(
    paths: Iterable[Path], progress: Callable[[str], None] | None = None
) -> MtgjsonData:
    """Read every file into one MtgjsonData; raise ReadError on the first bad one."""
    data = MtgjsonData()
    pending_reversible: list[tuple[str, list[dict]]] = []
    for path in paths:
        path = Path(path)
        data.files.append(path.name)
        data.digests[path.name] = file_digest(path)
        holds_cards = False
        for set_code, set_obj in iter_sets(path, data):
            holds_cards = True
            where = f"{path.name}: set {set_code}"
            pending_reversible += _read_set(set_obj, where, data)
            if progress:
                progress(f"{path.name}: {set_code} read ({len(data.cards)} cards so far)")
        if holds_cards:  # the keyword list's own date says nothing of the cards
            _read_meta(path, data)
    _resolve_reversible(pending_reversible, data)
    return data


def _read_meta(path: Path, data: MtgjsonData) -> None:
    """Keep the newest ``meta`` date of the card files, with its version."""
    meta = read_meta(path)
    day = parse_date(meta.get("date"), f"{path.name}: meta")
    if day and (data.data_date is None or day > data.data_date):
        data.data_date = day
        data.version = str(meta.get("version") or "")


def _read_set(set_obj: dict, where: str, data: MtgjsonData) -> list[tuple[str, list[dict]]]:
    if not isinstance(set_obj, dict):
        raise ReadError(f"{where}: expected a set object, found {type(set_obj).__name__}")
    code = required_text(set_obj, "code", where)
    check_set(set_obj, where)
    translations = set_obj.get("translations") or {}
    if not isinstance(translations, dict):
        raise ReadError(f"{where}: 'translations' should be an object")
    data.sets[code] = SetRecord(
        code=code,
        name=required_text(set_obj, "name", where),
        name_it=translations.get("Italian") or ITALIAN_SET_NAMES.get(code, ""),
        set_type=set_obj.get("type") or "",
        block=set_obj.get("block") or "",
        release_date=parse_date(set_obj.get("releaseDate"), f"{where}: releaseDate"),
        parent_code=set_obj.get("parentCode") or "",
        base_size=whole_number(set_obj, "baseSetSize", where),
        total_size=whole_number(set_obj, "totalSetSize", where),
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
            _check_unique_uuid(entry, (set_code, entry["number"]), entry_where, data)
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


def _check_unique_uuid(entry: dict, place: tuple[str, str], where: str, data: MtgjsonData):
    """A printing's uuid is its own: the same uuid again is the same entry listed twice (meld
    fronts are), never another printing."""
    key = str(parse_uuid(entry["uuid"], where))
    first = data.uuid_places.setdefault(key, (place, where))
    if first[0] != place:
        raise ReadError(
            f"{where} ({entry['name']:.80}): uuid {key} is already the uuid of {first[1]} (set "
            f"{first[0][0]}, number {first[0][1]}); each printing has its own"
        )


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
    name = entry.get("name")
    name = name[:80] if isinstance(name, str) else "?"
    for key in ("name", "layout", "uuid", "number", "type"):
        if not isinstance(entry.get(key), str) or not entry.get(key):
            raise ReadError(f"{where} ({name}): missing or empty '{key}'")
    if not isinstance(entry.get("identifiers"), dict):
        raise ReadError(f"{where} ({name}): missing 'identifiers'")
    oracle_id = entry["identifiers"].get("scryfallOracleId")
    if oracle_id is not None:
        parse_uuid(oracle_id, f"{where} ({name}): identifiers.scryfallOracleId")
    parse_uuid(entry["uuid"], f"{where} ({name}): uuid")
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
    where = f"{where} ({name})"
    for ruling in entry.get("rulings") or []:
        if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str):
            raise ReadError(f"{where}: a ruling without text")
        parse_date(ruling.get("date"), f"{where}: ruling date", required=True)
    check_entry(entry, where)
    check_declared(entry, where)


def _dedupe_sides(group: list[dict]) -> list[dict]:
    """One entry per face, in side order (meld fronts are sometimes listed twice)."""
    by_uuid = {entry["uuid"]: entry for entry in group}
    return sorted(by_uuid.values(), key=lambda entry: entry.get("side") or "a")


def _add_group(oracle_id, set_code, group, is_token, data: MtgjsonData, where: str) -> None:
    first = group[0]
    layout = first["layout"]
    card = data.cards.get(oracle_id)
    name = _card_name(group)
    if card is not None and name != card.name and not card.from_reversible:
        if layout != "reversible_card":
            # Not a rename: a rename comes in a later file. Taking it as one would move this
            # printing, its keywords and rulings onto the other card.
            raise ReadError(
                f"{where}: Oracle id {oracle_id} is given to two cards, {card.name!r:.80} "
                f"and {name!r:.80}; each card has an Oracle id of its own"
            )
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
            card.columns = {**card.columns, **previous.columns}
            card.legalities = {**card.legalities, **previous.legalities}
        data.cards[oracle_id] = card
        if layout not in KNOWN_LAYOUTS and (previous is None or previous.layout != layout):
            data.warnings.append(
                f"{where}: {first['name']}: unknown layout '{layout}' stored as is"
            )
    for entry in group:
        card.keywords.update(entry.get("keywords") or [])
        read_card(entry, card.columns)
        # Some formats depend on the printing (oldschool): a card is legal where any printing is.
        for format_name, status in (entry.get("legalities") or {}).items():
            card.legalities.setdefault(format_name, status)
        for ruling in entry.get("rulings") or []:
            item = (parse_date(ruling["date"], where), ruling["text"])
            if item not in card.rulings:
                card.rulings.append(item)
    place = (set_code, first["number"])
    other = data.printings.get(place)
    if other is not None and other.oracle_id != oracle_id:
        raise ReadError(
            f"{where}: collector number {first['number']} is given to two cards, "
            f"{data.cards[other.oracle_id].name!r:.80} and {first['name']!r:.80}; "
            "each printing of a set has its own number"
        )
    data.printings[place] = _printing_record(oracle_id, set_code, group)


def _card_name(group: list[dict]) -> str:
    first = group[0]
    # A meld back and each side of a reversible card are cards of their own, named by the face.
    if first["layout"] in ("meld", "reversible_card"):
        return first.get("faceName") or first["name"]
    return first["name"]


def _card_record(oracle_id, group: list[dict], is_token: bool) -> CardRecord:
    first = group[0]
    layout = first["layout"]
    faces = [_face_record(entry) for entry in group]
    return CardRecord(
        oracle_id=oracle_id,
        name=_card_name(group),
        layout=layout,
        mana_value=to_decimal(first.get("manaValue", first.get("convertedManaCost", 0))),
        colors=color_letters(color for entry in group for color in entry.get("colors") or []),
        color_identity=color_letters(first.get("colorIdentity") or []),
        is_token=is_token,
        legalities=dict(sorted((first.get("legalities") or {}).items())),
        faces=faces,
        from_reversible=layout == "reversible_card",
    )


def _face_record(entry: dict) -> FaceRecord:
    return FaceRecord(
        side=entry.get("side") or "",
        name=entry.get("faceName") or entry["name"],
        supertypes=tuple(entry.get("supertypes") or ()),
        types=tuple(entry.get("types") or ()),
        subtypes=tuple(entry.get("subtypes") or ()),
        columns=read_face(entry),
    )


def _printing_record(oracle_id, set_code: str, group: list[dict]) -> PrintingRecord:
    first = group[0]
    faces = []
    printing_name_it = ""
    multiverse_id_it = None
    for entry in group:
        italian = _aligned(
            next(
                (fd for fd in entry.get("foreignData") or [] if fd.get("language") == "Italian"), {}
            )
        )
        printing_name_it = printing_name_it or italian.get("name") or ""
        multiverse_id_it = multiverse_id_it or _foreign_multiverse_id(italian)
        text = entry.get("text") or ""
        type_line = entry["type"]
        original_text = entry.get("originalText") or ""
        original_type = entry.get("originalType") or ""
        if _reads_as_text(original_type):  # shifted as the Italian entry can be (_aligned)
            original_text = original_type = ""
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
        multiverse_id_it=multiverse_id_it,
        name_it=printing_name_it,
        faces=faces,
        columns=read_printing(first),
    )


def _aligned(italian: dict) -> dict:
    """An Italian ``foreignData`` entry, without its type line, text and flavour when they are
    shifted: a type line that reads as a sentence holds the text's first line, and the text the
    rest and the artist's name (MTGJSON's Commander 2011 Ice: type "TAPpa un permanente
    bersaglio.", text "Pesca una carta.\nFranz Vohwinkel"; its English ``originalType`` and
    ``originalText`` too). The names and the multiverse id stay."""
    if _reads_as_text(italian.get("type") or ""):
        return {
            key: value
            for key, value in italian.items()
            if key not in ("type", "text", "flavorText")
        }
    return italian


def _reads_as_text(type_line: str) -> bool:
    """A type line that ends as a sentence does (a lower-case word and a full stop: not the
    subtype "B.O.B.") or has a line break: a card's text in its place."""
    words = type_line.split()
    ends_sentence = bool(words) and words[-1][-1] in ".!?" and words[-1][0].islower()
    return ends_sentence or "\n" in type_line.strip()


def _foreign_multiverse_id(foreign: dict) -> int | None:
    """A foreignData entry's multiverse id: ``multiverseId`` in MTGJSON up to 5.2.0, inside
    ``identifiers`` since."""
    identifiers = foreign.get("identifiers") or {}
    return optional_int(identifiers.get("multiverseId") or foreign.get("multiverseId"))


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
