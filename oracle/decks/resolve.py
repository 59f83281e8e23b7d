"""A parsed list's names -> cards: each line resolved to one card, or flagged with the closest
names to pick from.

A name is looked up among every name a card goes by (``CardName``: the Oracle name, each face's
English and Italian name, the faces' names joined, older Italian translations), whatever its
case, accents, spaces and punctuation (``close_names.cards_named``): "angelo eminente",
"Gaeas Cradle", "sussulto/turbolenza" and "Tumble" all find their card. When a name belongs to
several cards, the one whose Oracle name or English face name it is wins; otherwise the line is
flagged and the cards are offered. A set and collector number ("(PLC) 101") choose the card
when the name does not, and are kept for the Arena export when they are a printing of the card
(or one the data does not know: a newer set).

Names found nowhere get the closest names in either language (``close_names``), or, when none
is close, the names that start with what was typed (``completions``): the first
``limits.MAX_SUGGESTED`` different ones, the others are flagged without suggestions.

Three queries whatever the list's length (the cards, their faces, the pinned printings), one
more for the cards the suggestions name, and the name index's two checks of freshness.
"""

from dataclasses import dataclass, field, replace
from functools import reduce
from operator import or_

from django.db.models import Q
from django.db.models.functions import Upper
from django.utils.translation import gettext as _

from common.text import fold_compact
from oracle.decks import limits
from oracle.decks.parse import Entry, ParsedList, Section
from oracle.models import Card, CardFace, Layout, Printing, joined_name, names_for_page
from oracle.search.close_names import cards_named, close_names
from oracle.search.completions import completions

# Layouts whose card is named by both halves in a list ("Fire // Ice"); the others by their
# front face ("Delver of Secrets", "Giant Killer").
BOTH_HALVES = {Layout.SPLIT, Layout.AFTERMATH}


@dataclass(frozen=True)
class CardInfo:
    """What a list needs of a card: its names, what it is and where it is legal."""

    id: int
    name: str
    name_it: str  # every face's Italian name joined; "" when a face has none
    slug: str
    layout: str
    face_names: tuple[str, ...]
    face_names_it: tuple[str, ...]
    type_lines: tuple[str, ...]
    oracle_text: str  # every face's, one after the other
    legalities: dict
    color_identity: str

    @property
    def list_name(self) -> str:
        """The card's name as MTGO and Arena lists write it."""
        if self.layout in BOTH_HALVES or len(self.face_names) < 2:
            return self.name
        return self.face_names[0]

    @property
    def list_name_it(self) -> str:
        """The card's Italian name as a list writes it; "" when it has none."""
        if not self.name_it:
            return ""
        if self.layout in BOTH_HALVES or len(self.face_names_it) < 2:
            return self.name_it
        return self.face_names_it[0]

    @property
    def front_type_line(self) -> str:
        return self.type_lines[0] if self.type_lines else ""


@dataclass(frozen=True)
class Pin:
    set_code: str
    number: str
    known: bool  # a printing of the card in the data


@dataclass(frozen=True)
class DeckLine:
    entry: Entry
    card: CardInfo
    section: Section
    pin: Pin | None = None
    note: str = ""  # about the pin, in words
    # The later lines of the same card in the same section, counted in this one (``merged``).
    also: tuple[Entry, ...] = ()

    @property
    def count(self) -> int:
        return self.entry.count + sum(entry.count for entry in self.also)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return (self.entry, *self.also)


@dataclass(frozen=True)
class Suggestion:
    name: str  # to write in the list
    other_name: str  # the card's name in the other language, "" when none


@dataclass(frozen=True)
class Unresolved:
    line: int
    text: str
    reason: str
    suggestions: tuple[Suggestion, ...] = ()


