"""Write the Italian names and texts an MTGJSON import learns. Call inside the import's
transaction, after the cards, faces and printings are written.

- each face's Italian name, type line and text: the newest Italian printing's;
- the Italian names of keywords (with their reminder texts) and of supertypes, card types and
  subtypes, lined up from every printing of the import (keyword_names.py, type_names.py);
  where the import's cards teach none, the names the whole catalogue taught
  (``italian_catalogue_names.json``, made by ``manage.py export_italian_names``), so that a
  few bundled sets still show them; then the curated table ``italian_terms.json`` for what
  lining up cannot learn.

A learned value is written with a note of it in the row's ``learned``; the next import may
replace it with what it learns then. A value someone else wrote (an editor in the admin, a
document's importer) differs from the note, and no import touches it again.
"""

import json
from pathlib import Path

from django.db.models import F

from common.upsert import SyncStats, among, chunks, update_by_pk
from oracle.importers.face_names import FaceTextSample, learn_face_names
from oracle.importers.keyword_names import (
    align_keyword_lines,
    keyword_names_from,
    oracle_reminders,
)
from oracle.importers.mtgjson_records import MtgjsonData
from oracle.importers.reminder_wordings import merge, newest, wordings_from
from oracle.importers.type_names import SUBTYPE, SUPERTYPE, TYPE, TypeLineSample, learn_type_names
from oracle.models import CardFace, CardSet, CardType, Keyword, PrintingFace

CURATED_TERMS = Path(__file__).with_name("italian_terms.json")
CATALOGUE_NAMES = Path(__file__).with_name("italian_catalogue_names.json")
KEYWORD_FIELDS = ("name_it", "reminder_text", "reminder_text_it", "reminder_wordings")
# Layouts whose halves MTGJSON's Italian entries often name in English.
HALVED_LAYOUTS = ("split", "flip", "adventure", "aftermath")
TYPE_ATTRIBUTES = {SUPERTYPE: "supertypes", TYPE: "types", SUBTYPE: "subtypes"}


def curated_terms() -> dict:
    """The curated table: {"keywords": {English: {"it", "source"}}, "types": {kind: {...}},
    "blocks": {...}}."""
    with CURATED_TERMS.open(encoding="utf-8") as handle:
        return json.load(handle)


def catalogue_names() -> dict:
    """{"keywords": {English: Italian}, "types": {kind: {English: Italian}},
    "reminder_wordings": {English: [wording]}}: what the whole catalogue taught
    (``export_italian_names``); empty where the file is missing."""
    if not CATALOGUE_NAMES.exists():
        return {"keywords": {}, "types": {}, "reminder_wordings": {}}
    with CATALOGUE_NAMES.open(encoding="utf-8") as handle:
        return json.load(handle)


def refresh_italian_face_text(card_ids, half_names: dict[str, str] | None = None) -> SyncStats:
    """Copy the newest Italian printing's wording onto each face, for listings and search.

    Some Italian entries in MTGJSON keep the English name (Dusk // Dawn in Commander 2019
    beside "Tramonto // Alba" in Amonkhet), so a translated name is preferred to one equal to
    the English; names that really are the same in both languages (Boomerang) still count.
    A half of a split, flip, adventure or aftermath card that no printing names in Italian
    takes its name from ``half_names`` (learn_face_names_of_halves), else has none: the card
    is then named in English on Italian pages ("Dead // Gone", not "Colpito // Gone").
    """
    half_names = half_names or {}
    stats = SyncStats()
    changed = []
    # Chunked by card, so every printing of a face is in the same chunk as the face.
    for chunk in chunks(card_ids):
        newest, newest_translated = {}, {}
        printed = (
            PrintingFace.objects.filter(among("face__card_id", chunk))
            .exclude(name_it="")
            .order_by(F("printing__card_set__release_date").desc(nulls_last=True), "-printing_id")
            .values_list(
                "face_id", "face__name", "face__card__layout", "name_it", "type_line_it", "text_it"
            )
        )
        for face_id, english_name, layout, name_it, type_line_it, text_it in printed:
            if name_it == english_name and layout in HALVED_LAYOUTS:
                # An English half in an Italian entry is a name not translated there, not an
                # Italian name: unknown unless the Italian sentences name the half.
                name_it = half_names.get(english_name, "")
            newest.setdefault(face_id, (name_it, type_line_it, text_it))
            if name_it and name_it != english_name:
                newest_translated.setdefault(face_id, (name_it, type_line_it, text_it))
        newest.update(newest_translated)
        faces = CardFace.objects.filter(among("card_id", chunk)).only(
            "pk", "name_it", "type_line_it", "printed_text_it"
        )
        for face in faces:
            wanted = newest.get(face.pk, ("", "", ""))
            if (face.name_it, face.type_line_it, face.printed_text_it) != wanted:
                face.name_it, face.type_line_it, face.printed_text_it = wanted
                changed.append(face)
            else:
                stats.unchanged += 1
    update_by_pk(CardFace, changed, ["name_it", "type_line_it", "printed_text_it"])
    stats.updated = len(changed)
    return stats


