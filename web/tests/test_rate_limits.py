"""One rate-limit policy and one time limit for every costly address (issue 41, item 2): each
family answers 429 with Retry-After past the client's requests, in its own shape; a burst
above the rate is allowed in a minute, not over ten; a client may run only so many at once,
counted alike in each process's memory, in an instance's folder and in Redis; and every search
path is stopped by the time limit, answering 503. Where the counters live:
test_limit_counters.py."""

import json
import tempfile
import uuid
from unittest import mock

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import override_settings

from oracle.models import Card
from web import search_limits
from web.testing import BundledDataTestCase, delete_redis_keys, redis_cache, redis_url
from web.tests.test_search_limits import slow_searches, slow_statement

# The middle of a minute, at the start of a ten-minute window.
NOW = 600 * 100_000 + 20.5
DECK = "4 Llanowar Elves\n20 Forest\n"


def scryfall(path):
    return f"/api/scryfall/{path}"


# (what it is, method, address, body, the answer's shape: page, json or scryfall)
COSTLY = [
    ("card search page", "get", "/en/cards/?q=elves", None, "page"),
    ("random card page", "get", "/en/cards/random/", None, "page"),
    ("cards API search", "get", "/api/cards/?q=elves", None, "json"),
    ("cards API card", "get", "/api/cards/{oracle_id}/", None, "json"),
    ("rules search page", "get", "/en/rules/search/?q=flying", None, "page"),
    ("rules API", "get", "/api/rules/", None, "json"),
    ("deck page, posted", "post", "/en/decks/", {"list": DECK, "format": "modern"}, "page"),
    ("deck page, by address", "get", "/en/decks/?format=modern&d=x", None, "page"),
    ("judge's sheet", "post", "/en/decks/sheet/", {"list": DECK, "format": "modern"}, "page"),
    ("export", "post", "/en/decks/export/mtgo/", {"list": DECK, "format": "modern"}, "page"),
    ("decks API", "json", "/api/decks/check/", {"list": DECK, "format": "modern"}, "json"),
    ("Scryfall search", "get", scryfall("cards/search?q=elves"), None, "scryfall"),
    ("Scryfall named", "get", scryfall("cards/named?fuzzy=llanowar"), None, "scryfall"),
    ("Scryfall random", "get", scryfall("cards/random"), None, "scryfall"),
    (
        "Scryfall collection",
        "json",
        scryfall("cards/collection"),
        {"identifiers": [{"name": "Llanowar Elves"}]},
        "scryfall",
    ),
    ("Scryfall card", "get", scryfall("cards/{oracle_id}"), None, "scryfall"),
    ("Scryfall rulings", "get", scryfall("cards/{oracle_id}/rulings"), None, "scryfall"),
    ("Scryfall sets", "get", scryfall("sets"), None, "scryfall"),
    ("Scryfall catalog", "get", scryfall("catalog/card-names"), None, "scryfall"),
    ("Scryfall symbology", "get", scryfall("symbology"), None, "scryfall"),
    ("Scryfall bulk data", "get", scryfall("bulk-data"), None, "scryfall"),
]
SUGGESTIONS = [
    ("cards API suggestions", "/api/cards/autocomplete/?q=llan", "json"),
    ("Scryfall suggestions", scryfall("cards/autocomplete?q=llan"), "scryfall"),
]


@override_settings(TRUSTED_PROXIES=0)
class LimitsTestCase(BundledDataTestCase):
    def setUp(self):
        self.clear_counters()
        self.clock = mock.patch("web.search_limits.clock", return_value=NOW)
        self.clock.start()
        self.addCleanup(self.clock.stop)
        self.address = 0

    def clear_counters(self):
        caches["limits"].clear()

    def at(self, seconds):
        """Move the clock to ``seconds`` after the start of NOW's ten-minute window."""
        self.clock.stop()
        self.clock = mock.patch("web.search_limits.clock", return_value=600 * 100_000 + seconds)
        self.clock.start()

    def send(self, method, url, body=None, client="203.0.113.7", language="en"):
        headers = {"REMOTE_ADDR": client, "HTTP_ACCEPT_LANGUAGE": language}
        if method == "json":
            return self.client.post(
                url, json.dumps(body), content_type="application/json", **headers
            )
        return getattr(self.client, method)(url, body or {}, **headers)

    def assertRefused(self, response, shape, message, status=429):
        self.assertEqual(response.status_code, status)
        if shape == "page":
            self.assertContains(response, message, status_code=status)
            self.assertIn("text/html", response["Content-Type"])
        elif shape == "json":
            self.assertEqual(response.json(), {"error": mock.ANY})
            self.assertIn(message, response.json()["error"])
        else:
            body = response.json()
            code = "too_many_requests" if status == 429 else "timed_out"
            self.assertEqual(
                (body["object"], body["code"], body["status"]), ("error", code, status)
            )
            self.assertIn(message, body["details"])
            self.assertEqual(response["Access-Control-Allow-Origin"], "*")


