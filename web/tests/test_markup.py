"""Text made markup (web.rendering.markup): each piece's text escaped exactly once, as Django's
templates escape it, markup made by another renderer written as it is, and the tags each kind
of piece makes."""

from django.test import SimpleTestCase
from django.utils import translation
from django.utils.safestring import SafeString

from common.links import url_prefix
from rulings.rules.citations import CitedNumber
from web.rendering import markup
from web.rendering.text_pieces import (
    HIGHLIGHT_END,
    HIGHLIGHT_START,
    PARAGRAPH_END,
    PARAGRAPH_START,
    REMINDER_END,
    REMINDER_START,
    LineReader,
    Piece,
    RuleLinks,
    Symbol,
    link,
    loyalty_costs,
    note,
    text,
)

UNSAFE = '<b>"Bob\'s" & co</b>'
ESCAPED = "&lt;b&gt;&quot;Bob&#x27;s&quot; &amp; co&lt;/b&gt;"
WHITE = Symbol("W", "ms-w", "white")
BLUE = Symbol("U", "ms-u", "blue")


class InlineTests(SimpleTestCase):
    def test_text_is_escaped_once_as_djangos_templates_escape_it(self):
        self.assertEqual(markup.inline([text(UNSAFE)]), ESCAPED)

    def test_markup_another_renderer_made_is_written_as_it_is(self):
        self.assertEqual(markup.inline([text(SafeString("<i>x</i>"))]), "<i>x</i>")

    def test_paragraphs_and_reminder_text_open_and_close_as_pieces(self):
        pieces = [PARAGRAPH_START, REMINDER_START, text("(x)"), REMINDER_END, PARAGRAPH_END]
        self.assertEqual(markup.inline(pieces), '<p><i class="reminder">(x)</i></p>')

    def test_a_link_has_its_class_and_title_only_when_given(self):
        self.assertEqual(
            markup.inline([link("702.9", "/en/rules/702.9/", "")]),
            '<a href="/en/rules/702.9/">702.9</a>',
        )
        self.assertEqual(
            markup.inline([link("502.26b", "/en/rules/702.37c/", "rule-ref", 'today "702"')]),
            '<a class="rule-ref" href="/en/rules/702.37c/" title="today &quot;702&quot;">'
            "502.26b</a>",
        )

    def test_a_link_escapes_its_address_and_text(self):
        html = markup.inline([link(UNSAFE, "/a?b=1&c=2", "x")])
        self.assertEqual(html, f'<a class="x" href="/a?b=1&amp;c=2">{ESCAPED}</a>')

    def test_notes_and_marks(self):
        self.assertEqual(
            markup.inline(
                [
                    note("9.9", "rule-ref-unknown", "not in the rules"),
                    HIGHLIGHT_START,
                    text("<x>"),
                    HIGHLIGHT_END,
                ]
            ),
            '<span class="rule-ref-unknown" title="not in the rules">9.9</span>'
            "<mark>&lt;x&gt;</mark>",
        )

    def test_a_loyalty_cost_is_a_badge_named_for_screen_readers(self):
        pieces = LineReader([loyalty_costs]).read("[−2]: Draw <a> card.")
        self.assertEqual(
            markup.inline(pieces),
            '<span class="loyalty-cost loyalty-down" role="img" aria-label="Loyalty cost −2">'
            '<span class="visually-hidden">[</span>−2<span class="visually-hidden">]</span>'
            "</span>: Draw &lt;a&gt; card.",
        )

    def test_only_a_signed_cost_or_zero_starting_a_line_is_a_loyalty_cost(self):
        reader = LineReader([loyalty_costs])
        for line in ("[1] Put a +1/+1 counter.", "2: Draw.", "Pay [+1]: no.", "+1/+1: no."):
            with self.subTest(line=line):
                self.assertEqual(markup.inline(reader.read(line)), line.replace("'", "&#x27;"))

    def test_one_symbol_is_its_own_image(self):
        piece = Piece("symbols", symbols=(WHITE,), label="white")
        self.assertEqual(
            markup.inline([piece]),
            '<abbr class="ms ms-cost ms-w" role="img" aria-label="white" title="white">'
            '<span class="visually-hidden">{W}</span></abbr>',
        )

    def test_symbols_side_by_side_are_one_image_named_by_their_label(self):
        piece = Piece("symbols", symbols=(WHITE, BLUE), label="white, blue")
        html = markup.symbols(piece)
        self.assertTrue(
            html.startswith('<span class="mana-symbols" role="img" aria-label="white, blue">')
        )
        self.assertEqual(html.count("<abbr "), 2)
        self.assertTrue(html.endswith("{U}</span></abbr></span>"))

    def test_a_symbols_text_is_escaped(self):
        html = markup.symbol('x"<', "ms-x", 'a "name"')
        self.assertIn('aria-label="a &quot;name&quot;"', html)
        self.assertIn("{x&quot;&lt;}", html)


class DiffTests(SimpleTestCase):
    def test_removed_and_added_words_and_line_breaks(self):
        with translation.override("en"):
            html = markup.word_diff("Pay {1}\nold\nline", "Pay {1}\n<new>")
        self.assertTrue(html.startswith('Pay <abbr class="ms ms-cost ms-1"'))
        self.assertIn("<del>", html)
        self.assertIn("<ins>&lt;new&gt;</ins>", html)
        self.assertNotIn("<new>", html)


