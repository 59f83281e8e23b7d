"""Write what mtgjson_reader read into the database. Call inside a transaction.

Every table is upserted by its natural key (set code, Oracle id, card + face position, set +
collector number), so a second run of the same files changes nothing. Columns that editors own
(errata, a set's or keyword's Italian name once filled) are never overwritten. A run that
changes something, or reads other files than the last recorded import, or runs another
``IMPORTER_VERSION`` (oracle.importers.version), adds a ``CardDataImport`` saying what was read
and by which importer version; a second run of the same files adds none.
"""

from collections.abc import Callable

from common.text import slug_for, unique_slug
from common.upsert import (
    SyncStats,
    among,
    chunks,
    refresh_planner_statistics,
    sync_links,
    upsert,
)
from oracle.importers import version
from oracle.importers.italian_sync import (
    catalogue_names,
    curated_terms,
    fill_block_names,
    fill_keyword_names,
    fill_type_names,
    learn_face_names_of_halves,
    learn_keyword_names,
    refresh_italian_face_text,
    restore_ability_word_dashes,
)
from oracle.importers.mtgjson_fields import card_row
from oracle.importers.mtgjson_records import MtgjsonData
from oracle.models import (
    Card,
    CardDataImport,
    CardFace,
    CardSearch,
    CardSet,
    CardType,
    Keyword,
    Printing,
    PrintingFace,
    kind_of_card,
)
from oracle.search.search_rows import refresh_search_rows
from oracle.signals import cards_arriving, cards_synced

# The key of the import's own record in the stats: bookkeeping, not a change to the card data.
IMPORT_RECORD = "import record"

TYPE_KINDS = (
    ("supertypes", CardType.Kind.SUPERTYPE),
    ("types", CardType.Kind.TYPE),
    ("subtypes", CardType.Kind.SUBTYPE),
)


def sync_mtgjson(
    data: MtgjsonData, log: Callable[[str], None] | None = None, source: str = ""
) -> dict[str, SyncStats]:
    """Write ``data``; ``source`` is the address it was downloaded from (default: the files'
    names)."""
    log = log or (lambda message: None)
    stats: dict[str, SyncStats] = {}
    terms = curated_terms()
    keyword_names = learn_keyword_names(data, terms, catalogue_names())
    restore_ability_word_dashes(data, keyword_names)
    log("Writing sets…")
    stats["sets"], set_pks = _sync_sets(data)
    stats["set parents"] = _link_parent_sets(data, set_pks)
    log("Writing keywords and types…")
    stats["keywords"], keyword_pks = _sync_keywords(data)
    type_pks = _ensure_card_types(data)
    log(f"Writing {len(data.cards)} cards…")
    for _receiver, result in cards_arriving.send(sender=Card, data=data, log=log):
        stats.update(result or {})
    stats["cards"], card_pks = _sync_cards(data)
    stats["faces"], face_pks = _sync_faces(data, card_pks)
    stats["face types"] = _sync_face_types(data, card_pks, face_pks, type_pks)
    stats["card keywords"] = sync_links(
        Card.keywords.through,
        "card_id",
        "keyword_id",
        {
            card_pks[oracle_id]: {keyword_pks[name] for name in card.keywords}
            for oracle_id, card in data.cards.items()
        },
        card_pks.values(),
    )
    log(f"Writing {len(data.printings)} printings…")
    stats["printings"], printing_pks = _sync_printings(data, card_pks, set_pks)
    stats["printed faces"] = _sync_printed_faces(data, printing_pks, set_pks, card_pks, face_pks)
    refresh_planner_statistics(
        CardSet, Keyword, Card, CardFace, Card.keywords.through, Printing, PrintingFace
    )
    log("Updating Italian names…")
    stats["Italian face text"] = refresh_italian_face_text(
        card_pks.values(), learn_face_names_of_halves(data)
    )
    stats["keyword names"] = fill_keyword_names(keyword_names)
    stats["type names"] = fill_type_names(data, terms)
    stats["block names"] = fill_block_names(terms)
    log("Updating the search columns…")
    # With the cards the files do not hold whose row is missing (a migration leaves the rows to
    # the next import): cards known from a document only, say.
    missing = set(Card.objects.filter(search_row=None).values_list("pk", flat=True))
    updated, unchanged = refresh_search_rows(missing.union(card_pks.values()))
    refresh_planner_statistics(CardSearch)
    stats["search columns"] = SyncStats(updated=updated, unchanged=unchanged)
    for _receiver, result in cards_synced.send(sender=Card, data=data, card_pks=card_pks, log=log):
        stats.update(result or {})
    stats[IMPORT_RECORD] = _record_import(data, source, stats)
    return stats


