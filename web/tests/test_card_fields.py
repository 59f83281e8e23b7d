"""Two card fields read from MTGJSON: the formats whose decks a card may lead
(``leadershipSkills`` -> ``Card.leadership``, ``is:brawl``, ``is:oathbreaker``) and how many sets
it was printed in (the length of ``printings`` -> ``Card.set_count``, ``sets>=10``): stored by
the import, searchable, on the card page in both languages and in the card API."""

import json
from pathlib import Path

from django.conf import settings

from oracle.tests.factories import make_card, make_set
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase

BUNDLED_FILES = ("FUT", "ONS", "PLC", "TSB", "TSP", "SeedCards", "SearchSamples")


def bundled_entries():
    """Every card entry of the bundled card files, read with the json module."""
    for name in BUNDLED_FILES:
        path = Path(settings.BASE_DIR) / "fixtures" / "mtgjson" / f"{name}.json"
        data = json.loads(path.read_text())["data"]
        for set_obj in [data] if "cards" in data else data.values():
            yield from set_obj["cards"]


class BundledCardFieldsTests(BundledDataTestCase):
    def found(self, query):
        response = self.client.get("/api/cards/", {"q": query})
        self.assertEqual(response.status_code, 200)
        record = response.json()
        self.assertEqual(record["warnings"], [])
        return record["total"]

    def test_the_import_stores_the_number_of_sets_and_sets_finds_them(self):
        counts = {}
        for entry in bundled_entries():
            counts.setdefault(entry["name"], set()).add(len(entry.get("printings") or ()))
        self.assertEqual({len(found) for found in counts.values()}, {1})  # files agree
        at_least_ten = {name for name, (count,) in counts.items() if count >= 10}
        self.assertGreater(len(at_least_ten), 1)
        self.assertEqual(self.found("sets>=10"), len(at_least_ten))
        self.assertEqual(self.found("espansioni>=10 sets<=9"), 0)
        [found] = self.client.get("/api/cards/", {"q": '!"Jhoira of the Ghitu"'}).json()["results"]
        detail = self.client.get(f"/api/cards/{found['id']}/").json()
        self.assertEqual({detail["set_count"]}, counts["Jhoira of the Ghitu"])

    def test_the_import_stores_the_formats_a_card_may_lead(self):
        leaders = {
            entry["name"]
            for entry in bundled_entries()
            if (entry.get("leadershipSkills") or {}).get("commander")
        }
        self.assertGreater(len(leaders), 1)
        response = self.client.get("/en/cards/jhoira-of-the-ghitu/")
        self.assertContains(response, "May lead a deck in: Commander")
        self.assertContains(response, "Printed in:")
        self.assertContains(response, "5 sets")
        response = self.client.get("/it/cards/jhoira-of-the-ghitu/")
        self.assertContains(response, "Può guidare un mazzo in: Commander")
        self.assertContains(response, "5 espansioni")
        oathbreakers = {
            entry["name"]
            for entry in bundled_entries()
            if (entry.get("leadershipSkills") or {}).get("oathbreaker")
        }
        self.assertGreater(len(oathbreakers), 1)
        self.assertEqual(self.found("is:oathbreaker"), len(oathbreakers))


class LeadershipSearchTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        card_set = make_set("AAA", "A")
        make_card(name="Brawl Leader", leadership="brawl,commander", card_set=card_set)
        make_card(name="Oath Leader", leadership="commander,oathbreaker", card_set=card_set)
        make_card(name="Follower", card_set=card_set)
        cls.leader = make_card(
            name="Any Leader", leadership="brawl,commander,oathbreaker", card_set=card_set
        )

    def names(self, query):
        record = self.client.get("/api/cards/", {"q": query}).json()
        return sorted(card["name"] for card in record["results"])

    def test_is_brawl_and_is_oathbreaker_find_the_cards_that_may_lead_those_decks(self):
        self.assertEqual(self.names("is:brawl"), ["Any Leader", "Brawl Leader"])
        self.assertEqual(self.names("is:oathbreaker"), ["Any Leader", "Oath Leader"])
        self.assertEqual(self.names("not:brawl -is:oathbreaker"), ["Follower"])

    def test_the_card_page_and_the_api_list_them(self):
        record = self.client.get(f"/api/cards/{self.leader.oracle_id}/").json()
        self.assertEqual(record["leadership"], ["brawl", "commander", "oathbreaker"])
        response = self.client.get("/en/cards/any-leader/")
        self.assertContains(response, "May lead a deck in: Brawl, Commander, Oathbreaker")
