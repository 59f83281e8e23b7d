"""The rule: operator (regola:): cards that use a section of the Comprehensive Rules or any rule
in it, as the rule linker recorded them on the bundled cards and rules."""

import re

from django.db import connection
from django.test import SimpleTestCase
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from oracle.models import Card, CardSearch
from oracle.search import Problem, parse
from rulings.search_terms import SEARCH_TERMS
from web.testing import BundledDataTestCase


class RuleTermTests(SimpleTestCase):
    """Without a database: how a rule: term is read and printed back."""

    def setUp(self):
        super().setUp()
        self.enterContext(translation.override("en"))

    def test_every_spelling_prints_back_as_rule(self):
        for text, canonical in [
            ("rule:702.37", "rule:702.37"),
            ("regola:702.37", "rule:702.37"),
            ("RULES:702.37C.", "rule:702.37c"),
            ("regole=702", "rule:702"),
            ("rule:7", "rule:7"),
            ("rule!=702.9", "-rule:702.9"),
            ("-regola:702.9 t:creature", "-rule:702.9 t:creature"),
            ("rule:702.9 or rule:702.17", "rule:702.9 or rule:702.17"),
            ("(rule:702.9 or k:reach) -rule:702.37", "(rule:702.9 or kw:reach) -rule:702.37"),
        ]:
            with self.subTest(text=text):
                query = parse(text, SEARCH_TERMS)
                self.assertEqual(str(query), canonical)
                self.assertEqual(query.problems, [])
                self.assertEqual(str(parse(canonical, SEARCH_TERMS)), canonical)

    def test_a_value_that_is_not_a_rule_number_is_named_with_the_reason(self):
        for text, part in [
            ("rule:abc", "rule:abc"),
            ("regola:702.9x9", "regola:702.9x9"),
            ("rule:70", "rule:70"),
            ("rule:702.9.1", "rule:702.9.1"),
            ("rule:0.1", "rule:0.1"),
        ]:
            with self.subTest(text=text):
                query = parse(f"t:creature {text}", SEARCH_TERMS)
                self.assertEqual(str(query), "t:creature")
                [problem] = query.problems
                self.assertEqual(problem.part, part)
                self.assertIn("is not a rule number such as 702.37 or 702.37c", problem.message)
        # As the rules print sections:
        self.assertEqual(str(parse("regola:702.", SEARCH_TERMS)), "rule:702")

    def test_comparisons_other_than_equal_are_refused(self):
        query = parse("rule>=702", SEARCH_TERMS)
        self.assertIsNone(query.tree)
        self.assertEqual(
            query.problems, [Problem("rule>=702", "“rule” takes “:”, not “>=”", "rule:702")]
        )
        self.assertEqual(
            parse("regola:", SEARCH_TERMS).problems[0].message, "“regola:” needs a value"
        )


