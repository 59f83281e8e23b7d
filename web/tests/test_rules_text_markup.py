"""The rules, rulings and document renderers make all their markup themselves (hypothesis):
whatever the text, the output holds only the tags and attributes each renderer writes, links
lead only where rule and card addresses lead, every character of the text is shown once,
escaped once."""

import re
from types import SimpleNamespace

from django.test import SimpleTestCase
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.links import url_prefix
from oracle.tests.markup_check import (
    ANY,
    LOYALTY_CLASSES,
    ORACLE_TEXT_TAGS,
    SYMBOL_TAGS,
    exactly,
    read_markup,
)
from rulings.rules.citations import CitedNumber
from web.pages.documents.rendering import SectionRenderer
from web.pages.rules.excerpts import highlight
from web.rendering.markup import RuleTextRenderer, inline, rules_text
from web.rendering.text_pieces import LineReader, RuleLinks
from web.tests.test_card_text_markup import FRAGMENTS, shown_lines
from web.tests.test_rule_rendering import link_citations

RULE_FRAGMENTS = [
    *FRAGMENTS,
    "rules 614 and 615",
    "see section 5",
    "regola 502",
    "601.2f–h",
    "903.6–903.11",
    "502.26b",
    "Example: ",
    "Catena d'Acido",
    "<b>Catena</b>",
    "212.1e",
    "{702.9}",
]
texts = st.lists(st.one_of(st.sampled_from(RULE_FRAGMENTS), st.text(max_size=10)), max_size=12).map(
    "".join
)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULE_HREF = re.compile(r"/(en|it)/rules/[1-9][0-9.a-z]*/(\?edition=\d{4}-\d\d-\d\d)?")
CARD_HREF = re.compile(r"/(en|it)/cards/[a-z0-9-]+/")
RULE_LINK = {"class": exactly("rule-ref"), "href": RULE_HREF, "title": ANY}
RULE_TEXT_TAGS = {
    **ORACLE_TEXT_TAGS,
    "a": RULE_LINK,
    "span": {
        **ORACLE_TEXT_TAGS["span"],
        "class": exactly("visually-hidden", "mana-symbols", "rule-ref-unknown", *LOYALTY_CLASSES),
        "title": ANY,
    },
    "div": {"class": exactly("rule-text", "rule-example"), "lang": exactly("en", "it")},
    "p": {"class": exactly("rule-example-label"), "lang": exactly("en", "it")},
}
DOCUMENT_TAGS = {
    **RULE_TEXT_TAGS,
    "a": {
        **RULE_LINK,
        "class": exactly("rule-ref", "card-ref"),
        "href": re.compile(f"{RULE_HREF.pattern}|{CARD_HREF.pattern}"),
    },
    "p": {"class": exactly("damaged")},
    "span": {
        "class": exactly(
            "visually-hidden",
            "mana-symbols",
            "rule-ref-unknown",
            "damaged-line",
            "damage-mark",
            "damaged-text",
            "damage-reason",
        ),
        "role": exactly("img"),
        "aria-label": ANY,
        "title": ANY,
        "aria-hidden": exactly("true"),
        "lang": exactly("en", "it"),
    },
}
CITED = {
    "702.9": CitedNumber("702.9", "2026-04-17", True, "702.9"),
    "502.26b": CitedNumber("502.26b", "2007-05-01", True, "702.37c"),
    "212.1e": CitedNumber("212.1e", "2007-05-01", True, None),
}


def ruling_text(text):
    """A ruling's text as its card page shows it (``web.rendering.rulings``)."""
    links = RuleLinks(url_prefix("rules:rule-detail"), cited=CITED)
    return inline(LineReader([links], reminders=True).paragraphs(text))


