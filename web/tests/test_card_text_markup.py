"""The card text renderers make all their markup themselves (hypothesis): whatever the text, the
output holds only the tags and attributes each renderer writes, every character of the text is
shown once, escaped once; and the inputs that once broke out of an attribute or were escaped
twice."""

from django.test import SimpleTestCase
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.printed_text import mend_symbols
from oracle.tests.markup_check import (
    DIFF_TAGS,
    ORACLE_TEXT_TAGS,
    SYMBOL_TAGS,
    MarkupError,
    read_markup,
)
from web.rendering.markup import mana, rules_text, word_diff

FRAGMENTS = [
    "[+1]: ",
    "[−2]",
    "-3: ",
    "0:",
    "[X]",
    "{T}",
    "{2/W}",
    "{W/U/P}",
    "{10}",
    "{)(}",
    '{x"}',
    "{<b>}",
    "{&amp;}",
    "{",
    "}",
    "(",
    ")",
    "(Reminder {G}.)",
    "<script>alert(1)</script>",
    '"',
    "'",
    "&",
    "&amp;",
    "&#x27;",
    "<",
    ">",
    "\n",
    "\r\n",
    "  ",
    "rule 702.9",
    "702.37c",
    "o2o\nU",
    "oc\nT:",
    "Flying",
    "dell'11 luglio",
    "<!--",
    "<?x?>",
    "</p>",
    "<a href='x'>",
    "=",
    "\x00",
    "é",
    "—",
]
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=12).map(
    "".join
)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def shown_lines(text: str) -> str:
    """What a paragraph renderer shows of ``text``: its lines that are not blank."""
    return "".join(line for line in text.splitlines() if line.strip())


class OracleTextMarkupTests(SimpleTestCase):
    @FUZZ
    @given(texts, st.sampled_from(["en", "it"]))
    def test_oracle_text_makes_only_its_own_markup(self, text, language):
        with translation.override(language):
            shown, _tags = read_markup(rules_text(text), ORACLE_TEXT_TAGS)
        self.assertEqual(shown, shown_lines(text))

    @FUZZ
    @given(texts)
    def test_a_mana_cost_makes_only_symbols(self, text):
        shown, _tags = read_markup(mana(text), SYMBOL_TAGS)
        self.assertEqual(shown, text)

    @FUZZ
    @given(texts)
    def test_printed_text_makes_only_its_own_markup(self, text):
        """The Italian printed text (as Oracle text) and the English one mended, compared with
        today's wording."""
        shown, _tags = read_markup(rules_text(text), ORACLE_TEXT_TAGS)
        self.assertEqual(shown, shown_lines(text))
        shown, tags = read_markup(word_diff(mend_symbols(text), "Flying\n{T}: Draw."), DIFF_TAGS)
        self.assertEqual(shown.count("Flying") >= 1, True)
        self.assertTrue(all(tag in {"del", "ins", "br", "abbr", "span"} for tag, _attrs in tags))

    @FUZZ
    @given(texts, texts)
    def test_a_word_diff_makes_only_its_own_markup(self, old, new):
        shown, _tags = read_markup(word_diff(old, new), DIFF_TAGS)
        self.assertEqual(shown.replace("\n", ""), shown)  # line breaks are <br>


class AttributeBreakOutTests(SimpleTestCase):
    def test_a_parenthesis_in_a_symbol_stays_in_its_attribute(self):
        html = rules_text("{)(} x")
        read_markup(html, ORACLE_TEXT_TAGS)
        self.assertEqual(
            html,
            '<p><abbr class="ms ms-cost ms-)(" role="img" aria-label=")(" title=")(">'
            '<span class="visually-hidden">{)(}</span></abbr> x</p>',
        )

    def test_a_quote_in_a_symbol_is_escaped_once(self):
        self.assertEqual(
            rules_text('{x"}'),
            '<p><abbr class="ms ms-cost ms-x&quot;" role="img" aria-label="X&quot;" '
            'title="X&quot;"><span class="visually-hidden">{x&quot;}</span></abbr></p>',
        )

    def test_reminder_text_around_a_symbol_keeps_the_symbol_whole(self):
        html = rules_text("(Add {G}.)")
        self.assertTrue(html.startswith('<p><i class="reminder">(Add <abbr'), html)
        self.assertTrue(html.endswith("</abbr>.)</i></p>"), html)

    def test_the_checker_refuses_markup_made_by_a_regex_over_markup(self):
        broken = (
            '<p><abbr class="ms ms-cost ms-)(" aria-label=")<i class="reminder">(">x</abbr></p>'
        )
        with self.assertRaises(MarkupError):
            read_markup(broken, ORACLE_TEXT_TAGS)
        with self.assertRaises(MarkupError):
            read_markup("<p>&amp;amp;</p><script>", ORACLE_TEXT_TAGS)
