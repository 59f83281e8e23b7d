"""What a card row is (``Card.kind``: a card of the game, a token, an art-series object) is what
searches, counts and lists look at: it follows is_token and layout at once, however the row is
written, and the database refuses a row where it does not."""

import json
import tempfile
from pathlib import Path

from django.core.cache import cache
from django.core.management import call_command
from django.db import IntegrityError, transaction

from oracle.models import Card, CardKind
from oracle.tests.factories import make_card
from web.testing import EmptyDatabaseTestCase


class CardKindTests(EmptyDatabaseTestCase):
    def setUp(self):
        cache.clear()  # the facet options are cached per data fingerprint
        self.angel = make_card(name="Serra Angel")
        self.avenger = make_card(name="Serra Avenger", name_it="Vendicatrice di Serra")
        self.paladin = make_card(name="Serra Paladin", name_it="Paladino di Serra")

    def found(self, query="serra"):
        response = self.client.get("/en/cards/", {"q": query})
        self.assertEqual(response.status_code, 200)
        return sorted(row.name for row in response.context["rows"])

    def counted(self):
        return self.client.get("/api/cards/").json()["total"]

    def test_a_card_saved_as_an_art_series_object_leaves_searches_and_counts_at_once(self):
        self.assertEqual(self.counted(), 3)
        self.paladin.layout = "art_series"
        self.paladin.save()
        self.assertEqual(self.found(), ["Serra Angel", "Serra Avenger"])
        self.assertEqual(self.found("is:token serra"), [])
        self.assertEqual(self.counted(), 2)
        self.assertEqual(self.client.get("/en/").context["stats"]["cards"], 2)

    def test_a_token_is_found_only_when_asked_and_as_a_card_once_it_is_one(self):
        self.paladin.is_token = True
        self.paladin.save()
        self.assertEqual(self.found(), ["Serra Angel", "Serra Avenger"])
        response = self.client.get("/en/cards/", {"q": "is:token serra"})
        self.assertRedirects(response, self.paladin.get_absolute_url())
        self.paladin.is_token = False
        self.paladin.save()
        self.assertEqual(self.found(), ["Serra Angel", "Serra Avenger", "Serra Paladin"])

    def test_saving_only_the_layout_writes_the_kind_too(self):
        """As a document's card is corrected (``save_changes``: ``update_fields``)."""
        self.avenger.layout = "art_series"
        self.avenger.save(update_fields=["layout"])
        self.assertEqual(Card.objects.get(pk=self.avenger.pk).kind, CardKind.ART_SERIES)
        self.assertEqual(self.found(), ["Serra Angel", "Serra Paladin"])

    def test_a_fixture_without_kinds_gets_them(self):
        rows = [
            {
                "model": "oracle.card",
                "pk": self.angel.pk,
                "fields": {
                    "oracle_id": str(self.angel.oracle_id),
                    "name": "Serra Angel",
                    "slug": self.angel.slug,
                    "layout": "art_series",
                    "is_token": True,
                },
            }
        ]
        with tempfile.TemporaryDirectory() as folder:
            fixture = Path(folder) / "cards.json"
            fixture.write_text(json.dumps(rows), encoding="utf-8")
            call_command("loaddata", str(fixture), verbosity=0)
        self.assertEqual(Card.objects.get(pk=self.angel.pk).kind, CardKind.ART_SERIES)
        self.assertEqual(self.found(), ["Serra Avenger", "Serra Paladin"])

    def test_the_database_refuses_a_kind_that_disagrees_with_the_row(self):
        for change in ({"layout": "art_series"}, {"is_token": True}, {"kind": CardKind.TOKEN}):
            with self.subTest(change=change), self.assertRaises(IntegrityError):
                with transaction.atomic():
                    Card.objects.filter(pk=self.angel.pk).update(**change)
        self.assertEqual(self.found(), ["Serra Angel", "Serra Avenger", "Serra Paladin"])
