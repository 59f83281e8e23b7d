"""The bulk data files: every card object of a kind in one gzip-compressed file, built by
``manage.py build_bulk_data`` after an import and described by ``/bulk-data``.

- ``oracle_cards``: one card object per card, the printing a search shows for it;
- ``default_cards``: every printing, in English;
- ``all_cards``: every printing in English and, where it was printed in Italian, in Italian;
- ``rulings``: the ruling objects of every card (``/cards/:id/rulings`` for each).

Each kind is written twice, as Scryfall serves it: a JSON array (``TYPE.json.gz``) and JSON
Lines, one object a line (``TYPE.jsonl.gz``). The objects are made in chunks and written as
they are made, so memory stays flat whatever the catalogue; each file is written under a
temporary name and moved into place when complete, and ``manifest.json`` (what ``/bulk-data``
reads: the files' sizes, when they were built, the data version) last, so the API never
describes a half-written file. Then the data version rises, so that ``/bulk-data`` answers the
new files at once, not a copy kept by the page cache.
"""

import gzip
import json
import os
import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.db.models import Q

from oracle import data_version
from oracle.models import Card, CardFace, CardSearch, Printing
from rulings.models import Ruling
from web.api.card_rulings import order
from web.api.scryfall.card_objects import card_object
from web.api.scryfall.other_objects import ruling_object
from web.api.scryfall.printings import chosen_printings, loaded, with_printings

MANIFEST = "manifest.json"
CHUNK = 500
COMPRESSION = 6
BULK_NAMESPACE = uuid.UUID("9a6f3c1e-2b7d-4e58-a0c4-7f1d2e3b4c5d")


@dataclass(frozen=True)
class BulkKind:
    type: str
    name: str
    description: str


KINDS = (
    BulkKind("oracle_cards", "Oracle Cards", "One card object for each card, in English."),
    BulkKind("default_cards", "Default Cards", "Every printing, in English."),
    BulkKind("all_cards", "All Cards", "Every printing in English and, where printed, in Italian."),
    BulkKind("rulings", "Rulings", "The rulings of every card, English and Italian."),
)
BY_TYPE = {kind.type: kind for kind in KINDS}


def bulk_id(kind_type: str) -> uuid.UUID:
    return uuid.uuid5(BULK_NAMESPACE, kind_type)


class ArrayWriter:
    """Objects written as a gzip JSON array and as gzip JSON Lines, under temporary names."""

    def __init__(self, directory: Path, kind_type: str):
        self.paths = {
            suffix: directory / f"{kind_type}.{suffix}" for suffix in ("json.gz", "jsonl.gz")
        }
        self.json = gzip.open(self._temporary("json.gz"), "wt", COMPRESSION, encoding="utf-8")
        self.lines = gzip.open(self._temporary("jsonl.gz"), "wt", COMPRESSION, encoding="utf-8")
        self.count = 0
        self.size = 0
        self.json.write("[")

    def _temporary(self, suffix: str) -> Path:
        return self.paths[suffix].with_name(self.paths[suffix].name + ".part")

    def write(self, obj: dict) -> None:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        separator = ",\n" if self.count else "\n"
        self.json.write(separator + text)
        self.lines.write(text + "\n")
        self.count += 1
        self.size += len((separator + text).encode())

    def close(self) -> dict:
        self.json.write("\n]\n")
        self.json.close()
        self.lines.close()
        for suffix, path in self.paths.items():
            os.replace(self._temporary(suffix), path)
        return {
            "count": self.count,
            "size": self.size + 3,
            "compressed_size": self.paths["json.gz"].stat().st_size,
            "jsonl_compressed_size": self.paths["jsonl.gz"].stat().st_size,
        }

    def abandon(self) -> None:
        for stream in (self.json, self.lines):
            stream.close()
        for suffix in self.paths:
            self._temporary(suffix).unlink(missing_ok=True)


def build(directory: Path, addresses, log=None) -> dict:
    """Write every kind's files in ``directory`` and then the manifest; return it."""
    directory.mkdir(parents=True, exist_ok=True)
    version = data_version.current()
    files = {"oracle_cards": _write(directory, "oracle_cards", oracle_cards(addresses), log)}
    files.update(_printings(directory, addresses, log))
    files["rulings"] = _write(directory, "rulings", rulings(), log)
    manifest = {
        "updated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "data_version": version.number,
        "files": files,
    }
    temporary = directory / (MANIFEST + ".part")
    temporary.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    os.replace(temporary, directory / MANIFEST)
    # /bulk-data now says something new: raising the data version changes its ETag and its
    # page-cache key on every instance (the version is in the shared database).
    data_version.changed()
    return manifest


