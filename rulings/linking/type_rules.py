"""Card types, supertypes, subtypes, layouts and face-down cards, and the rules about them, found
in the rules text:

- card types by the titles of chapter 3 ("302. Creatures"), the list of card types in the rule
  that says "The card types are ..." (205.2a), and old names the rules still mention ("cards
  printed with the “tribal” card type", 308.3: the Kindred section);
- supertypes by the subrules of the rule titled "Supertypes" that start "Any ... with the
  supertype “legendary”" (205.4d for a permanent, 205.4e for an instant or sorcery);
- subtypes by the rules saying "Some enchantments have the subtype “Aura.”" (303.4), the
  sections titled after them ("714. Saga Cards") and the list of basic land types (305.6: a
  Forest taps for {G} because of it);
- layouts (MTGJSON's word for the shape of a card) through LAYOUT_SECTIONS, the one hand
  table here: MTGJSON's layout names are not the rules' words;
- face-down: the section titled "Face-Down Spells and Permanents" (708), the keywords whose
  rules send the reader there (morph, disguise, manifest, cloak), and text that turns cards face
  down or up or counts face-down permanents (FACE_DOWN_TEXT);
- loyalty abilities ("[+1]: ...", "[−2]: ..."): the section titled "Loyalty Abilities" (606).
"""

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from common.text import fold
from oracle.models import FACE_DOWN_KEYWORDS, Layout
from rulings.linking.rules_index import RulesIndex, list_items
from rulings.models import CardRule
from rulings.rules.citations import cited_numbers

Reason = CardRule.Reason

# Layout -> (title of its section, the words its most fitting rule starts with, if one fits).
LAYOUT_SECTIONS = {
    Layout.SPLIT: ("Split Cards", None),
    Layout.AFTERMATH: ("Split Cards", None),  # aftermath cards are split cards (702.127a)
    Layout.FLIP: ("Flip Cards", None),
    Layout.LEVELER: ("Leveler Cards", None),
    Layout.TRANSFORM: ("Double-Faced Cards", "Nonmodal double-faced cards"),
    Layout.MODAL_DFC: ("Double-Faced Cards", "Modal double-faced cards"),
    Layout.MELD: ("Double-Faced Cards", "Meld cards"),
    Layout.SAGA: ("Saga Cards", None),
    Layout.ADVENTURE: ("Adventurer Cards", None),
    Layout.CLASS: ("Class Cards", None),
    "case": ("Case Cards", None),
    "prototype": ("Prototype Cards", None),
}
FACE_DOWN_TITLE = "Face-Down Spells and Permanents"
LOYALTY_TITLE = "Loyalty Abilities"
# Text about face-down permanents, and the words the link stores as its detail: exiling a card
# face down is another rule (406.3), so "exile ... face down" is not here.
# The details are translated where the card page shows them (gettext_noop marks them).
FACE_DOWN_TEXT = [
    (
        re.compile(r"\bface[- ]down (?:creature|permanent|spell)", re.I),
        gettext_noop("face-down permanents"),
    ),
    (re.compile(r"\bturns? [^.]*\bface down", re.I), gettext_noop("turns cards face down")),
    (re.compile(r"\bcast [^.]*\bface down", re.I), gettext_noop("cast face down")),
    (
        re.compile(r"\bbattlefield face down", re.I),
        gettext_noop("put onto the battlefield face down"),
    ),
    (re.compile(r"\bturn(?:s|ed)? [^.]*\bface up", re.I), gettext_noop("turned face up")),
]
LOYALTY_COST = re.compile(r"^\[[+−-]?[\dX]+\]:", re.M)  # "[+1]:", "[−2]:", "[0]:"
TYPE_LIST = re.compile(r"The card types are (?P<list>[^.]+)\.")
BASIC_LAND_TYPE_LIST = re.compile(r"The basic land types are (?P<list>[^.]+)\.")
# Old editions write straight quotes ("Aura."), new ones curly ones (“Aura.”).
OLD_TYPE_NAME = re.compile(r"[“\"](?P<name>\w+)[”\"] card type")
SUPERTYPE = re.compile(r"supertype [“\"](?P<name>\w+)[”\"]")
SUBTYPE = re.compile(r"have the subtype [“\"]?(?P<name>[A-Z][a-z]+)")
SPELL_TYPES = {"instant", "sorcery"}
FACE_DOWN_NAMES = {slug.replace("-", " ") for slug in FACE_DOWN_KEYWORDS}


@dataclass(frozen=True)
class TypeRule:
    number: str
    reason: str
    name: str


