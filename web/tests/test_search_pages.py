"""The card search page, /<lang>/cards/: the query box, the facets, sorting and paging, on the
bundled data. Expected cards come from the MTGJSON file itself, not from our search."""

import re
import uuid
from datetime import date
from unittest import mock
from urllib.parse import parse_qs, urlsplit

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card, Printing
from oracle.tests.factories import make_card, make_set
from oracle.tests.helpers import mtgjson_cards
from web.pages.search.examples import SEARCH_EXAMPLES
from web.pages.search.filters import FACETS
from web.pages.search.help import help_sections
from web.testing import (
    DATA_AGE_QUERIES,
    BundledDataTestCase,
    EmptyDatabaseTestCase,
    time_limit_queries,
)


class SearchPageTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.fut = mtgjson_cards("FUT")

    def setUp(self):
        cache.clear()  # the facet options are cached per data fingerprint; start clean

    def search(self, language="en", **params):
        return self.client.get(f"/{language}/cards/", params)

    def row_names(self, response):
        return [row.name for row in response.context["rows"]]

    def all_pages(self, language="en", **params):
        """Every row name over all result pages, following the page's own "next" links."""
        response = self.search(language, **params)
        if response.status_code == 302:  # exactly one card: its page
            return [Card.objects.get(slug=response.url.split("/")[-2]).name]
        self.assertEqual(response.status_code, 200)
        found = self.row_names(response)
        while response.context["page_obj"].has_next():
            next_link = re.search(r'href="(\?[^"]*)" rel="next"', response.content.decode())
            response = self.client.get(f"/{language}/cards/" + next_link[1].replace("&amp;", "&"))
            found += self.row_names(response)
        return found

    # --- Results

    def test_italian_query_finds_the_flying_creatures_of_future_sight(self):
        expected = {
            name
            for name, card in self.fut.items()
            if "Creature" in card["types"] and "Flying" in card.get("keywords", [])
        }
        response = self.search("it", q="t:creatura k:volare s:fut")
        self.assertEqual(response.status_code, 200)
        english = {row.other_name or row.name for row in response.context["rows"]}
        self.assertEqual(english, expected)
        self.assertEqual(len(expected), 14)
        self.assertContains(response, "14 carte trovate.")

    def test_each_page_language_leads_with_its_own_name(self):
        response = self.search("it", q="t:creatura k:volare s:fut")
        self.assertContains(
            response,
            '<a href="/it/cards/tarox-bladewing/">Tarox Alaspada</a> '
            '<span class="muted" lang="en">Tarox Bladewing</span>',  # read as English
        )
        self.assertContains(response, "Creatura Leggendaria — Drago")
        response = self.search("en", q="t:creatura k:volare s:fut")
        self.assertContains(
            response,
            '<a href="/en/cards/tarox-bladewing/">Tarox Bladewing</a> '
            '<span class="muted" lang="it">Tarox Alaspada</span>',
        )
        self.assertContains(response, "Legendary Creature — Dragon")
        self.assertContains(response, 'aria-label="two generic, red, red, red"')  # the cost
        self.assertContains(response, "14 cards found.")

    def test_canonical_query_is_printed_above_the_results(self):
        response = self.search(q="T:Creature   K:Flying  S:FUT")
        self.assertContains(response, "Search as read: <code>t:creature kw:flying s:fut</code>")

    def test_rows_show_the_sets_newest_first_linking_to_each_printing(self):
        response = self.search(q="t:basic t:land")
        self.assertEqual(
            self.row_names(response), ["Forest", "Island", "Mountain", "Plains", "Swamp"]
        )
        sets = re.search(
            r'<td class="set-codes" role="cell">(.*?)</td>', response.content.decode()
        )[1]
        self.assertRegex(sets, r'href="/en/sets/tsp/\d+/".*>TSP</a> .*href="/en/sets/ons/\d+/"')
        self.assertIn('<i class="ss ss-tsp ss-common" aria-hidden="true"></i>', sets)
        self.assertIn('title="Time Spiral"', sets)

    def test_exactly_one_card_opens_its_page(self):
        self.assertRedirects(self.search("it", q="alaspada tarox"), "/it/cards/tarox-bladewing/")
        self.assertRedirects(self.search(q='!"Tarox Bladewing"'), "/en/cards/tarox-bladewing/")

    def test_italian_names_typed_on_a_phone_find_the_card(self):
        """Phone keyboards type ’ and “ ”; the data writes ' and the language wants "."""
        self.assertRedirects(
            self.search("it", q="Diadema dell\u2019Alba"), "/it/cards/daybreak-coronet/"
        )
        self.assertRedirects(
            self.search("it", q="!\u201cl\u2019innominato\u201d"), "/it/cards/nameless-one/"
        )
        response = self.search("it", q="t:creatura testo:\u201cpesca una carta\u201d")
        self.assertEqual(response.context["filter"].problems, [])
        self.assertContains(response, "<code>t:creatura o:&quot;pesca una carta&quot;</code>")

    def test_italian_type_words_do_not_find_old_enchant_creature_auras(self):
        """ONS printed Pacifism's Italian type as "Incanta Creatura" (Enchant Creature)."""
        italian = self.all_pages(q="t:creatura s:ons")
        english = self.all_pages("en", q="t:creature s:ons")
        self.assertEqual(sorted(italian), sorted(english))
        self.assertNotIn("Pacifism", italian)
        self.assertIn("Pacifism", self.all_pages(q='t:"incanta creatura"'))

    def test_star_powers_are_found_with_pow_star(self):
        ones = {"Doubtless One", "Heedless One", "Nameless One", "Reckless One", "Soulless One"}
        self.assertEqual(set(self.all_pages(q="pow=* s:ons")), ones)

    def test_one_card_with_a_warning_stays_on_the_results_to_show_it(self):
        response = self.search(q="tarox c:purple")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(self.row_names(response), ["Tarox Bladewing"])
        self.assertContains(response, "<code>c:purple</code>")

    # --- Problems

    def test_problem_names_the_part_and_links_to_the_corrected_query(self):
        response = self.search(q="tpye:goblin c:r", card_set="ONS")
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Part of this search was left out")
        self.assertContains(response, "<code>tpye:goblin</code>: unknown search key “tpye”")
        link = re.search(
            r'did you mean <a href="([^"]+)"><code>type:goblin</code></a>',
            response.content.decode(),
        )
        self.assertIsNotNone(link)
        params = parse_qs(urlsplit(link[1].replace("&amp;", "&")).query)
        self.assertEqual(params, {"q": ["type:goblin c:r"], "card_set": ["ONS"]})
        corrected = self.client.get("/en/cards/" + link[1].replace("&amp;", "&"))
        self.assertEqual(corrected.context["filter"].problems, [])
        self.assertTrue(all("Goblin" in row.type_line for row in corrected.context["rows"]))

    def test_unknown_keywords_and_set_codes_are_named_with_the_closest_known_one(self):
        response = self.search("it", q="k:volre s:fvt")
        self.assertEqual(response.status_code, 200)
        self.assertContains(
            response, "<code>kw:volre</code>: nessuna parola chiave si chiama “volre”"
        )
        self.assertContains(response, "<code>kw:volare</code>")
        self.assertContains(response, "<code>s:fvt</code>: nessuna espansione ha il codice “fvt”")
        self.assertContains(response, "<code>s:fut</code>")
        known = self.search(q="k:volare k:flying s:fut")
        self.assertEqual(known.context["filter"].problems, [])
        data = self.client.get("/api/cards/", {"q": "k:flyng or s:zzzzzz"}).json()
        self.assertEqual(
            [(w["part"], w["suggestion"]) for w in data["warnings"]],
            [("kw:flyng", "kw:flying"), ("s:zzzzzz", "")],
        )

    def test_the_usable_part_still_runs_beside_the_problem(self):
        partial = self.search(q="t:elf pow>=x")
        self.assertEqual(partial.status_code, 200)
        self.assertContains(partial, "<code>pow&gt;=x</code>")
        whole = self.search(q="t:elf")
        self.assertEqual(self.row_names(partial), self.row_names(whole))

    def test_unusable_query_is_a_400_page_with_the_reason(self):
        for text in ("c:purple", "pow>=x", ")", '"', "tpye:elf"):
            with self.subTest(text=text):
                response = self.search(q=text)
                self.assertEqual(response.status_code, 400)
                self.assertContains(response, "This search could not be run", status_code=400)
                self.assertContains(
                    response, 'class="panel notice search-problems"', status_code=400
                )
                self.assertContains(response, 'name="q"', status_code=400)  # the form, again
                self.assertNotIn("rows", response.context)
        response = self.search(q="tpye:elf")
        self.assertContains(response, "<code>type:elf</code>", status_code=400)

    def test_nul_characters_are_dropped_not_refused_nor_echoed(self):
        """The query language drops NUL; the form used to refuse the whole query for it (400)
        and print it back raw into the HTML, and PostgreSQL refuses it in a query (a 500 for
        ?card_set=FUT%00)."""
        response = self.search(q="t:elf\x00 c:g")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.context["filter"].problems, [])
        self.assertEqual(response.context["filter"].canonical, "t:elf c:g")
        self.assertNotIn(b"\x00", response.content)
        response = self.search(card_set="FUT\x00")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.context["page_obj"].paginator.count, len(self.fut))
        response = self.search(card_set="\x00", q="\x00")  # nothing left: nothing asked
        self.assertEqual(response.status_code, 200)
        self.assertNotIn("rows", response.context)
        for name in (*FACETS, "color_mode", "order", "dir"):
            with self.subTest(facet=name):
                response = self.search(q="tarox", **{name: "\x00"})
                self.assertIn(response.status_code, (200, 302))
                response = self.search(**{name: "fly\x00ing"})
                self.assertIn(response.status_code, (200, 400))
                self.assertNotIn(b"\x00", response.content)
        response = self.client.get("/api/cards/", {"q": "tarox\x00", "card_set": "F\x00UT"})
        self.assertEqual(response.status_code, 200)
        self.assertEqual([card["name"] for card in response.json()["results"]], ["Tarox Bladewing"])

    def test_blank_search_shows_the_form_and_examples_not_every_card(self):
        for language in ("en", "it"):
            response = self.client.get(f"/{language}/cards/")
            self.assertEqual(response.status_code, 200)
            self.assertNotIn("rows", response.context)
            self.assertContains(response, f'href="/{language}/help/search/"')
            self.assertContains(response, 'class="search-examples"')
        it = self.client.get("/it/cards/")
        self.assertContains(it, "?q=t%3Acreatura%20k%3Avolare%20s%3Afut")

    # --- Facets

    def test_set_and_rarity_facets_alone(self):
        response = self.search(card_set="FUT", rarity="rare")
        self.assertEqual(response.context["page_obj"].paginator.count, 60)
        response = self.search(card_set="fut")  # codes in any case
        self.assertEqual(response.context["page_obj"].paginator.count, len(self.fut))

    def test_type_keyword_colour_and_mana_value_facets_within_a_set(self):
        cases = [
            ({"type": "creature"}, lambda c: "Creature" in c["types"]),
            ({"type": "legendary"}, lambda c: "Legendary" in c["supertypes"]),
            ({"keyword": "suspend"}, lambda c: "Suspend" in c.get("keywords", [])),
            ({"color": ["U", "R"]}, lambda c: {"U", "R"} <= set(c["colors"])),
            (
                {"color": ["U", "R"], "color_mode": "exactly"},
                lambda c: set(c["colors"]) == {"U", "R"},
            ),
            (
                {"color": ["G"], "color_mode": "at-most"},
                lambda c: set(c["colors"]) <= {"G"},
            ),
            ({"color": ["C"]}, lambda c: not c["colors"]),
            ({"mv_min": "3", "mv_max": "4"}, lambda c: 3 <= c["manaValue"] <= 4),
            ({"mv_min": "6"}, lambda c: c["manaValue"] >= 6),
        ]
        for params, wanted in cases:
            with self.subTest(params=params):
                expected = sorted(name for name, card in self.fut.items() if wanted(card))
                found = self.all_pages(card_set="FUT", **params)
                self.assertEqual(sorted(found), expected)

    def test_facets_combine_with_the_query(self):
        expected = sorted(
            name
            for name, card in self.fut.items()
            if "Creature" in card["types"] and "G" in card["colors"] and card["rarity"] == "common"
        )
        response = self.search(q="t:creature", card_set="FUT", color="G", rarity="common")
        self.assertEqual(sorted(self.row_names(response)), expected)
        self.assertContains(response, "Search as read: <code>t:creature</code>")
        self.assertContains(response, "Set: <strong>Future Sight (FUT)</strong>")
        self.assertContains(response, "Rarity: <strong>Common</strong>")

    def test_a_facet_can_be_removed_from_the_list_of_filters_in_use(self):
        response = self.search(q="t:creature", card_set="FUT", rarity="common")
        removal = re.search(
            r'<a href="([^"]+)" aria-label="Remove the filter Set: Future Sight \(FUT\)"',
            response.content.decode(),
        )
        params = parse_qs(urlsplit(removal[1].replace("&amp;", "&")).query)
        self.assertEqual(params, {"q": ["t:creature"], "rarity": ["common"]})

    def test_the_facet_selects_keep_the_choices_made(self):
        response = self.search("it", card_set="FUT", keyword="flying", type="creature")
        self.assertContains(response, '<option value="FUT" selected>Visione Futura (FUT)</option>')
        self.assertContains(response, '<option value="flying" selected>Volare</option>')
        self.assertContains(response, '<option value="creature" selected>')
        self.assertContains(response, "Tarox Alaspada")

    def test_an_invalid_facet_is_named_and_left_out(self):
        response = self.search(q="t:elf", mv_min="abc")
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "<code>Mana value from: abc</code>: Enter a number.")
        self.assertEqual(self.row_names(response), self.row_names(self.search(q="t:elf")))
        response = self.search(q="t:elf", color=["C", "G"], color_mode="exactly")
        self.assertContains(response, "“Colourless” and a colour cannot both be chosen")

    def test_only_invalid_facets_are_a_400(self):
        response = self.search(card_set="XYZ")
        self.assertContains(response, "There is no set with the code “XYZ”.", status_code=400)
        response = self.search(mv_min="1", mv_max="x")
        self.assertEqual(response.status_code, 200)  # the minimum still applies

    # --- Sorting and paging

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

    # --- Help and home

    def test_syntax_help_examples_all_find_cards_without_problems(self):
        examples = [
            query for _, rows in help_sections() for _, _, found in rows for query, _ in found
        ]
        examples += [query for en, it, _ in SEARCH_EXAMPLES for query in (en, it)]
        self.assertGreater(len(examples), 40)
        for query in examples:
            with self.subTest(query=query):
                response = self.search(q=query)
                self.assertIn(response.status_code, (200, 302))
                if response.status_code == 200:
                    self.assertEqual(response.context["filter"].problems, [])
                    self.assertGreater(response.context["page_obj"].paginator.count, 1)

    def test_syntax_help_page_in_both_languages(self):
        for language in ("en", "it"):
            response = self.client.get(f"/{language}/help/search/")
            self.assertContains(response, f'href="/{language}/cards/?q=t%3Acreatura"')
            self.assertContains(response, "<code>tipo:</code>")
            self.assertContains(response, 'href="/api/cards/?q=t%3Acreatura%20k%3Avolare')
        self.assertContains(self.client.get("/en/help/search/"), "How to search for cards")

    def test_home_offers_query_examples_and_the_help(self):
        response = self.client.get("/it/")
        self.assertContains(response, 'href="/it/help/search/"')
        self.assertContains(response, "<code>t:creatura k:volare s:fut</code>")