def learn_face_names_of_halves(data: MtgjsonData) -> dict[str, str]:
    """{English name: Italian name} of the halves of split, flip, adventure and aftermath cards,
    from the Italian text that names them."""
    return learn_face_names(
        FaceTextSample(
            face.name, printed.original_text or face.oracle_text, printed.text_it, released
        )
        for card, printed, face, released in _printed_faces(data)
        if card.layout in HALVED_LAYOUTS and printed.text_it
    )


def _printed_faces(data: MtgjsonData):
    """(printing, printed face, its Oracle face, the set's release date) for every printed
    face of the import."""
    for printing in data.printings.values():
        card = data.cards[printing.oracle_id]
        released = data.sets[printing.set_code].release_date
        by_name = {face.name: face for face in card.faces}
        for position, printed in enumerate(printing.faces):
            face = by_name.get(printed.face_name) or card.faces[min(position, len(card.faces) - 1)]
            yield card, printed, face, released


def learn_keyword_names(
    data: MtgjsonData, terms: dict, catalogue: dict | None = None
) -> dict[str, tuple[str, str, str, list[dict]]]:
    """{keyword: (Italian name, English reminder, Italian reminder, printed reminder wordings)}:
    the Italian printed text's, ``catalogue``'s (``catalogue_names``) where it teaches no name,
    the curated table's name where it has one. The English reminder is today's Oracle wording;
    the Italian one the newest printed, here or in the catalogue."""
    samples = [
        (printed.original_text or face.oracle_text, printed.text_it, card.keywords, released)
        for card, printed, face, released in _printed_faces(data)
        if card.keywords and printed.text_it
    ]
    votes = align_keyword_lines(samples)
    found = keyword_names_from(votes)
    printed_wordings = wordings_from(votes)
    today = oracle_reminders(
        (face.oracle_text, card.keywords) for card in data.cards.values() for face in card.faces
    )
    catalogue = catalogue or {}
    for name, name_it in catalogue.get("keywords", {}).items():
        if not found.get(name, ("",))[0]:
            found[name] = (name_it, *found.get(name, ("", "", ""))[1:])
    for name, entry in terms.get("keywords", {}).items():
        found[name] = (entry["it"], *found.get(name, ("", "", ""))[1:])
    catalogue_wordings = catalogue.get("reminder_wordings", {})
    learned = {}
    for name in found.keys() | today.keys() | catalogue_wordings.keys():
        name_it, reminder, reminder_it = found.get(name, ("", "", ""))
        wordings = merge(catalogue_wordings.get(name, []), printed_wordings.get(name, []))
        learned[name] = (
            name_it,
            today.get(name) or newest(wordings, "en") or reminder,
            newest(wordings, "it") or reminder_it,
            wordings,
        )
    return learned


def fill_keyword_names(found: dict[str, tuple[str, str, str, list[dict]]]) -> SyncStats:
    """Write what learn_keyword_names found where no one else wrote."""
    wanted = {
        name: dict(zip(KEYWORD_FIELDS, values, strict=True)) for name, values in found.items()
    }
    keywords = Keyword.objects.filter(name__in=list(wanted))
    return _write_learned(Keyword, keywords, lambda k: wanted.get(k.name), KEYWORD_FIELDS)