@dataclass
class TypeRules:
    card_types: dict[str, TypeRule] = field(default_factory=dict)
    # "legendary" -> [(rule, True if it is the rule for instants and sorceries)]
    supertypes: dict[str, list[tuple[TypeRule, bool]]] = field(default_factory=dict)
    subtypes: dict[str, list[TypeRule]] = field(default_factory=dict)
    layouts: dict[str, TypeRule] = field(default_factory=dict)
    face_down: str = ""
    loyalty: str = ""
    # Keyword rules (702.37, 701.40, ...) whose text sends the reader to the face-down section.
    face_down_keyword_rules: set[str] = field(default_factory=set)

    _by_type_line: dict[str, list[TypeRule]] = field(default_factory=dict, repr=False)  # cache

    def for_type_line(self, type_line: str) -> list[TypeRule]:
        """ "Legendary Creature — Dragon" -> the rules on legendary permanents and creatures."""
        found = self._by_type_line.get(type_line)
        if found is None:
            found = self._by_type_line[type_line] = self._read_type_line(type_line)
        return found

    def _read_type_line(self, type_line: str) -> list[TypeRule]:
        main, _, sub = type_line.partition("—")
        words = [fold(word) for word in main.split()]
        found = [self.card_types[word] for word in words if word in self.card_types]
        is_spell = bool(SPELL_TYPES & set(words))
        for word in words:
            choices = self.supertypes.get(word, [])
            for_spells = [rule for rule, spells in choices if spells]
            for_permanents = [rule for rule, spells in choices if not spells]
            found += (for_spells if is_spell and for_spells else for_permanents)[:1]
        for word in sub.split():
            found += self.subtypes.get(fold(word), [])
        return found

    def for_layout(self, layout: str) -> TypeRule | None:
        return self.layouts.get(layout)

    def is_face_down_keyword(self, name: str, number: str) -> bool:
        rule = number[:-1] if number[-1].isalpha() else number  # 702.37b -> 702.37
        return rule in self.face_down_keyword_rules or fold(name) in FACE_DOWN_NAMES

    def face_down_in_text(self, text: str) -> list[str]:
        """What the text does with face-down permanents, in FACE_DOWN_TEXT's words."""
        if "face" not in text.lower():
            return []
        return [words for pattern, words in FACE_DOWN_TEXT if pattern.search(text)]

    def loyalty_in_text(self, text: str) -> TypeRule | None:
        """The rule on loyalty abilities when the text has one ("[+1]: Draw a card.")."""
        if self.loyalty and "]:" in text and LOYALTY_COST.search(text):
            return TypeRule(self.loyalty, Reason.CARD_TYPE, "Planeswalker")
        return None


def build_type_rules(index: RulesIndex) -> TypeRules:
    rules = TypeRules()
    _add_card_types(rules, index)
    _add_supertypes(rules, index)
    _add_subtypes(rules, index)
    for layout, (title, starting) in LAYOUT_SECTIONS.items():
        section = index.section_titled(title)
        if section is None:
            continue
        rule = index.child_starting(section.number, starting) if starting else None
        rules.layouts[layout] = TypeRule((rule or section).number, Reason.LAYOUT, str(layout))
    loyalty = index.section_titled(LOYALTY_TITLE)
    rules.loyalty = loyalty.number if loyalty else ""
    face_down = index.section_titled(FACE_DOWN_TITLE)
    if face_down is not None:
        rules.face_down = face_down.number
        for chapter_section in ("Keyword Actions", "Keyword Abilities"):
            section = index.section_titled(chapter_section)
            for rule in index.children(section.number) if section else []:
                texts = [rule.text] + [sub.text for sub in index.descendants(rule.number)]
                if any(face_down.number in cited_numbers(text) for text in texts):
                    rules.face_down_keyword_rules.add(rule.number)
    return rules


def _plural_forms(word: str) -> set[str]:
    """Every way chapter 3 titles make a plural: creatures, sorceries, phenomena."""
    return {word + "s", word + "es", word[:-1] + "ies", word[:-2] + "a"}


def _add_card_types(rules: TypeRules, index: RulesIndex):
    chapter = [section for section in index.sections if re.fullmatch(r"3\d\d", section.number)]
    listed = next(
        (match for section in index.sections if (match := TYPE_LIST.search(section.text))), None
    )
    names = list_items(listed["list"]) if listed else []
    for name in map(fold, names):
        plurals = _plural_forms(name)
        for section in chapter:
            if fold(section.title) in plurals:
                rules.card_types[name] = TypeRule(section.number, Reason.CARD_TYPE, name.title())
                break
    for section in chapter:
        for rule in index.descendants(section.number):
            for match in OLD_TYPE_NAME.finditer(rule.text):
                old = fold(match["name"])
                rules.card_types.setdefault(
                    old, TypeRule(section.number, Reason.CARD_TYPE, old.title())
                )


def _add_supertypes(rules: TypeRules, index: RulesIndex):
    supertypes = index.section_titled("Supertypes", level=3)
    if supertypes is None:
        return
    for subrule in index.children(supertypes.number):
        if not subrule.text.startswith("Any "):
            continue
        for match in SUPERTYPE.finditer(subrule.text):
            name = fold(match["name"])
            spells = "instant or sorcery" in subrule.text
            rule = TypeRule(subrule.number, Reason.SUPERTYPE, name.title())
            rules.supertypes.setdefault(name, []).append((rule, spells))


def _add_subtypes(rules: TypeRules, index: RulesIndex):
    for section in index.sections:
        if not section.number.startswith("3"):
            continue
        for match in SUBTYPE.finditer(section.text):
            name = fold(match["name"])
            if name not in rules.subtypes:
                rules.subtypes[name] = [TypeRule(section.number, Reason.SUBTYPE, match["name"])]
    for section in index.sections:
        listed = BASIC_LAND_TYPE_LIST.match(section.text)
        for name in list_items(listed["list"]) if listed else []:
            rule = TypeRule(section.number, Reason.SUBTYPE, name)
            rules.subtypes.setdefault(fold(name), []).append(rule)
    # "714. Saga Cards", "719. Case Cards": the section on the cards with that subtype.
    for section in index.sections:
        cards = re.fullmatch(r"(?P<name>[A-Z][a-z]+) Cards", section.title)
        if cards and section.number.startswith("7"):
            rule = TypeRule(section.number, Reason.SUBTYPE, cards["name"])
            rules.subtypes.setdefault(fold(cards["name"]), []).append(rule)
