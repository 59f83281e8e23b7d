"""Oracle's extension points, with a made-up app's additions: a search key and flag value
(``oracle.search.extensions``), card page parts (``web.pages.card.extensions``) and a card record
part
(``web.api.card_record``)."""

from contextlib import contextmanager
from dataclasses import dataclass
from unittest import mock

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Q
from django.test import SimpleTestCase
from django.utils.safestring import mark_safe

from oracle.search import conditions, extensions, parse, tokens
from oracle.search.problems import Problem
from web.api import card_record
from web.pages.card import extensions as card_page
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


class CardPageExtensionTests(SimpleTestCase):
    def setUp(self):
        patch = mock.patch.dict(card_page.EXTENSIONS, clear=True)
        patch.start()
        self.addCleanup(patch.stop)

    def test_panels_by_slot_context_and_text_links_in_the_order_added(self):
        for name in ("first", "second"):
            card_page.add_extension(
                card_page.CardPageExtension(
                    name=name,
                    context=lambda card, printing, name=name: {f"{name}_card": card},
                    panels=(card_page.Panel(card_page.AFTER_ERRATA, f"{name}/_panel.html"),),
                    text_links=lambda markup, day, context, name=name: mark_safe(
                        f"{markup}+{name}:{day}:{sorted(context)}"
                    ),
                )
            )
        added = card_page.additions("the card", None, taken=["card"])
        self.assertEqual(added.context, {"first_card": "the card", "second_card": "the card"})
        self.assertEqual(
            added.panels[card_page.AFTER_ERRATA], ["first/_panel.html", "second/_panel.html"]
        )
        self.assertEqual(added.panels[card_page.NOTICE], [])
        self.assertEqual(
            added.text_links(2007).link(mark_safe("<p>text</p>")),
            "<p>text</p>+first:2007:['first_card']+second:2007:['second_card']",
        )

    def test_an_extension_with_statements_gets_their_rows(self):
        def notes_statements(card_id, params):
            return [
                (f"SELECT n.text FROM notes n WHERE n.card_id = {card_id}", params),
                (f"SELECT count(*) FROM notes n WHERE n.card_id = {card_id}", params),
            ]

        card_page.add_extension(
            card_page.CardPageExtension(
                name="plain", context=lambda card, printing: {"plain_card": card}
            )
        )
        card_page.add_extension(
            card_page.CardPageExtension(
                name="notes",
                statements=notes_statements,
                context=lambda card, printing, rows: {"notes": rows},
            )
        )
        asked = card_page.statements("(SELECT id FROM card WHERE slug = %s)", ["bolt"])
        self.assertEqual(list(asked), ["notes"])
        self.assertEqual(
            asked["notes"][0],
            ("SELECT n.text FROM notes n WHERE n.card_id = (SELECT id FROM card WHERE slug = %s)",
             ["bolt"]),
        )  # fmt: skip
        rows = card_page.rows_by_extension(asked, [[("A note.",), ("Another.",)], [(2,)]])
        added = card_page.additions("the card", None, taken=["card"], rows=rows)
        self.assertEqual(
            added.context,
            {"plain_card": "the card", "notes": [[("A note.",), ("Another.",)], [(2,)]]},
        )
        with self.assertRaisesMessage(ImproperlyConfigured, "'notes' needs the rows"):
            card_page.additions("the card", None, taken=["card"])

    def test_a_name_the_page_uses_or_an_unknown_slot_is_an_error(self):
        card_page.add_extension(
            card_page.CardPageExtension(name="greedy", context=lambda card, printing: {"card": 1})
        )
        with self.assertRaisesMessage(ImproperlyConfigured, "reuses the names ['card']"):
            card_page.additions("the card", None, taken=["card"])
        with self.assertRaises(ImproperlyConfigured):
            card_page.Panel("sidebar", "notes/_panel.html")


class CardRecordExtensionTests(SimpleTestCase):
    def test_parts_in_the_order_added_with_their_prefetches(self):
        with mock.patch.dict(card_record.PARTS, clear=True):
            card_record.add_part(card_record.RecordPart("notes", "notes", lambda card: [card]))
            card_record.add_part(card_record.RecordPart("mood", None, lambda card: "happy"))
            self.assertEqual(card_record.prefetches(), ["notes"])
            self.assertEqual(card_record.added_parts("c"), {"notes": ["c"], "mood": "happy"})
