"""Text read into pieces (web.rendering.text_pieces): symbols, reminder text and the rule numbers
a text cites, with no markup made and nothing asked of the database; where a number leads is
what the reader is given."""

from django.test import SimpleTestCase
from django.utils import translation

from rulings.rules.citations import CitedNumber
from web.rendering.text_pieces import (
    PARAGRAPH_END,
    PARAGRAPH_START,
    REMINDER_END,
    REMINDER_START,
    LineReader,
    RuleLinks,
    link,
    note,
    strip_example_label,
    text,
)


class ReadingTests(SimpleTestCase):
    def test_a_line_with_nothing_to_find_is_one_piece_of_text(self):
        self.assertEqual(LineReader().read("<b>Flying</b>"), [text("<b>Flying</b>")])

    def test_symbols_side_by_side_are_one_piece_named_by_their_words(self):
        with translation.override("it"):
            (cost, rest) = LineReader().read("{2}{W}: x")
        self.assertEqual(cost.kind, "symbols")
        self.assertEqual([symbol.text for symbol in cost.symbols], ["2", "W"])
        self.assertEqual(cost.label, "due generico, bianco")
        self.assertEqual(rest, text(": x"))

    def test_each_symbol_its_own_piece_unless_runs(self):
        pieces = LineReader(runs=False).read("{T}{T}")
        self.assertEqual([len(piece.symbols) for piece in pieces], [1, 1])

    def test_reminder_text_and_paragraphs_open_and_close(self):
        pieces = LineReader(reminders=True).paragraphs("Morph (Turn it up.)\n\nFlying")
        self.assertEqual(
            pieces,
            [
                PARAGRAPH_START,
                text("Morph "),
                REMINDER_START,
                text("(Turn it up.)"),
                REMINDER_END,
                PARAGRAPH_END,
                PARAGRAPH_START,
                text("Flying"),
                PARAGRAPH_END,
            ],
        )

    def test_the_example_label_goes(self):
        self.assertEqual(strip_example_label("Esempio: Un giocatore"), "Un giocatore")


class RuleLinkTests(SimpleTestCase):
    def read(self, line, **options):
        return LineReader([RuleLinks("/en/rules/", **options)]).read(line)

    def test_every_number_leads_to_its_page_in_the_edition_given(self):
        self.assertEqual(
            self.read("See rule 702.9a.", edition="2007-05-01"),
            [
                text("See rule "),
                link("702.9a", "/en/rules/702.9a/?edition=2007-05-01", "rule-ref"),
                text("."),
            ],
        )

    def test_only_the_numbers_that_exist_are_linked(self):
        pieces = self.read("rules 702.9 and 702.99", exists={"702.9"})
        self.assertEqual(pieces[1], link("702.9", "/en/rules/702.9/", "rule-ref"))
        self.assertEqual(pieces[2:], [text(" and "), text("702.99")])

    def test_a_range_written_in_full_links_both_ends(self):
        pieces = self.read("903.6–903.11")
        self.assertEqual([piece.kind for piece in pieces], ["link", "text", "link"])
        self.assertEqual(pieces[1], text("–"))

    def test_numbers_in_symbols_are_not_read(self):
        self.assertEqual([piece.kind for piece in self.read("{702.9}")], ["symbols"])

    def test_numbers_cited_on_a_date_lead_where_they_are_today(self):
        cited = {
            "502.26b": CitedNumber("502.26b", "2007-05-01", True, "702.37c"),
            "212.1e": CitedNumber("212.1e", "2007-05-01", True, None),
        }
        with translation.override("en"):
            pieces = self.read("502.26b, 212.1e, 214.7a", cited=cited)
        self.assertEqual(
            pieces[0], link("502.26b", "/en/rules/702.37c/", "rule-ref", "today 702.37c")
        )
        self.assertEqual(
            pieces[2],
            link(
                "212.1e",
                "/en/rules/212.1e/?edition=2007-05-01",
                "rule-ref",
                "no current rule matches",
            ),
        )
        self.assertEqual(
            pieces[4], note("214.7a", "rule-ref-unknown", "not in the rules Oracolo has")
        )