@override_settings(SEARCH_RATE_LIMIT=1, SEARCH_RATE_BURST=1, AUTOCOMPLETE_RATE_LIMIT=1)
class EveryCostlyAddressTests(LimitsTestCase):
    def test_each_answers_429_with_retry_after_past_the_clients_requests(self):
        oracle_id = Card.objects.get(name="Llanowar Elves").oracle_id
        for number, (what, method, url, body, shape) in enumerate(COSTLY):
            with self.subTest(what):
                client = f"198.51.100.{number + 1}"  # each counted apart
                url = url.format(oracle_id=oracle_id)
                for _ in range(2):  # the rate and the burst
                    self.assertNotEqual(self.send(method, url, body, client).status_code, 429)
                response = self.send(method, url, body, client)
                self.assertRefused(
                    response,
                    shape,
                    "Too many requests from your address: at most 2 a minute. Try again in "
                    "40 seconds.",
                )
                self.assertEqual(response["Retry-After"], "40")

    def test_the_name_suggestions_have_their_own_count(self):
        for what, url, shape in SUGGESTIONS:
            with self.subTest(what):
                caches["limits"].clear()
                self.send("get", "/api/cards/?q=elves")
                self.send("get", "/api/cards/?q=elves")  # the searches are spent
                self.assertEqual(self.send("get", url).status_code, 200)
                response = self.send("get", url, language="it")
                self.assertRefused(
                    response, shape, "Troppe richieste dal tuo indirizzo: al massimo 1 al minuto."
                )

    def test_a_preflight_is_not_counted(self):
        url = scryfall("cards/collection")
        for _ in range(5):
            self.assertEqual(self.client.options(url).status_code, 200)
        body = {"identifiers": [{"name": "Llanowar Elves"}]}
        self.assertEqual(self.send("json", url, body).status_code, 200)

    def test_a_blank_search_form_is_not_a_search(self):
        for _ in range(5):
            self.assertEqual(self.send("get", "/en/cards/").status_code, 200)
        self.assertEqual(self.send("get", "/en/cards/?q=elves").status_code, 302)


class BurstTests(LimitsTestCase):
    @override_settings(SEARCH_RATE_LIMIT=60, SEARCH_RATE_BURST=60)
    def test_one_address_hammering_is_refused_from_its_121st_request_of_a_minute(self):
        url = scryfall("symbology")
        statuses = [self.send("get", url).status_code for _ in range(121)]
        self.assertEqual(statuses[:120], [200] * 120)
        self.assertEqual(statuses[120], 429)

    @override_settings(SEARCH_RATE_LIMIT=3, SEARCH_RATE_BURST=2)
    def test_a_burst_is_allowed_in_a_minute_but_not_over_ten(self):
        url = "/api/cards/?q=elves"
        # Six busy minutes: the rate and the burst each, one more refused.
        for minute in range(6):
            self.at(minute * 60 + 1)
            for _ in range(5):
                self.assertEqual(self.send("get", url).status_code, 200)
            response = self.send("get", url)
            self.assertEqual(response.status_code, 429)
            self.assertEqual(response["Retry-After"], "59")
        # 30 in six minutes: the rate's ten minutes spent, whatever the minute allows.
        self.at(6 * 60 + 1)
        response = self.send("get", url)
        self.assertRefused(
            response,
            "json",
            "Too many requests from your address: at most 30 in ten minutes. Try again in "
            "239 seconds.",
        )
        self.assertEqual(response["Retry-After"], "239")
        self.assertEqual(self.send("get", url, client="192.0.2.9").status_code, 200)
        self.at(600 + 1)  # the next ten minutes
        self.assertEqual(self.send("get", url).status_code, 200)


