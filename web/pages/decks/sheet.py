"""The judge's sheet of a checked list: each distinct card once, by both names, with what a judge
at a deck check reads about it.

For each card, in the order of the names the page shows:

- each face's Oracle text as it reads today (an erratum newer than the card data replaces the
  data's words, as on the card's page: ``web.pages.card.wording.face_wordings``), its rule
  numbers linked;
- the Italian printed text beside it (the face's newest printing that translates it), with its
  set, and a mark where that printing's English text differs from today's Oracle wording (or
  an erratum came after the data): the Italian words then translate an older wording. The
  English text as printed is shown compared with today's;
- the card's errata that still hold (today's wording has their new words), newest first, and
  how many earlier ones a later change undid;
- its own current rulings (not those about its keywords or types, not the outdated or
  withdrawn ones), each once: on an Italian page the Italian ones first, then the English ones,
  in the editors' approved Italian where there is one
  (``rulings.translations.memory.attach_translations``); a ruling two cards of the list share
  (the same text but for the card's name: ``Ruling.memory_key``, as suspend's rulings on every
  suspend card) is printed once, after the cards, with the names of the cards it is on;
- the rules it uses in today's Comprehensive Rules (``web.pages.card.rulings.rules_used``).

The same queries whatever the number of cards: the official rules editions, the cards with
their faces and errata, the Italian printed faces, the rulings (and their approved translations
on an Italian page), the rules their texts cite, the rules the cards use. The first page of the
sheet, the list with its counts, is ``web.pages.decks.summary``'s.
"""

import re
from dataclasses import dataclass, field
from datetime import date

from django.db.models import F, Prefetch, Q
from django.utils.safestring import SafeString

from common.links import url_maker
from common.text import sort_key
from oracle.decks import DeckCheck
from oracle.models import Card, Erratum, PrintingFace, is_italian_page, names_for_page
from oracle.printed_text import mend_symbols, wording_key
from rulings.models import RulesEdition, Ruling
from rulings.translations.memory import attach_translations
from rulings.translations.texts import fill, name_for
from web.pages.card.parts import linked_text
from web.pages.card.rulings import RuleUsed, rules_used
from web.pages.card.rulings_rows import rules_used_of_cards
from web.pages.card.wording import face_wordings
from web.pages.decks.listing import SECTION_TITLES
from web.rendering.markup import word_diff
from web.rendering.rulings import prepare_items

WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass
class ItalianText:
    """A face's Italian printed text, with the printing it comes from."""

    name: str
    type_line: str
    text: SafeString
    set_name: str
    released: date | None
    differs: bool  # from today's Oracle wording
    english_as_printed: SafeString  # compared with today's Oracle text, when it differs


@dataclass
class SheetFace:
    name: str  # today's (an erratum may change it)
    mana_cost: str
    type_line: str
    oracle_text: SafeString
    stats: str  # "4/4", "Loyalty: 3", "" for none
    italian: ItalianText | None


@dataclass
class SheetCard:
    name: str  # in the page's language where the card has one
    other_name: str
    name_is_english: bool
    url: str
    copies: list[tuple[str, int]]  # (section title, count)
    faces: list[SheetFace]
    errata: list[Erratum]  # those whose words today's wording still has
    earlier_errata: int  # the others: a later change (or the data) undid them
    rulings: list[Ruling]  # its own, in reading order: on an Italian page the Italian first
    rules_used: list[RuleUsed] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)  # numbers of the rulings it shares

    @property
    def shared_words(self) -> str:
        """The numbers of the rulings it shares, runs as ranges: "R1–R6, R9"."""
        runs: list[list[int]] = []
        for number in self.shared:
            if runs and number == runs[-1][-1] + 1:
                runs[-1].append(number)
            else:
                runs.append([number])
        return ", ".join(
            f"R{run[0]}–R{run[-1]}" if len(run) > 2 else ", ".join(f"R{n}" for n in run)
            for run in runs
        )

    @property
    def differs(self) -> bool:
        return any(face.italian and face.italian.differs for face in self.faces)


@dataclass
class SharedRuling:
    number: int  # from 1, as the cards' texts refer to it
    ruling: Ruling  # as written for the first of its cards
    cards: list[str]  # the names of the cards it is on


