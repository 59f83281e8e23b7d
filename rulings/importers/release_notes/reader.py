"""Read a release notes or FAQ document into sections and blocks. Pure: no database.

(Skeleton agreed between the importer's parts; the reading itself is filled in by the reader.)
"""

from dataclasses import dataclass, field
from pathlib import Path


class ReadError(Exception):
    """A document that cannot be read: names the file, the line and what was expected."""

    def __init__(self, path: str, line: int | None, message: str):
        self.path, self.line, self.message = path, line, message
        where = f"{path}, line {line}" if line else path
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Problem:
    """Damaged text, kept as written: the line number, the line, and what looks lost."""

    line: int
    text: str
    reason: str


@dataclass
class CardBlock:
    """A card as a document prints it: name, cost, type line, P/T and rules text."""

    name: str
    first_line: int
    mana_cost: str = ""  # "{2}{R}{R}{R}", "" when the document gives none (lands) or lost it
    type_line: str = ""  # "Creatura Leggendaria -- Drago", as written
    power: str = ""
    toughness: str = ""
    text: str = ""  # rules text lines, reminder text included, as written
    reminders: list[str] = field(default_factory=list)  # the parenthesised reminder texts


@dataclass
class Block:
    """One piece of a section, in order.

    kind is one of:
      "paragraph"  prose;
      "card"       a card block (``card`` is set);
      "rule"       a quoted rule: ``number`` without trailing period or leading "*"
                   ("502.26b", "502.18", "307.1"), ``title`` for headed ones ("Ciclo");
      "ruling"     one ruling (a "•" bullet, or a paragraph after "Note di regolamento
                   ufficiali:"), nested items (indented bullets, "1." lists) kept in ``items``;
      "label"      a short line introducing what follows ("Note di regolamento ufficiali:",
                   "Le regole per profetizzare sono le seguenti:").
    ``text`` is the block's text as written (its lines joined with "\\n"), ``names`` the card
    names it lists or cites ("Le cinque Catene sono Catena d'Acido, ..."), for the report.
    """

    kind: str
    first_line: int
    text: str
    number: str = ""
    title: str = ""
    card: CardBlock | None = None
    items: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def as_json(self) -> dict:
        data = {"kind": self.kind, "line": self.first_line, "text": self.text}
        if self.number:
            data["number"] = self.number
        if self.title:
            data["title"] = self.title
        if self.card:
            data["card"] = {
                "name": self.card.name,
                "mana_cost": self.card.mana_cost,
                "type_line": self.card.type_line,
                "power": self.card.power,
                "toughness": self.card.toughness,
                "text": self.card.text,
            }
        if self.items:
            data["items"] = list(self.items)
        if self.names:
            data["names"] = list(self.names)
        if self.problems:
            data["problems"] = [
                {"line": p.line, "text": p.text, "reason": p.reason} for p in self.problems
            ]
        return data


@dataclass
class Section:
    """A heading and what follows it (kind "heading"), or a card block with the rulings after
    it (kind "card", ``card`` set, ``title`` the card's name). ``level`` 1 for the document's
    headings, 2 for a card section under a heading. ``text`` is the section exactly as written."""

    kind: str
    level: int
    title: str
    first_line: int
    text: str
    blocks: list[Block] = field(default_factory=list)
    card: CardBlock | None = None

    @property
    def problems(self) -> list[Problem]:
        return [problem for block in self.blocks for problem in block.problems]


@dataclass
class Document:
    path: str
    text: str  # the whole original text
    title: str  # the first heading, "" if the document opens with prose
    sections: list[Section]
    stated_date: str = ""  # ISO date the document states about itself ("Aggiornato a ..."), or ""

    @property
    def problems(self) -> list[Problem]:
        return [problem for section in self.sections for problem in section.problems]


def parse_document(text: str, path: str = "<text>") -> Document:
    raise NotImplementedError


def read_document(path: str | Path) -> Document:
    raise NotImplementedError
