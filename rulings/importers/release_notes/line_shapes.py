"""What one line of a document looks like (``shape_of``): a heading, a quoted rule, a bullet,
a card's mana cost, type line or P/T, a label, a title or prose. No database."""

import re

from oracle.type_words import ITALIAN_TYPES
from rulings.rules.numbers import CITED_NUMBER

LEVEL1_HEADING = re.compile(r"^\*{3}\s*(?P<title>\S.*?)\s*\*{3}$")
# "502.26. Metamorfosi", "502.26a Text", "504. Title", "504.1. Text", "*307.1 Text" (a wiki).
QUOTED_RULE = re.compile(rf"^\*?(?P<number>{CITED_NUMBER})(?P<period>\.?)\s+(?P<text>\S.*)$")
BULLET = re.compile(r"^(?P<indent>\s*)•\s*(?P<text>.*)$")
REMINDER = re.compile(r"\(([^()]*)\)")
NUMBERED_ITEM = re.compile(r"^\s+\d{1,2}[.)]\s+\S")
MANA_COST = re.compile(r"^(?:\{[^{}\s]{1,5}\})+$")
POWER_TOUGHNESS = re.compile(r"^(?P<power>[0-9X*+½-]{1,4})/(?P<toughness>[0-9X*+½-]{1,4})$")
# The type words a card block's type line opens with, in Italian, and in English for a document
# in English.
TYPE_LINE_WORDS = [
    "Legendary", "Basic", "Snow", "World", "Tribal", "Kindred", "Artifact", "Creature",
    "Enchantment", "Instant", "Sorcery", "Land", "Planeswalker", "Battle",
]  # fmt: skip
_TYPE_WORDS = "(?:{})".format(
    "|".join(
        [form for english in TYPE_LINE_WORDS for form in ITALIAN_TYPES[english].printed]
        + TYPE_LINE_WORDS
    )
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
TITLE_MAX_LENGTH = 80
TITLE_MAX_WORDS = 12
LABEL_MAX_LENGTH = 150

BLANK, LEVEL1, RULE, BULLET_LINE, ITEM = "blank", "level1", "rule", "bullet", "item"
COST, PT, TYPE, LABEL, SUBHEADING = "cost", "pt", "type", "label", "subheading"
TITLE_LIKE, PROSE = "title-like", "prose"


def quoted_rule(line: str) -> re.Match | None:
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
    if quoted_rule(line):
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