@dataclass
class JudgeSheet:
    cards: list[SheetCard] = field(default_factory=list)
    shared_rulings: list[SharedRuling] = field(default_factory=list)


def judge_sheet(result: DeckCheck, data_date: date | None) -> JudgeSheet:
    """The sheet's cards and the rulings they share (``data_date``: the card data's, for the
    errata newer than it)."""
    deck = result.deck
    ids = [card.id for card in deck.cards()]
    if not ids:
        return JudgeSheet()
    editions = RulesEdition.objects.official()  # read once, answers for every date
    cards = list(
        Card.objects.filter(pk__in=ids).prefetch_related(
            "faces",
            Prefetch(
                "errata", queryset=Erratum.objects.select_related("face").order_by("-date", "-id")
            ),
        )
    )
    italian_page = is_italian_page()
    printed = italian_printed_faces(ids)
    names = {card.pk: name_for(card.italian_name, card.name) for card in cards}
    rulings = own_rulings(names if italian_page else dict.fromkeys(ids, ""), editions)
    today = editions.in_force()
    used = rules_used_of_cards(ids, today.pk) if today else {}
    copies: dict[int, dict] = {}
    for line in deck.lines:
        by_section = copies.setdefault(line.card.id, {})
        by_section[line.section] = by_section.get(line.section, 0) + line.count
    card_url = url_maker("cards:card-detail")
    sheet = []
    for card in cards:
        faces = list(card.faces.all())
        errata = list(card.errata.all())
        wordings = face_wordings(faces, errata, data_date)
        name, other = names_for_page(card.name, card.italian_name, italian_page)
        current = [erratum for erratum in errata if still_holds(erratum, faces, wordings)]
        sheet.append(
            SheetCard(
                name=name,
                other_name=other,
                name_is_english=name == card.name,
                url=card_url(card.slug),
                copies=[
                    (str(title), copies[card.pk][section])
                    for section, title in SECTION_TITLES.items()
                    if section in copies[card.pk]
                ],
                faces=[
                    sheet_face(face, wording, printed.get(face.pk), editions)
                    for face, wording in zip(faces, wordings, strict=True)
                ],
                errata=current,
                earlier_errata=len(errata) - len(current),
                rulings=in_reading_order(rulings.get(card.pk, []), italian_page),
                rules_used=rules_used(used.get(card.pk, [])),
            )
        )
    sheet.sort(key=lambda entry: sort_key(entry.name))
    return JudgeSheet(sheet, share_rulings(sheet))


def share_rulings(sheet: list[SheetCard]) -> list[SharedRuling]:
    """Take the rulings two cards or more share out of their cards (each card keeps their
    numbers); the most shared first."""
    on_cards: dict[str, list[SheetCard]] = {}
    first: dict[str, Ruling] = {}
    for card in sheet:
        for ruling in card.rulings:
            if ruling.memory_key:
                first.setdefault(ruling.memory_key, ruling)
        for key in dict.fromkeys(ruling.memory_key for ruling in card.rulings):
            if key:
                on_cards.setdefault(key, []).append(card)
    keys = [key for key, cards in on_cards.items() if len(cards) > 1]
    keys.sort(key=lambda key: (-len(on_cards[key]), first[key].date, first[key].pk))
    numbers = {key: number for number, key in enumerate(keys, start=1)}
    for card in sheet:
        keys_of_card = {ruling.memory_key for ruling in card.rulings} & numbers.keys()
        card.shared = sorted(numbers[key] for key in keys_of_card)
        card.rulings = [ruling for ruling in card.rulings if ruling.memory_key not in numbers]
    return [
        SharedRuling(numbers[key], first[key], [card.name for card in on_cards[key]])
        for key in keys
    ]


def still_holds(erratum, faces, wordings) -> bool:
    """Whether today's wording of the erratum's face (its card's only face, or any face when
    it names none) has the erratum's new words: the name or type line it gave, the words it
    put in the text."""
    about = [
        wording
        for face, wording in zip(faces, wordings, strict=True)
        if erratum.face_id in (None, face.pk)
    ]
    new = wording_key(erratum.new_text).casefold()
    if erratum.field == Erratum.Field.NAME:
        return any(wording.name == erratum.new_text for wording in about)
    if erratum.field == Erratum.Field.TYPE_LINE:
        return any(wording_key(wording.type_line).casefold() == new for wording in about)
    # In any case: "Reach" joins a line of keywords as "reach".
    return any(new in wording_key(wording.oracle_text).casefold() for wording in about)


