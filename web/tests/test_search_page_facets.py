"""The card search page's facets (set, rarity, type, keyword, colour, mana value) on the bundled
data, and their options following the data. Expected cards come from the MTGJSON file itself."""

import re
import uuid
from datetime import date
from urllib.parse import parse_qs, urlsplit

from django.core.cache import cache

from oracle.models import Printing
from oracle.tests.factories import make_card, make_set
from oracle.tests.helpers import SearchPageTestCase
from web.testing import (
    EmptyDatabaseTestCase,
)


class SearchFacetsTests(SearchPageTestCase):
    """The search page's facets, alone, within a set and with the query; invalid ones named."""

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
