"""The rule linker on card text, against the rules files themselves: which rules a card's text,
types, layout and keywords use. No database."""

import json

from django.test import SimpleTestCase

from oracle.tests.helpers import KEYWORDS
from rulings.importers.comprehensive_rules import read_rules
from rulings.linking.compute import CardFacts, FaceFacts, RuleLinker
from rulings.linking.keyword_coverage import coverage
from rulings.linking.keyword_rules import NOT_IN_RULES, phrase
from rulings.linking.rules_index import RulesIndex, Section
from rulings.linking.sync import search_rules_for
from rulings.tests.helpers import CURRENT_RULES, MAY_2007_RULES


def index_of(document, extra=()):
    sections = [Section(0, r.number, r.title, r.text, r.position) for r in document.sections]
    return RulesIndex([*sections, *extra])


class LinkerOnTextTests(SimpleTestCase):
    """The linker on card text, against the rules file itself: no database."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.document = read_rules(CURRENT_RULES)
        cls.linker = RuleLinker(index_of(cls.document))

    def links(self, text="", type_line="Instant", layout="normal", name="Test Card", keywords=()):
        card = CardFacts(name, layout, [FaceFacts(name, type_line, text)], list(keywords))
        return self.linker.links(card)

    def numbers(self, *args, **kwargs):
        return set(self.links(*args, **kwargs))

    def assert_each_uses(self, cases: dict[str, str]):
        """Each text (of an instant) uses the rule it is paired with."""
        for text, number in cases.items():
            with self.subTest(text):
                self.assertIn(number, self.numbers(text))

    def test_keyword_actions_are_found_in_every_inflection(self):
        cases = {
            "Scry 2.": "701.22",
            "Each opponent sacrifices a creature.": "701.21",
            "When this creature transformed into its back face": "701.27",
            "Those creatures fought each other.": "701.14",
            "If you surveilled this turn, draw a card.": "701.25",
            "Untap target creature.": "701.26",
            "It connives.": "701.50",
            "Venture into the dungeon.": "701.49",
            "The Ring tempts you.": "701.54",
            "Manifest dread.": {"701.62", "708"},  # the manifested card is face down
        }
        for text, numbers in cases.items():
            with self.subTest(text):
                expected = {"307", *([numbers] if isinstance(numbers, str) else numbers)}
                self.assertEqual(self.numbers(text, type_line="Sorcery"), expected)

    def test_counter_the_noun_is_not_the_keyword_action(self):
        self.assertNotIn("701.6", self.numbers("Put a +1/+1 counter on target creature."))
        self.assertIn("701.6", self.numbers("Counter target spell."))
        self.assertIn("701.6", self.numbers("This spell can't be countered."))

    def test_double_strike_is_not_the_action_double(self):
        self.assertEqual(self.numbers("Double strike", "Creature"), {"302", "702.4"})
        self.assertEqual(self.numbers("Double target creature's power."), {"304", "701.10"})

    def test_untap_step_is_a_step_not_the_action_untap(self):
        self.assertEqual(self.numbers("Each opponent skips their next untap step."), {"304"})
        self.assertIn("701.26", self.numbers("It doesn't untap during your untap step."))

    def test_a_keyword_that_only_picks_out_other_objects_is_not_used(self):
        picks_out = [
            "Tumble deals 6 damage to each creature with flying.",
            "Target creature without flying can't block this turn.",
            "This creature can't be blocked except by creatures with flying.",
            "Destroy target creature with islandwalk.",
            "Search your library for an instant card or a card with flash.",
            "Whenever a creature you control with trample attacks, it gets +2/+2.",
            "When this creature enters or leaves the battlefield, it deals 1 damage to each "
            "creature without flying.",
        ]
        for text in picks_out:
            with self.subTest(text):
                self.assertEqual(self.numbers(text) & {"702.8", "702.9", "702.14", "702.19"}, set())
        gives = {
            "Create a 1/1 white Pegasus creature token with flying.": "702.9",
            "It becomes a 4/4 red Giant artifact creature with trample.": "702.19",
            "It becomes your choice of a 3/3 creature or a 1/6 creature with defender.": "702.3",
            "If it was kicked, it enters the battlefield with three +1/+1 counters on it and with "
            "haste.": "702.10",
            "Create a 2/2 black Knight creature token with flanking, protection from white, and "
            "haste.": "702.16",
            "Other creatures you control with flanking have flanking.": "702.25",
            "It can block creatures with shadow as though they didn't have shadow.": "702.28",
            "That creature loses flying until end of turn.": "702.9",
        }
        self.assert_each_uses(gives)

    def test_forms_of_a_keyword_ability_its_rules_quote(self):
        cases = {
            "Whenever a player cycles a card, you may draw a card.": "702.29",
            "Remove a time counter from target permanent or suspended card.": "702.62",
            "If this spell was kicked, draw a card.": "702.33",
            "Whenever this Vehicle becomes crewed, untap it.": "702.122",
            "Return target card that phased out this turn.": "702.26",
        }
        self.assert_each_uses(cases)
        # "Phase" is also a word of the rules' titles ("505. Main Phase"): not phasing.
        self.assertNotIn("702.26", self.numbers("After this main phase, untap all creatures."))

    def test_text_about_face_down_permanents(self):
        cases = {
            "Whenever a permanent is turned face up, draw a card.": "turned face up",
            "Turn all other nontoken creatures face down.": "turns cards face down",
            "Look at target face-down creature.": "face-down permanents",
        }
        for text, detail in cases.items():
            with self.subTest(text):
                links = self.links(text)
                self.assertEqual((links["708"].reason, links["708"].detail), ("face_down", detail))
        # A card with morph says why by its keyword, not by every sentence about it.
        morph = self.links("Morph {U}\nWhen this creature is turned face up, draw a card.")
        self.assertEqual(morph["708"].detail, "Morph")
        self.assertNotIn("708", self.numbers("Exile the top card of your library face down."))

    def test_loyalty_abilities_of_a_planeswalker(self):
        text = "[+1]: Draw a card.\n[−2]: Target creature gets -2/-2.\n[0]: Scry 1."
        links = self.links(text, type_line="Legendary Planeswalker — Jace")
        self.assertEqual(set(links), {"205.4d", "306", "606", "701.22"})
        self.assertEqual((links["606"].reason, links["606"].detail), ("card_type", "Planeswalker"))

    def test_a_card_with_no_text_or_no_faces(self):
        self.assertEqual(self.numbers(type_line=""), set())
        self.assertEqual(self.linker.links(CardFacts("Nothing", "normal", [])), {})

    def test_the_same_code_links_against_an_older_edition(self):
        linker = RuleLinker(index_of(read_rules(MAY_2007_RULES)))
        cavern = CardFacts(
            "Zoetic Cavern", "normal", [FaceFacts("Zoetic Cavern", "Land", "Morph {2}")]
        )
        self.assertEqual(set(linker.links(cavern)), {"502.26", "504"})  # morph, face-down

    def test_reminder_text_and_the_cards_own_name_are_not_read(self):
        self.assertEqual(
            self.numbers(
                "Fight with Fire deals 5 damage to target creature.", name="Fight with Fire"
            ),
            {"304"},
        )
        morph = "Morph {2} (You may cast this card face down as a 2/2 creature for {3}.)"
        self.assertEqual(self.numbers(morph, "Land"), {"305", "702.37", "708"})

    def test_keyword_variants_lead_to_their_own_subrule(self):
        cases = {
            "Protection from black": {"702.16"},
            "Protection from everything": {"702.16j"},
            "Hexproof from blue": {"702.11d"},
            "Basic landcycling {1}{G}": {"702.29e"},
            "Swampcycling {2}": {"702.29e"},
            "Nonbasic landwalk": {"702.14"},
            "Megamorph {2}{G}": {"702.37b", "708"},
            "Multikicker {1}{G}": {"702.33c"},
            "Partner with Pir, Imaginative Rascal": {"702.124j"},
            "Equip planeswalker {1}": {"702.6e"},
            "Daybound": {"702.145"},
        }
        for text, numbers in cases.items():
            with self.subTest(text):
                self.assertEqual(self.numbers(text, "Creature") - {"302"}, numbers)

    def test_types_supertypes_and_subtypes(self):
        cases = {
            "Legendary Sorcery": {"205.4e", "307"},
            "Legendary Artifact": {"205.4d", "301"},
            "Kindred Instant — Goblin": {"308", "304"},
            "Tribal Enchantment — Elf Aura": {"308", "303", "303.4"},
            "Basic Snow Land — Forest": {"205.4c", "205.4g", "305", "305.6"},
            "World Enchantment": {"205.4f", "303"},
            "Artifact — Vehicle": {"301", "301.7"},
            "Battle — Siege": {"310", "310.11"},
            "Enchantment — Saga": {"303", "303.5", "714"},
            "Legendary Planeswalker — Jace": {"205.4d", "306"},
            "Land Creature — Forest Dryad": {"302", "305", "305.6"},
        }
        for type_line, numbers in cases.items():
            with self.subTest(type_line):
                self.assertEqual(self.numbers(type_line=type_line), numbers)

    def test_layouts(self):
        cases = {
            "split": "709",
            "flip": "710",
            "leveler": "711",
            "transform": "712.2",
            "modal_dfc": "712.3",
            "meld": "712.4",
            "saga": "714",
            "adventure": "715",
            "class": "716",
        }
        for layout, number in cases.items():
            with self.subTest(layout):
                self.assertEqual(self.numbers(type_line="", layout=layout), {number})
        aftermath = self.numbers("Aftermath", "Sorcery", layout="aftermath")
        self.assertEqual(aftermath, {"307", "709", "702.127"})

    def test_ability_words_at_the_start_of_a_line(self):
        self.assertEqual(
            self.numbers("Landfall — Whenever a land you control enters, draw a card.", "Creature"),
            {"302", "207.2c"},
        )
        self.assertIn("207.2c", self.numbers("Descend 4 — This creature gets +2/+2.", "Creature"))
        self.assertNotIn("207.2c", self.numbers("Draw a card. Threshold matters.", "Sorcery"))

    def test_keywords_mtgjson_lists(self):
        keywords = [("Flying", "ability"), ("Corrupted", "ability_word"), ("Treasure", "action")]
        self.assertEqual(
            self.numbers(type_line="", keywords=keywords), {"702.9", "207.2c", "111.10a"}
        )

    def test_a_new_rules_edition_brings_its_keywords(self):
        new_rule = Section(0, "702.999", "Frobnicate", "", 99999)
        linker = RuleLinker(index_of(self.document, [new_rule]))
        self.assertIsNone(self.linker.keywords.lookup("Frobnicate"))
        self.assertEqual(linker.keywords.lookup("Frobnicate").number, "702.999")
        card = CardFacts("X", "normal", [FaceFacts("X", "Creature", "Frobnicate 2")])
        self.assertIn("702.999", linker.links(card))

    def test_every_keyword_mtgjson_defines_has_a_rule_except_those_the_rules_lack(self):
        data = json.loads(KEYWORDS.read_text())["data"]
        kinds = {"abilityWords": "ability_word", "keywordAbilities": "ability"}
        pairs = [
            (name, kinds.get(group, "action")) for group, names in data.items() for name in names
        ]
        found = coverage(self.linker.keywords, pairs)
        self.assertEqual(found.missing, [])
        self.assertEqual({phrase(name) for name in found.not_in_rules}, set(NOT_IN_RULES))

    def test_search_rules_lists_each_number_with_those_above_it(self):
        self.assertEqual(search_rules_for(["702.37c", "708"]), " 7 702 702.37 702.37c 708 ")
        self.assertEqual(
            search_rules_for(["702.10", "702.9", "205.4d"]),
            " 2 205 205.4 205.4d 7 702 702.9 702.10 ",
        )
        self.assertEqual(search_rules_for([]), "")