@override_settings(SEARCH_CONCURRENT_LIMIT=2)
class AtOnceTests(LimitsTestCase):
    def running_elsewhere(self, client="203.0.113.7"):
        """A request of ``client`` running in another worker, until the test ends."""
        block = search_limits.running(search_limits.client_key(self._request(client)))
        self.assertTrue(block.__enter__())
        self.addCleanup(block.__exit__, None, None, None)

    def _request(self, client):
        return mock.Mock(META={"REMOTE_ADDR": client})

    def test_one_more_than_the_cap_is_refused_at_once(self):
        url = scryfall("cards/search?q=elves")
        self.running_elsewhere()
        self.assertEqual(self.send("get", url).status_code, 200)
        self.running_elsewhere()
        response = self.send("get", url)
        self.assertRefused(
            response,
            "scryfall",
            "Too many requests from your address at once: at most 2 at a time.",
        )
        self.assertEqual(response["Retry-After"], "1")
        self.assertContains(
            self.send("get", "/it/cards/?q=elves"),
            "Troppe richieste contemporanee dal tuo indirizzo: al massimo 2 alla volta.",
            status_code=429,
        )
        # Another address is not held back; a request that ended is no longer counted.
        self.assertEqual(self.send("get", url, client="192.0.2.9").status_code, 200)
        self.assertEqual(self.send("get", url, client="192.0.2.9").status_code, 200)

    def test_a_count_left_by_a_killed_worker_stops_mattering(self):
        url = scryfall("cards/search?q=elves")
        self.running_elsewhere()
        self.running_elsewhere()  # never ended: the worker was killed
        self.assertEqual(self.send("get", url).status_code, 429)
        self.at(20.5 + 30)  # the next slot still counts the previous one
        self.assertEqual(self.send("get", url).status_code, 429)
        self.at(20.5 + 60)
        self.assertEqual(self.send("get", url).status_code, 200)


def slow_sql(*args, **kwargs):
    with connection.cursor() as cursor:
        cursor.execute(slow_statement())
        return cursor.fetchall()


@override_settings(SEARCH_TIME_LIMIT=0.3)
class TimeLimitTests(LimitsTestCase):
    def test_every_search_path_is_stopped_answering_503(self):
        stopped = "This search took longer than 0.3 seconds and was stopped."
        cases = [
            ("Scryfall named", "web.api.scryfall.named.find_card", "get",
             scryfall("cards/named?fuzzy=llanowar"), None, "scryfall"),
            ("Scryfall suggestions", "web.api.scryfall.search.completions", "get",
             scryfall("cards/autocomplete?q=llan"), None, "scryfall"),
            ("Scryfall collection", "web.api.scryfall.collection.resolve", "json",
             scryfall("cards/collection"), {"identifiers": [{"name": "Llanowar Elves"}]},
             "scryfall"),
            ("deck page", "web.views.decks.check_list", "post", "/en/decks/",
             {"list": DECK, "format": "modern"}, "page"),
            ("judge's sheet", "web.views.decks.check_list", "post", "/en/decks/sheet/",
             {"list": DECK, "format": "modern"}, "page"),
            ("decks API", "web.api.decks.checked_list", "json", "/api/decks/check/",
             {"list": DECK, "format": "modern"}, "json"),
            ("rules search", "web.views.rules.search_words", "get",
             "/en/rules/search/?q=flying", None, "page"),
        ]  # fmt: skip
        for what, slow_part, method, url, body, shape in cases:
            with self.subTest(what), mock.patch(slow_part, slow_sql):
                response = self.send(method, url, body)
                self.assertRefused(response, shape, stopped, status=503)

    def test_the_scryfall_search_is_stopped_in_scryfalls_shape(self):
        with slow_searches():
            response = self.send("get", scryfall("cards/search?q=elves"), language="it")
            self.assertRefused(
                response,
                "scryfall",
                "La ricerca è durata più di 0,3 secondi ed è stata interrotta.",
                status=503,
            )
            self.assertEqual(self.send("get", scryfall("cards/random?q=elves")).status_code, 503)
        # The limit ends with the search: the next one runs.
        self.assertEqual(self.send("get", scryfall("cards/search?q=elves")).status_code, 200)


class InFolder:
    """The counters in the cache the workers of an instance share without Redis."""

    @classmethod
    def setUpClass(cls):
        folder = tempfile.TemporaryDirectory()
        cls.addClassCleanup(folder.cleanup)
        limits = {"BACKEND": "common.instance_cache.InstanceCache", "LOCATION": folder.name}
        cls.enterClassContext(override_settings(CACHES={**settings.CACHES, "limits": limits}))
        super().setUpClass()


class OnRedis:
    """The counters in Redis (REDIS_URL: scripts/with-redis), under a key prefix of their own."""

    @classmethod
    def setUpClass(cls):
        cls.prefix = f"oracolo-limits-test-{uuid.uuid4().hex[:12]}"
        limits = redis_cache(redis_url(), cls.prefix)
        cls.enterClassContext(override_settings(CACHES={**settings.CACHES, "limits": limits}))
        super().setUpClass()

    def clear_counters(self):
        delete_redis_keys(caches["limits"], f"{self.prefix}:")


class InFolderBurstTests(InFolder, BurstTests):
    pass


class InFolderAtOnceTests(InFolder, AtOnceTests):
    pass


class RedisBurstTests(OnRedis, BurstTests):
    pass


class RedisAtOnceTests(OnRedis, AtOnceTests):
    pass
