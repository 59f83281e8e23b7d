"""Plain text read into pieces before any markup is made: mana symbols, reminder text, links
that other modules find (rule numbers, card names), and plain text between them.

Every renderer of the site reads its text here first and hands the pieces to
``web.rendering.markup``, which makes all the markup and escapes each piece's text exactly once.
No renderer writes markup itself, and no regex runs over markup.

A line becomes pieces in two passes. Atoms first, each a run of the line that nothing else may
cut: symbol runs ("{2}{W}"), then what each ``Finder`` finds in the text the earlier atoms left
(they are masked, so a finder never sees a symbol's text, nor another finder's). Then, if asked,
reminder text: a parenthesis whose inside holds no parenthesis (atoms count as plain letters
there), its pieces between a "reminder" and a "/reminder" piece. A text is one flat run of
pieces (paragraphs between "p" and "/p"), so that the template renders it in one loop.

Markup another renderer made can still gain links (``add_links``): html.parser reads it, its
tags are copied as written and only its text is read into pieces.
"""

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from typing import NamedTuple

from django.utils.safestring import SafeString
from django.utils.translation import get_language

from web.rendering import markup

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
      parentheses included); "p" ... "/p": a paragraph. A text is one flat run of pieces,
      rendered by one loop; the readers always close what they open;
    - "link": ``text`` linked to ``href``, with ``css_class`` and ``title`` if any;
    - "note": ``text`` in a span with ``css_class`` and ``title`` (a reference that leads
      nowhere);
    - "mark": ``text`` highlighted (a word a search found).

    A named tuple: pages make thousands of them.
    """

    kind: str
    text: str = ""
    html: str = ""  # a symbol run's markup, made once per run and language
    href: str = ""
    css_class: str = ""
    title: str = ""
    label: str = ""
    symbols: tuple[Symbol, ...] = ()


PARAGRAPH_START, PARAGRAPH_END = Piece("p"), Piece("/p")
REMINDER_START, REMINDER_END = Piece("reminder"), Piece("/reminder")


def text(value: str) -> Piece:
    return Piece("text", value)


def link(label: str, href: str, css_class: str, title: str = "") -> Piece:
    return Piece("link", label, href=href, css_class=css_class, title=title)


def note(label: str, css_class: str, title: str) -> Piece:
    return Piece("note", label, css_class=css_class, title=title)


def mark(value: str) -> Piece:
    return Piece("mark", value)


# A finder reads a line whose earlier atoms are masked and gives (start, end, pieces) for each
# run it turns into pieces; runs it gives must not overlap.
Finder = Callable[[str], Iterable[tuple[int, int, Sequence[Piece]]]]


def symbol_piece(symbols: Sequence[str], describe: Callable[[str], str], css_class) -> Piece:
    parts = tuple(Symbol(symbol, css_class(symbol), describe(symbol)) for symbol in symbols)
    return Piece("symbols", symbols=parts, label=", ".join(part.name for part in parts))


@dataclass
class LineReader:
    """Reads lines into pieces: symbols described by ``describe`` and ``css_class`` (see
    ``web.rendering.card_text``), then what each of ``finders`` finds, then reminder text if
    ``reminders``."""

    describe: Callable[[str], str]
    css_class: Callable[[str], str]
    finders: Sequence[Finder] = ()
    reminders: bool = False
    symbols: bool = True
    runs: bool = True  # symbols side by side one image ("{6}{W}{W}"), or each its own

    def symbol_run(self, run: str) -> Piece:
        return _symbol_run(run, self.describe, self.css_class, get_language())

    def read(self, line: str) -> list[Piece]:
        atoms: list[tuple[int, int, Sequence[Piece]]] = []
        masked = line
        if self.symbols and "{" in line:
            pattern = SYMBOL_RUN if self.runs else SYMBOL
            atoms = [(m.start(), m.end(), (self.symbol_run(m[0]),)) for m in pattern.finditer(line)]
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


@cache
def _symbol_run(run: str, describe, css_class, language: str) -> Piece:
    # Runs repeat endlessly ({1}{G}, {T}); their spoken names depend on the language.
    piece = symbol_piece(SYMBOL.findall(run), describe, css_class)
    return Piece("symbols", html=markup.symbols(piece))


# --- Markup (web.rendering.markup) ---------------------------------------------------------------


def render_inline(pieces: Sequence[Piece]) -> SafeString:
    return markup.inline(pieces)


def render_paragraphs(lines: Sequence[Sequence[Piece]]) -> SafeString:
    """One <p> per line."""
    return render_inline(paragraphs(lines))


def paragraphs(lines: Sequence[Sequence[Piece]]) -> list[Piece]:
    """The pieces of the lines, each line a paragraph."""
    out = []
    for line in lines:
        out.append(PARAGRAPH_START)
        out.extend(line)
        out.append(PARAGRAPH_END)
    return out


# --- Links added to markup another renderer made -------------------------------------------------


VOID_ELEMENTS = {"br", "hr", "img", "wbr"}  # no end tag follows


class _TextNodes(HTMLParser):
    """Reads markup into its tags, kept as written, and its text, read into pieces by
    ``reader`` outside links and symbols (a link is not linked again, a symbol's text is
    not a citation)."""

    def __init__(self, reader: LineReader):
        super().__init__(convert_charrefs=True)
        self.reader = reader
        self.out: list[str] = []
        self.unlinked: list[bool] = []  # per open tag: is its text left as it is?

    def handle_starttag(self, tag, attrs):
        self.out.append(self.get_starttag_text())
        if tag in VOID_ELEMENTS:
            return
        symbol = tag == "abbr" and (dict(attrs).get("class") or "").startswith("ms ")
        inside = bool(self.unlinked) and self.unlinked[-1]
        self.unlinked.append(inside or tag == "a" or symbol)

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if self.unlinked:
            self.unlinked.pop()

    def parse_endtag(self, i):
        end = super().parse_endtag(i)
        if end > i:
            self.out.append(self.rawdata[i:end])  # the end tag as written
        return end

    def handle_data(self, data):
        unlinked = bool(self.unlinked) and self.unlinked[-1]
        pieces = [text(data)] if unlinked else self.reader.read(data)
        self.out.append(render_inline(pieces))


def add_links(markup: str, reader: LineReader) -> SafeString:
    """``markup`` (made by one of the renderers) with what ``reader``'s finders find in its
    text turned into pieces; its tags and attributes stay as they were, untouched."""
    nodes = _TextNodes(reader)
    nodes.feed(str(markup))
    nodes.close()
    return SafeString("".join(nodes.out))