class EmptySearchTests(EmptyDatabaseTestCase):
    """No cards at all: the page and its facets still work."""

    def test_search_pages_work_on_an_empty_database(self):
        cache.clear()
        self.assertEqual(self.client.get("/en/cards/").status_code, 200)
        response = self.client.get("/en/cards/", {"q": "t:creature", "type": "creature"})
        self.assertContains(response, "0 cards found.")
        self.assertContains(response, "No card matches.")


class FacetOptionsAndSetLinksTests(EmptyDatabaseTestCase):
    """The cached facet options follow the data; result rows link a card's newest sets."""

    def setUp(self):
        cache.clear()

    def test_a_new_set_is_offered_at_once_and_a_choice_is_shown_chosen(self):
        make_card(card_set=make_set("FUT", "Future Sight", "Visione Futura"))
        page = self.client.get("/en/cards/")
        self.assertContains(page, '<option value="FUT">Future Sight (FUT)</option>')
        self.assertNotContains(page, 'value="NEW"')
        make_set("NEW", "Newest Set", "Set Nuovissimo")
        page = self.client.get("/en/cards/")
        self.assertContains(page, '<option value="NEW">Newest Set (NEW)</option>')
        chosen = self.client.get("/it/cards/", {"card_set": "new"})
        self.assertContains(chosen, '<option value="NEW" selected>Set Nuovissimo (NEW)</option>')
        self.assertContains(chosen, '<option value="FUT">Visione Futura (FUT)</option>')
        again = self.client.get("/it/cards/")
        self.assertContains(again, '<option value="NEW">Set Nuovissimo (NEW)</option>')
        self.assertNotContains(again, " selected>Set Nuovissimo")

    def test_a_row_shows_the_five_newest_sets_and_how_many_more(self):
        card = make_card("Llanowar Elves", "Elfi di Llanowar")  # printed in TST, 2007-05-04
        make_card("Llanowar Behemoth", "Behemoth di Llanowar")
        for year in range(2001, 2008):
            code, released = f"S{year % 100:02d}", date(year, 1, 1)
            card_set = make_set(code, f"Set {year}", f"Espansione {year}", release_date=released)
            Printing.objects.create(
                card=card,
                card_set=card_set,
                uuid=uuid.uuid4(),
                collector_number="7★",
                rarity="common",
            )
        for language, name, more in (
            ("en", "Set 2007", "+3 more sets"),
            ("it", "Espansione 2007", "+3 altre espansioni"),
        ):
            page = self.client.get(f"/{language}/cards/", {"q": "llanowar"}).content.decode()
            cell = re.findall(r'<td class="set-codes" role="cell">(.*?)</td>', page)[1]
            codes = re.findall(r"</i>(\w+)</a>", cell)
            self.assertEqual(codes, ["TST", "S07", "S06", "S05", "S04"])
            self.assertIn(f'href="/{language}/sets/s07/7%E2%98%85/" title="{name}"', cell)
            self.assertTrue(cell.endswith(f'</a> <span class="more-sets">{more}</span>'))
