"""The query language without a database: the problems a query reports, with their suggestions,
and what is still searched."""

from django.utils import translation

from oracle.search import Problem, parse
from oracle.search.parser import MAX_LENGTH, MAX_TERMS
from oracle.tests.helpers import EnglishTestCase
from rulings.search_terms import SEARCH_TERMS


class ProblemTests(EnglishTestCase):
    def assertProblem(self, text, part, message, suggestion="", canonical="", usable=None):
        with self.subTest(text=text):
            query = parse(text, SEARCH_TERMS)
            self.assertIn(Problem(part, message, suggestion), query.problems)
            self.assertEqual(str(query), canonical)
            if usable is not None:
                self.assertEqual(query.is_usable, usable)

    def test_a_value_that_is_not_a_number(self):
        self.assertProblem("pow>=x", "pow>=x", "“x” is not a number", usable=False)
        self.assertProblem(
            "mv>=1.2.3 t:elf",
            "mv>=1.2.3",
            "“1.2.3” is not a number",
            canonical="t:elf",
            usable=True,
        )

    def test_a_star_is_compared_only_for_equality_and_never_for_mana_value(self):
        self.assertProblem(
            "pow>* t:elf", "pow>*", "“*” can only be compared with “=” and “!=”", "pow=*", "t:elf"
        )
        self.assertProblem("mv=*", "mv=*", "“*” is not a number", usable=False)

    def test_an_unknown_colour_with_a_suggestion(self):
        self.assertProblem("c:purple", "c:purple", "“purple” is not a colour", usable=False)
        self.assertProblem(
            "c:rosoo t:elf", "c:rosoo", "“rosoo” is not a colour", "c:rosso", "t:elf"
        )
        self.assertProblem(
            "c>m", "c>m", "“m” (multicoloured) works only with “:”, “=” and “!=”", "c:m"
        )

    def test_an_unknown_key_suggests_the_closest_alias(self):
        self.assertProblem(
            "tpye:elf", "tpye:elf", "unknown search key “tpye”", "type:elf", usable=False
        )
        self.assertProblem(
            "oracel:draw k:volare",
            "oracel:draw",
            "unknown search key “oracel”",
            "oracle:draw",
            "kw:volare",
        )
        self.assertProblem("zzz:bar", "zzz:bar", "unknown search key “zzz”", "")

    def test_unknown_values_of_fixed_lists(self):
        self.assertProblem("is:fip", "is:fip", "unknown value “fip” for “is:”", "is:flip")
        self.assertProblem(
            "has:rulign", "has:rulign", "unknown value “rulign” for “has:”", "has:rulings"
        )
        self.assertProblem("lang:fr", "lang:fr", "unknown value “fr” for “lang:”; it takes it, en")
        self.assertProblem(
            "order:nmae", "order:nmae", "unknown value “nmae” for “order:”", "order:name"
        )
        self.assertProblem("dir:up", "dir:up", "unknown value “up” for “dir:”; it takes asc, desc")
        self.assertProblem(
            "has:foo t:elf",
            "has:foo",
            "unknown value “foo” for “has:”; it takes errata, rulings",
            canonical="t:elf",
        )
        self.assertProblem(
            "order:foo",
            "order:foo",
            "unknown value “foo” for “order:”; it takes name, mv, set, released, rarity, power, "
            "toughness, color, artist, edhrec, relevance",
            usable=False,
        )
        self.assertIn("futureshifted", parse("is:foo").problems[0].message)
        self.assertProblem("r:rarest", "r:rarest", "“rarest” is not a rarity", "r:rare")
        self.assertProblem(
            "r>special", "r>special", "“special” cannot be compared with “>”", "r:special"
        )
        self.assertProblem("s:!!", "s:!!", "“!!” is not a set code")
        self.assertProblem("year>=20x7", "year>=20x7", "“20x7” is not a year")
        self.assertProblem(
            "date<2007-02-30",
            "date<2007-02-30",
            "“2007-02-30” is not a date like 2007-05-04 or a set code",
        )

    def test_text_keys_take_a_colon(self):
        self.assertProblem("t>elf", "t>elf", "“t” takes “:”, not “>”", "t:elf")
        self.assertProblem("order<mv", "order<mv", "“order” takes “:”, not “<”", "order:mv")

    def test_a_key_without_a_value(self):
        self.assertProblem("t: elf", "t:", "“t:” needs a value", canonical="elf")
        self.assertProblem('o:"" elf', 'o:""', "“o:” needs a value", canonical="elf")

    def test_unclosed_quotes_and_parentheses_are_closed_at_the_end(self):
        self.assertProblem(
            'o:"draw a',
            'o:"draw a',
            "a quote is not closed: read as if it closed at the end",
            'o:"draw a"',
            'o:"draw a"',
            usable=True,
        )
        self.assertProblem(
            '"tarox',
            '"tarox',
            "a quote is not closed: read as if it closed at the end",
            '"tarox"',
            "tarox",
        )
        for text in ('"', 't:elf "', 'o:"  '):
            with self.subTest(text=text):
                # Closing an empty quote gives nothing to search for: no suggestion to offer.
                problem = parse(text).problems[0]
                self.assertEqual(
                    problem.message, "a quote is not closed: read as if it closed at the end"
                )
                self.assertEqual(problem.suggestion, "")
        self.assertProblem(
            "(t:elf or t:goblin",
            "(",
            "a parenthesis is not closed: read as if it closed at the end",
            canonical="t:elf or t:goblin",
        )
        self.assertProblem(
            "t:elf)", ")", "this “)” closes no parenthesis: ignored", canonical="t:elf"
        )
        self.assertProblem(
            "() t:elf", "()", "there is nothing inside these parentheses", canonical="t:elf"
        )

    def test_stray_operators(self):
        self.assertProblem("or t:elf", "or", "“or” needs something on each side", canonical="t:elf")
        self.assertProblem("t:elf or", "or", "“or” needs something on each side", canonical="t:elf")
        self.assertProblem("- t:elf", "-", "nothing follows “-”", canonical="t:elf")
        self.assertProblem("t:elf -", "-", "nothing follows “-”", canonical="t:elf")
        self.assertProblem(
            "-order:mv t:elf",
            "order:mv",
            "the order of the results cannot be negated",
            canonical="t:elf",
        )
        self.assertProblem("!", "!", "there is nothing to search for here", usable=False)

    def test_nothing_usable(self):
        for text in ["and", "or", "-", "()", "c:purple pow>=x", ")"]:
            with self.subTest(text=text):
                query = parse(text)
                self.assertFalse(query.is_usable)
                self.assertFalse(query.is_empty)
                self.assertTrue(query.problems)
                self.assertEqual(str(query), "")

    def test_a_query_over_the_cost_limit_is_refused_whole(self):
        for text, message in (
            (
                "elf " * 130,
                f"the query is too long: a search may have at most {MAX_LENGTH} characters, "
                "this one has 519",
            ),
            (
                " ".join(f"-o:word{n}" for n in range(48)) + " order:mv",
                f"too many terms: a search may have at most {MAX_TERMS}, this one has 48",
            ),
            (
                "(elf or -goblin) " * 11,
                f"too many terms: a search may have at most {MAX_TERMS}, this one has 22",
            ),
        ):
            with self.subTest(text=text[:30]):
                query = parse(text)
                self.assertFalse(query.is_usable)
                self.assertEqual(str(query), "")
                self.assertEqual([problem.message for problem in query.problems], [message])
                self.assertEqual(query.refusal, query.problems[0])
                self.assertTrue(query.refusal.part.endswith("…"))
        within = " ".join(f"-o:word{n}" for n in range(MAX_TERMS - 1)) + " order:mv"
        self.assertTrue(parse(within).is_usable)
        self.assertIsNone(parse(within).refusal)

    def test_deep_queries_are_cut_with_a_problem(self):
        query = parse("(" * 240 + "elf" + ")" * 240)
        self.assertEqual(str(query), "elf")
        self.assertEqual(
            query.problems[0].message, "parentheses nested more than 20 deep were ignored"
        )
        self.assertEqual(str(parse("-" * 400 + "elf")), "elf")

    def test_many_problems_are_listed_once_and_counted_after_twenty(self):
        query = parse("c:qq " * 30 + "t:elf")
        self.assertEqual(str(query), "t:elf")
        self.assertEqual(len(query.problems), 1)
        query = parse(" ".join(f"c:q{n}" for n in range(30)) + " t:elf")
        self.assertEqual(len(query.problems), 21)
        self.assertEqual(query.problems[-1], Problem("…", "10 more parts could not be used"))
        self.assertEqual(parse("c:q1 " * 20 + "c:q2 c:q3").problems[-1].part, "c:q3")

    def test_characters_no_database_stores_are_dropped(self):
        self.assertEqual(str(parse("el\x00f \ud800x")), "elf x")

    def test_problems_are_in_the_active_language(self):
        with translation.override("it"):
            query = parse("pow>=x")
        self.assertEqual(query.problems[0].part, "pow>=x")
        with translation.override("en"):
            self.assertEqual(parse("pow>=x").problems[0].message, "“x” is not a number")
