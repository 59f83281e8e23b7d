"""The rules search reads each edition's rules and glossary once into an index kept in Django's
cache (``web.pages.rules.search``): a search with the indexes kept reads only the rules it shows,
an import that rewrites the edition is searched at once, and a cache that refuses costs a
rebuild."""

import socket

from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulings.models import GlossaryEntry, RuleSection, RulesEdition
from rulings.tests.helpers import BundledRulesPagesTestCase
from web.testing import redis_cache

LOCAL = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rule-search"}


def numbers_found(response) -> list[str]:
    return [result["number"] for result in response.context["results"]]


class RuleSearchIndexTests(BundledRulesPagesTestCase):
    def setUp(self):
        cache.clear()
        self.addCleanup(cache.clear)

    def queries(self, query: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            self.assertTrue(numbers_found(self.get(f"/en/rules/search/?q={query}")))
        return len(captured)

    def test_a_search_with_the_indexes_kept_reads_the_same_few_rows_whatever_it_finds(self):
        first = self.queries("morph")  # reads the edition's rules and glossary, and keeps them
        for query in ("morph", "trample", "deathtouch"):
            with self.subTest(query):
                self.assertEqual(self.queries(query), first - 2)

    def test_an_import_that_rewrites_the_edition_is_searched_at_once(self):
        self.assertEqual(numbers_found(self.get("/en/rules/search/?q=zorblat")), [])
        edition = RulesEdition.objects.official().in_force()
        RuleSection.objects.filter(edition=edition, number="702.37a").update(
            text="Morph is a zorblat ability."
        )
        GlossaryEntry.objects.filter(edition=edition, term="Morph").update(
            text="A zorblat keyword ability."
        )
        # As import_rules writes it: a new file, imported now.
        RulesEdition.objects.filter(pk=edition.pk).update(
            sha256="0" * 64, imported_at=timezone.now()
        )
        response = self.get("/en/rules/search/?q=zorblat")
        self.assertEqual(numbers_found(response), ["702.37a"])
        self.assertEqual(response.context["glossary_count"], 1)

    def test_a_cache_that_refuses_costs_a_rebuild_not_an_error(self):
        with socket.socket() as probe:  # a port nothing listens on: every call is refused
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        down = redis_cache(f"redis://127.0.0.1:{port}/0", "oracolo-down", socket_connect_timeout=1)
        with (
            override_settings(CACHES={"default": down, "limits": LOCAL}),
            self.assertLogs("common.resilient_cache", "WARNING"),
        ):
            response = self.get("/en/rules/search/?q=morph")
        self.assertEqual(numbers_found(response)[0], "702.37")