class CardTextTests(SimpleTestCase):
    """The ``mana`` and ``rules_text`` filters: a text read into pieces, then written."""

    def test_a_cost_is_one_image_named_by_its_symbols(self):
        with translation.override("en"):
            html = markup.mana("{1}{W}")
        self.assertTrue(
            html.startswith(
                '<span class="mana-symbols" role="img" aria-label="one generic, white">'
            )
        )
        self.assertEqual(markup.mana(""), "")

    def test_the_rules_text_links_rule_numbers_only_when_asked(self):
        value = "Flying (See rule 702.9.)\n<b>x</b>"
        with translation.override("en"):
            plain = markup.rules_text(value)
            linked = markup.rules_text(value, rule_links=True)
            in_2007 = markup.rules_text(value, rule_links=True, edition="2007-05-01")
        self.assertEqual(
            plain,
            '<p>Flying <i class="reminder">(See rule 702.9.)</i></p><p>&lt;b&gt;x&lt;/b&gt;</p>',
        )
        self.assertIn(
            '<i class="reminder">(See rule '
            '<a class="rule-ref" href="/en/rules/702.9/">702.9</a>.)</i>',
            linked,
        )
        self.assertIn('href="/en/rules/702.9/?edition=2007-05-01"', in_2007)

    def test_a_rules_page_links_only_the_numbers_it_has(self):
        with translation.override("it"):
            html = markup.RuleTextRenderer({"702.9"}).paragraphs("702.9 e 702.99; {T}{T}")
        self.assertIn('<a class="rule-ref" href="/it/rules/702.9/">702.9</a> e 702.99', html)
        self.assertEqual(html.count('<abbr class="ms ms-cost ms-tap"'), 2)
        self.assertNotIn("mana-symbols", html)  # each symbol its own image

    def test_a_ruling_cites_the_rules_of_its_date_linked_to_today_s(self):
        cited = {"502.26b": CitedNumber("502.26b", "2007-05-01", True, "702.37c")}
        with translation.override("en"):
            links = RuleLinks(url_prefix("rules:rule-detail"), cited=cited)
            html = markup.inline(LineReader([links]).paragraphs("See rule 502.26b and 999.1."))
        self.assertIn(
            '<a class="rule-ref" href="/en/rules/702.37c/" title="today 702.37c">502.26b</a>',
            html,
        )
        self.assertIn('<span class="rule-ref-unknown" title="not in the rules Oracolo has">', html)


class RuleMarkupTests(SimpleTestCase):
    def test_a_rule_body_with_its_examples_each_under_its_label(self):
        lines = [PARAGRAPH_START, text("Text."), PARAGRAPH_END]
        example = [PARAGRAPH_START, text("An <example>."), PARAGRAPH_END]
        with translation.override("it"):
            html = markup.rule_body(lines, [example], "en", "it")
        self.assertEqual(
            html,
            '<div class="rule-text" lang="en"><p>Text.</p><div class="rule-example">'
            '<p class="rule-example-label" lang="it">Esempio</p><p>An &lt;example&gt;.</p>'
            "</div></div>",
        )

    def test_an_empty_rule_has_no_body(self):
        self.assertEqual(markup.rule_body([], [], "en", "en"), "")

    def test_only_the_english_without_an_italian_text(self):
        self.assertEqual(markup.side_by_side("", SafeString("<p>en</p>"), "en"), "<p>en</p>")

    def test_the_italian_text_beside_the_english(self):
        html = markup.side_by_side(SafeString("<p>it</p>"), SafeString("<p>en</p>"), "en")
        self.assertEqual(
            html,
            '<div class="bilingual rule-bilingual"><div class="lang-it" lang="it"><p>it</p>'
            '</div><div class="lang-en" lang="en"><p>en</p></div></div>',
        )

    def test_a_superseded_translation_escapes_its_sentences(self):
        html = markup.superseded("a <b>", SafeString("<p>x</p>"), "c & d", "/r/?a=1&b=2")
        self.assertIn("<summary>a &lt;b&gt;</summary>", html)
        self.assertIn('<div class="lang-it" lang="it"><p>x</p></div>', html)
        self.assertIn('<a href="/r/?a=1&amp;b=2">c &amp; d</a>', html)

    def test_a_change_note_in_the_interface_language(self):
        with translation.override("it"):
            html = markup.change_note("La <terza> frase")
        self.assertEqual(
            html,
            '<p class="rule-change-note"><strong>Il documento osserva:</strong> '
            "La &lt;terza&gt; frase</p>",
        )


class DocumentLinesTests(SimpleTestCase):
    def test_a_damaged_line_is_shown_as_written_with_its_reason(self):
        rows = [("line", [text("Fine.")], ""), ("damaged", "Pay <1>: draw", "cost lost")]
        with translation.override("en"):
            html = markup.document_lines(rows, "en")
        self.assertTrue(html.startswith('<p>Fine.</p><p class="damaged">'))
        self.assertIn('title="Damaged text: cost lost"', html)
        self.assertIn('<span class="damaged-text">Pay &lt;1&gt;: draw</span>', html)
        self.assertIn(
            '<span class="damage-reason" lang="en">(Damaged text: cost lost)</span>', html
        )
