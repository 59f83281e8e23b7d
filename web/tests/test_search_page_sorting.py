"""The card search page's sorting and paging on the bundled data: the sort select and the order
in the query, page numbers, and the queries a results page costs however many there are."""

import re
from unittest import mock
from urllib.parse import parse_qs, urlsplit

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.tests.helpers import SearchPageTestCase
from web.testing import (
    DATA_AGE_QUERIES,
    time_limit_queries,
)


class SearchSortingAndPagingTests(SearchPageTestCase):
    """Sorting and paging the results: the sort select and the order in the query, page numbers,
    and the same queries for one page or many."""

    def test_sort_select_and_order_in_the_query_agree(self):
        by_select = self.search(q="s:fut t:creature", order="mv", dir="desc")
        by_query = self.search(q="s:fut t:creature order:mv dir:desc")
        self.assertEqual(self.row_names(by_select), self.row_names(by_query))
        self.assertContains(by_select, "<code>s:fut t:creature order:mv dir:desc</code>")
        self.assertContains(by_select, '<option value="mv-desc" selected>')
        self.assertContains(by_query, '<option value="mv-desc" selected>')  # as the query says
        by_menu = self.search(q="s:fut t:creature order:name", sort="mv-desc")
        self.assertEqual(self.row_names(by_menu), self.row_names(by_query))
        self.assertContains(by_menu, "<code>s:fut t:creature order:mv dir:desc</code>")
        self.assertContains(by_menu, '<option value="mv-desc" selected>')
        values = {name: card["manaValue"] for name, card in self.fut.items()}
        shown = [values[name] for name in self.row_names(by_select)]
        self.assertEqual(shown, sorted(shown, reverse=True))

    def test_sort_select_replaces_the_order_written_in_the_query(self):
        response = self.search(q="s:fut order:name dir:desc", order="mv")
        self.assertContains(response, "<code>s:fut order:mv dir:desc</code>")

    def test_sorting_keeps_the_problems_of_the_query(self):
        response = self.search(q="s:fut tpye:elf", order="rarity")
        self.assertContains(response, "<code>s:fut order:rarity</code>")
        self.assertContains(response, "<code>tpye:elf</code>: unknown search key")
        self.assertContains(response, 'href="?q=s%3Afut+type%3Aelf&amp;order=rarity"')

    def test_pagination_keeps_the_query_the_facets_and_the_order(self):
        params = {"q": "t:creature", "color": ["W", "U"], "color_mode": "at-most", "order": "mv"}
        first = self.search(**params)
        page_obj = first.context["page_obj"]
        self.assertGreater(page_obj.paginator.num_pages, 2)
        link = re.search(r'href="(\?[^"]*)" rel="next"', first.content.decode())[1]
        query = parse_qs(urlsplit(link.replace("&amp;", "&")).query)
        self.assertEqual(
            query,
            {
                "q": ["t:creature"],
                "color": ["W", "U"],
                "color_mode": ["at-most"],
                "order": ["mv"],
                "page": ["2"],
            },
        )
        second = self.client.get("/en/cards/" + link.replace("&amp;", "&"))
        self.assertEqual(second.context["page_obj"].number, 2)
        self.assertEqual(second.context["page_obj"].paginator.count, page_obj.paginator.count)
        self.assertFalse(set(self.row_names(first)) & set(self.row_names(second)))

    def test_bad_page_numbers_fall_back_to_a_real_page(self):
        for page, number in (("abc", 1), ("-1", 1), ("0", 1), ("99999", None)):
            with self.subTest(page=page):
                response = self.search(q="t:creature", page=page)
                self.assertEqual(response.status_code, 200)
                last = response.context["page_obj"].paginator.num_pages
                self.assertEqual(response.context["page_obj"].number, number or last)

    def test_the_results_page_costs_the_same_queries_for_one_page_or_many(self):
        few, many = {"q": "t:goblin c:r"}, {"q": "t:creature"}

        def queries(params):
            with CaptureQueriesContext(connection) as captured:
                response = self.search(**params)
            self.assertEqual(response.status_code, 200)
            return response, len(captured)

        queries(few)  # fill the cached facet options
        (few_response, few_count), (many_response, many_count) = queries(few), queries(many)
        self.assertEqual(few_response.context["page_obj"].paginator.num_pages, 1)
        self.assertGreater(many_response.context["page_obj"].paginator.num_pages, 10)
        self.assertEqual(few_count, many_count)
        self.assertLessEqual(many_count, 6 + DATA_AGE_QUERIES + time_limit_queries())

    def test_many_results_are_counted_and_paged_as_few_are(self):
        """Up to FEW_FOUND cards are paged from their ids; more, along the index of the order
        with the count in the same statement: the same pages either way, in as many queries."""

        def pages(few_found):
            with mock.patch("web.pages.search.found_cards.FEW_FOUND", few_found):
                for number in ("1", "2", "99999"):
                    with CaptureQueriesContext(connection) as captured:
                        response = self.search(q="t:creature", order="mv", page=number)
                    page_obj = response.context["page_obj"]
                    yield page_obj.number, page_obj.paginator.count, self.row_names(response)
                    if number != "99999":  # past the end: counted again, then the last page
                        yield len(captured)

        self.search(q="t:creature")  # fill the cached facet options
        by_ids, by_index = list(pages(100_000)), list(pages(5))
        self.assertEqual(by_ids, by_index)
        self.assertEqual(by_ids[0][0], 1)
        self.assertEqual(len(by_ids[0][2]), 50)
        self.assertEqual(by_ids[2][0], 2)
        self.assertEqual(by_ids[4][0], by_ids[4][1] // 50 + 1)

    def test_many_results_in_name_order_are_paged_as_few_are(self):
        """The default order, by name, read from the ids by a statement of its own: the same
        pages as along the index of the order, ascending and descending, in both languages."""

        def pages(few_found, language, direction):
            with mock.patch("web.pages.search.found_cards.FEW_FOUND", few_found):
                for number in ("1", "2", "99999"):
                    params = {"q": "t:creature", "page": number} | direction
                    response = self.client.get(f"/{language}/cards/", params)
                    page_obj = response.context["page_obj"]
                    yield page_obj.number, page_obj.paginator.count, self.row_names(response)

        self.search(q="t:creature")  # fill the cached facet options
        for language in ("en", "it"):
            for direction in ({}, {"dir": "desc"}):
                with self.subTest(language=language, direction=direction):
                    by_ids = list(pages(100_000, language, direction))
                    self.assertEqual(by_ids, list(pages(5, language, direction)))
                    self.assertEqual(len(by_ids[0][2]), 50)
                    self.assertEqual(by_ids[1][0], 2)
                    self.assertEqual(by_ids[2][0], by_ids[2][1] // 50 + 1)
                    self.assertNotEqual(by_ids[0][2], by_ids[1][2])
