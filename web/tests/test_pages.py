from datetime import date
from io import StringIO

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card, CardSet
from oracle.tests.factories import make_card, make_erratum, make_set
from oracle.tests.helpers import FUT, set_table_rows
from web.testing import DATA_AGE_QUERIES, EmptyDatabaseTestCase


class RealFutureSightPagesTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def test_root_redirects_by_browser_language(self):
        response = self.client.get("/", headers={"accept-language": "it-IT,it;q=0.9"})
        self.assertRedirects(response, "/it/")
        response = self.client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})
        self.assertRedirects(response, "/en/")

    def test_home_lists_the_set_in_the_page_language(self):
        self.assertContains(self.client.get("/it/"), "Visione Futura")
        self.assertContains(self.client.get("/en/"), "Future Sight")

    def test_card_page_shows_oracle_and_italian_printed_text(self):
        response = self.client.get("/it/cards/tarox-bladewing/")
        self.assertContains(response, "<h1>Tarox Alaspada", html=False)
        self.assertContains(response, "Tarox Bladewing")
        self.assertContains(response, "Creatura Leggendaria — Drago")
        self.assertContains(response, "Volare, rapidità")
        self.assertContains(response, "Legendary Creature — Dragon")
        self.assertContains(response, 'aria-label="red"', count=0)  # Italian page: Italian
        self.assertContains(response, 'aria-label="rosso"')
        self.assertContains(response, "4/3")
        self.assertContains(response, "The +X/+X bonus is based on Tarox Bladewing’s power")
        self.assertContains(response, '<time datetime="2007-05-01">1º maggio 2007</time>')
        self.assertContains(response, "Visione Futura")

    def test_english_card_page_leads_with_the_oracle_name(self):
        response = self.client.get("/en/cards/tarox-bladewing/")
        self.assertContains(response, "<h1>Tarox Bladewing")
        self.assertContains(response, '<html lang="en"')

    def test_printing_url_uses_set_code_and_collector_number(self):
        response = self.client.get("/en/sets/fut/123/")
        self.assertContains(response, "Tarox Bladewing")
        self.assertContains(response, 'aria-current="true"')

    def test_set_page_lists_cards_in_collector_number_order(self):
        response = self.client.get("/en/sets/fut/")
        self.assertContains(response, "Future Sight")
        self.assertContains(response, "Visione Futura")
        numbers = [number for number, _name in set_table_rows(response)]
        self.assertEqual(numbers[:3], ["1", "2", "3"])
        self.assertEqual(len(numbers), 180)
        self.assertContains(response, "60 commons, 60 uncommons, 60 rares")
        pictures = self.client.get("/en/sets/fut/", {"view": "images"})
        self.assertContains(pictures, "60 commons, 60 uncommons, 60 rares")

    def test_set_code_in_upper_case_redirects_to_the_canonical_address(self):
        self.assertRedirects(self.client.get("/en/sets/FUT/"), "/en/sets/fut/", 301)

    def test_set_list(self):
        response = self.client.get("/it/sets/")
        self.assertContains(response, "Visione Futura")
        self.assertContains(response, "Future Sight")

    def test_home_and_set_list_start_from_the_newest_set_and_leave_out_empty_sets(self):
        make_card(
            name="Old Bear", card_set=make_set("OLD", "Old Set", release_date=date(1994, 1, 1))
        )
        make_card(
            name="New Bear", card_set=make_set("NEW", "New Set", release_date=date(2026, 2, 1))
        )
        make_set("AFUT", "Future Sight Art Series", release_date=date(2026, 3, 1))  # no printing
        listed = self.client.get("/en/sets/").content.decode()
        order = [listed.index(name) for name in ("New Set", "Future Sight", "Old Set")]
        self.assertEqual(order, sorted(order))
        home = self.client.get("/en/").content.decode()
        self.assertIn("in 3 sets", home)
        # The home page's newest sets are those the data holds enough of: not a card or two.
        tiles = home[home.index('id="sets-heading"') :]
        self.assertIn("Future Sight", tiles)
        self.assertNotIn("New Set", tiles)
        for path in ("/en/", "/en/sets/"):
            with self.subTest(path=path):
                self.assertNotContains(self.client.get(path), "Art Series")

    def test_name_search_finds_italian_and_english_names(self):
        self.assertRedirects(
            self.client.get("/it/cards/", {"q": "Alaspada"}), "/it/cards/tarox-bladewing/"
        )
        response = self.client.get("/en/cards/", {"q": "tarox"})
        self.assertRedirects(response, "/en/cards/tarox-bladewing/")
        response = self.client.get("/en/cards/", {"card_set": "FUT", "rarity": "rare"})
        self.assertEqual(response.context["page_obj"].paginator.count, 60)

    def test_unknown_card_is_404(self):
        self.assertEqual(self.client.get("/en/cards/no-such-card/").status_code, 404)
        self.assertEqual(self.client.get("/en/sets/fut/999/").status_code, 404)


class CardPageTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Giant Spider", name_it="Ragno Gigante", oracle_text="Reach")
        make_erratum(
            cls.card,
            "Giant Spider can block as though it had flying.",
            "Reach",
            when=date(2005, 8, 1),
            reason="Reach replaced the old wording.",
            reason_it="Raggiungere ha sostituito la vecchia formulazione.",
        )
        make_erratum(cls.card, "Reach (old)", "Reach", when=date(2020, 1, 1))

    def test_errata_timeline_newest_first_with_word_diff(self):
        response = self.client.get("/it/cards/giant-spider/")
        errata = response.context["errata"]
        self.assertEqual([e.date.year for e in errata], [2020, 2005])
        self.assertContains(response, "<del>Giant Spider can block as though it had flying.</del>")
        self.assertContains(response, "<ins>Reach</ins>")
        self.assertContains(response, "Raggiungere ha sostituito la vecchia formulazione.")

    def _queries_for(self, card):
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(card.get_absolute_url())
        self.assertEqual(response.status_code, 200)
        return len(queries)

    def test_query_count_does_not_grow_with_errata(self):
        one = make_card(name="One Erratum", card_set=make_set("AAA", "A"))
        ten = make_card(name="Ten Errata", card_set=make_set("BBB", "B"))
        make_erratum(one, "old", "new")
        for n in range(10):
            make_erratum(ten, f"old {n}", f"new {n}")
        self.assertEqual(self._queries_for(one), self._queries_for(ten))
        self.assertLessEqual(self._queries_for(ten), 12 + DATA_AGE_QUERIES)

    def test_interface_is_translated(self):
        response = self.client.get("/it/cards/giant-spider/")
        self.assertContains(response, "Note di regolamento")
        self.assertContains(response, "Testo Oracle (inglese)")
        response = self.client.get("/en/cards/giant-spider/")
        self.assertContains(response, "Rulings")

    def test_language_switch_links_to_the_same_page(self):
        response = self.client.get("/en/cards/giant-spider/")
        self.assertContains(response, 'href="/it/cards/giant-spider/"')


class EmptyDatabaseTests(EmptyDatabaseTestCase):
    def test_pages_work_without_any_data(self):
        for url in ("/en/", "/it/", "/en/cards/", "/en/sets/"):
            self.assertEqual(self.client.get(url).status_code, 200, url)
        self.assertFalse(Card.objects.exists())
        self.assertFalse(CardSet.objects.exists())


class NotFoundPageTests(EmptyDatabaseTestCase):
    def test_missing_card_gets_a_translated_page_with_a_search_box(self):
        response = self.client.get("/it/cards/carta-che-non-esiste/")
        self.assertContains(response, "Pagina non trovata", status_code=404)
        self.assertContains(response, 'name="q"', status_code=404)