def _record_import(data: MtgjsonData, source: str, stats: dict[str, SyncStats]) -> SyncStats:
    files = [{"name": name, "sha256": digest} for name, digest in data.digests.items()]
    last = CardDataImport.objects.order_by("-imported_at", "-pk").first()
    changed = any(counts.changed for counts in stats.values())
    read = (files, data.version, version.IMPORTER_VERSION)
    if not changed and last and (last.files, last.version, last.importer_version) == read:
        return SyncStats(unchanged=1)
    CardDataImport.objects.create(
        source=(source or ", ".join(data.files))[:500],
        files=files,
        version=data.version,
        importer_version=version.IMPORTER_VERSION,
        data_date=data.data_date,
        card_count=len(data.cards),
        printing_count=len(data.printings),
        set_count=len(data.sets),
    )
    return SyncStats(created=1)


def _sync_sets(data: MtgjsonData):
    existing_it = dict(CardSet.objects.exclude(name_it="").values_list("code", "name_it"))
    rows = {}
    for code, record in data.sets.items():
        rows[code] = {
            "name": record.name,
            # An editor's Italian name wins over the data's.
            "name_it": existing_it.get(code) or record.name_it,
            "set_type": record.set_type,
            "block": record.block,
            "release_date": record.release_date,
            "base_size": record.base_size,
            "total_size": record.total_size,
            "keyrune_code": record.keyrune_code,
            "is_online_only": record.is_online_only,
        }
    return upsert(CardSet, ("code",), rows)


def _link_parent_sets(data: MtgjsonData, set_pks) -> SyncStats:
    """Point each set at its parent (TSB -> TSP, token sets -> their set) where both exist."""
    stats = SyncStats()
    current = dict(
        CardSet.objects.filter(pk__in=list(set_pks.values())).values_list("pk", "parent_id")
    )
    for code, record in data.sets.items():
        if not record.parent_code:
            continue
        parent_pk = set_pks.get(record.parent_code) or _pk_of_set(record.parent_code)
        if not parent_pk or current[set_pks[code]] == parent_pk:
            stats.unchanged += 1
            continue
        CardSet.objects.filter(pk=set_pks[code]).update(parent_id=parent_pk)
        stats.updated += 1
    return stats


def _pk_of_set(code):
    return CardSet.objects.filter(code=code).values_list("pk", flat=True).first()


def _sync_keywords(data: MtgjsonData):
    names = {name for card in data.cards.values() for name in card.keywords}
    names |= set(data.keyword_kinds)
    existing_kind = dict(Keyword.objects.values_list("slug", "kind"))
    rows, slugs = {}, {}
    for name in sorted(names):
        slug = slug_for(name)
        kind = data.keyword_kinds.get(name) or existing_kind.get(slug) or Keyword.Kind.ABILITY
        rows[slug] = {"name": name, "kind": kind}
        slugs[name] = slug
    stats, pks = upsert(Keyword, ("slug",), rows)
    return stats, {name: pks[slug] for name, slug in slugs.items()}


def _ensure_card_types(data: MtgjsonData) -> dict[tuple[str, str], int]:
    wanted = {
        (kind, name)
        for card in data.cards.values()
        for face in card.faces
        for attribute, kind in TYPE_KINDS
        for name in getattr(face, attribute)
    }
    existing = {
        (kind, name): pk for pk, kind, name in CardType.objects.values_list("pk", "kind", "name")
    }
    missing = [CardType(kind=kind, name=name) for kind, name in sorted(wanted - set(existing))]
    for card_type in CardType.objects.bulk_create(missing):
        existing[(card_type.kind, card_type.name)] = card_type.pk
    return existing


def _sync_cards(data: MtgjsonData):
    rows, new_slugs = {}, {}
    taken = set(Card.objects.values_list("slug", flat=True))
    known = set(Card.objects.values_list("oracle_id", flat=True))
    for oracle_id, card in data.cards.items():
        rows[oracle_id] = {
            "name": card.name,
            "layout": card.layout,
            "mana_value": card.mana_value,
            "colors": card.colors,
            "color_identity": card.color_identity,
            "is_token": card.is_token,
            "kind": kind_of_card(card.is_token, card.layout),
            "legalities": dict(sorted(card.legalities.items())),
            **card_row(card.columns),
        }
        if oracle_id not in known:
            name = f"{card.name} token" if card.is_token else card.name
            slug = unique_slug(name, taken.__contains__, [oracle_id.hex[:8]])
            taken.add(slug)
            new_slugs[oracle_id] = {"slug": slug}
    return upsert(Card, ("oracle_id",), rows, on_create=new_slugs)


