"""Printings as the card objects need them, and which printing stands for a card.

``loaded(pks)`` reads printings with their card (faces, keywords), their set and their
printed faces: four queries, however many printings. ``chosen_printings`` picks the printing a
search without ``unique=prints`` shows for each card, as Scryfall does: the newest printing
(of the sets the query names, in Italian when it asks for Italian), preferring printings that
are not promos and not digital-only.
"""

from dataclasses import dataclass
from types import SimpleNamespace

from django.db.models import Case, Exists, F, OuterRef, Q, Value, When, Window
from django.db.models.functions import RowNumber

from oracle.models import Card, CardFace, Printing, PrintingFace
from web.api.scryfall.identities import flipped

# What a card object reads of a printing, its card, its set, the faces and the printed faces.
PRINTING_FIELDS = (
    "id",
    "card_id",
    "uuid",
    "scryfall_id",
    "multiverse_id",
    "multiverse_id_it",
    "mtgo_id",
    "mtgo_foil_id",
    "arena_id",
    "tcgplayer_id",
    "cardmarket_id",
    "illustration_id",
    "finishes",
    "in_booster",
    "is_full_art",
    "is_textless",
    "is_story_spotlight",
    "is_oversized",
    "is_variation",
    "security_stamp",
    "collector_number",
    "layout",
    "rarity",
    "frame_version",
    "frame_effects",
    "border_color",
    "is_reprint",
    "is_promo",
    "is_online_only",
    "artist",
    "watermark",
    "name_it",
)
CARD_FIELDS = (
    "oracle_id",
    "name",
    "layout",
    "mana_value",
    "colors",
    "color_identity",
    "is_reserved",
    "legalities",
    "edhrec_rank",
)
SET_FIELDS = ("code", "name", "set_type", "release_date")
FACE_FIELDS = (
    "id",
    "card_id",
    "position",
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "hand_modifier",
    "life_modifier",
    "colors",
    "color_indicator",
    "name_it",
    "type_line_it",
    "printed_text_it",
)
PRINTED_FIELDS = (
    "printing_id", "face_id", "position", "name_it", "type_line_it", "text_it", "flavor_text",
    "flavor_text_it",
)  # fmt: skip


@dataclass(frozen=True)
class Entry:
    """One card object to build: a printing in a language ("en" or "it")."""

    printing_id: int
    lang: str = "en"


def with_printings(cards):
    """Cards that have a printing: the API's cards are printings, so a card known only from
    a document (no printing) is not one of them. A card with a dated printing has a
    ``first_released``: the subquery is asked only of the few without one."""
    has_printing = Exists(Printing.objects.filter(card_id=OuterRef("pk")))
    return cards.filter(Q(first_released__isnull=False) | has_printing)


def loaded(pks) -> dict[int, SimpleNamespace]:
    """The printings ``pks`` with what a card object shows, by pk, as plain objects (four
    queries of values: building model instances cost as much again as the queries): the
    printing's fields, ``card`` (with ``faces`` in order and ``keywords``, their names),
    ``card_set``, and ``faces``, the printed faces."""
    pks = list(dict.fromkeys(pks))
    if not pks:
        return {}
    columns = (
        *PRINTING_FIELDS,
        *(f"card__{name}" for name in CARD_FIELDS),
        *(f"card_set__{name}" for name in SET_FIELDS),
    )
    printings, cards = {}, {}
    for row in Printing.objects.filter(pk__in=pks).order_by().values(*columns):
        card = cards.setdefault(
            row["card_id"],
            SimpleNamespace(
                pk=row["card_id"],
                faces=[],
                keywords=[],
                **{name: row[f"card__{name}"] for name in CARD_FIELDS},
            ),
        )
        card_set = SimpleNamespace(**{name: row[f"card_set__{name}"] for name in SET_FIELDS})
        printing = SimpleNamespace(
            pk=row["id"],
            card=card,
            card_set=card_set,
            faces=[],
            **{name: row[name] for name in PRINTING_FIELDS},
        )
        printings[printing.pk] = printing
    faces = CardFace.objects.filter(card_id__in=list(cards)).order_by("card_id", "position")
    for row in faces.values(*FACE_FIELDS):
        cards[row["card_id"]].faces.append(SimpleNamespace(pk=row["id"], **row))
    keywords = Card.keywords.through.objects.filter(card_id__in=list(cards))
    for card_id, name in keywords.order_by("keyword__name").values_list("card_id", "keyword__name"):
        cards[card_id].keywords.append(name)
    printed = PrintingFace.objects.filter(printing_id__in=list(printings)).order_by("position")
    for row in printed.values(*PRINTED_FIELDS):
        printings[row["printing_id"]].faces.append(SimpleNamespace(**row))
    return printings


