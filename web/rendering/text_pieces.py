"""Text read into pieces, before any markup is made: mana symbols, reminder text, links that
the text's readers find (rule numbers, card names), and plain text between them.

Pure functions on text: no HTML is written here, and nothing here asks the database. Where a
rule number leads is data its caller passes (``RuleLinks``: the numbers that have a page, or
where each number a page cites is today, resolved once for the page); ``web.rendering.markup``
then writes each piece's HTML, escaping its text exactly once.

A line becomes pieces in two passes. Atoms first, each a run of the line that nothing else may
cut: symbol runs ("{2}{W}"), then what each ``Finder`` finds in the text the earlier atoms left
(they are masked, so a finder never sees a symbol's text, nor another finder's). Then, if asked,
reminder text: a parenthesis whose inside holds no parenthesis (atoms count as plain letters
there), its pieces between a "reminder" and a "/reminder" piece. A text is one flat run of
pieces (paragraphs between "p" and "/p"), written out in one loop.
"""

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulings.rules.citations import CitedNumber, find_citations
from web.rendering.card_text import describe_symbol, symbol_class

SYMBOL = re.compile(r"\{([^{}]{1,12})\}")
SYMBOL_RUN = re.compile(r"(?:\{[^{}]{1,12}\})+")
REMINDER = re.compile(r"\(([^()]*)\)")
MASK = "\x00"  # what an atom's characters read as to the passes after it: no letter, no bracket


class Symbol(NamedTuple):
    text: str  # as written between the braces: "2/W"
    css_class: str  # the mana-font class: "ms-2w"
    name: str  # what a screen reader says: "two generic or white"


class Piece(NamedTuple):
    """One piece of a line. ``kind`` says which fields count:

    - "text": ``text``;
    - "symbols": ``symbols``, one image for screen readers named ``label`` when several;
    - "reminder" ... "/reminder": the pieces between them in italics (reminder text, its
      parentheses included); "p" ... "/p": a paragraph. A text is one flat run of pieces;
      the readers always close what they open;
    - "link": ``text`` linked to ``href``, with ``css_class`` and ``title`` if any;
    - "note": ``text`` in a span with ``css_class`` and ``title`` (a reference that leads
      nowhere);
    - "highlight" ... "/highlight": the pieces between them highlighted (words a search
      found, symbols among them);
    - "loyalty": a planeswalker's loyalty cost ``text`` as written ("[+1]", "-2", "0") as a
      badge of the kind ``css_class``, named ``label`` for screen readers.

    A named tuple: pages make thousands of them.
    """

    kind: str
    text: str = ""
    href: str = ""
    css_class: str = ""
    title: str = ""
    label: str = ""
    symbols: tuple[Symbol, ...] = ()


PARAGRAPH_START, PARAGRAPH_END = Piece("p"), Piece("/p")
REMINDER_START, REMINDER_END = Piece("reminder"), Piece("/reminder")
HIGHLIGHT_START, HIGHLIGHT_END = Piece("highlight"), Piece("/highlight")


def text(value: str) -> Piece:
    return Piece("text", value)


def link(label: str, href: str, css_class: str, title: str = "") -> Piece:
    return Piece("link", label, href=href, css_class=css_class, title=title)


def note(label: str, css_class: str, title: str) -> Piece:
    return Piece("note", label, css_class=css_class, title=title)


# A finder reads a line whose earlier atoms are masked and gives (start, end, pieces) for each
# run it turns into pieces; runs it gives must not overlap.
Finder = Callable[[str], Iterable[tuple[int, int, Sequence[Piece]]]]


@cache
def symbol_run(run: str, language: str) -> Piece:
    """Symbols side by side ("{6}{W}{W}"): one piece, named for screen readers by their words
    in a row ("six generic, white, white") in ``language``; runs repeat endlessly."""
    parts = tuple(
        Symbol(symbol, symbol_class(symbol), describe_symbol(symbol))
        for symbol in SYMBOL.findall(run)
    )
    return Piece("symbols", symbols=parts, label=", ".join(part.name for part in parts))


