"""The Italian words of the card types and supertypes (and of the equipment and token words a
search may use), as Italian cards print them: the one table that the search's ``t:``
(``oracle.search.conditions.card_text``), the release-notes reader's type lines
(``rulings.importers.release_notes.line_shapes``) and the pages' names of a type whose Italian
name the importer has not learned (``CardType.name_it``; ``web.pages.search.facets``) read."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ItalianType:
    printed: tuple[str, ...]  # as a type line prints it; a supertype's masculine form first
    plural: tuple[str, ...] = ()  # the other forms a search may use
    label: str = ""  # what a page calls it, when not its printed name

    @property
    def name(self) -> str:
        return self.label or self.printed[0]

    @property
    def forms(self) -> tuple[str, ...]:
        return self.printed + self.plural


ITALIAN_TYPES = {
    # Card types (Comprehensive Rules 205.2a).
    "Artifact": ItalianType(("Artefatto",), ("Artefatti",)),
    "Battle": ItalianType(("Battaglia",)),
    "Conspiracy": ItalianType(("Cospirazione",)),
    "Creature": ItalianType(("Creatura",)),
    "Dungeon": ItalianType(("Dungeon",)),
    "Enchantment": ItalianType(("Incantesimo",), ("Incantesimi",)),
    "Instant": ItalianType(("Istantaneo",), ("Istantanei",)),
    # Tribal became Kindred in 2024; pages name it by the word players know.
    "Kindred": ItalianType(("Affine",), label="Kindred (già Tribale)"),
    "Land": ItalianType(("Terra",), ("Terre",)),
    "Phenomenon": ItalianType(("Fenomeno",)),
    "Plane": ItalianType(("Piano",)),
    "Planeswalker": ItalianType(("Planeswalker",)),
    "Scheme": ItalianType(("Intrigo",)),
    "Sorcery": ItalianType(("Stregoneria",), ("Stregonerie",)),
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
