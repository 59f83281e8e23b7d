"""Read a release notes or FAQ document into sections and blocks. Pure: no database.

Documents in the form of the seeds (Future Sight release notes, the Onslaught morph FAQ, a
Marvel mechanics page, a wiki page), Italian (an English one's type lines are read too),
UTF-8::

    ***Ciclo: Patti***                      a heading (level 1)
    Paura                                   a heading too: a title line between blank lines or
                                            followed by prose ("Complottare" then its label
                                            "Azione definita da parola chiave" in a page pasted
                                            without blank lines, where each line is a paragraph)
    Patto di Intervento / {0} / Istantaneo  a card block: name, mana cost and/or type line,
    4/3 / rules text lines                  P/T, rules text; it opens a "card" section (level 2)
    502.26. Metamorfosi / 502.26a Text      quoted rules: headed ("Metamorfosi") or with text
    • Ruling  /  "  • sub"  /  "  1. item"  rulings, the indented lines being the items of the
                                            bullet above; after "Note di regolamento ufficiali:"
                                            every line up to the next heading is a ruling
    Le regole ... sono le seguenti:         a label; "GIOCARE CON ..." (capitals) is one too

Block texts leave out the markers the layout adds: a ruling's text has no leading "•", a rule's
text no number ("502.26b"), and a headed rule has its title and no text (as the Comprehensive
Rules reader stores "702.37. Morph"). Section texts are the lines exactly as written.

Damaged text (the Onslaught FAQ lost its mana symbols) is flagged as a Problem, never mended.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from oracle.text import ITALIAN_MONTHS

from ..comprehensive_rules import ReadError as RulesFileError


class ReadError(RulesFileError):
    """A document that cannot be read: the message names the file, the line and what was
    expected, as for a rules file."""


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


# --- Damaged text ------------------------------------------------------------------------------

# Why a line is flagged (Problem.reason -> what the report and the admin say).
DAMAGE_REASONS = {
    "cost-lost": _("The cost before the colon is missing: the mana symbols were lost."),
    "keyword-cost-lost": _(
        "The keyword's cost is missing, before its reminder text and inside it: the mana "
        "symbols were lost."
    ),
    "symbol-lost": _("A mana symbol is missing from the sentence: it was lost."),
}

# ": Effect", ", : Effect": an activated ability whose cost (mana, {T}) left only its commas.
LOST_COST = re.compile(r"^[\s,]*:\s")
# "Ciclo (, Scarta questa carta ...)": the reminder text starts where its cost was.
LOST_KEYWORD_COST = re.compile(r"\(\s*,\s")
# "paga ." / "Aggiungi  alla tua riserva di mana": the symbol between the words is gone.
LOST_SYMBOL = re.compile(r"\b(?:[Pp]aga|[Pp]agare|[Aa]ggiungi)\s+(?:[.,;)]|alla tua riserva)")


def damage_in(line: str) -> str:
    """The reason code when a line certainly lost its mana symbols, else ""."""
    if LOST_COST.match(line):
        return "cost-lost"
    if LOST_KEYWORD_COST.search(line):
        return "keyword-cost-lost"
    if LOST_SYMBOL.search(line):
        return "symbol-lost"
    return ""


# --- The shapes of a line ----------------------------------------------------------------------

LEVEL1_HEADING = re.compile(r"^\*{3}\s*(?P<title>\S.*?)\s*\*{3}$")
# "502.26. Metamorfosi", "502.26a Text", "504. Title", "504.1. Text", "*307.1 Text" (a wiki).
QUOTED_RULE = re.compile(
    r"^\*?(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)(?P<period>\.?)\s+(?P<text>\S.*)$"
)
BULLET = re.compile(r"^(?P<indent>\s*)•\s*(?P<text>.*)$")
REMINDER = re.compile(r"\(([^()]*)\)")
NUMBERED_ITEM = re.compile(r"^\s+\d{1,2}[.)]\s+\S")
MANA_COST = re.compile(r"^(?:\{[^{}\s]{1,5}\})+$")
POWER_TOUGHNESS = re.compile(r"^(?P<power>[0-9X*+½-]{1,4})/(?P<toughness>[0-9X*+½-]{1,4})$")
# The Italian type words, and the English ones for a document in English.
_TYPE_WORDS = (
    r"(?:Leggendari[oa]|Base|Neve|Mondo|Tribale|Affine|Artefatto|Creatura|Incantesimo|"
    r"Istantaneo|Stregoneria|Terra|Planeswalker|Battaglia|"
    r"Legendary|Basic|Snow|World|Tribal|Kindred|Artifact|Creature|Enchantment|Instant|Sorcery|"
    r"Land|Battle)"
)
TYPE_LINE = re.compile(
    rf"^{_TYPE_WORDS}(?:\s+{_TYPE_WORDS})*(?:\s*(?:--|—|–)\s*\S.*)?$", re.IGNORECASE
)
# Before Tenth Edition an Aura said what it enchants on its type line: "Incanta Creatura".
OLD_AURA_TYPE_LINE = re.compile(
    r"^Incanta\s+(?:Creatura|Terra|Artefatto|Incantesimo|Permanente|Muro|Mondo|Giocatore)"
    r"(?:\s+\w+)?$",
    re.IGNORECASE,
)
# The label after which every line is a ruling: "Note di regolamento ufficiali:".
RULINGS_LABEL = re.compile(r"^(?:note|chiarimenti)\b.*:$", re.IGNORECASE)
STATED_DATE = re.compile(
    r"\baggiornat[oaie]\b[^\n]*?\b(?P<day>\d{1,2})\s*[°º]?\s+(?P<month>[A-Za-z]+)\s+"
    r"(?P<year>\d{4})\b",
    re.IGNORECASE,
)

# Words of a document's own prose that rules text never uses.
DOCUMENT_PROSE = re.compile(r"\b(?:espansion[ei]|blocco|regole|regolamento|FAQ)\b")
TABLE_SHARE = 0.8  # of the lines with as many separators as the first: a table
TABLE_MIN_LINES = 3
TITLE_MAX_LENGTH = 80
TITLE_MAX_WORDS = 12
LABEL_MAX_LENGTH = 150
# A paragraph this long after a title-like line inside a card's text shows the line is a
# heading, not a keyword line ("Volare").
HEADING_PROSE_MIN_LENGTH = 120

BLANK, LEVEL1, RULE, BULLET_LINE, ITEM = "blank", "level1", "rule", "bullet", "item"
COST, PT, TYPE, LABEL, SUBHEADING = "cost", "pt", "type", "label", "subheading"
TITLE_LIKE, PROSE = "title-like", "prose"


def _quoted_rule(line: str) -> re.Match | None:
    match = QUOTED_RULE.match(line)
    if match and ("." in match["number"] or match["period"]):
        return match  # "180 carte" is no rule: a section number needs its period ("504. ...")
    return None


def _is_type_line(line: str) -> bool:
    return line[:1].isupper() and bool(TYPE_LINE.match(line) or OLD_AURA_TYPE_LINE.match(line))


def _is_title_like(line: str) -> bool:
    """Short, no sentence end, starts with a capital: a heading or a card name can look so."""
    first_letter = next((char for char in line if char.isalpha()), "")
    return (
        len(line) <= TITLE_MAX_LENGTH
        and len(line.split()) <= TITLE_MAX_WORDS
        and line[-1] not in ".:;,!?"
        and first_letter.isupper()
        and not line.startswith(("(", "{", "[", "-"))
        and ": " not in line
        and "\t" not in line
        and ";" not in line
        and not re.search(r",\S", line)  # "name,type,cost": a CSV row
    )


def _is_subheading(line: str) -> bool:
    """A title in capitals inside a section: "GIOCARE CON LE CARTE BIFRONTE MODALI"."""
    letters = [char for char in line if char.isalpha()]
    return (
        len(letters) >= 4
        and len(line.split()) >= 2
        and all(char.isupper() for char in letters)
        and line[-1] not in ".;,"
        and len(line) <= TITLE_MAX_LENGTH
    )


def shape_of(line: str) -> str:
    """What a line (trailing spaces removed) looks like, before its neighbours are considered."""
    if not line.strip():
        return BLANK
    if LEVEL1_HEADING.match(line):
        return LEVEL1
    bullet = BULLET.match(line)
    if bullet:
        return ITEM if bullet["indent"] else BULLET_LINE
    if NUMBERED_ITEM.match(line):
        return ITEM
    if _quoted_rule(line):
        return RULE
    if MANA_COST.match(line):
        return COST
    if POWER_TOUGHNESS.match(line):
        return PT
    if _is_type_line(line):
        return TYPE
    if line.endswith(":") and len(line) <= LABEL_MAX_LENGTH and ". " not in line:
        return LABEL  # "Le regole per velo sono le seguenti:", not a paragraph ending so
    if _is_subheading(line):
        return SUBHEADING
    if _is_title_like(line):
        return TITLE_LIKE
    return PROSE


# --- Card names a block lists or cites ---------------------------------------------------------

_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_CONNECTOR = r"(?:(?:di|del|dello|della|dei|degli|delle|da|dal|dalla|ad|a)\s+|(?:dell|dall|d)['’])"
_NAME = rf"{_WORD}(?:\s+{_CONNECTOR}?{_WORD})*"
_LIST = rf"{_NAME}(?:\s*,\s*{_NAME})*(?:\s*,?\s+(?:e|ed|o|oppure)\s+{_NAME})"
_ARTICLE = r"(?:(?:il|lo|la|i|gli|le)\s+|l['’])"
# "Le cinque Catene sono A, B e C", "... modifica sono A e B", "(A, B e C)", ": A, B, ... e J".
NAME_LIST = re.compile(
    rf"(?:(?:\bsono|\bcomprendono|\btra\s+cui|\bquali|\bcome)\s+|:\s+|\()"
    rf"{_ARTICLE}?(?P<names>{_LIST})"
)
# "come il Ragno Gigante", "carte quali l'Angelo Eminente", "chiamata Elfi di Llanowar",
# "la carta Legame Spirituale".
NAME_CITED = re.compile(
    rf"(?:\b(?:come|quali)\s+{_ARTICLE}|\bchiamat[oaie]\s+{_ARTICLE}?|\b[Ll]a\s+carta\s+)"
    rf"(?P<name>{_NAME})"
)
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:(?:e|ed|o|oppure)\s+)?|\s+(?:e|ed|o|oppure)\s+")
_LEADING_ARTICLE = re.compile(rf"^{_ARTICLE}", re.IGNORECASE)

# Names of sets and documents that read like card names: never reported.
NOT_CARD_NAMES = {
    "assalto", "legioni", "flagello", "congiunzione", "apocalisse", "invasione", "visione futura",
    "spirale temporale", "caos dimensionale", "quinta alba", "discordia", "patto delle gilde",
    "ravnica", "magic", "oracle", "magic comprehensive rules", "comprehensive rules",
    "comprehensive rulebook", "regole complete", "faq", "wizards", "the gathering",
}  # fmt: skip
_TRAILING_SET = re.compile(rf"\s+{_CONNECTOR}(?P<set>{_WORD}(?:\s+{_CONNECTOR}?{_WORD})*)$")


def _clean_name(name: str) -> str:
    name = _LEADING_ARTICLE.sub("", name.strip())
    trailing = _TRAILING_SET.search(name)
    # "la carta Evoluzione Artificiale di Assalto": the set is no part of the name.
    while trailing and trailing["set"].lower() in NOT_CARD_NAMES:
        name = name[: trailing.start()]
        trailing = _TRAILING_SET.search(name)
    if name.lower() in NOT_CARD_NAMES or len(name) < 3 or not name[0].isupper():
        return ""
    return name


def names_in(text: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """Card names a text lists or cites, in order, each once (see NAME_LIST, NAME_CITED)."""
    found: list[tuple[int, int, str]] = []
    for match in NAME_LIST.finditer(text):
        for order, name in enumerate(_LIST_SEPARATOR.split(match["names"])):
            found.append((match.start("names"), order, name))
    found.extend((match.start("name"), 0, match["name"]) for match in NAME_CITED.finditer(text))
    names: list[str] = []
    for _position, _order, raw in sorted(found):
        name = _clean_name(raw)
        if name and name not in names and name not in exclude:
            names.append(name)
    return names


# --- Reading -----------------------------------------------------------------------------------


def _split_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\u2028", "\n").replace("\u2029", "\n").split("\n")


def _clean_line(line: str) -> str:
    return line.replace("\u00a0", " ").replace("\u202f", " ").rstrip()


def _stated_date(text: str) -> str:
    for match in STATED_DATE.finditer(text):
        month = ITALIAN_MONTHS.get(match["month"].lower())
        day = int(match["day"])
        if month and 1 <= day <= 31:
            return f"{match['year']}-{month:02d}-{day:02d}"
    return ""


def _table_line(lines: list[str]) -> int | None:
    """The first line of a CSV (or tab/semicolon separated) table, None for a document: most
    lines hold the same number of separators as the first one."""
    content = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    if len(content) < TABLE_MIN_LINES:
        return None
    for separator in (",", ";", "\t"):
        count = content[0][1].count(separator)
        same = sum(1 for _number, line in content if line.count(separator) == count)
        if count and same >= TABLE_SHARE * len(content):
            return content[0][0]
    return None


class _Reader:
    """Walks the lines once, opening sections and adding blocks to the open one."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.shapes = [shape_of(line) for line in lines]
        last = max((i for i, shape in enumerate(self.shapes) if shape != BLANK), default=-1)
        first = next((i for i, shape in enumerate(self.shapes) if shape != BLANK), 0)
        # Documents without blank lines (pasted from a web page) have one paragraph a line.
        self.line_paragraphs = BLANK not in self.shapes[first:last]
        self.sections: list[Section] = []
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
        self.sections.append(Section(kind, level, title, index + 1, "", card=card))
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
                block.problems.append(Problem(index + 1, self.lines[index], reason))

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

    def read(self) -> list[Section]:
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
        match = _quoted_rule(self.lines[index].strip())
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


