"""A release notes or FAQ document as the reader returns it: sections in order, each a list of
blocks (paragraphs, card blocks, quoted rules, rulings, labels), with the damaged lines found.
No database."""

from dataclasses import dataclass, field

from rulings.importers.comprehensive_rules import ReadError as RulesFileError
from rulings.importers.release_notes.damaged_lines import DamagedLine


class ReadError(RulesFileError):
    """A document that cannot be read: the message names the file, the line and what was
    expected, as for a rules file."""


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
                   ("502.26b", "502.18", "307.1"), ``title`` for headed ones ("Ciclo", with
                   ``text`` ""), ``text`` without the number for the others;
      "ruling"     one ruling (a "•" bullet, or a paragraph after "Note di regolamento
                   ufficiali:"), nested items (indented bullets, "1." lists) kept in ``items``
                   (markers "•" removed, numbers kept) and in ``text`` as written;
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
    damaged_lines: list[DamagedLine] = field(default_factory=list)

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
        if self.damaged_lines:
            data["problems"] = [
                {"line": line.line, "text": line.text, "reason": line.reason}
                for line in self.damaged_lines
            ]
        return data


@dataclass
class ReadSection:
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
    def damaged_lines(self) -> list[DamagedLine]:
        return [line for block in self.blocks for line in block.damaged_lines]


@dataclass
class Document:
    path: str
    text: str  # the whole original text
    title: str  # the first heading, "" if the document opens with prose
    sections: list[ReadSection]
    stated_date: str = ""  # ISO date the document states about itself ("Aggiornato a ..."), or ""

    @property
    def damaged_lines(self) -> list[DamagedLine]:
        return [line for section in self.sections for line in section.damaged_lines]
