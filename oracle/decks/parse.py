"""A decklist's text -> its card lines, each with its line number, count, name and section.

Reads the lists players paste or save:

- plain and MTGO: "4 Lightning Bolt", "4x Lightning Bolt", "Lightning Bolt" (one copy);
  the sideboard after the first blank line that follows cards, or on "SB: 2 Name" lines;
- Arena: "4 Lightning Bolt (M11) 146" (the set and collector number are kept as a pin) under
  the headings "Deck", "Sideboard", "Commander", "Companion" (and "About", whose "Name" line
  names the deck);
- headings in English or Italian, with a colon, a count or "//" before them ("Sideboard:",
  "// Mazzo (60)"), in any case; "#" and "//" lines that are no heading are comments;
- the player's name on a line of its own ("Player: Mario Rossi", "Giocatore: …").

A blank line starts the sideboard only in a list without headings and "SB:" lines, once the
main deck has cards: with headings, blank lines only separate them.

Nothing is dropped: a line that names no card it can read (a count of 0 or of a million, a
line of numbers only, a line too long to be a name) is ``Flagged`` with the reason, and
resolution (``oracle.decks.resolve``) flags the names it does not find. Invisible characters
(zero-width spaces, right-to-left marks, byte order marks, NUL and other control characters)
are taken out and every kind of space made one space before a line is read.
"""

import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

from django.utils.translation import gettext as _

from common.text import fold
from oracle.decks import limits


class ListError(ValueError):
    """A list that cannot be read at all (too long, not text, a broken shared address): the
    message says why, in the active language."""


class Section(StrEnum):
    MAIN = "main"
    SIDEBOARD = "sideboard"
    COMMANDER = "commander"
    COMPANION = "companion"


ABOUT = "about"  # Arena's heading of the deck's name, which lists no card

HEADINGS = {
    "deck": Section.MAIN, "main": Section.MAIN, "maindeck": Section.MAIN,
    "main deck": Section.MAIN, "mainboard": Section.MAIN, "mazzo": Section.MAIN,
    "mazzo principale": Section.MAIN, "grimorio": Section.MAIN,
    "sideboard": Section.SIDEBOARD, "side": Section.SIDEBOARD, "sb": Section.SIDEBOARD,
    "commander": Section.COMMANDER, "commanders": Section.COMMANDER,
    "comandante": Section.COMMANDER, "comandanti": Section.COMMANDER,
    "companion": Section.COMPANION, "compagno": Section.COMPANION,
    "about": ABOUT, "informazioni": ABOUT,
}  # fmt: skip