class RuleTextMarkupTests(SimpleTestCase):
    @FUZZ
    @given(texts, st.sampled_from([None, "2007-05-01"]))
    def test_rules_text_makes_only_its_own_markup(self, text, edition):
        renderer = RuleTextRenderer({"702.9", "614", "5"}, edition)
        shown, _tags = read_markup(renderer.paragraphs(text), RULE_TEXT_TAGS)
        self.assertEqual(shown, shown_lines(text))

    @FUZZ
    @given(texts, st.lists(texts, max_size=2))
    def test_a_rule_body_makes_only_its_own_markup(self, text, examples):
        with translation.override("it"):
            read_markup(RuleTextRenderer().body(text, examples, "en"), RULE_TEXT_TAGS)

    @FUZZ
    @given(texts)
    def test_ruling_text_makes_only_its_own_markup(self, text):
        html = ruling_text(text)
        shown, _tags = read_markup(html, RULE_TEXT_TAGS)
        self.assertEqual(shown, shown_lines(text))

    @FUZZ
    @given(texts)
    def test_citations_linked_in_plain_text_make_only_links(self, text):
        shown, _tags = read_markup(link_citations(text), {"a": RULE_LINK})
        self.assertEqual(shown, text)

    @FUZZ
    @given(texts, st.lists(st.text(min_size=1, max_size=6), max_size=3))
    def test_a_search_excerpt_makes_only_marks(self, text, words):
        shown, _tags = read_markup(highlight(text, words), {"mark": {}, **SYMBOL_TAGS})
        self.assertEqual(shown.replace("… ", "").replace(" …", "") in " ".join(text.split()), True)

    @FUZZ
    @given(texts)
    def test_oracle_text_with_its_citations_linked_makes_only_its_own_markup(self, text):
        """The card page: Oracle text with the rules it cites linked."""
        html = rules_text(text, rule_links=True)
        shown, _tags = read_markup(html, RULE_TEXT_TAGS)
        self.assertEqual(shown, shown_lines(text))

    def test_numbers_in_symbols_are_not_links(self):
        html = rules_text("{702.9} 702.9 (rule 702.9)", rule_links=True)
        self.assertEqual(html.count('<a class="rule-ref"'), 2)
        self.assertIn('aria-label="702.9"', html)

    def test_a_parenthesis_in_a_symbol_stays_in_its_attribute(self):
        html = ruling_text("{)(} x (see rule 702.9)")
        read_markup(html, RULE_TEXT_TAGS)
        self.assertIn('aria-label=")("', html)
        self.assertIn('<i class="reminder">(see rule <a class="rule-ref"', html)

    def test_a_number_in_a_symbol_is_not_linked_inside_its_attribute(self):
        html = RuleTextRenderer().paragraphs("{702.9} and 702.9")
        read_markup(html, RULE_TEXT_TAGS)
        self.assertEqual(html.count("<a "), 1)

    def test_a_quote_in_a_symbol_is_escaped_once(self):
        html = RuleTextRenderer().paragraphs('{x"}')
        self.assertIn("{x&quot;}", html)
        self.assertNotIn("&amp;", html)


class DocumentMarkupTests(SimpleTestCase):
    @FUZZ
    @given(texts, texts, texts, st.sampled_from(["Catena d'Acido", "<b>Catena</b>", "Bolt"]))
    def test_a_document_section_makes_only_its_own_markup(
        self, paragraph, card_text, damaged, name
    ):
        section = SimpleNamespace(
            position=1,
            title="t",
            first_line=1,
            text="",
            card_id=None,
            problems=[],
            blocks=[
                {"kind": "paragraph", "line": 1, "text": paragraph},
                {"kind": "ruling", "line": 2, "text": card_text, "items": [paragraph]},
                {"kind": "rule", "line": 3, "number": "502.26b", "title": name, "text": damaged},
                {
                    "kind": "card",
                    "line": 4,
                    "card": {"name": name, "mana_cost": "{B}", "text": card_text},
                    "problems": [{"line": 5, "text": damaged, "reason": "cost-lost"}],
                },
            ],
        )
        with translation.override("en"):
            rendered = SectionRenderer(CITED).render(section, {name: "chain-of-acid"}, [])
        paragraph_block, rulings, rule, card = rendered.blocks
        for html in [
            paragraph_block.html,
            rulings.rulings[0].html,
            *rulings.rulings[0].items,
            rule.rule.link,
            rule.rule.body,
            card.card.text,
            card.card.mana_cost,
        ]:
            read_markup(html, DOCUMENT_TAGS)