def _sync_faces(data: MtgjsonData, card_pks):
    rows = {}
    for oracle_id, card in data.cards.items():
        for position, face in enumerate(card.faces):
            rows[(card_pks[oracle_id], position)] = {
                "side": face.side,
                "name": face.name,
                **face.columns,
            }
    stats, pks = upsert(CardFace, ("card_id", "position"), rows)
    face_counts = {card_pks[oracle_id]: len(card.faces) for oracle_id, card in data.cards.items()}
    stale = [
        pk
        for card_ids in chunks(face_counts)
        for pk, card_id, position in CardFace.objects.filter(
            among("card_id", card_ids)
        ).values_list("pk", "card_id", "position")
        if position >= face_counts[card_id]
    ]
    for batch in chunks(stale):
        stats.deleted += (
            CardFace.objects.filter(pk__in=batch).delete()[1].get(CardFace._meta.label, 0)
        )
    return stats, pks


def _sync_face_types(data, card_pks, face_pks, type_pks):
    wanted = {}
    for oracle_id, card in data.cards.items():
        for position, face in enumerate(card.faces):
            wanted[face_pks[(card_pks[oracle_id], position)]] = {
                type_pks[(kind, name)]
                for attribute, kind in TYPE_KINDS
                for name in getattr(face, attribute)
            }
    return sync_links(
        CardFace.card_types.through, "cardface_id", "cardtype_id", wanted, wanted.keys()
    )


def _sync_printings(data: MtgjsonData, card_pks, set_pks):
    rows = {}
    for (set_code, number), printing in data.printings.items():
        rows[(set_pks[set_code], number)] = {
            **printing.columns,
            "uuid": printing.uuid,
            "layout": printing.layout,
            "multiverse_id_it": printing.multiverse_id_it,
            "name_it": printing.name_it,
            "card_id": card_pks[printing.oracle_id],
            "sort_number": _leading_number(number),
        }
    return upsert(Printing, ("card_set_id", "collector_number"), rows)


def _leading_number(collector_number: str) -> int:
    digits = ""
    for character in collector_number:
        if not character.isdigit():
            if digits:
                break
            continue
        digits += character
    return int(digits) if digits else 0


PRINTED_FACE_FIELDS = (
    "name_it", "type_line_it", "text_it", "flavor_text", "flavor_text_it", "original_text",
    "original_type",
)  # fmt: skip


def _sync_printed_faces(data: MtgjsonData, printing_pks, set_pks, card_pks, face_pks):
    rows, face_counts = {}, {}
    for (set_code, number), printing in data.printings.items():
        printing_pk = printing_pks[(set_pks[set_code], number)]
        card_id = card_pks[printing.oracle_id]
        faces = data.cards[printing.oracle_id].faces
        by_side = {(face.side, face.name): position for position, face in enumerate(faces)}
        by_name = {face.name: position for position, face in reversed(list(enumerate(faces)))}
        for position, printed in enumerate(printing.faces):
            # The face on the same side with that name (an art card shows "Plains" on both
            # sides), else the face of that name (a reversible card shows its one face
            # twice), else the one at the same place.
            face_position = by_side.get(
                (printed.side, printed.face_name),
                by_name.get(printed.face_name, min(position, len(faces) - 1)),
            )
            row = {name: getattr(printed, name) for name in PRINTED_FACE_FIELDS}
            row["face_id"] = face_pks[(card_id, face_position)]
            rows[(printing_pk, position)] = row
        face_counts[printing_pk] = len(printing.faces)
    stats, _ = upsert(PrintingFace, ("printing_id", "position"), rows)
    stale = [
        pk
        for printing_ids in chunks(face_counts)
        for pk, printing_id, position in PrintingFace.objects.filter(
            among("printing_id", printing_ids)
        ).values_list("pk", "printing_id", "position")
        if position >= face_counts[printing_id]
    ]
    for batch in chunks(stale):
        stats.deleted += PrintingFace.objects.filter(pk__in=batch).delete()[0]
    return stats