def _write(directory, kind_type, objects, log) -> dict:
    writer = ArrayWriter(directory, kind_type)
    try:
        for obj in objects:
            writer.write(obj)
    except BaseException:
        writer.abandon()
        raise
    facts = writer.close()
    if log:
        log(f"{kind_type}: {facts['count']} objects")
    return facts


def up_to_date(directory: Path) -> bool:
    """Whether ``directory`` holds files built from the data as it is: nothing changed since
    their build but the version rise the build itself made."""
    manifest = read_manifest(directory)
    if manifest is None or not isinstance(manifest.get("data_version"), int):
        return False
    return manifest["data_version"] + 1 >= data_version.current().number


def read_manifest(directory: Path) -> dict | None:
    try:
        return json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def oracle_cards(addresses):
    card_ids = list(
        with_printings(CardSearch.objects.all()).order_by("name", "pk").values_list("pk", flat=True)
    )
    for start in range(0, len(card_ids), CHUNK):
        chunk = card_ids[start : start + CHUNK]
        chosen = chosen_printings(chunk)
        printings = loaded(entry.printing_id for entry in chosen.values())
        for card_id in chunk:
            entry = chosen.get(card_id)
            if entry is not None:
                yield card_object(printings[entry.printing_id], entry.lang, addresses)


def _printings(directory, addresses, log) -> dict:
    """default_cards and all_cards in one pass: each English object is made once."""
    default = ArrayWriter(directory, "default_cards")
    every = ArrayWriter(directory, "all_cards")
    try:
        pks = list(Printing.objects.order_by("pk").values_list("pk", flat=True))
        for start in range(0, len(pks), CHUNK):
            printings = loaded(pks[start : start + CHUNK])
            for pk in pks[start : start + CHUNK]:
                printing = printings[pk]
                english = card_object(printing, "en", addresses)
                default.write(english)
                every.write(english)
                if printing.name_it:
                    every.write(card_object(printing, "it", addresses))
    except BaseException:
        default.abandon()
        every.abandon()
        raise
    files = {"default_cards": default.close(), "all_cards": every.close()}
    if log:
        for kind_type, facts in files.items():
            log(f"{kind_type}: {facts['count']} objects")
    return files


def rulings():
    """Each card's rulings in ``/cards/:id/rulings``'s order: its own, its keywords', its
    types'; the rulings and the links read once."""
    public = Ruling.objects.for_card_page().select_related("keyword", "card_type")
    own, by_keyword, by_type = defaultdict(list), defaultdict(list), defaultdict(list)
    for ruling in public:
        if ruling.card_id:
            own[ruling.card_id].append(ruling)
        elif ruling.keyword_id:
            by_keyword[ruling.keyword_id].append(ruling)
        elif ruling.card_type_id:
            by_type[ruling.card_type_id].append(ruling)
    keywords = defaultdict(set)
    links = Card.keywords.through.objects.filter(keyword_id__in=list(by_keyword))
    for card_id, keyword_id in links.values_list("card_id", "keyword_id"):
        keywords[card_id].add(keyword_id)
    types = defaultdict(set)
    face_types = CardFace.card_types.through.objects.filter(cardtype_id__in=list(by_type))
    for card_id, type_id in face_types.values_list("cardface__card_id", "cardtype_id"):
        types[card_id].add(type_id)
    cards = with_printings(
        CardSearch.objects.filter(
            Q(pk__in=list(own)) | Q(pk__in=list(keywords)) | Q(pk__in=list(types))
        )
    )
    for card_id, oracle_id in cards.order_by("name", "pk").values_list("pk", "oracle_id"):
        found = list(own[card_id])
        for keyword_id in keywords[card_id]:
            found += by_keyword[keyword_id]
        for type_id in types[card_id]:
            found += by_type[type_id]
        for ruling in sorted(found, key=order):
            yield ruling_object(ruling, oracle_id)
