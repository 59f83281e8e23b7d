"""The Italian words of the card types and supertypes (and of the equipment and token words a
search may use), as Italian cards print them: the one table that the search's ``t:``
(``oracle.search.conditions.card_text``), the release-notes reader's type lines
(``rulings.importers.release_notes.line_shapes``) and the pages' names of a type whose Italian
name the importer has not learned (``CardType.name_it``; ``web.pages.search.facets``) read.

``compose_italian_type_line`` says an English type line with these words and the subtypes'
Italian names, for the cards never printed in Italian (``web.pages.type_lines``)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ItalianType:
    printed: tuple[str, ...]  # as a type line prints it; a supertype's masculine form first
    plural: tuple[str, ...] = ()  # the other forms a search may use
    label: str = ""  # what a page calls it, when not its printed name
    feminine: bool = False  # a card type a supertype agrees with ("Creatura Leggendaria")

    @property
    def name(self) -> str:
        return self.label or self.printed[0]

    @property
    def forms(self) -> tuple[str, ...]:
        return self.printed + self.plural


ITALIAN_TYPES = {
    # Card types (Comprehensive Rules 205.2a).
    "Artifact": ItalianType(("Artefatto",), ("Artefatti",)),
    "Battle": ItalianType(("Battaglia",), feminine=True),
    "Conspiracy": ItalianType(("Cospirazione",), feminine=True),
    "Creature": ItalianType(("Creatura",), feminine=True),
    "Dungeon": ItalianType(("Dungeon",)),
    "Enchantment": ItalianType(("Incantesimo",), ("Incantesimi",)),
    "Instant": ItalianType(("Istantaneo",), ("Istantanei",)),
    # Tribal became Kindred in 2024; pages name it by the word players know.
    "Kindred": ItalianType(("Affine",), label="Kindred (già Tribale)"),
    "Land": ItalianType(("Terra",), ("Terre",), feminine=True),
    "Phenomenon": ItalianType(("Fenomeno",)),
    "Plane": ItalianType(("Piano",)),
    "Planeswalker": ItalianType(("Planeswalker",)),
    "Scheme": ItalianType(("Intrigo",)),
    "Sorcery": ItalianType(("Stregoneria",), ("Stregonerie",), feminine=True),
    "Tribal": ItalianType(("Tribale",), ("Tribali",)),
    "Vanguard": ItalianType(("Vanguard",)),
    # Supertypes (205.4a): adjectives that agree with the card type.
    "Basic": ItalianType(("Base",)),
    "Legendary": ItalianType(("Leggendario", "Leggendaria"), ("Leggendari", "Leggendarie")),
    "Ongoing": ItalianType(("Continuo",)),
    "Snow": ItalianType(("Neve",)),
    "World": ItalianType(("Mondo",)),
    # A subtype and the word of a token's type line.
    "Equipment": ItalianType(("Equipaggiamento",)),
    "Token": ItalianType(("Pedina",), ("Pedine",)),
}


def italian_type_name(english: str) -> str:
    """What a page calls a type in Italian ("Creature" -> "Creatura")."""
    return ITALIAN_TYPES[english].name


SUPERTYPES = {"Basic", "Legendary", "Ongoing", "Snow", "World"}
CREATURE_TYPES = {"Creature", "Kindred", "Tribal"}  # the types whose subtypes are creature types
LONGEST_SUBTYPE = 4  # words ("Bolas’s Meditation Realm")


def compose_italian_type_line(type_line: str, subtypes: dict[str, str]) -> str:
    """The Italian of one face's English ``type_line`` said with the catalogue's Italian type
    words, in the order Italian cards print them ("Legendary Artifact Creature — Human Wizard"
    -> "Creatura Artefatto Leggendaria — Mago Umano"); ``subtypes`` maps each English subtype
    to its Italian name ("" when none is known). "" when a word has no Italian name."""
    types_part, dash, subtypes_part = type_line.partition(" — ")
    words, supertypes, card_types = [], [], []
    for word in types_part.split():
        italian = ITALIAN_TYPES.get(word)
        if italian is None:
            return ""
        if word == "Token":  # "Pedina Creatura — Goblin"
            words.append(italian.printed[0])
        else:
            (supertypes if word in SUPERTYPES else card_types).append(italian)
    if not card_types:
        return ""
    # The last English type is the noun the others qualify: Italian says it first.
    head, *others = reversed(card_types)
    words += [head.printed[0], *(other.printed[0] for other in reversed(others))]
    for supertype in supertypes:
        forms = supertype.printed
        words.append(forms[1] if head.feminine and len(forms) > 1 else forms[0])
    italian_subtypes = _italian_subtypes(subtypes_part.split(), subtypes)
    if italian_subtypes is None:
        return ""
    if CREATURE_TYPES & set(types_part.split()):
        # Italian names a creature's kind before its race: "Human Wizard" is "Mago Umano".
        italian_subtypes.reverse()
    line = " ".join(words)
    return f"{line} — {' '.join(italian_subtypes)}" if dash else line


def _italian_subtypes(words: list[str], names: dict[str, str]) -> list[str] | None:
    """The Italian names of the subtypes ``words`` spell (a subtype may be several words: the
    longest known first), or None when one has no Italian name."""
    found = []
    while words:
        for length in range(min(LONGEST_SUBTYPE, len(words)), 0, -1):
            italian = names.get(" ".join(words[:length]))
            if italian:
                found.append(italian)
                words = words[length:]
                break
        else:
            return None
    return found
