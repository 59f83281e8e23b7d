"""Rule references in text become links; search excerpts mark the words. No database, but for
the links of a dated text, which look up the edition it belongs to."""

from datetime import date
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.test import SimpleTestCase
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from common.links import url_prefix
from rulings.models import RulesEdition
from rulings.rules.citations import cited_numbers, rule_shaped_numbers
from rulings.rules.numbers import ancestors_of, level_of
from rulings.tests.factories import make_edition
from web.pages.rules.comparison import comparable_text
from web.pages.rules.confidence import confidence_words
from web.pages.rules.excerpts import highlight, query_words
from web.rendering.markup import RuleTextRenderer, inline, side_by_side
from web.rendering.text_pieces import LineReader, RuleLinks
from web.testing import EmptyDatabaseTestCase


def link_citations(text, exists=None, edition=None):
    """``text`` with the rule numbers it cites linked (``exists``: the numbers that have a
    page, None for all), its other pieces as they are."""
    links = RuleLinks(url_prefix("rules:rule-detail"), exists, edition)
    return inline(LineReader([links], symbols=False).read(text or ""))


def link(number, label=None, query=""):
    return f'<a class="rule-ref" href="/it/rules/{number}/{query}">{label or number}</a>'


class LinkCitationsTests(SimpleTestCase):
    def setUp(self):
        translation.activate("it")
        self.addCleanup(translation.deactivate)

    def assertLinks(self, text, expected, **options):
        self.assertEqual(str(link_citations(text, **options)), expected)

    def test_see_rule_with_a_subrule_number(self):
        self.assertLinks("See rule 702.9a.", f"See rule {link('702.9a')}.")

    def test_see_rule_with_a_rule_number_and_its_period(self):
        self.assertLinks("see rule 702.9.", f"see rule {link('702.9')}.")

    def test_a_bare_rule_number_is_a_reference(self):
        self.assertLinks("as 702.37c says", f"as {link('702.37c')} says")

    def test_a_bare_section_or_chapter_number_is_not(self):
        self.assertLinks(
            "in 2007 there were 702 cards and 5 players",
            None or ("in 2007 there were 702 cards and 5 players"),
        )

    def test_section_and_chapter_numbers_after_the_word_that_names_them(self):
        self.assertLinks(
            "See rule 613, “Interaction.” See section 5, “Turn Structure.”",
            f"See rule {link('613')}, “Interaction.” See section {link('5')}, “Turn Structure.”",
        )

    def test_lists_of_sections(self):
        self.assertLinks("rules 614 and 615.", f"rules {link('614')} and {link('615')}.")
        self.assertLinks(
            "rules 613.2, 707.2, and 707.3.",
            f"rules {link('613.2')}, {link('707.2')}, and {link('707.3')}.",
        )

    def test_a_range_links_its_first_number_and_keeps_the_range_text(self):
        self.assertLinks("rules 601.2a-h apply", f"rules {link('601.2a', '601.2a-h')} apply")
        self.assertLinks(
            "rules 601.2b and 601.2f–h.",
            f"rules {link('601.2b')} and {link('601.2f', '601.2f–h')}.",
        )
        self.assertLinks("rules 119.7–8", f"rules {link('119.7', '119.7–8')}")

    def test_a_range_of_two_whole_numbers_links_both(self):
        self.assertLinks("rules 903.6–903.11.", f"rules {link('903.6')}–{link('903.11')}.")

    def test_italian_words(self):
        self.assertLinks("vedi regola 502.26b", f"vedi regola {link('502.26b')}")
        self.assertLinks(
            "la sezione 5 e le regole 614 e 615",
            (f"la sezione {link('5')} e le regole {link('614')} e {link('615')}"),
        )

    def test_text_is_escaped_first(self):
        self.assertLinks(
            '<b>"rule" 702.9</b> & co',
            f"&lt;b&gt;&quot;rule&quot; {link('702.9')}&lt;/b&gt; &amp; co",
        )

    def test_only_numbers_that_exist_are_linked(self):
        self.assertLinks(
            "rules 702.9 and 999.1", f"rules {link('702.9')} and 999.1", exists={"702.9"}
        )
        self.assertLinks("rule 702.9", "rule 702.9", exists=set())

    def test_links_of_an_older_edition_open_that_edition(self):
        self.assertLinks(
            "See rule 504.",
            f"See rule {link('504', query='?edition=2007-05-01')}.",
            edition="2007-05-01",
        )

    def test_links_follow_the_page_language(self):
        with translation.override("en"):
            self.assertIn('href="/en/rules/702.9/"', link_citations("rule 702.9"))

    def test_empty_text(self):
        self.assertEqual(link_citations(""), "")
        self.assertEqual(link_citations(None), "")

    def test_cited_numbers_lists_the_numbers_cited_once_each(self):
        self.assertEqual(
            cited_numbers(
                "See rules 601.2b and 601.2f–h, rule 601.2b again, section 5, 903.6–903.11"
            ),
            ["601.2b", "601.2f", "5", "903.6", "903.11"],
        )
        self.assertEqual(cited_numbers("no numbers, 2 players, 702 cards"), [])

    def test_rule_shaped_numbers_hold_every_number_cited(self):
        text = "See rules 601.2b and 601.2f–h, section 5 and rules 903.6–903.11 (2/2)."
        self.assertLessEqual(set(cited_numbers(text)), rule_shaped_numbers(text))


