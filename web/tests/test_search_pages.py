"""The card search page, /<lang>/cards/: the query box, its results and problems, the help and
the home page's examples, on the bundled data and on an empty database. Expected cards come
from the MTGJSON file itself, not from our search."""

import re
from urllib.parse import parse_qs, urlsplit

from django.core.cache import cache

from oracle.tests.helpers import SearchPageTestCase
from web.pages.search.examples import SEARCH_EXAMPLES
from web.pages.search.filters import FACETS
from web.pages.search.help import help_sections
from web.testing import (
    EmptyDatabaseTestCase,
)


class SearchPageTests(SearchPageTestCase):
    """What a search finds and says: the results, the problems of a query, the help and the home
    page's examples."""

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