class BundledRuleSearchTests(BundledDataTestCase):
    def setUp(self):
        self.enterContext(translation.override("en"))

    def found(self, text):
        return set(
            parse(text, SEARCH_TERMS)
            .filter(CardSearch.objects.all())
            .values_list("name", flat=True)
        )

    def test_reach_finds_every_card_with_reach_and_those_that_give_it(self):
        reach = self.found("k:reach")
        self.assertGreaterEqual(len(reach), 6)
        found = self.found("rule:702.17")
        self.assertLessEqual(reach, found)
        for name in found - reach:  # cards that give reach ("enchanted creature has reach")
            text = " ".join(Card.objects.get(name=name).faces.values_list("oracle_text", flat=True))
            self.assertRegex(text.lower(), r"\breach\b", name)
        self.assertEqual(self.found("regola:702.17"), found)

    def test_a_rule_finds_the_cards_of_its_subrules_and_a_section_those_of_its_rules(self):
        morph = self.found("k:morph")
        self.assertLessEqual(morph, self.found("rule:702.37"))
        self.assertLessEqual(self.found("rule:702.37"), self.found("rule:702"))
        self.assertLessEqual(self.found("rule:702"), self.found("rule:7"))
        self.assertIn("Tarox Bladewing", self.found("rule:207.2c"))  # grandeur, an ability word
        self.assertIn("Tarox Bladewing", self.found("rule:207"))
        self.assertNotIn("Tarox Bladewing", self.found("rule:702.37"))
        # 702.1 is a rule of its own, not the start of 702.10 (haste) or 702.17 (reach).
        self.assertNotIn("Tarox Bladewing", self.found("rule:702.1"))

    def test_not_and_or(self):
        everything = Card.objects.game_cards().count()  # searches leave tokens, art out
        reach = self.found("rule:702.17")
        self.assertEqual(len(self.found("-rule:702.17")), everything - len(reach))
        self.assertEqual(self.found("rule:702.17 -k:reach"), reach - self.found("k:reach"))
        flying = self.found("rule:702.9")
        self.assertEqual(self.found("rule:702.9 or rule:702.17"), flying | reach)
        self.assertEqual(self.found("rule!=702.17"), self.found("-rule:702.17"))

    def test_an_old_number_is_searched_as_the_rule_it_became_and_says_so(self):
        self.assertEqual(self.found("rule:502.26"), self.found("rule:702.37"))
        query = parse("rule:502.26", SEARCH_TERMS)
        [problem] = query.unknown_names()
        self.assertEqual(problem.part, "rule:502.26")
        self.assertEqual(
            problem.message,
            "502.26 is a number of the rules of May 1, 2007: searched as today’s rule 702.37",
        )
        self.assertEqual(problem.suggestion, "rule:702.37")
        # A number of today's rules is today's, whatever it meant before.
        self.assertEqual(parse("rule:702.9", SEARCH_TERMS).unknown_names(), [])

    def test_a_number_in_no_edition_is_named(self):
        self.assertEqual(self.found("rule:999.9"), set())
        [problem] = parse("rule:999.9", SEARCH_TERMS).unknown_names()
        self.assertEqual(problem.message, "there is no rule 999.9 in the Comprehensive Rules")

    def test_rule_numbers_are_read_once_per_search(self):
        query = parse("rule:702.9 or rule:502.26 or rule:999.9 -rule:702.17", SEARCH_TERMS)
        with self.assertNumQueries(2):  # the rule numbers, then the count
            query.filter(CardSearch.objects.all()).count()
            query.unknown_names()
        with self.assertNumQueries(1):  # no rule: term, no rules query
            parse("t:elf", SEARCH_TERMS).filter(CardSearch.objects.all()).count()

    # --- The search page

    def test_the_page_prints_the_canonical_query_and_lists_the_cards(self):
        response = self.client.get("/it/cards/", {"q": "regola:702.17"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "rule:702.17")
        names = {row.other_name or row.name for row in response.context["rows"]}
        self.assertEqual(names, self.found("rule:702.17"))

    def test_the_page_explains_an_old_number_and_offers_todays(self):
        response = self.client.get("/en/cards/", {"q": "rule:502.26 t:creature"})
        self.assertEqual(response.status_code, 200)
        page = re.sub(r"\s+", " ", response.content.decode())
        self.assertIn("searched as today’s rule 702.37", page)
        self.assertIn("q=rule%3A702.37", page)  # the corrected query
        self.assertEqual(
            response.context["page_obj"].paginator.count, len(self.found("rule:702.37 t:creature"))
        )

    def test_a_bad_number_is_a_problem_not_an_error(self):
        response = self.client.get("/en/cards/", {"q": "rule:abc"})
        self.assertEqual(response.status_code, 400)
        self.assertContains(
            response, "is not a rule number such as 702.37 or 702.37c", status_code=400
        )
        response = self.client.get("/api/cards/", {"q": "rule:702.17 rule:xyz"})
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.json()["query"], "rule:702.17")
        self.assertEqual(response.json()["warnings"][0]["part"], "rule:xyz")

    def test_the_search_page_costs_the_same_with_a_rule_term(self):
        def count(query):
            with CaptureQueriesContext(connection) as queries:
                self.assertEqual(self.client.get("/en/cards/", {"q": query}).status_code, 200)
            return len(queries)

        count("t:creature")  # warm the facet cache
        self.assertEqual(count("t:creature rule:702.9"), count("t:creature") + 1)
        self.assertEqual(count("rule:702.9 or rule:7 or rule:502.26"), count("rule:702.9"))
