"""The pieces of a document page that need no database: a cited rule linked to today's rule or
to its own edition, an unknown number left as text, card names linked whole, everything
escaped."""

from types import SimpleNamespace

from django.test import SimpleTestCase
from django.utils import translation

from common.links import url_prefix
from rulings.rules.citations import CitedNumber
from web.pages.documents.rendering import CardNames, SectionRenderer
from web.rendering.markup import inline
from web.rendering.text_pieces import LineReader, todays_rule_piece


class RuleLinkRenderingTests(SimpleTestCase):
    """The pieces of a document page that need no database."""

    def test_a_renumbered_rule_keeps_the_number_as_written(self):
        with translation.override("en"):
            cited = CitedNumber("502.26b", "2007-05-01", True, "702.37c")
            self.assertEqual(
                link_to_todays_rule(cited, "502.26b"),
                '<a class="rule-ref" href="/en/rules/702.37c/" title="today 702.37c">502.26b</a>',
            )

    def test_an_old_rule_nothing_matches_today_opens_in_its_edition(self):
        with translation.override("en"):
            cited = CitedNumber("212.1e", "2007-05-01", True, None)
            self.assertEqual(
                link_to_todays_rule(cited, "212.1e"),
                '<a class="rule-ref" href="/en/rules/212.1e/?edition=2007-05-01" '
                'title="no current rule matches">212.1e</a>',
            )

    def test_an_unknown_number_is_not_a_link(self):
        with translation.override("en"):
            link = link_to_todays_rule(CitedNumber("214.7a", "2007-05-01", False, None), "214.7a")
        self.assertEqual(
            link,
            '<span class="rule-ref-unknown" title="not in the rules Oracolo has">214.7a</span>',
        )

    def test_card_names_are_linked_whole_and_escaped(self):
        names = CardNames({"Catena d'Acido": "/it/cards/chain-of-acid/", "Catena": None})
        line = "Le Catene: Catena d'Acido, Catena d'Acidone <b>"
        self.assertEqual(
            inline(LineReader([names]).read(line)),
            "Le Catene: "
            '<a class="card-ref" href="/it/cards/chain-of-acid/">Catena d&#x27;Acido</a>, '
            "Catena d&#x27;Acidone &lt;b&gt;",
        )

    def test_a_section_is_escaped_before_anything_is_linked(self):
        section = SimpleNamespace(
            position=3,
            title="<b>Catene</b>",
            first_line=10,
            text="",
            card_id=None,
            problems=[],
            blocks=[
                {"kind": "paragraph", "line": 10, "text": "<b>Catena d'Acido</b>, regola 503."},
                {
                    "kind": "card",
                    "line": 12,
                    "card": {"name": "<i>Catena</i>", "mana_cost": "{B}", "text": ": <script>"},
                    "problems": [{"line": 13, "text": ": <script>", "reason": "cost-lost"}],
                },
            ],
        )
        cited = {"503": CitedNumber("503", "2007-05-01", True, "707")}
        with translation.override("en"):
            rendered = SectionRenderer(cited).render(
                section, {"Catena d'Acido": "chain-of-acid", "<i>Catena</i>": None}, []
            )
        paragraph, card = rendered.blocks
        self.assertEqual(
            paragraph.html,
            '<p>&lt;b&gt;<a class="card-ref" href="/en/cards/chain-of-acid/">'
            "Catena d&#x27;Acido</a>&lt;/b&gt;, regola "
            '<a class="rule-ref" href="/en/rules/707/" title="today 707">503</a>.</p>',
        )
        self.assertEqual(card.card.name, "<i>Catena</i>")  # the template escapes it
        self.assertIsNone(card.card.url)
        self.assertIn('<span class="damaged-text">: &lt;script&gt;</span>', card.card.text)
        self.assertNotIn("<script>", card.card.text)
        self.assertEqual(rendered.damage_count, 1)
        self.assertEqual(rendered.unplaced_damage, [])
        self.assertTrue(rendered.heading)


def link_to_todays_rule(cited, label):
    """``label`` linked to where ``cited`` is today, as a text renderer writes it."""
    return inline([todays_rule_piece(cited, label, url_prefix("rules:rule-detail"))])
