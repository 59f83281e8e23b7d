"""What a search may cost (issue 32, item 13): a query over the length or term limit is refused
whole, saying so; a statement that runs past the time limit is stopped and the page or the API
says so (on SQLite and PostgreSQL alike); and each client may send only so many searches and
API requests a minute, then gets 429 with Retry-After."""

import time
from unittest import mock
from urllib.parse import urlencode

from django.core.cache import caches
from django.db import connection
from django.test import override_settings

from common.statement_timeout import StatementTimeout, statement_timeout
from oracle.search.parser import MAX_LENGTH, MAX_TERMS, Query
from oracle.tests.factories import make_card
from web.testing import EmptyDatabaseTestCase

# 48 negated text terms with an order: among the costliest searches before the limit.
COSTLY = " ".join(f"-o:word{n}" for n in range(48)) + " order:mv"
TOO_MANY = {
    "en": f"too many terms: a search may have at most {MAX_TERMS}, this one has 48",
    "it": f"troppi termini: una ricerca può averne al massimo {MAX_TERMS}, questa ne ha 48",
}


def slow_condition() -> str:
    """An SQL condition that takes seconds to work out, on either database."""
    if connection.vendor == "postgresql":
        return "(SELECT count(*) FROM pg_sleep(5)) > 0"
    return (
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500000000) "
        "SELECT count(*) FROM n) > 0"
    )


def slow_statement() -> str:
    return f"SELECT 1 WHERE {slow_condition()}"


def slow_searches():
    """Every search's statement takes seconds (a search of a much larger catalogue)."""
    filter_cards = Query.filter

    def slow(query, cards, with_tokens=False):
        return filter_cards(query, cards, with_tokens).extra(where=[slow_condition()])

    return mock.patch.object(Query, "filter", slow)


class CostLimitTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_card(
            name="Llanowar Elves", type_line="Creature — Elf Druid", oracle_text="{T}: Add {G}."
        )
        make_card(name="Goblin Guide", type_line="Creature — Goblin", oracle_text="Haste")

    def test_the_search_page_refuses_a_query_over_the_limits_saying_so(self):
        for language, message in TOO_MANY.items():
            with self.subTest(language=language):
                response = self.client.get(f"/{language}/cards/?" + urlencode({"q": COSTLY}))
                self.assertEqual(response.status_code, 400)
                self.assertContains(response, message, status_code=400)
        too_long = "elf " * (MAX_LENGTH // 4 + 1)
        response = self.client.get("/en/cards/?" + urlencode({"q": too_long}))
        self.assertContains(
            response,
            f"the query is too long: a search may have at most {MAX_LENGTH} characters, this "
            f"one has {len(too_long.strip())}",
            status_code=400,
        )
        within = " ".join(f"-o:word{n}" for n in range(MAX_TERMS)) + " order:mv"
        response = self.client.get("/en/cards/?" + urlencode({"q": within}))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "2 cards found.")

    def test_the_api_refuses_it_with_a_json_error(self):
        for language, message in TOO_MANY.items():
            with self.subTest(language=language):
                url = "/api/cards/?" + urlencode({"q": COSTLY, "lang": language})
                response = self.client.get(url)
                self.assertEqual(response.status_code, 400)
                self.assertEqual(response.json()["error"], message)


class TimeLimitTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_card(name="Goblin Guide", type_line="Creature — Goblin", oracle_text="Haste")

    def test_a_slow_statement_is_stopped_and_the_connection_goes_on(self):
        started = time.monotonic()
        with self.assertRaises(StatementTimeout), statement_timeout(0.3):
            with connection.cursor() as cursor:
                cursor.execute(slow_statement())
                cursor.fetchall()
        self.assertLess(time.monotonic() - started, 3)
        with connection.cursor() as cursor:  # no limit left behind, nothing broken
            cursor.execute("SELECT 1")
            self.assertEqual(cursor.fetchone(), (1,))
        with statement_timeout(0.3), connection.cursor() as cursor:  # quick ones run
            cursor.execute("SELECT 2")
            self.assertEqual(cursor.fetchone(), (2,))

    @override_settings(SEARCH_TIME_LIMIT=0.3)
    def test_a_search_stopped_by_the_time_limit_says_so(self):
        with slow_searches():
            for language, message in (
                ("en", "This search took longer than 0.3 seconds and was stopped."),
                ("it", "La ricerca è durata più di 0,3 secondi ed è stata interrotta."),
            ):
                with self.subTest(language=language):
                    started = time.monotonic()
                    page = self.client.get(f"/{language}/cards/?q=goblin")
                    self.assertLess(time.monotonic() - started, 4)
                    self.assertContains(page, message, status_code=503)
                    api = self.client.get(f"/api/cards/?q=goblin&lang={language}")
                    self.assertEqual(api.status_code, 503)
                    self.assertIn(message, api.json()["error"])
        # The time limit ends with the search: the next one runs.
        response = self.client.get("/en/cards/?q=guide")
        self.assertRedirects(response, "/en/cards/goblin-guide/")


@override_settings(SEARCH_RATE_LIMIT=3, AUTOCOMPLETE_RATE_LIMIT=5, TRUSTED_PROXIES=1)
class RateLimitTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_card(name="Goblin Guide", type_line="Creature — Goblin", oracle_text="Haste")
        make_card(name="Goblin Piker", type_line="Creature — Goblin", oracle_text="")

    def setUp(self):
        caches["limits"].clear()
        # The middle of a minute: the counts start again at the next one.
        clock = mock.patch("web.search_limits.clock", return_value=60 * 1_000_000 + 20.5)
        clock.start()
        self.addCleanup(clock.stop)

    def get(self, url, client="203.0.113.7"):
        return self.client.get(url, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=client)

    def test_the_search_page_answers_429_with_retry_after_past_the_limit(self):
        for _ in range(3):
            self.assertEqual(self.get("/en/cards/?q=goblin").status_code, 200)
        response = self.get("/it/cards/?q=goblin")
        self.assertEqual(response.status_code, 429)
        self.assertEqual(response["Retry-After"], "40")
        self.assertContains(
            response,
            "Troppe richieste dal tuo indirizzo: al massimo 3 al minuto. Riprova tra 40 secondi.",
            status_code=429,
        )
        self.assertNotIn("public", response.get("Cache-Control", ""))
        # Another client behind the same proxy is counted apart; a card's page is no search.
        self.assertEqual(self.get("/en/cards/?q=goblin", client="198.51.100.1").status_code, 200)
        self.assertEqual(self.get("/en/cards/goblin-guide/").status_code, 200)

    def test_the_api_answers_429_as_json(self):
        for _ in range(3):
            self.assertEqual(self.get("/api/cards/?q=goblin").status_code, 200)
        response = self.get("/api/cards/?q=goblin")
        self.assertEqual(response.status_code, 429)
        self.assertEqual(response["Retry-After"], "40")
        self.assertEqual(
            response.json(),
            {"error": "Too many requests from your address: at most 3 a minute. Try again in "
             "40 seconds."},
        )  # fmt: skip
        self.assertEqual(self.get("/api/rules/").status_code, 429)  # the same count

    def test_a_client_cannot_escape_the_count_with_its_own_forwarded_header(self):
        # The proxy appends the address it was reached from: what the client wrote before it
        # is never read.
        for forged in ("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"):
            response = self.get("/api/cards/?q=goblin", client=f"{forged}, 203.0.113.7")
        self.assertEqual(response.status_code, 429)

    def test_the_name_suggestions_have_their_own_limit(self):
        for _ in range(3):
            self.get("/api/cards/?q=goblin")
        for _ in range(5):
            self.assertEqual(self.get("/api/cards/autocomplete/?q=gob").status_code, 200)
        self.assertEqual(self.get("/api/cards/autocomplete/?q=gob").status_code, 429)

    def test_the_count_starts_again_the_next_minute(self):
        for _ in range(4):
            response = self.get("/api/cards/?q=goblin")
        self.assertEqual(response.status_code, 429)
        with mock.patch("web.search_limits.clock", return_value=60 * 1_000_001 + 0.5):
            self.assertEqual(self.get("/api/cards/?q=goblin").status_code, 200)