@dataclass
class LineReader:
    """Reads lines into pieces: symbols (unless not ``symbols``; side by side one image, or each
    its own unless ``runs``), then what each of ``finders`` finds, then reminder text if
    ``reminders``."""

    finders: Sequence[Finder] = ()
    reminders: bool = False
    symbols: bool = True
    runs: bool = True

    def read(self, line: str) -> list[Piece]:
        atoms: list[tuple[int, int, Sequence[Piece]]] = []
        masked = line
        if self.symbols and "{" in line:
            pattern = SYMBOL_RUN if self.runs else SYMBOL
            language = get_language()
            atoms = [
                (m.start(), m.end(), (symbol_run(m[0], language),)) for m in pattern.finditer(line)
            ]
            masked = _mask(masked, atoms)
        for finder in self.finders:
            found = [atom for atom in finder(masked) if atom[0] < atom[1]]
            if found:
                atoms += found
                masked = _mask(masked, found)
        spans = []
        if self.reminders and "(" in masked:
            spans = [(m.start(), m.end()) for m in REMINDER.finditer(masked)]
        if not atoms and not spans:
            return [text(line)]
        atoms.sort(key=lambda atom: atom[0])
        return _assemble(line, atoms, spans)

    def lines(self, value: str) -> list[list[Piece]]:
        """The pieces of each line of ``value`` that is not blank."""
        return [self.read(line) for line in (value or "").splitlines() if line.strip()]

    def paragraphs(self, value: str) -> list[Piece]:
        """The pieces of ``value``, each line that is not blank a paragraph."""
        return paragraphs(self.lines(value))


def _mask(line: str, atoms) -> str:
    pieces, position = [], 0
    for start, end, _pieces in sorted(atoms, key=lambda atom: atom[0]):
        pieces += [line[position:start], MASK * (end - start)]
        position = end
    pieces.append(line[position:])
    return "".join(pieces)


def _assemble(line: str, atoms, spans) -> list[Piece]:
    """The line's pieces: text between the atoms, each reminder span wrapping its own."""
    out: list[Piece] = []
    position = 0
    atom_index = 0
    for start, end in [*spans, (len(line), len(line))]:
        atom_index = _run(line, atoms, atom_index, position, start, out)
        if start == end:
            break
        out.append(REMINDER_START)
        atom_index = _run(line, atoms, atom_index, start, end, out)
        out.append(REMINDER_END)
        position = end
    return out


def _run(line, atoms, index, start, end, out) -> int:
    """Pieces of ``line[start:end]`` into ``out``; returns the index of the next atom."""
    position = start
    while index < len(atoms) and atoms[index][0] < end:
        atom_start, atom_end, pieces = atoms[index]
        if atom_start > position:
            out.append(text(line[position:atom_start]))
        out.extend(pieces)
        position = atom_end
        index += 1
    if position < end:
        out.append(text(line[position:end]))
    return index


def paragraphs(lines: Iterable[Sequence[Piece]]) -> list[Piece]:
    """The pieces of the lines, each line a paragraph."""
    out = []
    for line in lines:
        out.append(PARAGRAPH_START)
        out.extend(line)
        out.append(PARAGRAPH_END)
    return out


# --- Found words -----------------------------------------------------------------------------

_SYMBOLS = LineReader(runs=False)


def outside_symbols(value: str, begin: int, stop: int) -> tuple[int, int]:
    """``begin`` and ``stop``, an excerpt's ends in ``value``, moved out of any symbol they cut
    ("{1" of "{10}"), so that the excerpt holds each of its symbols whole."""
    for found in SYMBOL.finditer(value, max(0, begin - 14), min(len(value), stop + 14)):
        if found.start() < begin < found.end():
            begin = found.start()
        if found.start() < stop < found.end():
            stop = found.end()
    return begin, stop


def highlighted(value: str, begin: int, stop: int, spans) -> list[Piece]:
    """The pieces of ``value[begin:stop]``, mana symbols as symbols, the ``(start, end)`` spans
    (found words, in order, not overlapping) highlighted: a span that cuts a symbol ("x" of
    "{X}") is widened to hold it whole."""
    symbols = [(found.start(), found.end()) for found in SYMBOL.finditer(value, begin, stop)]
    widened: list[tuple[int, int]] = []
    for start, end in spans:
        for symbol_start, symbol_end in symbols:
            if symbol_start < end and start < symbol_end:
                start, end = min(start, symbol_start), max(end, symbol_end)
        if widened and start <= widened[-1][1]:
            start = widened.pop()[0]
        widened.append((start, end))
    out: list[Piece] = []
    position = begin
    for start, end in widened:
        out += _SYMBOLS.read(value[position:start])
        out += [HIGHLIGHT_START, *_SYMBOLS.read(value[start:end]), HIGHLIGHT_END]
        position = end
    out += _SYMBOLS.read(value[position:stop])
    return out


# --- Loyalty costs ------------------------------------------------------------------------------

