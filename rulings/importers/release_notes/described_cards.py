"""Cards a document describes that no card data holds, created from what the document states.

The Marvel Super Heroes mechanics speak of Peter Parker // Amazing Spider-Man, Torcia Umana and
Destinobot Aereo, which no card data here has. fixtures/documents/described_cards.json says, per
document, what the document states about each (names, layout, mana cost, types, keywords, the
cost of an ability), every fact with the sentences it comes from; those sentences are checked
against the document before anything is written, so the file cannot state more than the
document does.

The cards are marked known from a document only (``rulings.models.DocumentOnlyCard``), with an
Oracle id derived from the document and the name (the same on every import). A card import that
brings the real card takes the row over (takeover.py), and from then on the card data's wording
wins: a card that card data holds is never created or changed here.
"""

import uuid
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from common.text import fold, fold_line, slug_for, unique_slug
from oracle.models import Card, CardFace, CardType, Keyword, Layout
from oracle.search.search_rows import refresh_search_rows
from rulings.importers.release_notes.changes import save_changes
from rulings.importers.release_notes.document import Document
from rulings.importers.release_notes.report import ImportReport
from rulings.importers.release_notes.sourced_facts import FACTS_FOLDER, SourceChecker, facts_about
from rulings.models import is_document_only, mark_document_only

DESCRIBED_CARDS = FACTS_FOLDER / "described_cards.json"
# Oracle ids of cards known from a document only: uuid5(this, "document-slug/Card Name").
DOCUMENT_CARD_NAMESPACE = uuid.UUID("6f1f7a0e-5b8e-4d0c-9c4a-2d3e8b1f4a77")
SIDES = "abcdefgh"


@dataclass(frozen=True)
class DescribedType:
    kind: str  # CardType.Kind
    name: str
    name_it: str


@dataclass(frozen=True)
class DescribedKeyword:
    name: str  # "" when the document gives only the Italian name
    name_it: str
    kind: str


@dataclass(frozen=True)
class DescribedFace:
    name: str
    name_it: str
    mana_cost: str
    types: tuple[DescribedType, ...]
    printed_text_it: str  # what the document says of its abilities ("Superpotere — {6}{R}: …")


@dataclass(frozen=True)
class DescribedCard:
    layout: str
    faces: tuple[DescribedFace, ...]
    keywords: tuple[DescribedKeyword, ...]

    @property
    def name(self) -> str:
        return " // ".join(face.name for face in self.faces)


def mana_value(mana_cost: str) -> Decimal:
    """ "{2}{R}" -> 3, "{X}{U}" -> 1, "{W/U}" -> 1."""
    total = 0
    for symbol in mana_cost.strip("{}").split("}{") if mana_cost else []:
        if symbol.isdigit():
            total += int(symbol)
        elif symbol not in ("X", "Y", "Z"):
            total += 1
    return Decimal(total)


# --- Reading what the file says about a document (no database) ----------------------------------


def read_described_cards(
    key: str, document_text: str, *, document_name: str = "", path: Path = DESCRIBED_CARDS
) -> list[DescribedCard]:
    """The cards the file describes for the document ``key`` (its slug), each fact checked
    against ``document_text``; [] when the file says nothing of that document."""
    entries = facts_about(key, path) or []
    check = SourceChecker(document_text, path, document_name or key)
    return [
        _read_card(entry, f"{key}, card {number}", check)
        for number, entry in enumerate(entries, start=1)
    ]


def _read_card(entry: dict, where: str, check: SourceChecker) -> DescribedCard:
    faces_data = entry.get("faces") or []
    if not faces_data:
        check.fail(f"{where}: expected at least one face in 'faces'")
    faces = tuple(
        _read_face(face, f"{where}, face {number}", check)
        for number, face in enumerate(faces_data, start=1)
    )
    where = f"{where} ({' // '.join(face.name for face in faces)})"
    layout = Layout.NORMAL
    if "layout" in entry:
        check.sentences(entry["layout"], f"{where}: layout")
        layout = entry["layout"].get("value")
        check.choice(layout, Layout.values, f"{where}: layout")
    keywords = []
    for keyword in entry.get("keywords") or []:
        name, name_it = keyword.get("name", ""), keyword.get("name_it", "")
        if not name and not name_it:
            check.fail(f"{where}: a keyword needs 'name' or 'name_it'")
        check.sentences(keyword, f"{where}: keyword {name or name_it}", name_it)
        kind = keyword.get("kind", Keyword.Kind.ABILITY)
        check.choice(kind, Keyword.Kind.values, f"{where}: keyword {name or name_it}")
        keywords.append(DescribedKeyword(name, name_it, kind))
    return DescribedCard(layout, faces, tuple(keywords))