# Characters no name has and a paste may carry: control characters (NUL included; tabs are
# white space) and Unicode's invisible format characters (soft hyphen, zero-width spaces and
# joiners, left-to-right and right-to-left marks and embeddings, word joiners, the BOM).
INVISIBLE = re.compile(
    "[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]"
)
SIDEBOARD_PREFIX = re.compile(r"^sb:\s*", re.IGNORECASE)
COUNT = re.compile(r"^(?P<count>\d+)(?:\s*[x×])?(?:\s+|$)", re.IGNORECASE)
# A pin at the end: "(M11) 146", "[M11]", "(PLC) 12a"; then Moxfield's marks ("*F*").
PIN = re.compile(r"\s+[(\[](?P<set>[A-Za-z0-9]{2,6})[)\]](?:\s+(?P<number>[^\s()\[\]]{1,10}))?$")
MARKS = re.compile(r"(?:\s+\*[A-Za-z]{1,6}\*)+$")
HEADING_COUNT = re.compile(r"\s*[(\[]?\d+[)\]]?$")
# A line naming the player, as paper decklists and some sites write it: no card name has the
# colon right after one of these words.
PLAYER = re.compile(r"^(?:player|giocatore|name|nome)\s*:\s*(?P<name>\S.{0,79})$", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    """One card line: ``count`` copies of the card called ``name``."""

    line: int  # from 1
    text: str  # the line as read (invisible characters out)
    count: int
    name: str
    section: Section
    set_code: str = ""  # upper case; "" without a pin
    number: str = ""  # the collector number of the pin ("" when none or the set alone)


@dataclass(frozen=True)
class Flagged:
    """A line that names no card it could read, and why (in words)."""

    line: int
    text: str
    reason: str


@dataclass
class ParsedList:
    entries: list[Entry] = field(default_factory=list)
    flagged: list[Flagged] = field(default_factory=list)
    title: str = ""  # the deck's name, from an Arena "About" section
    player: str = ""  # from a "Player: Mario Rossi" or "Giocatore: …" line
    lines: list[str] = field(default_factory=list)  # every line as read, from line 1


def check_size(text: str) -> None:
    """Raise ListError for a list over the limits (``oracle.decks.limits``)."""
    values = {"bytes": limits.grouped(limits.MAX_BYTES), "lines": limits.MAX_LINES}
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.MAX_BYTES:
        raise ListError(
            _(
                "The list is %(size)s bytes long; at most %(bytes)s bytes and %(lines)s lines "
                "are read."
            )
            % (values | {"size": limits.grouped(size)})
        )
    lines = len(split_lines(text))
    if lines > limits.MAX_LINES:
        raise ListError(
            _("The list has %(count)s lines; at most %(lines)s lines and %(bytes)s bytes are read.")
            % (values | {"count": limits.grouped(lines)})
        )


def split_lines(text: str) -> list[str]:
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def clean_line(line: str) -> str:
    """The line without invisible characters, in composed form, every run of white space one
    space, none at the ends."""
    line = INVISIBLE.sub("", line)
    if not line.isascii():
        line = unicodedata.normalize("NFC", line)
    return " ".join(line.split())


def parse_list(text: str) -> ParsedList:
    """The list's card lines and flagged lines (ListError when it is over the limits)."""
    check_size(text)
    parsed = ParsedList(lines=[clean_line(line) for line in split_lines(text)])
    marked = any(
        heading_of(line) is not None or SIDEBOARD_PREFIX.match(line) for line in parsed.lines
    )
    section, in_about, main_has_cards = Section.MAIN, False, False
    for number, line in enumerate(parsed.lines, start=1):
        if not line:
            if not marked and section == Section.MAIN and main_has_cards:
                section = Section.SIDEBOARD
            continue
        heading = heading_of(line)
        if heading is not None:
            in_about = heading == ABOUT
            if not in_about:
                section = heading
            continue
        if in_about:
            if fold(line).startswith("name "):
                parsed.title = line[5:].strip()
            continue
        if line.startswith(("#", "//")):
            continue
        player = PLAYER.match(line)
        if player:
            parsed.player = parsed.player or player["name"].strip()
            continue
        read = read_line(number, line, section)
        if isinstance(read, Flagged):
            parsed.flagged.append(read)
        else:
            parsed.entries.append(read)
            main_has_cards = main_has_cards or read.section == Section.MAIN
    return parsed


def heading_of(line: str) -> Section | str | None:
    """The section a heading line opens (or ABOUT), None for any other line."""
    words = line.lstrip("/#").strip().rstrip(":").strip()
    words = HEADING_COUNT.sub("", words).rstrip(":").strip()
    return HEADINGS.get(fold(words)) if len(words) < 20 else None


def read_line(number: int, line: str, section: Section) -> Entry | Flagged:
    """One card line, or why it is not one."""
    if len(line) > limits.MAX_LINE_CHARS:
        return Flagged(
            number,
            line[: limits.MAX_LINE_CHARS] + "…",
            _("The line is longer than %(chars)s characters: no card has such a name.")
            % {"chars": limits.MAX_LINE_CHARS},
        )
    rest = line
    prefix = SIDEBOARD_PREFIX.match(rest)
    if prefix:
        section, rest = Section.SIDEBOARD, rest[prefix.end() :]
    count = 1
    counted = COUNT.match(rest)
    if counted:
        count, rest = int(counted["count"]), rest[counted.end() :]
    rest = MARKS.sub("", rest)
    set_code = collector_number = ""
    pin = PIN.search(rest)
    if pin and pin.start() > 0:
        set_code, collector_number = pin["set"].upper(), pin["number"] or ""
        rest = rest[: pin.start()]
    name = rest.strip()
    if not any(char.isalpha() for char in name):
        return Flagged(number, line, _("The line names no card."))
    if not 1 <= count <= limits.MAX_COUNT:
        return Flagged(
            number,
            line,
            _("A count of %(count)s: a line counts from 1 to %(max)s copies.")
            % {"count": limits.grouped(count), "max": limits.MAX_COUNT},
        )
    return Entry(number, line, count, name, section, set_code, collector_number)


def with_name(text: str, line: int, name: str) -> str:
    """The list ``text`` with the card name on line ``line`` (from 1) replaced by ``name``:
    the count, the sideboard mark and the pin stay (the player picked a suggestion)."""
    lines = split_lines(text)
    if not 1 <= line <= len(lines):
        return text
    old = clean_line(lines[line - 1])
    read = read_line(line, old, Section.MAIN)
    if isinstance(read, Flagged):
        lines[line - 1] = f"1 {name}"
        return "\n".join(lines)
    start = SIDEBOARD_PREFIX.match(old)
    prefix = "SB: " if start else ""
    pin = f" ({read.set_code}) {read.number}".rstrip() if read.set_code else ""
    lines[line - 1] = f"{prefix}{read.count} {name}{pin}"
    return "\n".join(lines)
