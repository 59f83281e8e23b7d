"""A real Scryfall client library, Scrython (requirements-dev.txt pins it), unmodified, against
a live test server: every endpoint of the Scryfall-compatible API as a Scryfall client uses it.

Scrython has Scryfall's address written into it (``https://api.scryfall.com/``); the only
change is its base URL, made outside the library: while the tests run, urllib (which Scrython
opens its requests with) is given an opener whose first handler sends every request for
Scryfall's API to ``http://LIVE-SERVER/api/scryfall/`` instead. Scrython's rate limiter is
turned off with its own ``rate_limit=False`` option.

The server is Django's live server, serving the bundled data from this class's transaction:
on SQLite the server's threads share the test's in-memory connection (Django's live-server
tests do), elsewhere they read the bundled data, which the runner committed before the tests.
Django closes a request's "old" connections at its start and end, which inside the test's
transaction would end it: as its test client does, the class turns that off while it runs.
"""

import shutil
import tempfile
import urllib.request
from io import StringIO
from pathlib import Path

from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import LiveServerTestCase, override_settings

from oracle.models import Card, CardSearch, CardSet, Printing
from oracle.search import parse
from web.testing import BundledDataTestCase
from web.tests.test_scryfall_api_cards import EXALTED_ANGEL, TARMOGOYF

try:
    import scrython
    from scrython.base import ScryfallError
except ImportError:  # pragma: no cover - requirements-dev.txt installs it
    scrython = None

SCRYFALL = "https://api.scryfall.com/"
QUICK = {"rate_limit": False}


class ToLiveServer(urllib.request.BaseHandler):
    """Sends each request for Scryfall's API to the live server's Scryfall-compatible API."""

    handler_order = 100  # before every other handler's preprocessing

    def __init__(self, base: str):
        self.base = base

    def https_request(self, request):
        if request.full_url.startswith(SCRYFALL):
            request.full_url = self.base + request.full_url[len(SCRYFALL) :]
        return request