# "[+1]: ...", "[−2]: ...", "[0]: ...", "[−X]: ..." at the start of a planeswalker's line in the
# Oracle text; "+1: ...", "-2: ...", "0: ..." as printed in Italian (a hyphen for the minus). A
# cost other than 0 has its sign: "[1] Put a +1/+1 counter" (Pick Your Poison) is no cost.
LOYALTY_COST = re.compile(r"^\[(?P<cost>[+−–-](?:\d+|X)|0)\]|^(?P<bare>[+−–-](?:\d+|X)|0)(?=:)")


def loyalty_costs(line: str):
    """A ``Finder`` of the loyalty cost that starts a line, as one "loyalty" piece (its text as
    written, brackets and all): "+1" points up, "−2" down (however the minus is written), "0"
    neither; screen readers hear the cost with a minus sign."""
    found = LOYALTY_COST.match(line) if line[:1] in "[+−–-0" else None
    if found is None:
        return
    cost = found["cost"] or found["bare"]
    if cost[0] in "–-":
        cost = "−" + cost[1:]
    kind = {"+": "loyalty-up", "−": "loyalty-down"}.get(cost[0], "loyalty-zero")
    label = _("Loyalty cost %(cost)s") % {"cost": cost}
    yield 0, found.end(), [Piece("loyalty", found[0], css_class=kind, label=label)]


# --- Rule numbers -------------------------------------------------------------------------------

# Characters a citation never holds, read as no letter: a text is not markup, so "<" and "&"
# start nothing (``find_citations`` skips tags and entities in markup).
_PLAIN = re.compile(r"[<&]")
# Every citation holds a digit from 1 to 9: most lines cite nothing.
_ANY_DIGIT = re.compile(r"[1-9]")


class RuleLinks:
    """A ``Finder`` of the rule numbers a text cites, each a link to its rule page
    (``prefix``: "/en/rules/", ``common.links.url_prefix``); each end of a range written in
    full is linked on its own.

    Where a number leads is given, never asked: by default to that number's page, with
    ``?edition=`` when ``edition`` (an ISO date: the text's numbers are those of that edition)
    and only for the numbers in ``exists`` when given (the others stay text); or, when
    ``cited`` is given (``rulings.rules.citations.resolve_cited_numbers_by_day``'s answer
    for the text's date), to where each number is today (``todays_rule_piece``).
    """

    def __init__(
        self,
        prefix: str,
        exists: Collection[str] | None = None,
        edition: str | None = None,
        cited: dict[str, CitedNumber] | None = None,
    ):
        self.prefix = prefix
        self.exists = exists
        self.query = f"?edition={edition}" if edition else ""
        self.cited = cited

    def _link(self, number: str, label: str) -> Piece:
        if self.cited is not None:
            return todays_rule_piece(self.cited.get(number), label, self.prefix)
        if self.exists is not None and number not in self.exists:
            return text(label)
        return link(label, f"{self.prefix}{number}/{self.query}", "rule-ref")

    def __call__(self, line: str):
        if not _ANY_DIGIT.search(line):
            return
        for citation in find_citations(_PLAIN.sub(MASK, line)):
            if citation.last:
                dash = citation.text[len(citation.number) : -len(citation.last)]
                pieces = [
                    self._link(citation.number, citation.number),
                    text(dash),
                    self._link(citation.last, citation.last),
                ]
            else:
                pieces = [self._link(citation.number, citation.text)]
            yield citation.start, citation.end, pieces


def today_words(cited: CitedNumber | None) -> str:
    """ "today 702.37c", "no current rule matches", "not in the rules Oracolo has", or "" when
    the number is today's own."""
    if cited is None or not cited.found:
        return _("not in the rules Oracolo has")
    if cited.current is None:
        return _("no current rule matches")
    if cited.renumbered:
        return _("today %(number)s") % {"number": cited.current}
    return ""


def todays_rule_piece(cited: CitedNumber | None, label: str, prefix: str) -> Piece:
    """``label`` as a link to where ``cited`` is today (``prefix``: the rule pages')."""
    words = today_words(cited)
    if cited is None or not cited.found:
        return note(label, "rule-ref-unknown", words)
    if cited.current is None:
        href = f"{prefix}{cited.number}/?edition={cited.edition}"
    else:
        href = f"{prefix}{cited.current}/"
    return link(label, href, "rule-ref", words)


EXAMPLE_LABEL = re.compile(r"^\s*(?:Example|Esempio)\s*:\s*", re.IGNORECASE)


def strip_example_label(value: str) -> str:
    """ "Example: A player ..." -> "A player ..."; the page prints its own label."""
    return EXAMPLE_LABEL.sub("", value or "", count=1)
