"""The rules one card uses, worked out from what the card says: no database here.

``RuleLinker(index)`` reads what it needs from one rules edition once; ``links(card)`` then
returns {section number: Link} for a card described by ``CardFacts``.

What "uses" means, the rule every link follows: a card uses a section when a player needs that
section to play the card as its text and type line read, on every face (both halves of a split
card, both faces of a double-faced or flip card). So a card uses:

- the keyword abilities MTGJSON lists for it, and those its text has, gives or takes away:
  "Flying, haste", "Suspend 4—{U}", "it gains suspend" (Jhoira of the Ghitu), "create a 1/1
  creature token with flying", "becomes a 4/4 creature with trample", "loses flying", or names
  in the forms its rules quote ("cycles", "suspended", "kicked"). Not one that only picks out
  other objects: "each creature without flying" (Rough), "can't be blocked by creatures with
  flying", "destroy target creature with islandwalk" use the rules of damage, blocking and
  destroying, not the rules of flying or islandwalk;
- the keyword actions its text does, in any inflection ("scry 2", "sacrifices", "transformed",
  "fought"), and the states they leave, which the same rule defines ("tapped", "exiled"): but
  "untap step" is a step, and "a +1/+1 counter" is not the action counter;
- ability words at the start of a line ("Grandeur — ...");
- its card types, supertypes (legendary permanents 205.4d, legendary instants and sorceries
  205.4e) and subtypes with rules of their own (Aura, Equipment, Vehicle, Saga, basic land
  types, "Tribal" read as Kindred);
- its layout (split, flip, double-faced, adventurer, ...); being able to be face down (morph,
  disguise, manifest, cloak) or text about face-down permanents ("turn ... face down", "is turned
  face up", "face-down creatures"); loyalty abilities ("[+1]: ...", 606);
- rule numbers cited in its rulings, as today's numbers (``cited`` resolves them).

Reminder text, mana symbols and the card's own names are not read ("Fight with Fire deals 5
damage" is not the action fight). A section used for several reasons keeps the first in
REASON_ORDER, with every name that led to it for that reason as the detail ("Islandcycling,
Swampcycling").
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from rulings.linking.keyword_rules import KeywordRules, build_keyword_rules
from rulings.linking.rules_index import RulesIndex
from rulings.linking.type_rules import TypeRules, build_type_rules
from rulings.models import CardRule
from rulings.rules.citations import cited_numbers

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
        face_down_words = []
        for face in card.faces:
            face_down_words += self._read_face(found, card, face)
        if self.types.face_down and not found.has(self.types.face_down, Reason.FACE_DOWN):
            # Only when no keyword (morph, ...) says it already: "Morph" is the better detail.
            for words in face_down_words:
                found.add(self.types.face_down, Reason.FACE_DOWN, words)
        layout = self.types.for_layout(card.layout)
        if layout is not None:
            found.add(layout.number, layout.reason, layout.name)
        for day, text in card.rulings if cited else []:
            for number in cited_numbers(text):
                today = cited(number, day)
                if today is not None:
                    found.add(today, Reason.RULING, f"{number}, {day:%Y-%m-%d}")
        return found.links()

    def _read_face(self, found: "_Found", card: CardFacts, face: FaceFacts) -> list[str]:
        """Add what one face uses; return what its text does with face-down permanents."""
        for rule in self.types.for_type_line(face.type_line):
            found.add(rule.number, rule.reason, rule.name)
        text = _without_own_names(face.text, {card.name, face.name})
        for line in text.splitlines():
            rule = self.keywords.ability_word_at(line)
            if rule is not None:
                found.add(rule.number, rule.reason, line.partition("—")[0].strip())
        loyalty = self.types.loyalty_in_text(text)
        if loyalty is not None:
            found.add(loyalty.number, loyalty.reason, loyalty.name)
        text = SYMBOL.sub(" ", REMINDER_TEXT.sub(" ", text))
        for _words, rule in self.keywords.find_in_text(text):
            self._add_keyword(found, rule.number, rule.reason, rule.name)
        return self.types.face_down_in_text(text)

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

    def has(self, number: str, reason: str) -> bool:
        return reason in self.found.get(number, {})

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
