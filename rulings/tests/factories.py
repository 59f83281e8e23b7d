"""Plain functions that build Comprehensive Rules data for tests, with sensible defaults."""

from datetime import date

from django.utils.text import slugify

from rulings.models import GlossaryEntry, RuleMapping, RuleSection, RulesEdition
from rulings.rules.numbers import ancestors_of, level_of

CURRENT = date(2026, 4, 17)
MAY_2007 = date(2007, 5, 1)


def make_edition(effective_date=CURRENT, language="en", is_complete=True, **fields):
    edition, _ = RulesEdition.objects.get_or_create(
        language=language,
        effective_date=effective_date,
        defaults={"is_complete": is_complete, "source": "factory", **fields},
    )
    return edition


def make_section(edition, number, title="", text="", examples=(), position=None):
    """A rule numbered like the real ones; its parent (which must exist) comes from the number,
    and it goes after everything already in the edition unless ``position`` says otherwise."""
    parents = ancestors_of(number)
    parent = edition.sections.get(number=parents[-1]) if parents else None
    if position is None:
        last = edition.sections.order_by("-position").values_list("position", flat=True).first()
        position = (last or 0) + 1
    return RuleSection.objects.create(
        edition=edition,
        number=number,
        level=level_of(number),
        parent=parent,
        title=title,
        text=text,
        examples=list(examples),
        position=position,
    )


def make_rules(edition, rows):
    """Sections in reading order from (number, title, text[, examples]) rows; returns them by
    number: ``make_rules(e, [("7", "Additional Rules", ""), ("702", "Keyword Abilities", "")])``.
    """
    made = {}
    for row in rows:
        number, title, text, *rest = row
        made[number] = make_section(edition, number, title, text, examples=rest[0] if rest else ())
    return made


def make_glossary_entry(edition, term, text, position=None):
    if position is None:
        position = edition.glossary.count() + 1
    return GlossaryEntry.objects.create(
        edition=edition, term=term, slug=slugify(term), text=text, position=position
    )


def make_mapping(old_section, current_section, confidence=0.9, method=None):
    if method is None:
        method = RuleMapping.Method.TEXT if current_section else RuleMapping.Method.NONE
    return RuleMapping.objects.create(
        old_section=old_section,
        current_section=current_section,
        confidence=confidence,
        method=method,
    )


MORPH_TEXT = (
    "To cast a card using its morph ability, turn it face down. It becomes a 2/2 face-down "
    "creature card with no text, no name, no subtypes, and no mana cost. (See rule 613, "
    "“Interaction of Continuous Effects,” and rule 707, “Copying Objects.”) Pay {3} rather "
    "than pay its mana cost."
)


def make_small_rules(effective_date=CURRENT):
    """A small current edition: chapter 7 with section 702 (Flying, Morph) and 703, plus the
    sections and rules their texts cite, and a glossary. Returns (edition, sections by number).
    """
    edition = make_edition(effective_date)
    rows = [
        ("1", "Game Concepts", ""),
        ("100", "General", ""),
        ("100.1", "", "These Magic rules apply to any Magic game with two or more players."),
        ("100.1a", "", "A two-player game is a game that begins with only two players."),
        ("6", "Spells, Abilities, and Effects", ""),
        ("613", "Interaction of Continuous Effects", ""),
        ("613.1", "", "The values of an object’s characteristics are determined in layers."),
        ("7", "Additional Rules", ""),
        ("702", "Keyword Abilities", ""),
        ("702.1", "", "Most abilities describe exactly what they do in the card’s rules text."),
        ("702.9", "Flying", ""),
        ("702.9a", "", "Flying is an evasion ability."),
        (
            "702.9b",
            "",
            "A creature with flying can’t be blocked except by creatures with flying and/or "
            "reach. (See rule 702.17, “Reach.”)",
            ["A creature with flying can block a creature without flying."],
        ),
        ("702.17", "Reach", ""),
        ("702.17a", "", "Reach is a static ability."),
        ("702.37", "Morph", ""),
        ("702.37a", "", "Morph is a static ability. See rule 702.9 for evasion; see section 1."),
        ("702.37b", "", "Megamorph is a variant of the morph ability."),
        ("702.37c", "", MORPH_TEXT, ["Example one.", "Example two."]),
        ("703", "Turn-Based Actions", ""),
        ("703.1", "", "Turn-based actions are game actions that happen automatically."),
        ("707", "Copying Objects", ""),
        ("707.1", "", "Some objects become or turn another object into a copy."),
    ]
    sections = make_rules(edition, rows)
    make_glossary_entry(edition, "Flying", "A keyword ability. See rule 702.9, “Flying.”")
    make_glossary_entry(edition, "Morph", "A keyword ability. See rule 702.37, “Morph.”")
    make_glossary_entry(edition, "Ábaco", "An accented test term. See rules 702.37a–c.")
    return edition, sections


def make_old_rules(effective_date=MAY_2007):
    """A small May 2007 edition where Morph is 502.26, as then."""
    edition = make_edition(effective_date)
    rows = [
        ("5", "Additional Rules", ""),
        ("502", "Keyword Abilities", ""),
        ("502.26", "Morph", ""),
        ("502.26a", "", "Morph is a static ability that functions in any zone."),
        (
            "502.26b",
            "",
            "To play a card using its morph ability, turn it face down. It becomes a 2/2 "
            "face-down creature card, with no text, no name, no subtypes, and no mana cost. "
            "(See rule 418.5.) Pay {3} rather than its mana cost.",
        ),
        ("502.26c", "", "You can’t play a card face down if it doesn’t have morph."),
        ("502.99", "", "A rule that went away."),
    ]
    return edition, make_rules(edition, rows)
