"""A resolved, arranged deck written out for registration: for MTGO, for Arena, and in Italian.

- MTGO (.txt): "4 Name" lines, a blank line, the sideboard; the commander goes in the
  sideboard, as MTGO takes it. Split and aftermath cards by both halves with one slash and no
  spaces ("Dead/Gone": MTGO refuses "Dead // Gone"), double-faced, flip, adventure and meld
  cards by their front face.
- Arena: the headings "Companion", "Commander", "Deck", "Sideboard", split cards as "Fire //
  Ice", the others by their front face, each pinned line with its set and collector number.
- Italian: the same layout as Arena, with Italian headings and names (the English name for a
  card whose faces the data has no Italian name for), without pins.

The lines of one card in one section are written as one ("2 Sussulto/Turbolenza" and "1 Tumble"
make "3 Rough/Tumble"), in the order the list first names the card. The page reads each export
back to the same cards (``oracle/tests/test_decks_resolve.py``).

A list with lines not read is never written without them (``written``): MTGO and Arena are
refused, with the lines named, because neither client has a comment line and either would
load a deck short of those cards; the Italian list, for people and for this site, carries
them at its top as "#" comments, which the site's reader skips and a judge sees.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from oracle.decks.parse import Section
from oracle.decks.resolve import BOTH_HALVES, Deck, DeckLine, Unresolved

# How each export treats the lines not read.
REFUSED, COMMENTED = "refused", "commented"
UNREAD_LINES = {"mtgo": REFUSED, "arena": REFUSED, "italian": COMMENTED}
CLIENTS = {"mtgo": "MTGO", "arena": "Arena"}
LINES_NAMED = 5  # a refusal names this many lines, then says how many more

ARENA_HEADINGS = {
    Section.COMPANION: "Companion",
    Section.COMMANDER: "Commander",
    Section.MAIN: "Deck",
    Section.SIDEBOARD: "Sideboard",
}
ITALIAN_HEADINGS = {
    Section.COMPANION: "Compagno",
    Section.COMMANDER: "Comandante",
    Section.MAIN: "Mazzo",
    Section.SIDEBOARD: "Sideboard",
}


def mtgo(deck: Deck) -> str:
    main = merged(deck.in_section(Section.MAIN), mtgo_name)
    sideboard = merged(
        deck.in_section(Section.COMMANDER) + deck.in_section(Section.SIDEBOARD), mtgo_name
    )
    return "\n".join(main + ([""] + sideboard if sideboard else [])) + "\n"


def arena(deck: Deck) -> str:
    return sections(deck, ARENA_HEADINGS, arena_name, pinned=True)


def italian(deck: Deck) -> str:
    return sections(deck, ITALIAN_HEADINGS, italian_name, pinned=False)


def sections(deck: Deck, headings: dict, name, pinned: bool) -> str:
    blocks = []
    for section, heading in headings.items():
        lines = merged(deck.in_section(section), name, pinned)
        if lines:
            blocks.append("\n".join([heading, *lines]))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def merged(lines: list[DeckLine], name, pinned: bool = False) -> list[str]:
    """One "count name" line per card (and pin, when ``pinned``), in the order of the first."""
    counts: dict[tuple, int] = {}
    for line in lines:
        pin = line.pin if pinned and line.pin else None
        where = f" ({pin.set_code}) {pin.number}".rstrip() if pin else ""
        key = (name(line), where)
        counts[key] = counts.get(key, 0) + line.count
    return [f"{count} {card}{where}" for (card, where), count in counts.items()]


def mtgo_name(line: DeckLine) -> str:
    card = line.card
    if card.layout in BOTH_HALVES and len(card.face_names) > 1:
        return "/".join(card.face_names)
    return card.list_name


def arena_name(line: DeckLine) -> str:
    return line.card.list_name


def italian_name(line: DeckLine) -> str:
    return line.card.list_name_it or line.card.list_name


def written(deck: Deck) -> dict[str, str | None]:
    """Each export's text, None for one refused because of the lines not read."""
    texts = {"mtgo": mtgo(deck), "arena": arena(deck), "italian": italian(deck)}
    if not deck.unresolved:
        return texts
    comments = "".join(f"# riga {item.line} non letta: {item.text}\n" for item in deck.unresolved)
    italian_comments = "# Righe non lette: da correggere prima di registrare il mazzo.\n"
    return {
        kind: (italian_comments + comments + text if UNREAD_LINES[kind] == COMMENTED else None)
        for kind, text in texts.items()
    }


def notes(deck: Deck) -> dict[str, str]:
    """What each export does with the lines not read, in words ({} when every line is read)."""
    if not deck.unresolved:
        return {}
    count = len(deck.unresolved)
    found = {}
    for kind, treatment in UNREAD_LINES.items():
        if treatment == REFUSED:
            found[kind] = _(
                "Not written: %(export)s would load the deck without %(lines)s. Pick a card "
                "for each line not read, then export."
            ) % {"export": CLIENTS[kind], "lines": named_lines(deck.unresolved)}
        else:
            found[kind] = ngettext(
                "The line not read is kept at the top as a “#” comment, which list readers "
                "skip: %(lines)s. Correct it before registering.",
                "The %(count)s lines not read are kept at the top as “#” comments, which list "
                "readers skip: %(lines)s. Correct them before registering.",
                count,
            ) % {"count": count, "lines": named_lines(deck.unresolved)}
    return found


def named_lines(unresolved: list[Unresolved]) -> str:
    """'line 3 (“4 Lanciarapida del Monastro”)', the first few, then how many more."""
    named = [
        _("line %(line)s (“%(text)s”)") % {"line": item.line, "text": item.text}
        for item in unresolved[:LINES_NAMED]
    ]
    more = len(unresolved) - LINES_NAMED
    if more > 0:
        named.append(
            ngettext("%(count)s more line", "%(count)s more lines", more) % {"count": more}
        )
    return ", ".join(named)