@dataclass
class Deck:
    lines: list[DeckLine] = field(default_factory=list)
    unresolved: list[Unresolved] = field(default_factory=list)
    title: str = ""
    notes: list[str] = field(default_factory=list)  # what was understood of the layout
    player: str = ""  # the player's name, when the list has a line for it

    def in_section(self, section: Section) -> list[DeckLine]:
        return [line for line in self.lines if line.section == section]

    def total(self, section: Section) -> int:
        return sum(line.count for line in self.lines if line.section == section)

    def cards(self) -> list[CardInfo]:
        """Each card once, in the order the list first names it."""
        return list({line.card.id: line.card for line in self.lines}.values())

    def moved(self, sections: dict[Section, Section], note: str) -> "Deck":
        """The deck with the lines of some sections in others, and a note saying so."""
        lines = [
            replace(line, section=sections.get(line.section, line.section)) for line in self.lines
        ]
        return replace(self, lines=lines, notes=[*self.notes, note])

    def merged(self) -> "Deck":
        """The deck with each card once in each section, where the list first names it: the
        later lines ("2 Sussulto // Turbolenza", then "1 turbolenza") add their copies to it.
        The first pin wins; each line's note is kept."""
        lines: list[DeckLine] = []
        where: dict[tuple[int, Section], int] = {}
        for line in self.lines:
            key = (line.card.id, line.section)
            if key not in where:
                where[key] = len(lines)
                lines.append(line)
                continue
            first = lines[where[key]]
            notes = dict.fromkeys(note for note in (first.note, line.note) if note)
            lines[where[key]] = replace(
                first,
                also=(*first.also, *line.entries),
                pin=first.pin or line.pin,
                note=" ".join(notes),
            )
        return replace(self, lines=lines)


def resolve(parsed: ParsedList) -> Deck:
    entries = parsed.entries
    found = cards_named({entry.name for entry in entries})
    pins = Pins.read(entries, found)
    cards = card_infos(
        {card_id for ids in found.values() for card_id in ids}
        | {card_id for card_id in pins.numbered.values() if card_id}
    )
    deck = Deck(title=parsed.title, player=parsed.player)
    deck.unresolved = [
        Unresolved(flagged.line, flagged.text, flagged.reason) for flagged in parsed.flagged
    ]
    unknown: list[Entry] = []
    for entry in entries:
        candidates = [cards[card_id] for card_id in found[entry.name] if card_id in cards]
        line = resolve_entry(entry, candidates, pins, cards)
        if isinstance(line, DeckLine):
            deck.lines.append(line)
        elif line is None:
            unknown.append(entry)
        else:
            deck.unresolved.append(line)
    deck.unresolved += unknown_lines(unknown)
    deck.unresolved.sort(key=lambda unresolved: unresolved.line)
    return deck


@dataclass
class Pins:
    """The printings the list's pins name, read in one query."""

    numbered: dict[tuple[str, str], int | None]  # (set, number) -> its card, None if unknown
    in_sets: set[tuple[str, int]]  # (set, card) for the pins of a set alone

    @classmethod
    def read(cls, entries: list[Entry], found: dict) -> "Pins":
        pins = cls({}, set())
        conditions = []
        for entry in entries:
            if entry.set_code and entry.number:
                pins.numbered[(entry.set_code, entry.number)] = None
                conditions.append(Q(code=entry.set_code, collector_number=entry.number))
            elif entry.set_code and found[entry.name]:
                conditions.append(Q(code=entry.set_code, card_id__in=found[entry.name]))
        if not conditions:
            return pins
        printings = (
            Printing.objects.annotate(code=Upper("card_set__code"))
            .filter(reduce(or_, conditions))
            .order_by("sort_number", "pk")
            .values_list("code", "collector_number", "card_id")
        )
        for code, number, card_id in printings:
            if pins.numbered.get((code, number), 0) is None:
                pins.numbered[(code, number)] = card_id
            pins.in_sets.add((code, card_id))
        return pins


def resolve_entry(entry, candidates, pins: Pins, cards) -> DeckLine | Unresolved | None:
    """The entry's line, an Unresolved for a name several cards share, None for a name no card
    has."""
    printed_as = pins.numbered.get((entry.set_code, entry.number))
    pinned = cards.get(printed_as)
    if pinned is not None and (not candidates or pinned in candidates):
        return DeckLine(entry, pinned, entry.section, Pin(entry.set_code, entry.number, True))
    card = chosen(entry.name, candidates)
    if card is None:
        if not candidates:
            return None
        return Unresolved(
            entry.line,
            entry.text,
            _("Several cards are called “%(name)s”: pick one.") % {"name": entry.name},
            tuple(suggestion(other, english=True) for other in candidates),
        )
    if not entry.set_code:
        return DeckLine(entry, card, entry.section)
    where = f"({entry.set_code}) {entry.number}".strip()
    if not entry.number and (entry.set_code, card.id) in pins.in_sets:
        return DeckLine(entry, card, entry.section, Pin(entry.set_code, "", True))
    if printed_as is None:
        note = _("The data has no printing %(pin)s of this card: kept as written.") % {"pin": where}
        return DeckLine(entry, card, entry.section, Pin(entry.set_code, entry.number, False), note)
    note = _("%(pin)s is not a printing of this card: left out of the exports.") % {"pin": where}
    return DeckLine(entry, card, entry.section, None, note)


