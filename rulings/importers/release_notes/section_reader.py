"""How a document's lines become its sections and their blocks: ``SectionReader`` walks the
lines once (the layouts it reads are in ``reader``'s docstring). Pure: no database."""

import re

from rulings.importers.release_notes.cited_names import names_in
from rulings.importers.release_notes.damaged_lines import DamagedLine, damage_in
from rulings.importers.release_notes.document import Block, CardBlock, ReadSection
from rulings.importers.release_notes.line_shapes import (
    BLANK,
    BULLET,
    BULLET_LINE,
    COST,
    ITEM,
    LABEL,
    LEVEL1,
    LEVEL1_HEADING,
    POWER_TOUGHNESS,
    PROSE,
    PT,
    REMINDER,
    RULE,
    RULINGS_LABEL,
    SUBHEADING,
    TITLE_LIKE,
    TITLE_MAX_LENGTH,
    TYPE,
    quoted_rule,
    shape_of,
)

# Words of a document's own prose that rules text never uses.
DOCUMENT_PROSE = re.compile(r"\b(?:espansion[ei]|blocco|regole|regolamento|FAQ)\b")


# A paragraph this long after a title-like line inside a card's text shows the line is a
# heading, not a keyword line ("Volare").
HEADING_PROSE_MIN_LENGTH = 120