def restore_ability_word_dashes(data: MtgjsonData, found: dict[str, tuple[str, str, str]]):
    """Put back the dash after an ability word that an Italian text lost where the English
    has it: "Grandeur — Discard ..." is printed "Magnificenza — Scarta ...", which MTGJSON
    gives as "Magnificenza Scarta ...". Changes ``data`` before it is written."""
    ability_words = {name for name, kind in data.keyword_kinds.items() if kind == "ability_word"}
    for card, printed, face, _released in _printed_faces(data):
        if not printed.text_it:
            continue
        english_lines = face.oracle_text.splitlines()  # the Oracle text has every dash
        italian_lines = printed.text_it.splitlines()
        if len(english_lines) != len(italian_lines):
            continue
        changed = False
        for index, (english, italian) in enumerate(zip(english_lines, italian_lines, strict=True)):
            for keyword in card.keywords | ability_words:
                name_it = found.get(keyword, ("",))[0]
                if (
                    name_it
                    and english.startswith(f"{keyword} — ")
                    and italian.startswith(f"{name_it} ")
                    and italian[len(name_it) + 1 : len(name_it) + 2].isupper()
                ):
                    italian_lines[index] = f"{name_it} — {italian[len(name_it) + 1 :]}"
                    changed = True
        if changed:
            printed.text_it = "\n".join(italian_lines)


def fill_type_names(data: MtgjsonData, terms: dict) -> SyncStats:
    """Supertypes', card types' and subtypes' Italian names, from the type lines printed in
    both languages (the catalogue's where these teach none), the curated table's where it has
    one."""
    found = learn_italian_type_names(data)
    for kind, entries in catalogue_names()["types"].items():
        for name, name_it in entries.items():
            found.setdefault((kind, name), name_it)
    for kind, entries in terms.get("types", {}).items():
        for name, entry in entries.items():
            found[(kind, name)] = entry["it"]
    return _write_learned(
        CardType,
        CardType.objects.all(),
        lambda t: {"name_it": found[(t.kind, t.name)]} if (t.kind, t.name) in found else None,
        ("name_it",),
    )


def learn_italian_type_names(data: MtgjsonData) -> dict[tuple[str, str], str]:
    """{(kind, English name): Italian name} from the type lines the data prints in both
    languages."""
    vocabulary = {kind: set() for kind in TYPE_ATTRIBUTES}
    for card in data.cards.values():
        for face in card.faces:
            for kind, attribute in TYPE_ATTRIBUTES.items():
                vocabulary[kind].update(getattr(face, attribute))
    samples = [
        TypeLineSample(printed.original_type or face.type_line, printed.type_line_it, released)
        for card, printed, face, released in _printed_faces(data)
        if printed.type_line_it and not card.is_token
    ]
    return learn_type_names(samples, vocabulary)


def _write_learned(model, rows, wanted_for, fields) -> SyncStats:
    """Write each row's wanted values where the row holds nothing or what an import learned."""
    stats = SyncStats()
    changed = []
    for row in rows:
        wanted = wanted_for(row)
        if not wanted:
            continue
        learned = dict(row.learned or {})
        for field in fields:
            value, current = wanted.get(field, ""), getattr(row, field)
            if not value or (current and current != learned.get(field, "")):
                continue  # nothing learned, or someone else's value
            setattr(row, field, value)
            learned[field] = value
        if learned != (row.learned or {}):
            row.learned = learned
            changed.append(row)
        else:
            stats.unchanged += 1
    update_by_pk(model, changed, [*fields, "learned"])
    stats.updated = len(changed)
    return stats


def fill_block_names(terms: dict) -> SyncStats:
    """Fill the empty Italian block names: the curated table's, else the Italian name of the
    set the block is named after ("Time Spiral" -> "Spirale Temporale")."""
    names = {name: entry["it"] for name, entry in terms.get("blocks", {}).items()}
    for name, name_it in CardSet.objects.exclude(name_it="").values_list("name", "name_it"):
        names.setdefault(name, name_it)
    stats = SyncStats()
    changed = []
    for card_set in CardSet.objects.exclude(block="").filter(block_it="").only("pk", "block"):
        if names.get(card_set.block):
            card_set.block_it = names[card_set.block]
            changed.append(card_set)
        else:
            stats.unchanged += 1
    update_by_pk(CardSet, changed, ["block_it"])
    stats.updated = len(changed)
    return stats