class RuleTextTests(SimpleTestCase):
    def setUp(self):
        translation.activate("en")
        self.addCleanup(translation.deactivate)

    def test_paragraphs_symbols_and_links(self):
        html = str(RuleTextRenderer().paragraphs("Pay {3}.\n\nSee rule 702.37c."))
        self.assertEqual(html.count("<p>"), 2)
        self.assertIn('<abbr class="ms ms-cost ms-3" role="img" aria-label="three generic"', html)
        self.assertIn(link("702.37c").replace("/it/", "/en/"), html)

    def test_examples_are_marked_as_examples(self):
        html = str(RuleTextRenderer().body("Text.", ["Example: A player casts it."], "en"))
        self.assertIn('<div class="rule-text" lang="en"><p>Text.</p>', html)
        self.assertIn(
            '<div class="rule-example"><p class="rule-example-label" lang="en">Example', html
        )
        self.assertIn("<p>A player casts it.</p>", html)
        self.assertNotIn("Example: A player", html)
        with translation.override("it"):  # the label is in the interface language
            self.assertIn(
                'class="rule-example-label" lang="it"', RuleTextRenderer().body("", ["Uno."], "en")
            )

    def test_an_empty_rule_has_no_body(self):
        self.assertEqual(RuleTextRenderer().body("", [], "en"), "")

    def test_italian_beside_english(self):
        # Both are HTML a renderer made; plain text would be escaped.
        italian, english = SafeString("<p>it</p>"), SafeString("<p>en</p>")
        self.assertEqual(side_by_side("", english, "en"), "<p>en</p>")
        html = side_by_side(italian, english, "en")
        self.assertIn('<div class="lang-it" lang="it"><p>it</p></div>', html)
        self.assertIn('<div class="lang-en" lang="en"><p>en</p></div>', html)

    def test_tree_of_rules_and_subrules(self):
        def node(number, level, children=(), title="", old_numbers=()):
            return SimpleNamespace(
                number=number,
                level=level,
                url=f"/en/rules/{number}/",
                title=title,
                italian_title="",
                html=mark_safe(f"<p>{number} text</p>"),
                children=list(children),
                old_numbers=list(old_numbers),
            )

        old = SimpleNamespace(
            number="502.26a", url="/x/", edition=SimpleNamespace(effective_date=date(2007, 5, 1))
        )
        nodes = [node("702.37", 3, [node("702.37a", 4, old_numbers=[old])], title="Morph <3")]
        tree = render_to_string("rules/_rule_tree.html", {"nodes": nodes, "language": "en"})
        self.assertIn(
            '<h3 class="rule-heading"><a class="rule-number" href="/en/rules/702.37/">', tree
        )
        self.assertIn('<span lang="en">Morph &lt;3</span>', tree)
        self.assertIn('<li id="702.37a" class="rule-item level-4">', tree)
        self.assertIn('Formerly: <a href="/x/">502.26a</a> (2007)', tree)
        self.assertIn("<p>702.37a text</p>", tree)  # its text, as rendered

    def tree_of_one_rule(self, **fields):
        rule = {"number": "702.37", "level": 3, "url": "/it/rules/702.37/", "title": "Morph"}
        rule |= {"italian_title": "", "html": "", "children": [], "old_numbers": []}
        return render_to_string(
            "rules/_rule_tree.html",
            {"nodes": [SimpleNamespace(**rule | fields)], "language": "en"},
        )

    def test_the_tree_escapes_what_is_not_already_html(self):
        tree = self.tree_of_one_rule(
            title="<script>alert(1)</script>",
            italian_title='l\'abilità "Metamorfosi" & co.',
            html="<script>alert(2)</script>",  # text, not marked safe
        )
        self.assertNotIn("<script>", tree)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", tree)
        self.assertIn("&lt;script&gt;alert(2)&lt;/script&gt;", tree)
        # Escaped as Django's templates escape, byte for byte.
        self.assertIn("l&#x27;abilità &quot;Metamorfosi&quot; &amp; co.", tree)
        # HTML already rendered (a SafeString) is written as it is.
        tree = self.tree_of_one_rule(html=mark_safe("<p>Morph <b>is</b> static.</p>"))
        self.assertIn("<p>Morph <b>is</b> static.</p>", tree)

    def test_the_tree_speaks_the_page_language(self):
        old = SimpleNamespace(
            number="502.26",
            url="/it/rules/502.26/?edition=2007-05-01",
            edition=SimpleNamespace(effective_date=date(2007, 5, 1)),
        )
        with translation.override("it"):
            tree = self.tree_of_one_rule(old_numbers=[old])
        self.assertIn(
            'In precedenza: <a href="/it/rules/502.26/?edition=2007-05-01">502.26</a> (2007)', tree
        )