def by_ids(keys) -> dict:
    """The printings with these API ids (English or Italian: ``identities``), by id; one
    query. An Italian id of a printing that has no Italian finds nothing."""
    keys = {key for key in keys if key is not None}
    if not keys:
        return {}
    candidates = keys | {flipped(key) for key in keys}
    rows = (
        Printing.objects.filter(
            Q(scryfall_id__in=candidates) | Q(scryfall_id__isnull=True, uuid__in=candidates)
        )
        .order_by()
        .values_list("pk", "scryfall_id", "uuid", "name_it")
    )
    found = {}
    for pk, scryfall_id, mtgjson_id, name_it in rows:
        key = scryfall_id or mtgjson_id
        if key in keys:
            found[key] = Entry(pk, "en")
        if flipped(key) in keys and name_it:
            found[flipped(key)] = Entry(pk, "it")
    return found


@dataclass(frozen=True)
class PrintingFacts:
    pk: int
    card_id: int
    released: object
    code: str
    sort_number: int
    is_promo: bool
    is_online_only: bool
    has_italian: bool
    art: object  # the illustration id, or the artist where there is none


FACT_FIELDS = (
    "pk", "card_id", "card_set__release_date", "card_set__code", "sort_number", "is_promo",
    "is_online_only", "name_it", "illustration_id", "artist",
)  # fmt: skip


def printing_facts(printings) -> list[PrintingFacts]:
    return [
        PrintingFacts(
            pk,
            card_id,
            released,
            code,
            number,
            promo,
            online,
            bool(name_it),
            illustration or (card_id, artist),
        )  # fmt: skip
        for (
            pk,
            card_id,
            released,
            code,
            number,
            promo,
            online,
            name_it,
            illustration,
            artist,
        ) in printings.order_by().values_list(*FACT_FIELDS)  # fmt: skip
    ]


def first_of_each_artwork(printings):
    """Of ``printings``, each card's newest printing of each artwork (Scryfall's illustration
    id; without one, the artist's name stands for it)."""
    artwork = Window(
        RowNumber(),
        partition_by=[
            F("card_id"),
            F("illustration_id"),
            Case(When(illustration_id__isnull=True, then=F("artist")), default=Value("")),
        ],
        order_by=NEWEST_FIRST,
    )
    return Printing.objects.filter(
        pk__in=printings.annotate(artwork_rank=artwork).filter(artwork_rank=1).values("pk")
    )


def facts_by_card(printings) -> dict[int, list[PrintingFacts]]:
    """The facts of ``printings`` by card, newest first."""
    by_card: dict[int, list[PrintingFacts]] = {}
    for facts in printing_facts(printings):
        by_card.setdefault(facts.card_id, []).append(facts)
    return {card_id: newest_first(facts) for card_id, facts in by_card.items()}


# newest_first as SQL ordering.
NEWEST_FIRST = [
    F("card_set__release_date").desc(nulls_last=True),
    F("card_set__code").asc(),
    F("sort_number").asc(),
    F("pk").asc(),
]


def newest_first(facts: list[PrintingFacts]) -> list[PrintingFacts]:
    """Newest set first (undated last), then by set code and collector number."""
    ordered = sorted(facts, key=lambda f: (f.code, f.sort_number, f.pk))
    return sorted(ordered, key=lambda f: f.released.toordinal() if f.released else 0, reverse=True)


def chosen_printings(
    card_ids, set_codes=(), italian: bool = False, only_in_sets: bool = False
) -> dict[int, Entry]:
    """For each card, the printing that stands for it (see the module's docstring): in the
    sets ``set_codes`` when the card has a printing there (``only_in_sets``: else none), in
    Italian when ``italian`` and the card has an Italian printing."""
    by_card = facts_by_card(Printing.objects.filter(card_id__in=list(card_ids)))
    codes = {code.upper() for code in set_codes}
    chosen = {}
    for card_id, candidates in by_card.items():
        if codes:
            in_sets = [f for f in candidates if f.code.upper() in codes]
            if not in_sets and only_in_sets:
                continue
            candidates = in_sets or candidates
        if italian:
            candidates = [f for f in candidates if f.has_italian] or candidates
        regular = [f for f in candidates if not f.is_promo and not f.is_online_only]
        best = (regular or candidates)[0]
        chosen[card_id] = Entry(best.pk, "it" if italian and best.has_italian else "en")
    return chosen
