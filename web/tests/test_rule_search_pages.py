"""The rules search as a reader uses it, on the three bundled editions: a number opens its rule,
words find rules and glossary entries, results in pages, older editions."""

import re

from oracle.tests.helpers import squeeze
from rulings.tests.helpers import BundledRulesPagesTestCase


class RuleSearchPagesTests(BundledRulesPagesTestCase):
    """The rules search on the bundled editions: numbers, words, pages of results, older
    editions."""

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