def chosen(name: str, candidates: list[CardInfo]) -> CardInfo | None:
    """The card ``name`` means among the cards that have it: the only one, or the one whose
    Oracle name, then English face name, it is."""
    if len(candidates) == 1:
        return candidates[0]
    key = fold_compact(name)
    for names in (lambda card: [card.name], lambda card: card.face_names):
        matching = [card for card in candidates if key in map(fold_compact, names(card))]
        if len(matching) == 1:
            return matching[0]
    return None


def card_infos(card_ids) -> dict[int, CardInfo]:
    """The game cards among ``card_ids`` (no tokens, no art-series objects): two queries."""
    if not card_ids:
        return {}
    faces: dict[int, list[tuple]] = {}
    for card_id, *face in (
        CardFace.objects.filter(card_id__in=card_ids)
        .order_by("card_id", "position")
        .values_list("card_id", "name", "name_it", "type_line", "oracle_text")
    ):
        faces.setdefault(card_id, []).append(face)
    cards = {}
    for pk, name, slug, layout, legalities, identity in (
        Card.objects.game_cards()
        .filter(pk__in=card_ids)
        .values_list("pk", "name", "slug", "layout", "legalities", "color_identity")
    ):
        card_faces = faces.get(pk, [])
        cards[pk] = CardInfo(
            id=pk,
            name=name,
            name_it=joined_name(face[1] for face in card_faces),
            slug=slug,
            layout=layout,
            face_names=tuple(face[0] for face in card_faces),
            face_names_it=tuple(face[1] for face in card_faces),
            type_lines=tuple(face[2] for face in card_faces),
            oracle_text="\n".join(face[3] for face in card_faces if face[3]),
            legalities={key.lower(): status for key, status in (legalities or {}).items()},
            color_identity=identity,
        )
    return cards


def suggestion(card: CardInfo, english: bool = False, written: str = "") -> Suggestion:
    """The card offered by the name ``written`` (its English name when ``english``; else the
    name in the page's language), with its other name beside it."""
    if english:
        return Suggestion(card.name, card.name_it if card.name_it != card.name else "")
    shown, other = names_for_page(card.name, card.name_it)
    name = written or shown
    other = card.name if name != card.name else card.name_it
    return Suggestion(name, other if other != name else "")


def unknown_lines(entries: list[Entry]) -> list[Unresolved]:
    """The lines whose name no card has, each with the names closest to it."""
    names = list(dict.fromkeys(entry.name for entry in entries))[: limits.MAX_SUGGESTED]
    offered = {name: suggestions(name) for name in names}
    card_ids = {card_id for close in offered.values() for _, ids in close for card_id in ids}
    cards = card_infos(card_ids)
    unresolved = []
    for entry in entries:
        found = []
        for written, ids in offered.get(entry.name, []):
            if len(ids) == 1 and ids[0] in cards:
                found.append(suggestion(cards[ids[0]], written=written))
            else:  # a name several cards share: each by its English name
                found += [suggestion(cards[pk], english=True) for pk in ids if pk in cards]
        unresolved.append(
            Unresolved(
                entry.line,
                entry.text,
                _("No card is called “%(name)s”.") % {"name": entry.name},
                tuple(dict.fromkeys(found))[: limits.SUGGESTIONS],
            )
        )
    return unresolved


def suggestions(name: str) -> list[tuple[str, tuple[int, ...]]]:
    """(name, its cards) closest to ``name``: names like it, or else names that start so."""
    close = close_names(name, limit=limits.SUGGESTIONS)
    if close:
        return [(found.name, found.card_ids) for found in close]
    return [
        (completion.name, cards_named([completion.name])[completion.name])
        for completion in completions(name, limit=limits.SUGGESTIONS)[1]
    ]