def sheet_face(face, wording, printed, editions) -> SheetFace:
    stats = face.power_toughness or (face.loyalty and f"{face.loyalty}") or face.defense
    return SheetFace(
        name=wording.name,
        mana_cost=face.mana_cost,
        type_line=wording.type_line,
        oracle_text=linked_text(wording.oracle_text, None, editions),
        stats=stats or "",
        italian=italian_text(face, wording, printed, editions) if printed else None,
    )


def italian_text(face, wording, printed, editions) -> ItalianText:
    card_set = printed.printing.card_set
    released = card_set.release_date
    printed_key, oracle_key = wording_key(printed.original_text), wording_key(wording.oracle_text)
    # A basic land's printed "W" (its big symbol, as the data keeps it) against Oracle text
    # that is all reminder: no words on either side, nothing a translation could miss.
    text_differs = (
        bool(printed.original_text)
        and printed_key != oracle_key
        and bool(WORD.search(printed_key) or WORD.search(oracle_key))
    )
    type_differs = bool(printed.original_type) and wording_key(
        printed.original_type
    ) != wording_key(wording.type_line)
    return ItalianText(
        name=printed.name_it or face.name_it,
        type_line=printed.type_line_it,
        text=linked_text(printed.text_it, released, editions),
        set_name=card_set.display_name,
        released=released,
        differs=text_differs or type_differs or wording.erratum is not None,
        english_as_printed=(
            word_diff(mend_symbols(printed.original_text), wording.oracle_text)
            if text_differs
            else SafeString("")
        ),
    )


def italian_printed_faces(card_ids) -> dict[int, PrintingFace]:
    """Each face's Italian printed face: of the newest printings first, the one whose words
    the face keeps for listings (``CardFace.printed_text_it``), else the newest with an Italian
    name."""
    rows = (
        PrintingFace.objects.filter(face__card_id__in=card_ids)
        .exclude(Q(name_it="") & Q(text_it=""))
        .select_related("printing__card_set", "face")
        .order_by(
            "face_id", F("printing__card_set__release_date").desc(nulls_last=True), "-printing_id"
        )
    )
    chosen: dict[int, PrintingFace] = {}
    for printed in rows:
        face = printed.face
        kept = chosen.get(face.pk)
        same = printed.text_it == face.printed_text_it and printed.name_it == face.name_it
        if kept is None or (same and not getattr(kept, "is_the_faces", False)):
            printed.is_the_faces = same
            chosen[face.pk] = printed
    return chosen


def own_rulings(names: dict[int, str], editions) -> dict[int, list[Ruling]]:
    """The current rulings on each card itself, each ready for its item
    (``web.rendering.rulings.prepare_items``). ``names``: {card id: what fills the card's
    place in an approved Italian translation}, all "" where the page wants no translation."""
    rulings = list(
        Ruling.objects.filter(card_id__in=list(names), status=Ruling.Status.CURRENT)
        .select_related("source_document")
        .order_by("card_id", "date", "position", "id")
    )
    for ruling in rulings:
        ruling.reasons = []
    if any(names.values()):  # one query for every card, asked with no rulings too
        attach_translations(rulings)
        for ruling in rulings:
            if ruling.italian:
                ruling.italian = fill(ruling.italian, names[ruling.card_id])
    if rulings:
        prepare_items(rulings, editions)
    found: dict[int, list[Ruling]] = {}
    for ruling in rulings:
        found.setdefault(ruling.card_id, []).append(ruling)
    return found


def in_reading_order(rulings: list[Ruling], italian_page: bool) -> list[Ruling]:
    """The page's language first (a translated ruling reads in Italian), by date within each."""
    first = "it" if italian_page else "en"

    def reads_in(ruling) -> str:
        return "it" if getattr(ruling, "italian", "") else ruling.language

    return sorted(rulings, key=lambda ruling: reads_in(ruling) != first)