EXPECTED = (
    "expected a release notes or FAQ document: headings (***Title*** or a title line), card "
    "blocks (name, mana cost, type line), quoted rules (502.26a ...) or • rulings"
)


def parse_document(text: str, path: str = "<text>") -> Document:
    """Read a document given as text (see the module's docstring); ReadError when it has no
    recognisable structure."""
    text = text.removeprefix("\ufeff")
    raw_lines = _split_lines(text)
    lines = [_clean_line(line) for line in raw_lines]
    if not any(line.strip() for line in lines):
        raise ReadError(path, None, f"the file is empty; {EXPECTED}")
    table_line = _table_line(lines)
    if table_line:
        raise ReadError(
            path,
            table_line,
            f"this is a table (values separated by commas, semicolons or tabs); {EXPECTED}",
        )
    reader = _Reader(lines)
    sections = reader.read()
    if not reader.has_structure:
        raise ReadError(path, None, f"no structure found; {EXPECTED}")
    ends = [*reader.starts[1:], len(raw_lines)]
    for section, start, end in zip(sections, reader.starts, ends, strict=True):
        section.text = "\n".join(raw_lines[start:end])
    opens_with_heading = sections[0].kind == "heading" and sections[0].title != ""
    return Document(
        path=path,
        text=text,
        title=sections[0].title if opens_with_heading else "",
        sections=sections,
        stated_date=_stated_date(text),
    )


def read_document(path: str | Path) -> Document:
    """Read a document file: UTF-8 (a BOM and any line ends accepted), else ReadError."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ReadError(str(path), None, f"cannot read the file ({error.strerror})") from error
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1 if b"\n" in before else before.count(b"\r") + 1
        bad = data[error.start]
        raise ReadError(
            str(path), line, f"byte 0x{bad:02x} is not UTF-8; expected UTF-8 text"
        ) from error
    return parse_document(text, str(path))