class SectionReader:
    """Walks the lines once, opening sections and adding blocks to the open one."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.shapes = [shape_of(line) for line in lines]
        last = max((i for i, shape in enumerate(self.shapes) if shape != BLANK), default=-1)
        first = next((i for i, shape in enumerate(self.shapes) if shape != BLANK), 0)
        # Documents without blank lines (pasted from a web page) have one paragraph a line.
        self.line_paragraphs = BLANK not in self.shapes[first:last]
        self.sections: list[ReadSection] = []
        self.starts: list[int] = []  # index of each section's first line, text included
        self.rulings_mode = False
        self.structure_seen = False  # a *** heading, a card block, a quoted rule, a ruling
        self.plain_headings = 0

    @property
    def has_structure(self) -> bool:
        return self.structure_seen or self.plain_headings >= 2

    # helpers

    def _next_content(self, index: int, max_blanks: int | None = None) -> int | None:
        blanks = 0
        while index < len(self.lines):
            if self.shapes[index] != BLANK:
                return index
            blanks += 1
            if max_blanks is not None and blanks > max_blanks:
                return None
            index += 1
        return None

    def _open(self, kind: str, level: int, title: str, index: int, card=None):
        self.sections.append(ReadSection(kind, level, title, index + 1, "", card=card))
        self.starts.append(index if self.starts else 0)  # blank lines above go with the first
        self.rulings_mode = False

    def _add(self, block: Block):
        if not self.sections:
            self._open("heading", 1, "", 0)
        self.sections[-1].blocks.append(block)

    def _check_damage(self, block: Block, first: int, last: int):
        for index in range(first, last + 1):
            reason = damage_in(self.lines[index]) if self.shapes[index] != BLANK else ""
            if reason:
                block.damaged_lines.append(DamagedLine(index + 1, self.lines[index], reason))

    def _text(self, first: int, last: int) -> str:
        return "\n".join(self.lines[first : last + 1])

    # card blocks

    def _card_head(self, index: int) -> tuple[CardBlock, int] | None:
        """A card's name at ``index``, then its mana cost and/or type line and P/T (blank lines
        allowed between them), with the index of the last of those lines."""
        if self.shapes[index] != TITLE_LIKE:
            return None
        following = self._next_content(index + 1, max_blanks=2)
        cost = type_line = ""
        last = index
        if following is not None and self.shapes[following] == COST:
            cost, last = self.lines[following].strip(), following
            following = self._next_content(following + 1, max_blanks=2)
        if following is not None and self.shapes[following] == TYPE:
            type_line, last = self.lines[following].strip(), following
        if not type_line and (not cost or last != index + 1):
            return None  # a cost alone must follow the name at once: "{0}" under a title
        card = CardBlock(self.lines[index].strip(), index + 1, mana_cost=cost, type_line=type_line)
        following = self._next_content(last + 1, max_blanks=2)
        if following is not None and self.shapes[following] == PT:
            pt = POWER_TOUGHNESS.match(self.lines[following].strip())
            card.power, card.toughness, last = pt["power"], pt["toughness"], following
        return card, last

    def card_at(self, index: int) -> tuple[CardBlock, int] | None:
        """A card block starting at ``index`` (its name), with the index of its last line: the
        head, then rules text lines (blank lines allowed) up to what cannot be rules text."""
        head = self._card_head(index)
        if head is None:
            return None
        card, last = head
        text_lines = []
        for following in range(last + 1, len(self.lines)):
            if self.shapes[following] == BLANK:
                continue
            if self._ends_card_text(following):
                break
            text_lines.append(self.lines[following].strip())
            last = following
        card.text = "\n".join(text_lines)
        card.reminders = REMINDER.findall(card.text)
        return card, last

    def _ends_card_text(self, index: int) -> bool:
        shape = self.shapes[index]
        if shape in (LEVEL1, RULE, BULLET_LINE, ITEM, LABEL, SUBHEADING):
            return True
        if self.lines[index].endswith(":"):
            return True  # prose introducing what follows: "... (la terza frase è nuova):"
        if self.shapes[index - 1] == BLANK and DOCUMENT_PROSE.search(self.lines[index]):
            return True  # "Alcune carte dell'espansione ...": the document speaking, not a card
        if shape != TITLE_LIKE:
            return False
        if self._card_head(index):
            return True
        # A heading between blank lines followed by a long paragraph, not a keyword line.
        after = self._next_content(index + 1)
        return (
            "," not in self.lines[index]
            and self.shapes[index - 1] == BLANK
            and after is not None
            and after > index + 1
            and self.shapes[after] == PROSE
            and len(self.lines[after]) >= HEADING_PROSE_MIN_LENGTH
            and "{" not in self.lines[after]
            and ": " not in self.lines[after]
        )

    # the walk

    def read(self) -> list[ReadSection]:
        index = 0
        while index < len(self.lines):
            index = self._step(index)
        return self.sections

    def _step(self, index: int) -> int:
        shape, line = self.shapes[index], self.lines[index]
        if shape == BLANK:
            return index + 1
        if shape == LEVEL1:
            self.structure_seen = True
            self._open("heading", 1, LEVEL1_HEADING.match(line)["title"], index)
            return index + 1
        if shape == RULE:
            return self._rule(index)
        if shape in (BULLET_LINE, ITEM):
            return self._ruling(index)
        if shape == TITLE_LIKE:
            found = self.card_at(index)
            if found:
                return self._card(index, *found)
            return self._headings(index)
        if shape in (LABEL, SUBHEADING):
            self._add(Block("label", index + 1, line.strip(), names=names_in(line)))
            if shape == LABEL and RULINGS_LABEL.match(line.strip()):
                self.rulings_mode = True
            return index + 1
        return self._prose(index)

    def _rule(self, index: int) -> int:
        self.structure_seen = True
        match = quoted_rule(self.lines[index].strip())
        text, title = match["text"], ""
        if (
            not match["number"][-1].isalpha()
            and len(text) <= TITLE_MAX_LENGTH
            and text[-1] not in ".:;,"
        ):
            text, title = "", text  # "502.26. Metamorfosi": a headed rule (subrules never are)
        block = Block("rule", index + 1, text, number=match["number"], title=title)
        block.names = names_in(text)
        self._check_damage(block, index, index)
        self._add(block)
        return index + 1

    def _ruling(self, index: int) -> int:
        self.structure_seen = True
        bullet = BULLET.match(self.lines[index])
        first_text = bullet["text"] if bullet else self.lines[index].strip()
        text_lines, items, last = [first_text], [], index
        if self.shapes[index] == BULLET_LINE:
            while last + 1 < len(self.lines) and self.shapes[last + 1] == ITEM:
                last += 1
                item = BULLET.match(self.lines[last])
                items.append(item["text"] if item else self.lines[last].strip())
                text_lines.append(self.lines[last])
        block = Block("ruling", index + 1, "\n".join(text_lines), items=items)
        block.names = names_in(block.text)
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1

    def _card(self, index: int, card: CardBlock, last: int) -> int:
        self.structure_seen = True
        self._open("card", 2, card.name, index, card=card)
        block = Block("card", index + 1, self._text(index, last), card=card)
        block.names = names_in(card.text, exclude=(card.name,))
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1

    def _headings(self, index: int) -> int:
        """A run of title-like lines: a heading, perhaps the lines above it (the document's own
        title) and the labels below it ("Azione definita da parola chiave")."""
        run = [index]
        while (
            run[-1] + 1 < len(self.lines)
            and self.shapes[run[-1] + 1] == TITLE_LIKE
            and not self._card_head(run[-1] + 1)
        ):
            run.append(run[-1] + 1)
        self.plain_headings += 1
        at_start = not any(section.blocks or section.title for section in self.sections)
        stands_alone = run[-1] + 1 >= len(self.lines) or self.shapes[run[-1] + 1] == BLANK
        if at_start and stands_alone:
            heading, labels = run, []
        elif at_start and len(run) >= 3:
            self._open("heading", 1, self._joined(run[:-2]), run[0])
            heading, labels = run[-2:-1], run[-1:]
        else:
            heading, labels = run[:1], run[1:]
        self._open("heading", 1, self._joined(heading), heading[0])
        for label in labels:
            self._add(Block("label", label + 1, self.lines[label].strip()))
        return run[-1] + 1

    def _joined(self, indexes: list[int]) -> str:
        return " ".join(self.lines[i].strip() for i in indexes)

    def _prose(self, index: int) -> int:
        last = index
        if not (self.rulings_mode or self.line_paragraphs):
            while last + 1 < len(self.lines) and self.shapes[last + 1] in (PROSE, TITLE_LIKE):
                if self.shapes[last + 1] == TITLE_LIKE and self._card_head(last + 1):
                    break
                last += 1
        kind = "ruling" if self.rulings_mode else "paragraph"
        if kind == "ruling":
            self.structure_seen = True
        block = Block(kind, index + 1, self._text(index, last))
        block.names = names_in(block.text)
        self._check_damage(block, index, last)
        self._add(block)
        return last + 1
