"""Oracle's search extension point, with a made-up app's additions: a search key and flag value
(``oracle.search.extensions``)."""

from contextlib import contextmanager
from dataclasses import dataclass
from unittest import mock

from django.db.models import Q
from django.test import SimpleTestCase

from oracle.search import conditions, extensions, parse, tokens
from oracle.search.problems import Problem
from web.pages.search.help import help_sections


@dataclass(frozen=True)
class MoodCondition(conditions.Condition):
    mood: str

    @classmethod
    def from_term(cls, op, value):
        if value not in ("happy", "grumpy"):
            return Problem(f"mood{op}{value}", "not a mood")
        return cls(value)

    def to_q(self) -> Q:
        return Q(search_text__contains=self.mood)

    def __str__(self):
        return f"mood:{self.mood}"


class SearchExtensionTests(SimpleTestCase):
    def setUp(self):
        has_values, has_aliases = conditions.FLAGS["has"]
        for registry in (extensions.SEARCH_KEYS, tokens.KEYS, tokens.KEY_ALIASES):
            patch = mock.patch.dict(registry)
            patch.start()
            self.addCleanup(patch.stop)
        for registry in (has_values, has_aliases):
            patch = mock.patch.dict(registry)
            patch.start()
            self.addCleanup(patch.stop)
        self.opened = []

        @contextmanager
        def lookups(terms, shared):
            self.opened.append(([str(term) for term in terms], shared))
            yield

        extensions.add_search_key(
            extensions.SearchKey(
                key="mood",
                spellings=("mood", "umore"),
                condition=MoodCondition,
                lookups=lookups,
                problems=lambda terms: [Problem(str(term), "moody") for term in terms],
                help=extensions.HelpRow("properties", ("mood:",), "How it feels.", ()),
            )
        )
        extensions.add_flag_value("has", "mood", lambda: Q(pk=1), aliases=("umori",))

    def test_an_added_key_reads_and_prints_back_like_the_others(self):
        query = parse("UMORE=happy -mood:grumpy t:elf ha:umori")
        self.assertEqual(str(query), "mood:happy -mood:grumpy t:elf has:mood")
        self.assertEqual(query.problems, [])
        problem = parse("mood:sad").problems[0]
        self.assertEqual((problem.part, problem.message), ("mood:sad", "not a mood"))

    def test_its_lookups_are_open_while_filtering_and_naming_problems(self):
        query = parse("mood:happy or mood:grumpy")
        self.assertIn("happy", str(query.to_q()))
        self.assertEqual([problem.message for problem in query.unknown_names()], ["moody", "moody"])
        terms = ["mood:happy", "mood:grumpy"]
        self.assertEqual(self.opened, [(terms, {}), (terms, {})])
        self.assertIs(self.opened[0][1], self.opened[1][1])  # one dict for the query's life

    def test_its_help_row_is_at_the_end_of_its_section(self):
        rows = next(rows for title, rows in help_sections() if str(title) == "Properties")
        self.assertEqual(rows[-1], (["mood:"], "How it feels.", []))

    def test_a_spelling_of_another_key_is_refused(self):
        taken = extensions.SearchKey(key="mood2", spellings=("k",), condition=MoodCondition)
        with self.assertRaisesMessage(ValueError, "search keys already taken: k"):
            extensions.add_search_key(taken)
