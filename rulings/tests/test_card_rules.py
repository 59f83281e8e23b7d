"""The rules each card uses (issue 6), worked out by link_rules from the bundled cards and rules,
again after imports, and written into CardRuleSearch for the rule: search."""

from datetime import date
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from oracle.models import Card, Keyword
from rulings.models import CardRule, CardRuleSearch, Language, RuleSection, Ruling
from rulings.tests.helpers import CURRENT_RULES, BundledCardRulesTestCase
from web.testing import EmptyDatabaseTestCase

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
Reason = CardRule.Reason
MADE_UP_SET = Path(settings.BASE_DIR) / "oracle" / "tests" / "data" / "made_up_marvel_set.json"

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


class BundledCardRulesTests(BundledCardRulesTestCase):
    """What link_rules works out on the bundled cards and rules, and again after imports."""

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


class LinkingWithoutRulesTests(EmptyDatabaseTestCase):
    def test_cards_imported_before_any_rules_are_linked_later(self):
        out = StringIO()
        call_command("import_mtgjson", MADE_UP_SET, stdout=StringIO(), stderr=StringIO())
        self.assertTrue(Card.objects.exists())
        call_command("link_rules", stdout=out, stderr=StringIO())
        self.assertIn("No complete English rules edition is imported", out.getvalue())
        self.assertFalse(CardRule.objects.exists())
        self.assertFalse(CardRuleSearch.objects.exists())
