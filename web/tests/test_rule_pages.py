"""The rules browser as a reader sees it: contents, rule pages, glossary, the Italian text beside
the English, and edge cases.

``BundledRulesPagesTests`` reads the three real editions the project carries (May 2007, July
2009, April 2026), imported once; the other classes build small editions with the factories.
"""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.tests.helpers import squeeze
from rulings.models import GlossaryEntry, RuleSection, RulesEdition
from rulings.tests.factories import (
    CURRENT,
    make_edition,
    make_rules,
    make_section,
    make_small_rules,
)
from rulings.tests.helpers import BundledRulesPagesTestCase
from web.testing import EmptyDatabaseTestCase
from web.tests.test_page_queries import RULE_PAGE, RULES_DATE, rule_page_queries


class BundledRulesPagesTests(BundledRulesPagesTestCase):
    """Contents, rule, section and subrule pages and the glossary of the bundled editions, and a
    rule page's fixed number of queries."""

    def test_contents_lists_the_nine_chapters_and_their_sections_in_both_languages(self):
        for language in ("it", "en"):
            response = self.get(f"/{language}/rules/")
            self.assertEqual(len(response.context["chapters"]), 9)
            page = squeeze(response.content.decode())
            self.assertIn(
                f'<a href="/{language}/rules/7/"><span class="rule-number">7.</span>', page
            )
            # The Italian page titles it in Italian (rulings.rules.italian_titles), the
            # English beside it.
            title = (
                '<span lang="it">Abilità chiave</span></a> <span class="muted" lang="en">'
                "Keyword Abilities</span>"
                if language == "it"
                else '<span lang="en">Keyword Abilities</span></a>'
            )
            self.assertIn(
                f'<a href="/{language}/rules/702/"><span class="rule-number">702.</span> {title}',
                page,
            )
            self.assertIn(f'href="/{language}/rules/glossary/"', page)
            self.assertIn(f'action="/{language}/rules/search/"', page)
        self.assertIn("17 aprile 2026", self.page("/it/rules/"))
        self.assertIn("April 17, 2026", self.page("/en/rules/"))

    def test_contents_of_an_older_edition(self):
        page = self.page("/en/rules/?edition=2007-05-01")
        self.assertIn('<a href="/en/rules/502/?edition=2007-05-01">', page)
        self.assertIn("You are reading the rules effective from May 1, 2007", page)
        self.assertIn('<option value="2009-07-11">', page)
        self.assertIn('<option value="2007-05-01" selected>', page)

    def test_italian_dates_read_as_italian(self):
        page = self.page("/it/rules/?edition=2009-07-11")
        self.assertIn("Stai leggendo le regole in vigore dall’11 luglio 2009", page)
        self.assertNotIn("dal 11", page)
        self.assertIn("1º maggio 2007", self.page("/it/rules/?edition=2007-05-01"))

    def test_rule_page_with_its_subrules_breadcrumbs_and_neighbours(self):
        page = self.page("/it/rules/702.37/")
        self.assertIn('<span class="rule-number">702.37</span> <span lang="en">Morph</span>', page)
        crumbs = re.search(r'<nav class="breadcrumbs".*?</nav>', page)[0]
        self.assertEqual(
            re.findall(r"<li[^>]*>(?:<a [^>]*>)?([^<]+)", crumbs),
            ["Regole", "7. Regole aggiuntive", "702. Abilità chiave", "702.37 Morph"],
        )
        # The contents' Italian titles; English, marked so, where no Italian title exists.
        self.assertIn('<a href="/it/rules/702/" lang="it">702. Abilità chiave</a>', crumbs)
        self.assertIn('<li aria-current="page" lang="en">702.37 Morph</li>', crumbs)
        self.assertIn('<a rel="prev" href="/it/rules/702.36/">', page)
        self.assertIn('<span lang="en">702.36 Fear</span>', page)
        self.assertIn('<a rel="next" href="/it/rules/702.38/">', page)
        for letter in "abcdefg":
            self.assertIn(f'<li id="702.37{letter}" class="rule-item level-4">', page)
        self.assertIn("Megamorph is a variant of the morph ability.", page)

    def test_every_rule_reference_in_the_text_is_a_link(self):
        page = self.page("/it/rules/702.17b/")
        self.assertIn('<a class="rule-ref" href="/it/rules/702.9/">702.9</a>', page)
        self.assertIn('<a class="rule-ref" href="/it/rules/509/">509</a>', page)
        page = self.page("/it/rules/702.37/")
        self.assertIn('(See rule <a class="rule-ref" href="/it/rules/708/">708</a>,', page)

    def test_a_section_shows_its_rules_with_their_subrules(self):
        response = self.get("/en/rules/702/")
        self.assertGreater(len(response.context["node"].children), 60)
        page = squeeze(response.content.decode())
        self.assertIn(
            '<h3 class="rule-heading"><a class="rule-number" href="/en/rules/702.37/">702.37</a> '
            '<span lang="en">Morph</span></h3>',
            page,
        )
        self.assertIn('<li id="702.37c" class="rule-item level-4">', page)
        self.assertIn('<a rel="next" href="/en/rules/703/">', page)

    def test_a_long_section_shows_the_text_of_forty_rules_a_page_and_every_heading(self):
        first = self.page("/en/rules/702/")
        pages = re.search(r'<nav class="pagination section-pages".*?</nav>', first)[0]
        self.assertIn('<li class="current" aria-current="page">702.1–702.40</li>', pages)
        self.assertIn('<li><a href="/en/rules/702/?page=4">702.121–702.160</a></li>', pages)
        # A rule of another page: its heading, its title a link to that page, no subrules.
        self.assertIn(
            '<li id="702.150" class="rule-item level-3 rule-elsewhere" '
            'data-page="/en/rules/702/?page=4"> <h3 class="rule-heading">'
            '<a class="rule-number" href="/en/rules/702.150/">702.150</a> '
            '<a href="/en/rules/702/?page=4#702.150"><span lang="en">',
            first,
        )
        self.assertNotIn('id="702.150a"', first)
        self.assertIn('<script src="/static/js/rule-anchors.js" defer></script>', first)
        fourth = self.get("/en/rules/702/?page=4")
        self.assertEqual(len(fourth.context["node"].children), 192)
        fourth = squeeze(fourth.content.decode())
        self.assertIn('<li id="702.150a" class="rule-item level-4">', fourth)
        self.assertIn('<li id="702.37" class="rule-item level-3 rule-elsewhere" ', fourth)
        self.assertNotIn('id="702.37c"', fourth)
        self.assertIn('<a href="/en/rules/702/?page=3" rel="prev">702.81–702.120</a>', fourth)
        # A page past the end is the last; anything else the first.
        self.assertIn('id="702.192a"', self.page("/en/rules/702/?page=99"))
        self.assertIn('id="702.37c"', self.page("/en/rules/702/?page=x"))
        # An older edition's pages keep it.
        older = self.page("/en/rules/702/?edition=2009-07-11&page=2")
        self.assertIn('href="/en/rules/702/?edition=2009-07-11"', older)
        # A short section is one page, with no script.
        short = self.page("/en/rules/703/")
        self.assertNotIn("section-pages", short)
        self.assertNotIn("rule-anchors.js", short)

    def test_a_chapter_lists_its_sections(self):
        page = self.page("/en/rules/7/")
        self.assertIn('<a href="/en/rules/702/"><span class="rule-number">702.</span>', page)
        self.assertNotIn("702.37c", page)
        self.assertIn('<a rel="prev" href="/en/rules/6/">', page)
        self.assertIn('<a rel="next" href="/en/rules/8/">', page)

    def test_subrule_page(self):
        page = self.page("/en/rules/702.37c/")
        self.assertIn("To cast a card using its morph ability, turn it face down", page)
        self.assertIn('<a href="/en/rules/702.37/" lang="en">702.37 Morph</a>', page)
        self.assertIn('<a rel="prev" href="/en/rules/702.37b/">', page)
        self.assertIn('<a rel="next" href="/en/rules/702.37d/">', page)
        # The old numbers that lead here, with the editions they come from.
        self.assertIn('<a href="/en/rules/502.26b/?edition=2007-05-01">502.26b</a>', page)
        self.assertIn('<a href="/en/rules/702.34b/?edition=2009-07-11">702.34b</a>', page)

    def test_examples_are_marked(self):
        page = self.page("/en/rules/702.19b/")  # Trample: "Example: A 2/2 creature ..."
        self.assertIn('<div class="rule-example"><p class="rule-example-label" lang="en">', page)

    def test_numbers_are_accepted_with_a_period_or_in_capitals(self):
        response = self.client.get("/it/rules/702.37./")
        self.assertRedirects(response, "/it/rules/702.37/", status_code=301)
        response = self.client.get("/it/rules/702.37C/?edition=2009-07-11")
        self.assertRedirects(response, "/it/rules/702.37c/?edition=2009-07-11", 301, 404)

    def test_unknown_numbers_give_the_translated_not_found_page(self):
        for url in ("/it/rules/999.99/", "/it/rules/abc/", "/it/rules/702.999z/"):
            response = self.get(url, status=404)
            self.assertContains(response, "Pagina non trovata", status_code=404)
        response = self.get("/en/rules/702.37/?edition=2008-01-01", status=404)
        self.assertContains(response, "There is no edition of the rules dated", status_code=404)

    def test_glossary_entries_with_anchors_letters_and_links(self):
        response = self.get("/it/rules/glossary/")
        self.assertEqual(response.context["count"], 730)
        page = squeeze(response.content.decode())
        self.assertIn('<dt id="morph"><a class="anchor" href="#morph">Morph</a></dt>', page)
        self.assertIn('<a class="rule-ref" href="/it/rules/702.37/">702.37</a>', page)
        self.assertIn('<li><a href="#letter-M">M</a></li>', page)
        self.assertLess(page.index('id="abandon"'), page.index('id="zone"'))

    def test_glossary_of_an_older_edition(self):
        page = self.page("/en/rules/glossary/?edition=2007-05-01")
        self.assertIn('<a class="rule-ref" href="/en/rules/502.26/?edition=2007-05-01">', page)

    def test_glossary_definitions_link_the_rules_of_their_edition_in_each_language(self):
        for language in ("it", "en"):
            page = self.page(f"/{language}/rules/glossary/")
            self.assertIn(f'<a class="rule-ref" href="/{language}/rules/702.37/">702.37</a>', page)
        older = self.page("/it/rules/glossary/?edition=2007-05-01")
        self.assertIn('href="/it/rules/502.26/?edition=2007-05-01"', older)
        # A definition changed without a save (a bulk update): shown as it is now.
        current = RulesEdition.objects.official().in_force()
        GlossaryEntry.objects.filter(edition=current, slug="morph").update(
            text="Changed in bulk. See rule 702.37."
        )
        self.assertIn(
            'Changed in bulk. See rule <a class="rule-ref" href="/it/rules/702.37/">702.37</a>',
            self.page("/it/rules/glossary/"),
        )

    def test_rule_texts_link_the_rules_of_their_edition(self):
        page = self.page("/it/rules/702.37/")
        self.assertIn('<a class="rule-ref" href="/it/rules/708/">708</a>', page)
        older = self.page("/en/rules/502.26/?edition=2007-05-01")
        self.assertIn("?edition=2007-05-01", re.search(r'<li id="502.26a".*?</li>', older)[0])
        # A rule changed without a save (a bulk update): shown as it is now.
        current = RulesEdition.objects.official().in_force()
        RuleSection.objects.filter(edition=current, number="702.37a").update(
            text="Changed in bulk. See rule 708."
        )
        self.assertIn(
            'Changed in bulk. See rule <a class="rule-ref" href="/it/rules/708/">708</a>',
            self.page("/it/rules/702.37/"),
        )

    def test_a_rule_page_costs_the_same_queries_whatever_the_rule(self):
        urls = [
            "/en/rules/702/",  # a section of 190 rules and their subrules
            "/en/rules/702.37c/",  # one subrule
            "/en/rules/7/",
            "/en/rules/100.1/",
            "/en/rules/502.26b/?edition=2007-05-01",
            "/it/rules/702.37/?compare=2009-07-11",
        ]
        counts = {}
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                self.get(url)
            counts[url] = len(queries)
        self.assertEqual(counts, {url: rule_page_queries(url) for url in urls})

    def test_a_small_and_a_big_section_cost_the_same_queries(self):
        # (address, a subrule it shows, a subrule on another page of its section)
        for url, shown, elsewhere in [
            ("/en/rules/101/", "101.1", "102.1"),  # four rules
            ("/en/rules/702/", "702.2a", "702.81a"),  # 190 rules, on pages of 40
            ("/en/rules/702/?page=3", "702.81a", "702.2a"),
            ("/en/rules/702/?page=99", "702.190a", "702.81a"),  # past the end: the last page
        ]:
            with self.subTest(url=url):
                self.client.get(url)  # what is read once per process is read now
                with self.assertNumQueries(RULE_PAGE + RULES_DATE):
                    response = self.client.get(url)
                self.assertContains(response, f'id="{shown}"')
                self.assertNotContains(response, f'id="{elsewhere}"')


class ItalianBesideEnglishTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.edition, cls.sections = make_small_rules()
        italian = make_edition(CURRENT, language="it", is_complete=False)
        make_rules(
            italian,
            [
                ("7", "Regole aggiuntive", ""),
                ("702", "Abilità chiave", ""),
                ("702.37", "Metamorfosi", ""),
                (
                    "702.37c",
                    "",
                    "Per lanciare una carta usando la sua abilità metamorfosi, girala a faccia "
                    "in giù. (Vedi regola 707.)",
                    ["Esempio: un esempio in italiano."],
                ),
            ],
        )

    def test_italian_page_shows_the_italian_text_with_the_english_beside_it(self):
        response = self.client.get("/it/rules/702.37/")
        page = squeeze(response.content.decode())
        self.assertIn('<span lang="it">Metamorfosi</span>', page)
        self.assertIn('<span class="muted other-name" lang="en">Morph</span>', page)
        block = re.search(r'<li id="702.37c".*?</li>', page)[0]
        self.assertIn(
            '<div class="bilingual rule-bilingual"><div class="lang-it" lang="it">', block
        )
        self.assertIn("Per lanciare una carta usando la sua abilità metamorfosi", block)
        self.assertIn('<div class="lang-en" lang="en">', block)
        self.assertIn("To cast a card using its morph ability", block)
        self.assertLess(block.index('lang="it"'), block.index('lang="en"'))
        # Rule references in the Italian text are links too.
        self.assertIn('(Vedi regola <a class="rule-ref" href="/it/rules/707/">707</a>.)', block)
        self.assertIn("un esempio in italiano.", block)
        # A rule without an Italian text shows the English alone.
        other = re.search(r'<li id="702.37a".*?</li>', page)[0]
        self.assertNotIn("bilingual", other)

    def test_contents_show_italian_titles_beside_the_english(self):
        page = squeeze(self.client.get("/it/rules/").content.decode())
        self.assertIn(
            '<span lang="it">Abilità chiave</span></a> <span class="muted" lang="en">'
            "Keyword Abilities</span>",
            page,
        )

    def test_english_page_shows_only_the_english(self):
        page = self.client.get("/en/rules/702.37/").content.decode()
        self.assertNotIn("Metamorfosi", page)
        self.assertNotIn("bilingual", page)

    def test_italian_words_find_rules_on_italian_pages(self):
        response = self.client.get("/it/rules/search/", {"q": "abilità metamorfosi"})
        self.assertEqual([r["number"] for r in response.context["results"]], ["702.37c"])
        self.assertContains(response, '<p class="rule-snippet" lang="it">')
        self.assertContains(response, "<mark>abilità</mark> <mark>metamorfosi</mark>")
        response = self.client.get("/en/rules/search/", {"q": "abilità metamorfosi"})
        self.assertEqual(response.context["results"], [])

    def test_the_italian_text_costs_no_extra_query(self):
        with self.assertNumQueries(RULE_PAGE + RULES_DATE):
            self.client.get("/it/rules/702/")
        with self.assertNumQueries(RULE_PAGE + RULES_DATE):
            self.client.get("/it/rules/100.1a/")


class EdgeCasesTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.edition, cls.sections = make_small_rules()

    def test_search_boxes_never_fail(self):
        for query in ["", "   ", "%%%", "'; DROP TABLE x; --", "<script>", "zzzzqqq"]:
            response = self.client.get("/it/rules/search/", {"q": query})
            self.assertEqual(response.status_code, 200, query)
        # Longer than a search may be: refused, saying so.
        response = self.client.get("/it/rules/search/", {"q": "x" * 5000})
        self.assertContains(response, "La ricerca è troppo lunga", status_code=400)
        self.assertNotContains(self.client.get("/it/rules/search/?q=<script>"), "<script>")

    def test_a_rule_text_is_escaped_in_the_tree(self):
        make_section(self.edition, "707.2", "", "Copy <script>alert(1)</script> & co.")
        response = self.client.get("/en/rules/707/")
        self.assertNotContains(response, "<script>alert")
        self.assertContains(response, "Copy &lt;script&gt;alert(1)&lt;/script&gt; &amp; co.")

    def test_search_folds_accents_and_case(self):
        response = self.client.get("/en/rules/search/", {"q": "ABACO"})
        self.assertContains(response, '<a href="/en/rules/glossary/#abaco"><mark>Ábaco</mark></a>')
        response = self.client.get("/en/rules/search/", {"q": "megamórph"})
        self.assertEqual([r["number"] for r in response.context["results"]], ["702.37b"])

    def test_all_words_must_appear(self):
        response = self.client.get("/en/rules/search/", {"q": "flying reach"})
        self.assertEqual([r["number"] for r in response.context["results"]], ["702.9b"])
        response = self.client.get("/en/rules/search/", {"q": "flying zebra"})
        self.assertEqual(response.context["results"], [])
        self.assertContains(response, "No rule contains all the words of “flying zebra”.")

    def test_a_title_match_comes_first(self):
        response = self.client.get("/en/rules/search/", {"q": "morph"})
        self.assertEqual(response.context["results"][0]["number"], "702.37")

    def test_a_number_that_does_not_exist_is_said_so(self):
        response = self.client.get("/en/rules/search/", {"q": "999.9"})
        self.assertContains(response, "There is no rule 999.9 in the Comprehensive Rules.")

    def test_unknown_or_malformed_editions_are_not_found(self):
        for url in [
            "/en/rules/?edition=garbage",
            "/en/rules/glossary/?edition=2001-01-01",
            "/en/rules/702.9/?edition=2026-13-45",
            "/en/rules/search/?q=x&edition=1",
        ]:
            self.assertEqual(self.client.get(url).status_code, 404, url)

    def test_without_any_rules_the_pages_say_how_to_load_them(self):
        RulesEdition.objects.all().delete()
        for url in ["/en/rules/", "/en/rules/702.9/", "/en/rules/glossary/", "/en/rules/search/"]:
            response = self.client.get(url)
            self.assertContains(response, "load_bundled_rules", status_code=404)

    def test_the_navigation_links_to_the_rules(self):
        self.assertContains(self.client.get("/it/"), '<a href="/it/rules/"')
