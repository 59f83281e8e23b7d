"""What a deck of each format must be: its size, its sideboard, how many copies of a card, and
whether it has a commander.

Which cards a format bans or restricts is the card data's (``Card.legalities``, MTGJSON's); the
rest is the formats' own rules, written here for the formats the page offers (in the card
page's order, ``oracle.formats.FORMATS``):

- the constructed formats: at least 60 cards in the main deck, at most 15 in the sideboard, at
  most four copies of a card in both together (one of a restricted card);
- Commander and its kin (Duel Commander, PreDH, Historic Brawl): exactly 100 cards with the
  commander, one copy of each card, every card within the commander's colour identity; Brawl
  and Standard Brawl: the same with 60 cards, a planeswalker may be the commander.

Basic lands and cards whose text allows any number of copies ("A deck can have any number of
cards named ...") are exempt from the limit on copies; a card that allows "up to seven" (or
nine) may have that many. The formats whose rules are more than these (Oathbreaker, Pauper
Commander, Gladiator) are not offered.
"""

import re
from dataclasses import dataclass

from oracle.formats import FORMATS, format_name

COMMANDER_TYPES = ("Creature",)
BRAWL_TYPES = ("Creature", "Planeswalker")


@dataclass(frozen=True)
class DeckRules:
    key: str
    min_main: int  # cards in the main deck (with the commander where there is one)
    max_main: int | None = None
    max_sideboard: int | None = 15  # None: not checked
    copies: int = 4  # of one card, main deck and sideboard together
    commander: bool = False
    commander_types: tuple[str, ...] = COMMANDER_TYPES  # a legendary one of these commands

    @property
    def name(self):
        return format_name(self.key)

    @property
    def singleton(self) -> bool:
        return self.copies == 1


CONSTRUCTED = (
    "standard", "pioneer", "modern", "legacy", "vintage", "pauper", "premodern", "oldschool",
    "penny", "future", "historic", "timeless", "alchemy", "explorer",
)  # fmt: skip
HUNDRED_CARDS = {
    "commander": COMMANDER_TYPES,
    "duel": COMMANDER_TYPES,
    "predh": COMMANDER_TYPES,
    "historicbrawl": BRAWL_TYPES,
}
SIXTY_CARDS_WITH_COMMANDER = {"brawl": BRAWL_TYPES, "standardbrawl": BRAWL_TYPES}

RULES = {
    **{key: DeckRules(key, min_main=60) for key in CONSTRUCTED},
    **{key: DeckRules(key, 100, 100, None, 1, True, types) for key, types in HUNDRED_CARDS.items()},
    **{
        key: DeckRules(key, 60, 60, None, 1, True, types)
        for key, types in SIXTY_CARDS_WITH_COMMANDER.items()
    },
}
# In the order the card page lists the formats.
OFFERED = tuple(fmt.key for fmt in FORMATS if fmt.key in RULES)

NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10,
}  # fmt: skip
ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.IGNORECASE)


def rules_for(key: str) -> DeckRules | None:
    return RULES.get((key or "").strip().lower())


def copies_allowed(card, rules: DeckRules) -> int | None:
    """How many copies of ``card`` (a ``resolve.CardInfo``) a deck may hold: None for any
    number (basic lands, "any number of cards named"), the number its text allows ("up to
    seven"), else the format's."""
    if is_basic_land(card.front_type_line) or ANY_NUMBER.search(card.oracle_text):
        return None
    up_to = UP_TO.search(card.oracle_text)
    if up_to:
        word = up_to[1].lower()
        return int(word) if word.isdigit() else NUMBER_WORDS.get(word, rules.copies)
    return rules.copies


def is_basic_land(type_line: str) -> bool:
    supertypes = type_line.partition("—")[0].split()
    return "Basic" in supertypes and "Land" in supertypes


def can_command(card, rules: DeckRules) -> bool:
    """Whether ``card`` may be the commander: legendary and of one of the format's types, or
    saying so itself ("... can be your commander")."""
    if "can be your commander" in card.oracle_text:
        return True
    supertypes = card.front_type_line.partition("—")[0].split()
    return "Legendary" in supertypes and any(kind in supertypes for kind in rules.commander_types)
