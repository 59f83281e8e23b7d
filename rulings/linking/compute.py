"""The rules one card uses, worked out from what the card says: no database here.

``RuleLinker(index)`` reads what it needs from one rules edition once; ``links(card)`` then
returns {section number: Link} for a card described by ``CardFacts``:

- keyword abilities and actions: the keywords MTGJSON lists for the card, and every keyword
  named in the text of each face ("Flying, haste", "Suspend 4—{U}", "it gains suspend",
  "scry 2", "sacrifices", "transformed"), reminder text and the card's own name left out;
- ability words at the start of a line ("Grandeur — ...");
- card types, supertypes and subtypes from each face's type line;
- the layout (split, flip, double-faced, ...) and being able to be face down (morph, disguise,
  manifest, cloak, or text that turns cards face down);
- rule numbers cited in the card's rulings, as today's numbers (``cited`` resolves them).

A section used for several reasons keeps the first in REASON_ORDER, with every name that led to
it for that reason as the detail ("Islandcycling, Swampcycling").
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from ..models import CardRule
from ..rendering import references
from .keyword_rules import KeywordRules, build_keyword_rules
from .rules_index import RulesIndex
from .type_rules import TypeRules, build_type_rules

Reason = CardRule.Reason

REASON_ORDER = [
    Reason.KEYWORD_ABILITY,
    Reason.KEYWORD_ACTION,
    Reason.ABILITY_WORD,
    Reason.CARD_TYPE,
    Reason.SUPERTYPE,
    Reason.SUBTYPE,
    Reason.LAYOUT,
    Reason.FACE_DOWN,
    Reason.RULING,
]
DETAIL_LENGTH = CardRule._meta.get_field("detail").max_length

REMINDER_TEXT = re.compile(r"\([^()]*\)")
SYMBOL = re.compile(r"\{[^}]*\}")


@dataclass(frozen=True)
class FaceFacts:
    name: str
    type_line: str
    text: str


@dataclass(frozen=True)
class CardFacts:
    name: str
    layout: str
    faces: list[FaceFacts]
    keywords: list[tuple[str, str]] = field(default_factory=list)  # (name, kind)
    rulings: list[tuple[date, str]] = field(default_factory=list)  # (date, text)


@dataclass(frozen=True)
class Link:
    reason: str
    detail: str


# (number as cited, date of the ruling) -> today's number, or None when nothing matches.
Cited = Callable[[str, date], str | None]


class RuleLinker:
    def __init__(self, index: RulesIndex):
        self.index = index
        self.keywords: KeywordRules = build_keyword_rules(index)
        self.types: TypeRules = build_type_rules(index)

    def links(self, card: CardFacts, cited: Cited | None = None) -> dict[str, Link]:
        found = _Found(self.index)
        for name, kind in card.keywords:
            rule = self.keywords.lookup(name, kind)
            if rule is not None:
                self._add_keyword(found, rule.number, rule.reason, rule.name)
        for face in card.faces:
            self._read_face(found, card, face)
        layout = self.types.for_layout(card.layout)
        if layout is not None:
            found.add(layout.number, layout.reason, layout.name)
        for day, text in card.rulings if cited else []:
            for number in references(text):
                today = cited(number, day)
                if today is not None:
                    found.add(today, Reason.RULING, f"{number}, {day:%Y-%m-%d}")
        return found.links()

    def _read_face(self, found: "_Found", card: CardFacts, face: FaceFacts):
        for rule in self.types.for_type_line(face.type_line):
            found.add(rule.number, rule.reason, rule.name)
        text = _without_own_names(face.text, {card.name, face.name})
        for line in text.splitlines():
            rule = self.keywords.ability_word_at(line)
            if rule is not None:
                found.add(rule.number, rule.reason, line.partition("—")[0].strip())
        text = SYMBOL.sub(" ", REMINDER_TEXT.sub(" ", text))
        for _words, rule in self.keywords.find_in_text(text):
            self._add_keyword(found, rule.number, rule.reason, rule.name)
        face_down = self.types.face_down_in_text(text)
        if face_down and self.types.face_down:
            found.add(self.types.face_down, Reason.FACE_DOWN, face_down)

    def _add_keyword(self, found: "_Found", number: str, reason: str, name: str):
        found.add(number, reason, name)
        if self.types.face_down and self.types.is_face_down_keyword(name, number):
            found.add(self.types.face_down, Reason.FACE_DOWN, name)


def _without_own_names(text: str, names: set[str]) -> str:
    """The text with the card's own names as "~": "Fight with Fire deals 5 damage" must not read
    as the action fight. A legendary card's short name ("Bruna" for "Bruna, the Fading Light")
    goes too."""
    for name in sorted(names | {name.split(", ")[0] for name in names}, key=len, reverse=True):
        if name:
            text = text.replace(name, "~")
    return text


class _Found:
    """Reasons and names gathered for each section number."""

    def __init__(self, index: RulesIndex):
        self.index = index
        self.found: dict[str, dict[str, list[str]]] = {}

    def add(self, number: str, reason: str, name: str):
        if number not in self.index:
            return
        names = self.found.setdefault(number, {}).setdefault(reason, [])
        if name and name not in names:
            names.append(name)

    def links(self) -> dict[str, Link]:
        result = {}
        for number, reasons in self.found.items():
            reason = min(reasons, key=REASON_ORDER.index)
            detail = ", ".join(reasons[reason])
            if len(detail) > DETAIL_LENGTH:
                detail = detail[: DETAIL_LENGTH - 1] + "…"
            result[number] = Link(reason, detail)
        return result