class NumbersTests(SimpleTestCase):
    def test_levels(self):
        self.assertEqual([level_of(n) for n in ["7", "702", "702.37", "702.37c"]], [1, 2, 3, 4])

    def test_ancestors(self):
        self.assertEqual(ancestors_of("702.37c"), ["7", "702", "702.37"])
        self.assertEqual(ancestors_of("702.37"), ["7", "702"])
        self.assertEqual(ancestors_of("702"), ["7"])
        self.assertEqual(ancestors_of("7"), [])

    def test_confidence_in_words(self):
        self.assertEqual(confidence_words(0.99), "certain match")
        self.assertEqual(confidence_words(0.85), "close match")
        self.assertEqual(confidence_words(0.6), "probable match")
        self.assertEqual(confidence_words(0.2), "uncertain match")
        self.assertEqual(confidence_words(0.0, matched=False), "no current rule matches")

    def test_comparable_text(self):
        self.assertEqual(
            comparable_text("Morph", "Text.", ["Example: one.", "two."]),
            "Morph\nText.\nExample: one.\nExample: two.",
        )


class HighlightTests(SimpleTestCase):
    def test_words_are_folded(self):
        self.assertEqual(query_words("  Perché MORPH, morph! "), ["perche", "morph"])
        self.assertEqual(query_words("%%% --"), [])

    def test_matches_ignore_case_and_accents_and_keep_the_spelling(self):
        self.assertEqual(
            str(highlight("Perché la regola <b>", ["perche", "regola"])),
            "<mark>Perché</mark> la <mark>regola</mark> &lt;b&gt;",
        )

    def test_a_long_text_is_cut_around_the_first_match(self):
        text = " ".join(["word"] * 100) + " morph " + " ".join(["tail"] * 100)
        excerpt = str(highlight(text, ["morph"], width=60))
        self.assertTrue(excerpt.startswith("… "))
        self.assertTrue(excerpt.endswith(" …"))
        self.assertIn("<mark>morph</mark>", excerpt)
        self.assertLess(len(excerpt), 100)

    def test_letters_that_fold_to_two_are_marked_whole(self):
        self.assertEqual(str(highlight("Æther Vial", ["aether"])), "<mark>Æther</mark> Vial")

    def test_no_match_gives_the_start(self):
        self.assertEqual(str(highlight("Short text.", ["zzz"])), "Short text.")


class EditionInForceTests(EmptyDatabaseTestCase):
    def test_the_newest_edition_on_or_before_the_day_else_the_oldest(self):
        for day in [date(2026, 4, 17), date(2007, 5, 1), date(2009, 7, 11)]:
            make_edition(day)
        make_edition(date(2030, 1, 1), language="it")
        editions = RulesEdition.objects.official()

        def in_force(day):
            return editions.in_force(day).effective_date

        with self.assertNumQueries(1):  # one queryset answers for every day
            self.assertEqual(in_force(date(2008, 2, 1)), date(2007, 5, 1))
            self.assertEqual(in_force(date(2009, 7, 11)), date(2009, 7, 11))
            self.assertEqual(in_force(date(2030, 1, 1)), date(2026, 4, 17))
            self.assertEqual(in_force(date(2004, 1, 1)), date(2007, 5, 1))
            self.assertEqual(in_force(None), date(2026, 4, 17))
        self.assertIsNone(RulesEdition.objects.none().in_force(date(2004, 1, 1)))


class CitationLinkTests(EmptyDatabaseTestCase):
    def test_a_text_links_to_the_rules_of_the_edition_it_is_read_in(self):
        make_edition(date(2026, 4, 17))
        make_edition(date(2007, 5, 1))
        with translation.override("en"):
            in_edition = link_citations("rule 702.9", edition="2007-05-01")
            today = link_citations("rule 702.37c")
        self.assertIn('href="/en/rules/702.9/?edition=2007-05-01"', in_edition)
        self.assertIn('href="/en/rules/702.37c/"', today)
