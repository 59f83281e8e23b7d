"""The rules each card uses (issue 6): worked out from the bundled cards and rules, kept by hand in
the admin, and written into CardRuleSearch for the rule: search."""

import json
from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import SimpleTestCase
from django.urls import reverse

from oracle.models import Card, Keyword
from rulings.editorial.editors import EDITORS_GROUP
from rulings.importers.comprehensive_rules import read_rules
from rulings.linking.compute import CardFacts, FaceFacts, RuleLinker
from rulings.linking.keyword_coverage import coverage
from rulings.linking.keyword_rules import NOT_IN_RULES, phrase
from rulings.linking.rules_index import RulesIndex, Section
from rulings.linking.sync import search_rules_for
from rulings.models import CardRule, CardRuleSearch, Language, RuleSection, RulesEdition, Ruling
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
CURRENT_RULES = FIXTURES / "rules" / "en" / "20260417.txt"
MAY_2007_RULES = FIXTURES / "rules" / "en" / "20070501.txt"
RULES_SAMPLE = Path(__file__).parent / "data" / "cr_en_sample.txt"
MADE_UP_SET = Path(settings.BASE_DIR) / "oracle" / "tests" / "data" / "made_up_marvel_set.json"
Reason = CardRule.Reason


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
        data = json.loads((FIXTURES / "mtgjson" / "Keywords.json").read_text())["data"]
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


# Read from each card's text and type line against the rules of 2026-04-17.
EXPECTED = {
    "Tarox Bladewing": {"205.4d", "207.2c", "302", "701.9", "702.9", "702.10"},
    "Llanowar Mentor": {"302", "701.7", "701.9"},
    "Arc Blade": {"307", "701.13", "702.62"},
    "Judge Unworthy": {"304", "701.20", "701.22"},
    "Zoetic Cavern": {"305", "702.37", "708"},
    "Jhoira of the Ghitu": {"205.4d", "302", "701.13", "702.62"},
    "Ixidron": {"302", "708"},
    "Bound in Silence": {"303", "303.4", "308", "702.5"},
    "Boom // Bust": {"307", "701.8", "709"},
    # "each creature with(out) flying" picks creatures out: the rules of flying are not used.
    "Rough // Tumble": {"307", "709"},
    "Assault // Battery": {"307", "701.7", "709"},
    "Aether Web": {"303", "303.4", "702.5", "702.8", "702.17", "702.28"},
    "Akroma, Angel of Fury": {
        "205.4d",
        "302",
        "701.6",
        "702.9",
        "702.16",
        "702.19",
        "702.37",
        "708",
    },
    "Cancel": {"304", "701.6"},
    "Centaur Omenreader": {"205.4g", "302", "701.5", "701.26"},
    "Darksteel Garrison": {"301", "301.6", "701.26", "702.12", "702.67"},
    "Forest": {"205.4c", "305", "305.6"},  # 305.6: a basic land type taps for its mana
    "Dryad Arbor": {"302", "305", "305.6"},
    "Astral Slide": {"303", "701.13", "702.29"},  # "cycles": 702.29d
    "Clockspinning": {"304", "702.27", "702.62"},  # "suspended card": 702.62b
    "Brine Elemental": {"302", "702.37", "708"},  # "untap step" is not the action untap
    "Aphetto Runecaster": {"302", "708"},  # "Whenever a permanent is turned face up"
    "Gnat Alley Creeper": {"302"},  # "can't be blocked by creatures with flying"
    "Merfolk Assassin": {"302", "701.8"},  # "Destroy target creature with islandwalk."
    "Penumbra Spider": {"302", "701.7", "702.17"},  # the token it creates has reach
    "Pouncing Wurm": {"302", "702.10", "702.33"},  # "enters ... with haste"
    "Foriysian Totem": {"301", "702.19"},  # "becomes a 4/4 ... creature with trample"
    "Cavalry Master": {"302", "702.25"},
    "Gathan Raiders": {"207.2c", "302", "701.9", "702.37", "708"},
    "Homing Sliver": {"302", "702.29e"},
    "Magus of the Mirror": {"302", "701.2", "701.12", "701.21"},
    "Nosy Goblin": {"302", "701.8", "701.21", "708"},
    "Sword of the Meek": {"301", "301.5", "701.3", "702.6"},
    "Thornweald Archer": {"302", "702.2", "702.17"},
    "Twisted Abomination": {"302", "701.19", "702.29e"},
    "Spin into Myth": {"304", "701.29"},
    "Steamflogger Boss": {"302", "701.45", "702.10"},
    "Gratuitous Violence": {"303", "701.10"},
    "Funeral Charm": {"304", "701.9", "702.14"},
    "Dash Hopes": {"304", "701.5", "701.6"},
    "Korlash, Heir to Blackblade": {
        "205.4d",
        "207.2c",
        "302",
        "701.9",
        "701.19",
        "701.23",
        "701.24",
        "701.26",
    },
    "Two-Headed Sliver": {"302", "702.111"},
    "Lord of Atlantis": {"302", "702.14"},
}


class BundledCardRulesTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.edition = RulesEdition.objects.official().in_force()
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")

    def links(self, name):
        return CardRule.objects.filter(card__name=name).select_related("section")

    def numbers_in_force(self, name):
        rows = self.links(name).filter(excluded=False)
        return {row.section.number for row in rows}

    def section(self, number, edition=None):
        return RuleSection.objects.get(edition=edition or self.edition, number=number)

    def link_rules(self):
        out = StringIO()
        call_command("link_rules", stdout=out, stderr=StringIO())
        return out.getvalue()

    # -- what is computed ------------------------------------------------------------------

    def test_each_card_uses_exactly_the_rules_its_text_names(self):
        for name, numbers in EXPECTED.items():
            with self.subTest(name):
                self.assertEqual(self.numbers_in_force(name), numbers)
                editions = {row.section.edition_id for row in self.links(name)}
                self.assertEqual(editions, {self.edition.pk})

    def test_each_link_says_why(self):
        reasons = {
            row.section.number: (row.reason, row.detail, row.origin)
            for row in self.links("Tarox Bladewing")
        }
        computed = CardRule.Origin.COMPUTED
        self.assertEqual(reasons["702.9"], (Reason.KEYWORD_ABILITY, "Flying", computed))
        self.assertEqual(reasons["701.9"], (Reason.KEYWORD_ACTION, "Discard", computed))
        self.assertEqual(reasons["207.2c"], (Reason.ABILITY_WORD, "Grandeur", computed))
        self.assertEqual(reasons["205.4d"], (Reason.SUPERTYPE, "Legendary", computed))
        self.assertEqual(reasons["302"], (Reason.CARD_TYPE, "Creature", computed))
        cavern = {row.section.number: row for row in self.links("Zoetic Cavern")}
        self.assertEqual((cavern["708"].reason, cavern["708"].detail), (Reason.FACE_DOWN, "Morph"))
        split = self.links("Boom // Bust").get(section__number="709")
        self.assertEqual((split.reason, split.detail), (Reason.LAYOUT, "split"))
        tribal = self.links("Bound in Silence").get(section__number="308")
        self.assertEqual((tribal.reason, tribal.detail), (Reason.CARD_TYPE, "Tribal"))
        ixidron = self.links("Ixidron").get(section__number="708")
        self.assertEqual(
            (ixidron.reason, ixidron.detail),
            (Reason.FACE_DOWN, "face-down permanents, turns cards face down"),
        )
        forest = self.links("Dryad Arbor").get(section__number="305.6")
        self.assertEqual((forest.reason, forest.detail), (Reason.SUBTYPE, "Forest"))

    def test_every_keyword_mtgjson_lists_for_a_card_is_linked_to_its_rule(self):
        keywords = Keyword.objects.filter(cards__isnull=False).distinct()
        unlinked = []
        for keyword in keywords:
            linked_cards = set(
                CardRule.objects.filter(
                    section__edition=self.edition, section__number=keyword.rule_number
                ).values_list("card_id", flat=True)
            )
            cards = set(keyword.cards.values_list("pk", flat=True))
            if not keyword.rule_number or not cards <= linked_cards:
                unlinked.append(keyword.name)
        self.assertGreater(keywords.count(), 50)
        self.assertEqual(unlinked, [])
        out = self.link_rules()
        self.assertIn(
            f"Coverage: {keywords.count()} of {keywords.count()} keywords linked to a rule "
            "(100.0%)",
            out,
        )

    def test_keywords_get_their_defining_rule(self):
        rules = dict(Keyword.objects.values_list("slug", "rule_number"))
        self.assertEqual(rules["flying"], "702.9")
        self.assertEqual(rules["suspend"], "702.62")
        self.assertEqual(rules["scry"], "701.22")
        self.assertEqual(rules["grandeur"], "207.2c")
        self.assertEqual(rules["swampcycling"], "702.29e")

    def test_search_rules_holds_each_rule_with_those_above_it(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        self.assertEqual(
            CardRuleSearch.numbers_of(tarox.pk),
            " 2 205 205.4 205.4d 207 207.2 207.2c 3 302 7 701 701.9 702 702.9 702.10 ",
        )
        morph = Card.objects.filter(rule_search__numbers__contains=" 702.37 ")
        self.assertIn("Zoetic Cavern", set(morph.values_list("name", flat=True)))
        self.assertEqual(
            set(morph.values_list("pk", flat=True)),
            set(
                CardRule.objects.filter(
                    section__edition=self.edition, section__number__startswith="702.37"
                ).values_list("card_id", flat=True)
            ),
        )

    def test_a_dry_run_writes_nothing(self):
        CardRule.objects.filter(card__name="Tarox Bladewing").delete()
        out = StringIO()
        call_command("link_rules", "--dry-run", stdout=out, stderr=StringIO())
        self.assertIn("Dry run: nothing was written.", out.getvalue())
        self.assertFalse(CardRule.objects.filter(card__name="Tarox Bladewing").exists())

    def test_link_rules_a_second_time_changes_nothing(self):
        before = list(
            CardRule.objects.values_list("pk", "card_id", "section_id", "reason", "detail")
        )
        out = self.link_rules()
        self.assertIn("Nothing changed", out)
        self.assertIn("0 created, 0 updated", out)
        after = list(
            CardRule.objects.values_list("pk", "card_id", "section_id", "reason", "detail")
        )
        self.assertEqual(before, after)

    def test_rule_numbers_in_rulings_are_linked_as_todays_rules(self):
        cancel = Card.objects.get(name="Cancel")
        Ruling.objects.create(
            card=cancel,
            date=date(2007, 5, 1),
            language=Language.ITALIAN,
            text="Vedi la regola 502.26b: una magia girata a faccia in giù non ha nome.",
        )
        Ruling.objects.create(card=cancel, date=date(2026, 5, 1), text="See rule 601.2.")
        self.link_rules()
        rows = {row.section.number: row for row in self.links("Cancel")}
        self.assertEqual(set(rows), {"304", "701.6", "702.37c", "601.2"})
        self.assertEqual(
            (rows["702.37c"].reason, rows["702.37c"].detail), (Reason.RULING, "502.26b, 2007-05-01")
        )
        self.assertIn(" 702.37c ", CardRuleSearch.numbers_of(cancel.pk))

    # -- hand-made links -------------------------------------------------------------------

    def test_a_hand_made_link_and_a_removal_survive_link_rules(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        CardRule.objects.create(
            card=tarox, section=self.section("704.5j"), reason=Reason.EDITOR, detail="legend rule"
        )
        CardRule.objects.filter(card=tarox, section__number="702.10").update(
            excluded=True, origin=CardRule.Origin.MANUAL
        )
        self.link_rules()
        self.assertEqual(
            self.numbers_in_force("Tarox Bladewing"),
            EXPECTED["Tarox Bladewing"] - {"702.10"} | {"704.5j"},
        )
        removed = self.links("Tarox Bladewing").get(section__number="702.10")
        self.assertEqual((removed.origin, removed.excluded), (CardRule.Origin.MANUAL, True))
        search = CardRuleSearch.numbers_of(tarox.pk)
        self.assertIn(" 704.5j ", search)
        self.assertNotIn(" 702.10 ", search)
        self.assertIn("Nothing changed", self.link_rules())

    def test_links_in_an_older_edition_move_to_the_current_one(self):
        older = RulesEdition.objects.get(language=Language.ENGLISH, effective_date=date(2007, 5, 1))
        cavern = Card.objects.get(name="Zoetic Cavern")
        CardRule.objects.filter(card=cavern).delete()
        # Made when the 2007 rules were current: morph was 502.26, its face-down rule 502.26b.
        CardRule.objects.create(
            card=cavern, section=self.section("502.26b", older), reason=Reason.EDITOR, detail="x"
        )
        CardRule.objects.create(
            card=cavern,
            section=self.section("502.26", older),
            reason=Reason.KEYWORD_ABILITY,
            origin=CardRule.Origin.COMPUTED,
        )
        out = self.link_rules()
        self.assertIn("1 moved to the current edition", out)
        manual = self.links("Zoetic Cavern").get(origin=CardRule.Origin.MANUAL)
        self.assertEqual((manual.section.number, manual.section.edition), ("702.37c", self.edition))
        self.assertEqual(
            self.numbers_in_force("Zoetic Cavern"), EXPECTED["Zoetic Cavern"] | {"702.37c"}
        )

    # -- after imports ---------------------------------------------------------------------

    def test_a_card_import_links_the_imported_cards(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        CardRule.objects.filter(card=tarox).delete()
        CardRuleSearch.objects.filter(card=tarox).delete()
        # Zoetic Cavern is not in Future Sight: its rows are left as they are.
        cavern = list(self.links("Zoetic Cavern").values_list("pk", "section_id", "detail"))
        out = StringIO()
        call_command(
            "import_mtgjson", FIXTURES / "mtgjson" / "FUT.json", stdout=out, stderr=StringIO()
        )
        self.assertEqual(self.numbers_in_force("Tarox Bladewing"), EXPECTED["Tarox Bladewing"])
        self.assertIn(" 702.9 ", CardRuleSearch.numbers_of(tarox.pk))
        self.assertEqual(
            list(self.links("Zoetic Cavern").values_list("pk", "section_id", "detail")), cavern
        )

    def test_importing_the_current_rules_edition_again_links_the_cards(self):
        jhoira = Card.objects.get(name="Jhoira of the Ghitu")
        CardRule.objects.filter(card=jhoira).delete()
        RuleSection.objects.filter(edition=self.edition, number="702.62a").update(text="Changed.")
        call_command("import_rules", CURRENT_RULES, stdout=StringIO(), stderr=StringIO())
        self.assertEqual(
            self.numbers_in_force("Jhoira of the Ghitu"), EXPECTED["Jhoira of the Ghitu"]
        )

    def test_hand_made_links_follow_a_new_current_edition(self):
        """A new edition (the sample's few rules, with flying renumbered 702.8) becomes current:
        the hand-made link and the removal follow flying to its new number; a hand-made link
        to a rule the new edition lacks stays where it was and is reported."""
        tarox = Card.objects.get(name="Tarox Bladewing")
        CardRule.objects.create(
            card=tarox, section=self.section("702.9b"), reason=Reason.EDITOR, detail="blocking"
        )
        CardRule.objects.create(
            card=tarox, section=self.section("704.5j"), reason=Reason.EDITOR, detail="legend"
        )
        CardRule.objects.filter(card=tarox, section__number="702.9").update(
            excluded=True, origin=CardRule.Origin.MANUAL
        )
        newer = RULES_SAMPLE.read_text().replace("April 17, 2026", "June 12, 2026")
        path = Path(self.enterContext(TemporaryDirectory())) / "june.txt"
        path.write_text(newer.replace("702.9", "702.8"))
        call_command("import_rules", path, allow_shrink=True, stdout=StringIO(), stderr=StringIO())
        june = RulesEdition.objects.official().in_force()
        self.assertEqual(june.effective_date, date(2026, 6, 12))
        rows = {
            (row.section.number, row.section.edition.effective_date, row.origin, row.excluded)
            for row in self.links("Tarox Bladewing").select_related("section__edition")
        }
        manual, computed = CardRule.Origin.MANUAL, CardRule.Origin.COMPUTED
        self.assertEqual(
            rows,
            {
                ("702.8b", date(2026, 6, 12), manual, False),
                ("702.8", date(2026, 6, 12), manual, True),
                ("704.5j", date(2026, 4, 17), manual, False),
            },
        )
        self.assertFalse(
            CardRule.objects.filter(origin=computed).exclude(section__edition=june).exists()
        )
        self.assertEqual(CardRuleSearch.numbers_of(tarox.pk), " 7 702 702.8 702.8b ")
        err = StringIO()
        call_command("link_rules", stdout=StringIO(), stderr=err)
        self.assertIn(
            "Hand-made link with no section in the current edition: Tarox Bladewing → 704.5j",
            err.getvalue(),
        )

    # -- the admin -------------------------------------------------------------------------

    def test_admin_lists_links_with_filters_and_search(self):
        self.client.force_login(self.admin)
        url = reverse("admin:rulings_cardrule_changelist")
        response = self.client.get(url, {"reason__exact": "face_down", "q": "Zoetic"})
        self.assertContains(response, "Zoetic Cavern")
        self.assertContains(response, "708")
        response = self.client.get(url, {"q": "702.62"})
        self.assertContains(response, "Jhoira of the Ghitu")
        self.assertNotContains(response, "Zoetic Cavern")
        response = self.client.get(url, {"origin__exact": "manual"})
        self.assertContains(response, "0 rules cards use")

    def test_admin_adds_a_link_by_hand(self):
        self.client.force_login(self.admin)
        tarox = Card.objects.get(name="Tarox Bladewing")
        add = reverse("admin:rulings_cardrule_add")
        page = self.client.get(add)
        self.assertContains(page, reverse("admin:rulings_cardrule_section_autocomplete"))
        response = self.client.post(
            add,
            {
                "card": tarox.pk,
                "section": self.section("704.5j").pk,
                "reason": Reason.EDITOR,
                "detail": "the legend rule",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:3000])
        link = self.links("Tarox Bladewing").get(section__number="704.5j")
        self.assertEqual((link.origin, link.detail), (CardRule.Origin.MANUAL, "the legend rule"))
        self.assertIn(" 704.5j ", CardRuleSearch.numbers_of(tarox.pk))
        self.link_rules()
        self.assertTrue(self.links("Tarox Bladewing").filter(section__number="704.5j").exists())

    def test_an_editor_may_add_a_link_and_search_the_rules_for_it(self):
        editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(editor)
        autocomplete = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "704.5j",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        )
        self.assertEqual(autocomplete.status_code, 200)
        self.assertIn("704.5j", autocomplete.content.decode())
        tarox = Card.objects.get(name="Tarox Bladewing")
        response = self.client.post(
            reverse("admin:rulings_cardrule_add"),
            {
                "card": tarox.pk,
                "section": self.section("704.5j").pk,
                "reason": Reason.EDITOR,
                "detail": "the legend rule",
            },
        )
        self.assertEqual(response.status_code, 302)
        self.assertTrue(self.links("Tarox Bladewing").filter(section__number="704.5j").exists())

    def test_admin_offers_only_sections_of_the_current_edition(self):
        self.client.force_login(self.admin)
        older = RulesEdition.objects.get(language=Language.ENGLISH, effective_date=date(2007, 5, 1))
        response = self.client.post(
            reverse("admin:rulings_cardrule_add"),
            {
                "card": Card.objects.get(name="Cancel").pk,
                "section": self.section("502.26b", older).pk,
                "reason": Reason.EDITOR,
            },
        )
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Select a valid choice")
        found = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "502.26",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        ).json()
        self.assertEqual(found["results"], [])
        found = self.client.get(
            reverse("admin:rulings_cardrule_section_autocomplete"),
            {
                "term": "702.37",
                "app_label": "rulings",
                "model_name": "cardrule",
                "field_name": "section",
            },
        ).json()
        self.assertIn("702.37 Morph", [result["text"] for result in found["results"]])
        ids = [int(result["id"]) for result in found["results"]]
        editions = set(RuleSection.objects.filter(pk__in=ids).values_list("edition", flat=True))
        self.assertEqual(editions, {self.edition.pk})

    def test_editing_a_computed_link_in_the_admin_makes_it_a_hand_made_one(self):
        self.client.force_login(self.admin)
        link = self.links("Tarox Bladewing").get(section__number="702.9")
        response = self.client.post(
            reverse("admin:rulings_cardrule_change", args=[link.pk]),
            {
                "card": link.card_id,
                "section": link.section_id,
                "reason": Reason.KEYWORD_ABILITY,
                "detail": "Flying (checked against the Oracle text)",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:3000])
        self.link_rules()
        link.refresh_from_db()
        self.assertEqual(link.origin, CardRule.Origin.MANUAL)
        self.assertEqual(link.detail, "Flying (checked against the Oracle text)")

    def test_excluding_a_computed_link_in_the_admin_and_undoing_it(self):
        self.client.force_login(self.admin)
        url = reverse("admin:rulings_cardrule_changelist")
        link = self.links("Tarox Bladewing").get(section__number="702.10")
        delete = reverse("admin:rulings_cardrule_delete", args=[link.pk])
        with self.assertLogs("django.request", "WARNING"):
            self.assertEqual(self.client.get(delete).status_code, 403)
        response = self.client.post(
            url, {"action": "exclude_links", "_selected_action": [link.pk]}, follow=True
        )
        self.assertContains(response, "1 link removed.")
        self.link_rules()
        self.assertEqual(
            self.numbers_in_force("Tarox Bladewing"), EXPECTED["Tarox Bladewing"] - {"702.10"}
        )
        self.assertNotIn(
            " 702.10 ", CardRuleSearch.numbers_of(Card.objects.get(name="Tarox Bladewing").pk)
        )

        response = self.client.post(
            url,
            {"action": "undo_hand_changes", "_selected_action": [link.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 hand change undone")
        restored = self.links("Tarox Bladewing").get(section__number="702.10")
        self.assertEqual((restored.origin, restored.excluded), (CardRule.Origin.COMPUTED, False))
        self.assertIn(
            " 702.10 ", CardRuleSearch.numbers_of(Card.objects.get(name="Tarox Bladewing").pk)
        )


class LinkingWithoutRulesTests(EmptyDatabaseTestCase):
    def test_cards_imported_before_any_rules_are_linked_later(self):
        out = StringIO()
        call_command("import_mtgjson", MADE_UP_SET, stdout=StringIO(), stderr=StringIO())
        self.assertTrue(Card.objects.exists())
        call_command("link_rules", stdout=out, stderr=StringIO())
        self.assertIn("No complete English rules edition is imported", out.getvalue())
        self.assertFalse(CardRule.objects.exists())
        self.assertFalse(CardRuleSearch.objects.exists())
