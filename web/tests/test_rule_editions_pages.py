"""Old rule numbers and a rule's editions as a reader sees them: where an old rule is today, a rule
in every edition, word diffs between two; on the bundled editions (``RuleEditionsPagesTests``)
and on small editions built with the factories (``OldNumbersTests``).
"""

import re

from oracle.tests.helpers import squeeze
from rulings.models import RuleMapping
from rulings.tests.factories import (
    CURRENT,
    make_edition,
    make_mapping,
    make_old_rules,
    make_rules,
    make_section,
    make_small_rules,
)
from rulings.tests.helpers import BundledRulesPagesTestCase
from web.testing import EmptyDatabaseTestCase


class RuleEditionsPagesTests(BundledRulesPagesTestCase):
    """Old numbers and a rule's editions on the bundled editions: where an old rule is today, a
    rule in every edition, word diffs between two."""

    def test_old_number_page_shows_the_old_rule_and_where_it_is_today(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01")
        self.assertIn("To play a card using its morph ability, turn it face down.", page)
        self.assertIn(
            "This is rule 502.26b of the rules of May 1, 2007; today it is "
            '<a href="/en/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            page,
        )
        self.assertIn("Certain match", page)
        # Its own references point into its own edition.
        self.assertIn('<a class="rule-ref" href="/en/rules/418.5/?edition=2007-05-01">', page)
        self.assertIn(
            '<a href="/en/rules/502.26/?edition=2007-05-01" lang="en">502.26 Morph</a>', page
        )
        italian = self.page("/it/rules/502.26b/?edition=2007-05-01")
        self.assertIn(
            "Questa è la regola 502.26b delle regole del 1º maggio 2007; oggi è la "
            '<a href="/it/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            italian,
        )
        self.assertIn("Corrispondenza certa", italian)

    def test_old_number_compared_with_today(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01&compare=today")
        self.assertIn("<del>play</del><ins>cast</ins> a card using its morph ability", page)
        self.assertIn(
            "From rule 502.26b of the rules of May 1, 2007 to rule 702.37c of the rules of "
            "April 17, 2026",
            page,
        )

    def test_a_bare_old_number_leads_to_its_only_edition(self):
        self.assertRedirects(
            self.client.get("/it/rules/502.26b/"), "/it/rules/502.26b/?edition=2007-05-01"
        )

    def test_a_number_gone_from_the_current_rules_offers_the_editions_that_have_it(self):
        response = self.get("/en/rules/504.3/")
        page = squeeze(response.content.decode())
        self.assertIn('<a href="/en/rules/504.3/?edition=2009-07-11">', page)
        self.assertIn('<a href="/en/rules/504.3/?edition=2007-05-01">', page)

    def test_a_chapter_missing_from_an_older_edition_offers_the_editions_that_have_it(self):
        # The May 2007 rules have no chapter 7; chapters have no parent to borrow a title from.
        page = squeeze(self.get("/it/rules/7/?edition=2007-05-01", status=404).content.decode())
        self.assertIn('<a href="/it/rules/7/?edition=2026-04-17">', page)
        # Titled in Italian as the contents title it (rulings.rules.italian_titles).
        self.assertIn('<span lang="it">(Regole aggiuntive)</span>', page)

    def test_every_seed_number_resolves(self):
        # The old numbers the seed documents quote, and the rules they are today (as in
        # test_renumbering's SEED_CITATIONS): each old rule's page names today's rule.
        for number, current in [
            ("502.26a", "702.37a"),
            ("504.1", "708.1"),
            ("212.8a", "308.1"),
            ("501.9a", "701.29a"),
            ("502.18a", "702.29a"),
            ("502.68a", "702.15a"),
            ("502.70a", "702.17a"),
        ]:
            with self.subTest(number):
                response = self.client.get(f"/en/rules/{number}/?edition=2007-05-01")
                self.assertEqual(response.status_code, 200)
                today = response.context["today"]
                self.assertIsNotNone(today.section, "no current rule")
                self.assertEqual(today.section.number, current)
                self.assertContains(response, f'today it is <a href="/en/rules/{current}/">')

    def test_a_rule_in_every_edition_and_a_word_diff_between_two(self):
        page = self.page("/en/rules/704.5a/?compare=2009-07-11")
        self.assertIn("This rule is in 3 editions of the rules.", page)
        self.assertIn('<a href="/en/rules/704.5a/?edition=2009-07-11">July 11, 2009</a>', page)
        self.assertIn(
            "From rule 704.5a of the rules of July 11, 2009 to rule 704.5a of the rules of "
            "April 17, 2026",
            page,
        )
        diff = re.search(r'<div id="compare".*?</div>', page)[0]
        self.assertRegex(diff, r"<(del|ins)>")
        self.assertIn('<select id="compare-with" name="compare">', page)

    def test_the_editions_of_a_rule_follow_the_rule_not_its_number(self):
        # 702.37 is Morph today; in July 2009 it was 702.34 (702.37 was Storm) and in May
        # 2007 502.26. The page compares Morph with Morph, and says what 702.37 was in 2009.
        response = self.get("/en/rules/702.37/?compare=2009-07-11")
        self.assertEqual(
            [(v["edition"].slug, v["number"]) for v in response.context["versions"]],
            [("2026-04-17", "702.37"), ("2009-07-11", "702.34"), ("2007-05-01", "502.26")],
        )
        page = squeeze(response.content.decode())
        self.assertIn(
            '<a href="/en/rules/702.34/?edition=2009-07-11">July 11, 2009</a> as rule 702.34',
            page,
        )
        self.assertIn(
            "From rule 702.34 of the rules of July 11, 2009 to rule 702.37 of the rules of "
            "April 17, 2026",
            page,
        )
        diff = re.search(r'<p class="panel diff" lang="en">(.*?)</p>', page)[1]
        self.assertEqual(diff, "Morph")
        self.assertNotIn("<del>Storm</del>", page)
        self.assertIn("The number 702.37 in other editions, where it is not this rule:", page)
        self.assertIn(
            '<a href="/en/rules/702.37/?edition=2009-07-11">July 11, 2009</a> '
            '<span lang="en">(Storm)</span>',
            page,
        )

    def test_an_old_rule_lists_the_same_rule_in_every_edition(self):
        response = self.get("/en/rules/502.26b/?edition=2007-05-01&compare=2009-07-11")
        self.assertEqual(
            [(v["edition"].slug, v["number"]) for v in response.context["versions"]],
            [("2026-04-17", "702.37c"), ("2009-07-11", "702.34b"), ("2007-05-01", "502.26b")],
        )
        page = squeeze(response.content.decode())
        self.assertIn(
            "From rule 502.26b of the rules of May 1, 2007 to rule 702.34b of the rules of "
            "July 11, 2009",
            page,
        )
        # The form keeps the edition being read and offers the others.
        form = re.search(r'<form class="compare-form".*?</form>', page)[0]
        self.assertIn('<input type="hidden" name="edition" value="2007-05-01">', form)
        self.assertNotIn('value="2007-05-01" selected', form)

    def test_a_word_diff_ignores_straight_against_curly_quotes(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01&compare=today")
        diff = re.search(r'<p class="panel diff" lang="en">(.*?)</p>', page)[1]
        # "card's" (2007) and "card’s" (2026) are the same word; "play" -> "cast" is a change.
        self.assertNotIn("<del>card", diff)
        self.assertNotIn("<del>object", diff)
        self.assertIn("<del>play</del><ins>cast</ins>", diff)

    def test_comparing_the_current_rule_with_today_asks_for_two_editions(self):
        page = self.page("/en/rules/702.37/?compare=today")
        self.assertIn("Choose two different editions to compare.", page)
        self.assertNotIn("“today”", page)

    def test_comparing_with_an_edition_without_the_rule_says_so(self):
        page = self.page("/en/rules/702.37b/?compare=2007-05-01")
        self.assertIn("Rule 702.37b is not in the rules dated “2007-05-01”", page)


class OldNumbersTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.current, cls.now = make_small_rules()
        cls.old, cls.then = make_old_rules()
        make_mapping(cls.then["502.26"], cls.now["702.37"], confidence=0.97)
        make_mapping(cls.then["502.26b"], cls.now["702.37c"], confidence=0.7)
        make_mapping(cls.then["502.99"], None, confidence=0.0)

    def test_a_probable_match_says_so(self):
        page = squeeze(self.client.get("/en/rules/502.26b/?edition=2007-05-01").content.decode())
        # The title of the rule it became goes inside the sentence, before its full stop.
        self.assertIn(
            'today it is <a href="/en/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            page,
        )
        self.assertIn("Probable match: similar text, confidence 70%.", page)

    def test_an_old_rule_that_matches_nothing_today_says_so(self):
        page = squeeze(self.client.get("/en/rules/502.99/?edition=2007-05-01").content.decode())
        self.assertIn(
            "This is rule 502.99 of the rules of May 1, 2007; no current rule matches it.", page
        )

    def test_an_old_rule_without_a_computed_match(self):
        RuleMapping.objects.filter(old_section=self.then["502.26c"]).delete()
        page = squeeze(self.client.get("/en/rules/502.26c/?edition=2007-05-01").content.decode())
        self.assertIn("This is rule 502.26c of the rules of May 1, 2007, an older edition.", page)

    def test_the_current_rule_lists_the_old_numbers_that_lead_to_it(self):
        page = squeeze(self.client.get("/en/rules/702.37/").content.decode())
        section = re.search(r'<section class="rule-old-numbers".*?</section>', page)[0]
        self.assertIn('<a href="/en/rules/502.26/?edition=2007-05-01">502.26</a>', section)
        self.assertIn("certain match", section)
        self.assertIn(
            'Formerly: <a href="/en/rules/502.26b/?edition=2007-05-01">502.26b</a> (2007)', page
        )

    def test_an_italian_page_says_formerly_in_italian(self):
        page = squeeze(self.client.get("/it/rules/702.37/").content.decode())
        self.assertIn(
            'In precedenza: <a href="/it/rules/502.26b/?edition=2007-05-01">502.26b</a> (2007)',
            page,
        )
        self.assertNotIn("Formerly:", page)

    def test_a_number_in_two_older_editions_offers_both(self):
        july_2009 = make_edition(CURRENT.replace(year=2009, month=7, day=11))
        make_rules(july_2009, [("5", "Turn Structure", ""), ("502", "Untap Step", "")])
        make_section(july_2009, "502.99", "", "Another rule with the same number.")
        response = self.client.get("/en/rules/502.99/")
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, 'href="/en/rules/502.99/?edition=2009-07-11"')
        self.assertContains(response, 'href="/en/rules/502.99/?edition=2007-05-01"')
        # Asked for in an edition that lacks it: the same choice, as a "not found".
        response = self.client.get("/en/rules/502.99/?edition=2026-04-17")
        self.assertEqual(response.status_code, 404)
        self.assertContains(response, "?edition=2007-05-01", status_code=404)

    def test_search_by_old_number_and_year(self):
        response = self.client.get("/en/rules/search/", {"q": "regola 502.26b (2007)"})
        self.assertRedirects(response, "/en/rules/502.26b/?edition=2007-05-01")