def _read_face(face: dict, where: str, check: SourceChecker) -> DescribedFace:
    name, name_it = face.get("name", ""), face.get("name_it", "")
    if not name:
        check.fail(f"{where}: expected the face's 'name' as the document writes it")
    where = f"{where} ({name})"
    check.sentences(face, where, name_it or name)
    mana_cost = ""
    if "mana_cost" in face:
        mana_cost = face["mana_cost"].get("value", "")
        check.sentences(face["mana_cost"], f"{where}: mana cost", mana_cost)
    types = []
    for card_type in face.get("types") or []:
        kind = card_type.get("kind")
        if kind not in CardType.Kind.values or not card_type.get("name"):
            check.fail(f"{where}: a type needs 'kind' (one of {CardType.Kind.values}) and 'name'")
        check.sentences(card_type, f"{where}: type {card_type['name']}", card_type.get("name_it"))
        types.append(DescribedType(kind, card_type["name"], card_type.get("name_it", "")))
    abilities = []
    for ability in face.get("ability_costs") or []:
        keyword, cost = ability.get("keyword_it", ""), ability.get("cost", "")
        if not keyword or not cost:
            check.fail(f"{where}: an ability cost needs 'keyword_it' and 'cost'")
        check.sentences(ability, f"{where}: {keyword} cost", cost)
        # The document gives the cost, not the effect: "…" stands for what it does not say.
        abilities.append(f"{keyword} — {cost}: …")
    return DescribedFace(name, name_it, mana_cost, tuple(types), "\n".join(abilities))


# --- Writing them ------------------------------------------------------------------------------


def create_described_cards(document, parsed: Document, report: ImportReport) -> list[Card]:
    """Create (or bring up to date) the document-only cards the document describes, with their
    search columns; returns them. Cards that card data holds are
    left as they are."""
    key = document.slug
    described = read_described_cards(key, parsed.text, document_name=parsed.path or key)
    cards = []
    for card in described:
        synced = _sync_card(key, card, report)
        if synced is not None:
            cards.append(synced)
    if cards:
        pks = [card.pk for card in cards]
        refresh_search_rows(pks)
    return cards


def oracle_id_for(key: str, name: str) -> uuid.UUID:
    return uuid.uuid5(DOCUMENT_CARD_NAMESPACE, f"{key}/{name}")


def card_holding(name: str) -> Card | None:
    """A card that goes by ``name`` (English or Italian, any face or printing)."""
    return Card.objects.filter(search_row__search_name__contains=f"\n{fold_line(name)}\n").first()


def _sync_card(key: str, described: DescribedCard, report: ImportReport) -> Card | None:
    oracle_id = oracle_id_for(key, described.name)
    wanted = {
        "name": described.name,
        "layout": described.layout,
        "mana_value": mana_value(described.faces[0].mana_cost),
    }
    card = Card.objects.filter(oracle_id=oracle_id).first()
    if card is None:
        if card_holding(described.name) is not None:
            return None  # card data (or another document) has it already
        slug = unique_slug(described.name, _card_slug_taken, [oracle_id.hex[:8]])
        card = Card.objects.create(oracle_id=oracle_id, slug=slug, **wanted)
        mark_document_only(card)
        report.cards_created.append(described.name)
    elif not is_document_only(card):
        return None
    else:
        save_changes(card, wanted)
    _sync_faces(card, described)
    card.keywords.set([_keyword(keyword) for keyword in described.keywords])
    return card


def _sync_faces(card: Card, described: DescribedCard) -> None:
    existing = {face.position: face for face in card.faces.all()}
    many = len(described.faces) > 1
    for position, face in enumerate(described.faces):
        wanted = {
            "side": SIDES[position] if many else "",
            "name": face.name,
            "name_it": face.name_it,
            "mana_cost": face.mana_cost,
            "mana_value": mana_value(face.mana_cost),
            "printed_text_it": face.printed_text_it,
        }
        row = existing.get(position)
        if row is None:
            row = CardFace.objects.create(card=card, position=position, **wanted)
        else:
            save_changes(row, wanted)
        row.card_types.set([_card_type(card_type) for card_type in face.types])
    card.faces.filter(position__gte=len(described.faces)).delete()


def _card_type(described: DescribedType) -> CardType:
    card_type, created = CardType.objects.get_or_create(
        kind=described.kind, name=described.name, defaults={"name_it": described.name_it}
    )
    if created:
        mark_document_only(card_type)
    if not created and described.name_it and not card_type.name_it:
        card_type.name_it = described.name_it
        card_type.save(update_fields=["name_it"])
    return card_type


def _keyword(described: DescribedKeyword) -> Keyword:
    """The keyword by English name, else by Italian name; made (document only) if missing."""
    if described.name:
        found = Keyword.objects.filter(slug=slug_for(described.name)).first()
        if found is not None:
            return found
    if described.name_it:
        wanted = fold(described.name_it)
        for keyword in Keyword.objects.exclude(name_it=""):
            if fold(keyword.name_it) == wanted:
                return keyword
    name = described.name or described.name_it
    keyword, created = Keyword.objects.get_or_create(
        slug=slug_for(name),
        defaults={"name": name, "name_it": described.name_it, "kind": described.kind},
    )
    if created:
        mark_document_only(keyword)
    return keyword


def _card_slug_taken(slug: str) -> bool:
    return Card.objects.filter(slug=slug).exists()
