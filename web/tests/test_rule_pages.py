"""The rules browser as a reader sees it: contents, rule pages, old numbers, glossary, search.

``BundledRulesPagesTests`` reads the three real editions the project carries (May 2007, July
2009, April 2026), imported once; the other classes build small editions with the factories.
"""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.tests.helpers import squeeze
from rulings.models import GlossaryEntry, RuleMapping, RuleSection, RulesEdition
from rulings.tests.factories import (
    CURRENT,
    make_edition,
    make_mapping,
    make_old_rules,
    make_rules,
    make_section,
    make_small_rules,
)
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase
from web.tests.test_page_queries import RULE_PAGE, RULES_DATE, rule_page_queries


class BundledRulesPagesTests(BundledDataTestCase):
    def get(self, url, status=200):
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, url)
        return response

    def page(self, url):
        return squeeze(self.get(url).content.decode())

    # --- Contents

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

    # --- A rule, a section, a subrule

    def test_rule_page_with_its_subrules_breadcrumbs_and_neighbours(self):
        page = self.page("/it/rules/702.37/")
        self.assertIn('<span class="rule-number">702.37</span> <span lang="en">Morph</span>', page)
        crumbs = re.search(r'<nav class="breadcrumbs".*?</nav>', page)[0]
        self.assertEqual(
            re.findall(r"<li[^>]*>(?:<a [^>]*>)?([^<]+)", crumbs),
            ["Regole", "7. Additional Rules", "702. Keyword Abilities", "702.37 Morph"],
        )
        self.assertIn('<a href="/it/rules/702/" lang="en">702. Keyword Abilities</a>', crumbs)
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

    # --- Old numbers

    def test_old_number_page_shows_the_old_rule_and_where_it_is_today(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01")
        self.assertIn("To play a card using its morph ability, turn it face down.", page)
        self.assertIn(
            "This is rule 502.26b of the rules of May 1, 2007; today it is "
            '<a href="/en/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            page,
        )
        self.assertIn("Certain match", page)
        # Its own references point into its own edition.
        self.assertIn('<a class="rule-ref" href="/en/rules/418.5/?edition=2007-05-01">', page)
        self.assertIn(
            '<a href="/en/rules/502.26/?edition=2007-05-01" lang="en">502.26 Morph</a>', page
        )
        italian = self.page("/it/rules/502.26b/?edition=2007-05-01")
        self.assertIn(
            "Questa è la regola 502.26b delle regole del 1º maggio 2007; oggi è la "
            '<a href="/it/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            italian,
        )
        self.assertIn("Corrispondenza certa", italian)

    def test_old_number_compared_with_today(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01&compare=today")
        self.assertIn("<del>play</del><ins>cast</ins> a card using its morph ability", page)
        self.assertIn(
            "From rule 502.26b of the rules of May 1, 2007 to rule 702.37c of the rules of "
            "April 17, 2026",
            page,
        )

    def test_a_bare_old_number_leads_to_its_only_edition(self):
        self.assertRedirects(
            self.client.get("/it/rules/502.26b/"), "/it/rules/502.26b/?edition=2007-05-01"
        )

    def test_a_number_gone_from_the_current_rules_offers_the_editions_that_have_it(self):
        response = self.get("/en/rules/504.3/")
        page = squeeze(response.content.decode())
        self.assertIn('<a href="/en/rules/504.3/?edition=2009-07-11">', page)
        self.assertIn('<a href="/en/rules/504.3/?edition=2007-05-01">', page)

    def test_a_chapter_missing_from_an_older_edition_offers_the_editions_that_have_it(self):
        # The May 2007 rules have no chapter 7; chapters have no parent to borrow a title from.
        page = squeeze(self.get("/it/rules/7/?edition=2007-05-01", status=404).content.decode())
        self.assertIn('<a href="/it/rules/7/?edition=2026-04-17">', page)
        self.assertIn("(Additional Rules)", page)

    def test_every_seed_number_resolves(self):
        # The old numbers the seed documents quote, and the rules they are today (as in
        # test_renumbering's SEED_CITATIONS): each old rule's page names today's rule.
        for number, current in [
            ("502.26a", "702.37a"),
            ("504.1", "708.1"),
            ("212.8a", "308.1"),
            ("501.9a", "701.29a"),
            ("502.18a", "702.29a"),
            ("502.68a", "702.15a"),
            ("502.70a", "702.17a"),
        ]:
            with self.subTest(number):
                response = self.client.get(f"/en/rules/{number}/?edition=2007-05-01")
                self.assertEqual(response.status_code, 200)
                today = response.context["today"]
                self.assertIsNotNone(today.section, "no current rule")
                self.assertEqual(today.section.number, current)
                self.assertContains(response, f'today it is <a href="/en/rules/{current}/">')

    # --- Editions and comparison

    def test_a_rule_in_every_edition_and_a_word_diff_between_two(self):
        page = self.page("/en/rules/704.5a/?compare=2009-07-11")
        self.assertIn("This rule is in 3 editions of the rules.", page)
        self.assertIn('<a href="/en/rules/704.5a/?edition=2009-07-11">July 11, 2009</a>', page)
        self.assertIn(
            "From rule 704.5a of the rules of July 11, 2009 to rule 704.5a of the rules of "
            "April 17, 2026",
            page,
        )
        diff = re.search(r'<div id="compare".*?</div>', page)[0]
        self.assertRegex(diff, r"<(del|ins)>")
        self.assertIn('<select id="compare-with" name="compare">', page)

    def test_the_editions_of_a_rule_follow_the_rule_not_its_number(self):
        # 702.37 is Morph today; in July 2009 it was 702.34 (702.37 was Storm) and in May
        # 2007 502.26. The page compares Morph with Morph, and says what 702.37 was in 2009.
        response = self.get("/en/rules/702.37/?compare=2009-07-11")
        self.assertEqual(
            [(v["edition"].slug, v["number"]) for v in response.context["versions"]],
            [("2026-04-17", "702.37"), ("2009-07-11", "702.34"), ("2007-05-01", "502.26")],
        )
        page = squeeze(response.content.decode())
        self.assertIn(
            '<a href="/en/rules/702.34/?edition=2009-07-11">July 11, 2009</a> as rule 702.34',
            page,
        )
        self.assertIn(
            "From rule 702.34 of the rules of July 11, 2009 to rule 702.37 of the rules of "
            "April 17, 2026",
            page,
        )
        diff = re.search(r'<p class="panel diff" lang="en">(.*?)</p>', page)[1]
        self.assertEqual(diff, "Morph")
        self.assertNotIn("<del>Storm</del>", page)
        self.assertIn("The number 702.37 in other editions, where it is not this rule:", page)
        self.assertIn(
            '<a href="/en/rules/702.37/?edition=2009-07-11">July 11, 2009</a> '
            '<span lang="en">(Storm)</span>',
            page,
        )

    def test_an_old_rule_lists_the_same_rule_in_every_edition(self):
        response = self.get("/en/rules/502.26b/?edition=2007-05-01&compare=2009-07-11")
        self.assertEqual(
            [(v["edition"].slug, v["number"]) for v in response.context["versions"]],
            [("2026-04-17", "702.37c"), ("2009-07-11", "702.34b"), ("2007-05-01", "502.26b")],
        )
        page = squeeze(response.content.decode())
        self.assertIn(
            "From rule 502.26b of the rules of May 1, 2007 to rule 702.34b of the rules of "
            "July 11, 2009",
            page,
        )
        # The form keeps the edition being read and offers the others.
        form = re.search(r'<form class="compare-form".*?</form>', page)[0]
        self.assertIn('<input type="hidden" name="edition" value="2007-05-01">', form)
        self.assertNotIn('value="2007-05-01" selected', form)

    def test_a_word_diff_ignores_straight_against_curly_quotes(self):
        page = self.page("/en/rules/502.26b/?edition=2007-05-01&compare=today")
        diff = re.search(r'<p class="panel diff" lang="en">(.*?)</p>', page)[1]
        # "card's" (2007) and "card’s" (2026) are the same word; "play" -> "cast" is a change.
        self.assertNotIn("<del>card", diff)
        self.assertNotIn("<del>object", diff)
        self.assertIn("<del>play</del><ins>cast</ins>", diff)

    def test_comparing_the_current_rule_with_today_asks_for_two_editions(self):
        page = self.page("/en/rules/702.37/?compare=today")
        self.assertIn("Choose two different editions to compare.", page)
        self.assertNotIn("“today”", page)

    def test_comparing_with_an_edition_without_the_rule_says_so(self):
        page = self.page("/en/rules/702.37b/?compare=2007-05-01")
        self.assertIn("Rule 702.37b is not in the rules dated “2007-05-01”", page)

    # --- Glossary

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

    # --- Search

    def test_a_number_typed_in_the_search_box_opens_the_rule(self):
        cases = {
            "702.37c": "/it/rules/702.37c/",
            "rule 702.37": "/it/rules/702.37/",
            "502.26b (2007)": "/it/rules/502.26b/?edition=2007-05-01",
            "502.26b 2007": "/it/rules/502.26b/?edition=2007-05-01",
            "502.26b, May 2007": "/it/rules/502.26b/?edition=2007-05-01",
            "702.34 2009-07-11": "/it/rules/702.34/?edition=2009-07-11",
        }
        for query, url in cases.items():
            response = self.client.get("/it/rules/search/", {"q": query})
            self.assertRedirects(response, url, fetch_redirect_response=False, msg_prefix=query)

    def test_a_number_cited_in_a_year_without_an_edition_says_which_edition_it_reads(self):
        response = self.client.get("/it/rules/search/", {"q": "307.1 (2023)"})
        url = "/it/rules/307.1/?edition=2009-07-11&cited=2023-12-31"
        self.assertRedirects(response, url, fetch_redirect_response=False)
        page = self.page(url)
        self.assertIn(
            "Hai cercato la regola 307.1 come citata nel 2023. Oracolo non ha un’edizione delle "
            "regole di quell’anno: questa è la regola nell’edizione più recente prima di allora, "
            "quella dell’11 luglio 2009.",
            page,
        )
        # A cited date the edition is not older than says nothing.
        self.assertNotIn("Hai cercato", self.page("/it/rules/307.1/?cited=2023-12-31"))
        self.assertNotIn("Hai cercato", self.page("/it/rules/307.1/?cited=nonsense"))

    def test_words_find_rules_and_glossary_entries(self):
        response = self.get("/en/rules/search/?q=MORPH+face-down")
        numbers = [result["number"] for result in response.context["results"]]
        self.assertIn("702.37a", numbers)
        page = squeeze(response.content.decode())
        self.assertIn("<mark>Morph</mark>", page)
        self.assertIn("<mark>face</mark>-<mark>down</mark>", page)
        self.assertRegex(page, r"\d+ rules found in the rules effective from April 17, 2026")
        self.assertIn('<a href="/en/rules/glossary/#morph">', page)

    def test_search_matches_whole_words_and_lists_rules_before_the_glossary(self):
        response = self.get("/en/rules/search/?q=morph")
        numbers = [result["number"] for result in response.context["results"]]
        self.assertEqual(numbers[0], "702.37")  # its title is the word
        page = response.content.decode()
        self.assertNotIn("etamorph", page)  # "morph" is not in "Metamorphosis"
        self.assertLess(page.index('id="rule-results-heading"'), page.index('id="glossary-results'))
        texts = {number: text for number, _title, text in self.rules_index()}
        for number in numbers:
            self.assertRegex(texts[number], r"(?<!\w)morph(?!\w)")
        # A rule's number counts as its title: the morph rules of chapter 702 first.
        numbers = [
            r["number"] for r in self.get("/en/rules/search/?q=702+morph").context["results"]
        ]
        self.assertEqual(numbers[:2], ["702.37", "702.37a"])
        cited = numbers.index(next(number for number in numbers if not number.startswith("702.")))
        self.assertTrue(all(number.startswith("702.37") for number in numbers[:cited]))
        italian = self.get("/it/rules/search/?q=metamorfosi").context["results"]
        self.assertEqual(italian[0]["number"], "702.37")

    def rules_index(self):
        from rulings.models import RulesEdition
        from web.pages.rules.search import rules_index, stamp

        edition = RulesEdition.objects.official().in_force()
        return rules_index(edition.pk, stamp(edition))

    def test_a_long_rules_two_pagers_have_labels_of_their_own(self):
        page = self.get("/it/rules/702/").content.decode()
        labels = re.findall(r'<nav class="rule-pager" aria-label="([^"]*)"', page)
        self.assertEqual(len(labels), 2)
        self.assertEqual(len(set(labels)), 2)

    def test_search_results_are_paginated(self):
        response = self.get("/en/rules/search/?q=player")
        self.assertGreater(response.context["page_obj"].paginator.num_pages, 2)
        self.assertContains(response, 'href="?q=player&amp;page=2"')
        second = self.get("/en/rules/search/?q=player&page=2")
        self.assertEqual(second.context["page_obj"].number, 2)
        self.assertEqual(
            self.get("/en/rules/search/?q=player&page=x").context["page_obj"].number, 1
        )

    def test_a_number_cited_before_the_oldest_edition_is_not_opened_blindly(self):
        # A 2002 document citing 502.26b: in May 2007 (the oldest rules here) 502.26b is Morph,
        # but in 2002 it may have been another rule; the page says so and offers both pages.
        response = self.get("/en/rules/search/?q=502.26b+(2002)")
        page = squeeze(response.content.decode())
        self.assertIn(
            "The oldest rules here are those effective from May 1, 2007: rule 502.26b as cited "
            "in 2002 may have had another number or meaning then.",
            page,
        )
        self.assertIn(
            '<a href="/en/rules/502.26b/?edition=2007-05-01">502.26b in the rules of May 1, '
            "2007</a>",
            page,
        )
        self.assertIn(
            '<a href="/en/rules/702.37c/">702.37c in the rules of April 17, 2026</a>', page
        )
        # A number that is nowhere still says so plainly.
        response = self.get("/en/rules/search/?q=214.7a+(2002)")
        self.assertContains(response, "There is no rule 214.7a in the Comprehensive Rules.")

    def test_search_in_an_older_edition(self):
        response = self.get("/en/rules/search/?q=morph&edition=2007-05-01")
        self.assertIn("502.26", [result["number"] for result in response.context["results"]])
        self.assertContains(response, 'href="/en/rules/502.26/?edition=2007-05-01"')

    # --- Speed

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


class OldNumbersTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.current, cls.now = make_small_rules()
        cls.old, cls.then = make_old_rules()
        make_mapping(cls.then["502.26"], cls.now["702.37"], confidence=0.97)
        make_mapping(cls.then["502.26b"], cls.now["702.37c"], confidence=0.7)
        make_mapping(cls.then["502.99"], None, confidence=0.0)

    def test_a_probable_match_says_so(self):
        page = squeeze(self.client.get("/en/rules/502.26b/?edition=2007-05-01").content.decode())
        # The title of the rule it became goes inside the sentence, before its full stop.
        self.assertIn(
            'today it is <a href="/en/rules/702.37c/">702.37c <span lang="en">(Morph)</span></a>.',
            page,
        )
        self.assertIn("Probable match: similar text, confidence 70%.", page)

    def test_an_old_rule_that_matches_nothing_today_says_so(self):
        page = squeeze(self.client.get("/en/rules/502.99/?edition=2007-05-01").content.decode())
        self.assertIn(
            "This is rule 502.99 of the rules of May 1, 2007; no current rule matches it.", page
        )

    def test_an_old_rule_without_a_computed_match(self):
        RuleMapping.objects.filter(old_section=self.then["502.26c"]).delete()
        page = squeeze(self.client.get("/en/rules/502.26c/?edition=2007-05-01").content.decode())
        self.assertIn("This is rule 502.26c of the rules of May 1, 2007, an older edition.", page)

    def test_the_current_rule_lists_the_old_numbers_that_lead_to_it(self):
        page = squeeze(self.client.get("/en/rules/702.37/").content.decode())
        section = re.search(r'<section class="rule-old-numbers".*?</section>', page)[0]
        self.assertIn('<a href="/en/rules/502.26/?edition=2007-05-01">502.26</a>', section)
        self.assertIn("certain match", section)
        self.assertIn(
            'Formerly: <a href="/en/rules/502.26b/?edition=2007-05-01">502.26b</a> (2007)', page
        )

    def test_an_italian_page_says_formerly_in_italian(self):
        page = squeeze(self.client.get("/it/rules/702.37/").content.decode())
        self.assertIn(
            'In precedenza: <a href="/it/rules/502.26b/?edition=2007-05-01">502.26b</a> (2007)',
            page,
        )
        self.assertNotIn("Formerly:", page)

    def test_a_number_in_two_older_editions_offers_both(self):
        july_2009 = make_edition(CURRENT.replace(year=2009, month=7, day=11))
        make_rules(july_2009, [("5", "Turn Structure", ""), ("502", "Untap Step", "")])
        make_section(july_2009, "502.99", "", "Another rule with the same number.")
        response = self.client.get("/en/rules/502.99/")
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, 'href="/en/rules/502.99/?edition=2009-07-11"')
        self.assertContains(response, 'href="/en/rules/502.99/?edition=2007-05-01"')
        # Asked for in an edition that lacks it: the same choice, as a "not found".
        response = self.client.get("/en/rules/502.99/?edition=2026-04-17")
        self.assertEqual(response.status_code, 404)
        self.assertContains(response, "?edition=2007-05-01", status_code=404)

    def test_search_by_old_number_and_year(self):
        response = self.client.get("/en/rules/search/", {"q": "regola 502.26b (2007)"})
        self.assertRedirects(response, "/en/rules/502.26b/?edition=2007-05-01")


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