class ScryfallClientTests(BundledDataTestCase, LiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        if scrython is None:
            raise RuntimeError("Scrython is not installed: pip install -r requirements-dev.txt")
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        cls.addClassCleanup(request_started.connect, close_old_connections)
        cls.addClassCleanup(request_finished.connect, close_old_connections)
        super().setUpClass()
        base = f"{cls.live_server_url}/api/scryfall/"
        urllib.request.install_opener(urllib.request.build_opener(ToLiveServer(base)))
        cls.addClassCleanup(urllib.request.install_opener, None)
        cls.bulk_directory = Path(tempfile.mkdtemp(prefix="oracolo-bulk-client-"))
        cls.addClassCleanup(shutil.rmtree, cls.bulk_directory, True)

    def test_cards_by_every_kind_of_id(self):
        goyf = Printing.objects.get(scryfall_id=TARMOGOYF)
        card = scrython.cards.ById(id=TARMOGOYF, **QUICK)
        self.assertEqual((card.name, card.set, card.collector_number), ("Tarmogoyf", "fut", "153"))
        self.assertEqual(
            (card.mana_cost, card.cmc, card.power, card.toughness), ("{1}{G}", 2.0, "*", "1+*")
        )
        self.assertEqual(card.legalities["modern"], "legal")
        for found in (
            scrython.cards.ByCodeNumber(code="fut", number="153", **QUICK),
            scrython.cards.ByMultiverseId(id=goyf.multiverse_id, **QUICK),
            scrython.cards.ByMTGOId(id=goyf.mtgo_id, **QUICK),
            scrython.cards.ByTCGPlayerId(id=goyf.tcgplayer_id, **QUICK),
            scrython.cards.ByCardMarketId(id=goyf.cardmarket_id, **QUICK),
        ):
            self.assertEqual(found.card_id, TARMOGOYF)
        arena = Printing.objects.filter(arena_id__isnull=False).first()
        self.assertEqual(
            scrython.cards.ByArenaId(id=arena.arena_id, **QUICK).arena_id, arena.arena_id
        )
        italian = scrython.cards.ByCodeNumber(code="ons", number="28", lang="it", **QUICK)
        self.assertEqual((italian.lang, italian.printed_name), ("it", "Angelo Eminente"))

    def test_a_double_faced_card_has_its_faces(self):
        card = scrython.cards.ByCodeNumber(code="dka", number="147", **QUICK)
        self.assertEqual(
            [face.name for face in card.card_faces],
            ["Elbrus, the Binding Blade", "Withengar Unbound"],
        )
        self.assertIn("large", card.card_faces[1].image_uris)

    def test_named_exact_fuzzy_and_the_errors(self):
        self.assertEqual(scrython.cards.Named(exact="Tarmogoyf", **QUICK).card_id, TARMOGOYF)
        self.assertEqual(scrython.cards.Named(fuzzy="tarox blade", **QUICK).name, "Tarox Bladewing")
        self.assertEqual(scrython.cards.Named(fuzzy="Tarmogoyf", set="fut", **QUICK).set, "fut")
        angel = scrython.cards.Named(fuzzy="angelo eminente", **QUICK)
        self.assertEqual((angel.name, angel.lang), ("Exalted Angel", "it"))
        with self.assertRaises(ScryfallError) as raised:
            scrython.cards.Named(fuzzy="llanowar", **QUICK)
        self.assertEqual((raised.exception.status, raised.exception.code), (404, "not_found"))
        self.assertEqual(raised.exception.type, "ambiguous")
        with self.assertRaises(ScryfallError) as raised:
            scrython.cards.Named(exact="No Such Card", **QUICK)
        self.assertEqual(raised.exception.status, 404)

    def test_search_through_every_page(self):
        expected = parse("mv>=0").filter(CardSearch.objects.all()).count()
        results = scrython.cards.Search(q="mv>=0", **QUICK)
        self.assertEqual(
            (results.total_cards, len(results.data), results.has_more), (expected, 175, True)
        )
        names = [card.name for card in results.iter_all(**QUICK)]
        self.assertEqual(len(names), expected)
        self.assertEqual(len(set(names)), expected)
        prints = scrython.cards.Search(
            q="giant spider", unique="prints", order="released", dir="desc", **QUICK
        )
        self.assertEqual(
            prints.total_cards, Card.objects.get(name="Giant Spider").printings.count()
        )
        with self.assertRaises(ScryfallError) as raised:
            scrython.cards.Search(q="c:purple", **QUICK)
        self.assertEqual((raised.exception.status, raised.exception.code), (400, "bad_request"))
        self.assertEqual(raised.exception.warnings, ["c:purple: “purple” is not a colour"])

    def test_autocomplete_random_and_collection(self):
        self.assertEqual(scrython.cards.Autocomplete(q="tarmo", **QUICK).data, ["Tarmogoyf"])
        goblin = scrython.cards.Random(q="t:goblin", **QUICK)
        self.assertIn("Goblin", goblin.type_line)
        identifiers = [{"id": TARMOGOYF}, {"name": "Exalted Angel"}, {"name": "No Such Card"}]
        found = scrython.cards.Collection(data={"identifiers": identifiers}, **QUICK)
        self.assertEqual([card.card_id for card in found.data], [TARMOGOYF, EXALTED_ANGEL])

    def test_rulings(self):
        angel = Printing.objects.get(scryfall_id=EXALTED_ANGEL)
        by_id = scrython.rulings.ById(id=EXALTED_ANGEL, **QUICK)
        self.assertTrue(by_id.data)
        self.assertTrue(all(ruling.source in ("wotc", "oracolo") for ruling in by_id.data))
        comments = [ruling.comment for ruling in by_id.data]
        for other in (
            scrython.rulings.ByMultiverseId(id=angel.multiverse_id, **QUICK),
            scrython.rulings.ByMTGOId(id=angel.mtgo_id, **QUICK),
            scrython.rulings.ByCodeNumber(code="ons", number="28", **QUICK),
        ):
            self.assertEqual([ruling.comment for ruling in other.data], comments)

    def test_sets(self):
        self.assertEqual(len(scrython.sets.All(**QUICK).data), CardSet.objects.count())
        fut = scrython.sets.ByCode(code="fut", **QUICK)
        self.assertEqual((fut.name, fut.card_count), ("Future Sight", 180))
        self.assertEqual(scrython.sets.ById(id=fut.id, **QUICK).code, "fut")

    def test_symbology(self):
        symbols = {symbol.symbol: symbol for symbol in scrython.symbology.All(**QUICK).data}
        self.assertEqual(symbols["{G}"].colors, ["G"])
        cost = scrython.symbology.ParseMana(cost="1gg", **QUICK)
        self.assertEqual((cost.cost, cost.cmc, cost.monocolored), ("{1}{G}{G}", 3.0, True))

    def test_catalogs(self):
        catalogs = scrython.catalogs
        for catalog, member in (
            (catalogs.CardNames, "Tarmogoyf"), (catalogs.CreatureTypes, "Lhurgoyf"),
            (catalogs.PlaneswalkerTypes, "Chandra"), (catalogs.LandTypes, "Forest"),
            (catalogs.ArtifactTypes, "Equipment"), (catalogs.EnchantmentTypes, "Aura"),
            (catalogs.SpellTypes, "Arcane"), (catalogs.CardTypes, "Creature"),
            (catalogs.Supertypes, "Legendary"), (catalogs.BattleTypes, "Siege"),
            (catalogs.KeywordAbilities, "Flying"), (catalogs.KeywordActions, "Scry"),
            (catalogs.AbilityWords, "Threshold"), (catalogs.ArtistNames, "Justin Murray"),
            (catalogs.WordBank, "Tarmogoyf"), (catalogs.Powers, "*"),
            (catalogs.Toughnesses, "1+*"), (catalogs.Loyalties, "3"),
            (catalogs.Watermarks, "boros"),
        ):  # fmt: skip
            with self.subTest(catalog=catalog.__name__):
                self.assertIn(member, catalog(**QUICK).data)

    def test_bulk_data_listed_and_downloaded(self):
        with override_settings(BULK_DATA_DIR=self.bulk_directory):
            call_command("build_bulk_data", "--site-url", self.live_server_url, stdout=StringIO())
            listed = scrython.bulk_data.All(**QUICK)
            self.assertEqual(
                [item.type for item in listed.data],
                ["oracle_cards", "default_cards", "all_cards", "rulings"],
            )
            every = scrython.bulk_data.ByType(type="all_cards", **QUICK)
            self.assertEqual(scrython.bulk_data.ById(id=every.id, **QUICK).type, "all_cards")
            cards = every.download()
        italian = Printing.objects.exclude(name_it="").count()
        self.assertEqual(len(cards), Printing.objects.count() + italian)
        self.assertEqual(sum(card["lang"] == "it" for card in cards), italian)
