"""``manage.py build_synthetic_catalogue``: the benchmarks' catalogue of N times the cards."""

import json
from io import StringIO

from django.core.management import CommandError, call_command

from oracle.models import Card, CardFace, CardName, Printing, PrintingFace
from web.testing import BundledDataTestCase


def build(*arguments):
    out = StringIO()
    call_command("build_synthetic_catalogue", *arguments, stdout=out)
    return out.getvalue()


class SyntheticCatalogueTests(BundledDataTestCase):
    def counts(self):
        return {
            "cards": Card.objects.count(),
            "faces": CardFace.objects.count(),
            "printings": Printing.objects.count(),
            "printed faces": PrintingFace.objects.count(),
            "keyword links": Card.keywords.through.objects.count(),
            "type links": CardFace.card_types.through.objects.count(),
        }

    def search(self, query):
        response = self.client.get("/api/cards/", {"q": query})
        self.assertEqual(response.status_code, 200)
        return json.loads(response.content)

    def test_refused_unless_told_the_database_is_a_copy(self):
        before = self.counts()
        with self.assertRaisesMessage(CommandError, "--yes-this-is-a-copy"):
            build("--times", "3")
        self.assertEqual(self.counts(), before)

    def test_three_times_the_catalogue_each_copy_renamed_and_found(self):
        before = self.counts()
        flying, split_rule = self.search("k:flying")["total"], self.search("rule:709")["total"]
        names = set(Card.objects.values_list("name", flat=True))

        output = build("--times", "3", "--yes-this-is-a-copy")

        self.assertIn(f"{before['cards']:,} cards -> {3 * before['cards']:,}", output)
        self.assertEqual(self.counts(), {kind: 3 * count for kind, count in before.items()})
        # Each copy has a name, an Oracle id, a slug and printing ids of its own.
        self.assertEqual(len(set(Card.objects.values_list("name", flat=True))), 3 * len(names))
        for field in ("oracle_id", "slug"):
            self.assertEqual(Card.objects.values(field).distinct().count(), 3 * before["cards"])
        self.assertEqual(
            Printing.objects.values("uuid").distinct().count(), 3 * before["printings"]
        )
        # Names in both languages, a face's text naming it, the name index: as an import.
        found = self.search("sussulto")
        self.assertEqual(
            {(card["name"], card["name_it"]) for card in found["results"]},
            {
                ("Rough // Tumble", "Sussulto // Turbolenza"),
                ("Rough x2 // Tumble x2", "Sussulto x2 // Turbolenza x2"),
                ("Rough x3 // Tumble x3", "Sussulto x3 // Turbolenza x3"),
            },
        )
        self.assertEqual(self.search('"tumble x3"')["total"], 1)
        self.assertEqual(self.search('o:"~ deals" !"fireball x2"')["total"], 1)
        self.assertTrue(CardName.objects.filter(name="Palla di Fuoco x3", language="it").exists())
        # Keywords and the rules the cards use (another app's rows) are copied with them.
        self.assertEqual(self.search("k:flying")["total"], 3 * flying)
        self.assertEqual(self.search("rule:709")["total"], 3 * split_rule)
        page = self.client.get("/en/cards/", {"q": "fireball"})
        self.assertContains(page, "Fireball x2")

        with self.assertRaisesMessage(CommandError, "already holds copies"):
            build("--times", "2", "--yes-this-is-a-copy")
