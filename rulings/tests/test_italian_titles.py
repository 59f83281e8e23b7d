"""The curated Italian titles of the rules' chapters and sections (italian_titles.json): one for
each chapter and section of today's rules and each titled rule that is no keyword's ("205.4
Supertypes"; 701.9 Discard takes the keyword action's name, Scartare), each translating the
title it names; shown on the Italian pages of today's rules and in the rules a card uses, never
on an edition that numbers its rules otherwise."""

from oracle.models import Card
from rulings.models import RuleSection, RulesEdition
from rulings.rules.italian_titles import curated_titles, italian_title
from web.testing import BundledDataTestCase


class ItalianTitlesTests(BundledDataTestCase):
    def test_every_chapter_section_and_titled_rule_of_todays_rules_has_its_title_translated(self):
        today = RulesEdition.objects.official().in_force()
        heads = dict(
            today.sections.filter(level__lte=RuleSection.Level.SECTION).values_list(
                "number", "title"
            )
        )
        titled_rules = dict(
            today.sections.filter(level=RuleSection.Level.RULE)
            .exclude(title="")
            .exclude(number__startswith="701.")
            .exclude(number__startswith="702.")
            .values_list("number", "title")
        )
        self.assertEqual(titled_rules["205.4"], "Supertypes")
        heads |= titled_rules
        self.assertEqual(set(curated_titles()), set(heads))
        for number, (english, italian) in curated_titles().items():
            with self.subTest(number=number):
                self.assertEqual(english, heads[number])
                # Names of things that Italian keeps in English: Mana, Planeswalker, the
                # variants' product names.
                same = ("106", "306", "901", "902", "903", "904")
                self.assertTrue(italian and (italian != english or number in same))

    def test_an_edition_that_numbers_otherwise_takes_no_title(self):
        old = RuleSection.objects.get(edition__effective_date="2007-05-01", number="502")
        self.assertEqual(old.title, "Keyword Abilities")
        self.assertEqual(italian_title("502", old.title), "")
        self.assertEqual(italian_title("502", "Untap Step"), "Sottofase di STAP")

    def test_the_italian_pages_show_them_beside_the_english(self):
        contents = self.client.get("/it/rules/").content.decode()
        self.assertIn('<span lang="it">Abilità chiave</span>', contents)
        self.assertIn('<span class="muted" lang="en">Keyword Abilities</span>', contents)
        rule = self.client.get("/it/rules/702/").content.decode()
        self.assertIn('<span lang="it">Abilità chiave</span>', rule)
        english = self.client.get("/en/rules/").content.decode()
        self.assertNotIn("Abilità chiave", english)

    def test_the_rules_a_card_uses_are_titled_in_italian(self):
        cavern = Card.objects.get(name="Zoetic Cavern")
        page = self.client.get(f"/it/cards/{cavern.slug}/").content.decode()
        used = page[page.index('id="rules-used"') :]
        used = used[: used.index("</section>")]
        self.assertIn('<span lang="it">Terre</span>', used)
        self.assertIn('<span lang="it">Metamorfosi</span>', used)  # 702.37, by its keyword
        self.assertIn('<span lang="it">Magie e permanenti a faccia in giù</span>', used)
        self.assertNotIn('lang="en"', used.split("</h2>", 1)[1].split('class="muted')[0])
