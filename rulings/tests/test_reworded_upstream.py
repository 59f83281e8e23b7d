"""A newer card file rewords a ruling an editor corrected: the editor's version stays the one
shown, the new wording waits in the admin for review, and the import says so."""

import json
from datetime import date

from django.contrib.auth.models import Group, User
from django.urls import reverse

from oracle.models import Card
from oracle.tests.helpers import (
    FUT,
    TAROX_ORACLE_ID,
    TemporaryFilesMixin,
    run_import,
)
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from rulings.status.upstream_rewording import SourceRuling, pair_rewordings
from rulings.tests.test_import_mtgjson_rulings import TAROX_RULING
from web.testing import EmptyDatabaseTestCase

EDITORS_WORDING = (
    "The +X/+X bonus is based on Tarox Bladewing’s power at the time the ability resolves. "
    "It won’t change if Tarox Bladewing’s power changes later in the turn."
)
SOURCES_WORDING = (
    "The bonus is based on Tarox Bladewing’s power as the ability resolves. It doesn’t change "
    "if Tarox Bladewing’s power changes later that turn."
)
BRAND_NEW = "Grandeur abilities can be activated only if you have a second copy in hand."
REPORTED = "rulings reworded upstream: 1 kept in the editors' wording, to review in the admin"


class RewordedUpstreamTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def setUp(self):
        super().setUp()
        run_import(FUT)
        self.tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)
        self.ruling = self.tarox.rulings.get()
        self.assertEqual(self.ruling.text, TAROX_RULING)
        editor = User.objects.create_user("giulia", password="pw-for-tests", is_staff=True)
        editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        self.client.force_login(editor)
        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[self.ruling.pk]),
            {
                "card": self.tarox.pk,
                "date": "2007-05-01",
                "language": "en",
                "position": 0,
                "text": EDITORS_WORDING,
                "source_document": self.ruling.source_document_id,
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        self.newer = self.newer_file()

    def newer_file(self):
        """The Future Sight file with Tarox's ruling reworded (dated anew) and a new one added."""
        data = json.loads(FUT.read_text(encoding="utf-8"))
        for card in data["data"]["cards"]:
            if card["name"] == "Tarox Bladewing":
                card["rulings"] = [
                    {"date": "2024-02-02", "text": SOURCES_WORDING},
                    {"date": "2024-02-02", "text": BRAND_NEW},
                ]
        return self.write_json("FUT-newer.json", data)

    def card_page(self):
        return self.client.get(self.tarox.get_absolute_url()).content.decode()

    def pending_list(self):
        url = reverse("admin:rulings_ruling_changelist")
        return self.client.get(url, {"reworded": "pending"}).content.decode()

    def test_the_editors_version_stays_and_the_rewording_waits_for_review(self):
        stdout, _ = run_import(self.newer)
        self.assertIn(REPORTED + " (1 new)", stdout)

        page = self.card_page()
        self.assertEqual(page.count("Tarox Bladewing’s power changes later in the turn"), 1)
        self.assertNotIn("changes later that turn", page)
        self.assertIn(BRAND_NEW, page)  # a new ruling is not a rewording: it shows
        self.assertEqual(self.tarox.rulings.count(), 2)

        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.text, EDITORS_WORDING)
        self.assertEqual(self.ruling.upstream_text, SOURCES_WORDING)
        self.assertEqual(self.ruling.upstream_date, date(2024, 2, 2))
        self.assertIn("Tarox Bladewing", self.pending_list())
        self.assertIn("1 ruling", self.pending_list())
        change = self.client.get(reverse("admin:rulings_ruling_change", args=[self.ruling.pk]))
        self.assertContains(change, "Reworded upstream")
        self.assertContains(change, "changes later that turn")
        italian = self.client.get(
            reverse("admin:rulings_ruling_change", args=[self.ruling.pk]),
            HTTP_ACCEPT_LANGUAGE="it",
        )
        self.assertContains(italian, "Riformulata dalla fonte")
        italian = self.client.get(
            reverse("admin:rulings_ruling_changelist"),
            {"reworded": "pending"},
            HTTP_ACCEPT_LANGUAGE="it",
        )
        self.assertContains(italian, "da esaminare")

        # The same file again: still waiting, nothing new, nothing added.
        stdout, _ = run_import(self.newer)
        self.assertIn(REPORTED + " (0 new)", stdout)
        self.assertIn("Nothing changed", stdout)
        self.assertEqual(self.tarox.rulings.count(), 2)

    def test_keeping_the_editors_wording_marks_the_rewording_seen(self):
        run_import(self.newer)
        response = self.client.post(
            reverse("admin:rulings_ruling_changelist"),
            {"action": "keep_editors", "_selected_action": [self.ruling.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 ruling keeps the editors’ wording")
        self.ruling.refresh_from_db()
        self.assertEqual((self.ruling.text, self.ruling.upstream_text), (EDITORS_WORDING, ""))
        self.assertNotIn("Tarox Bladewing", self.pending_list())

        stdout, _ = run_import(self.newer)
        self.assertNotIn("reworded upstream", stdout)
        self.assertIn("Nothing changed", stdout)
        self.assertEqual(self.tarox.rulings.count(), 2)
        self.assertEqual(self.card_page().count("changes later in the turn"), 1)

    def test_accepting_the_sources_wording_replaces_the_editors(self):
        run_import(self.newer)
        response = self.client.post(
            reverse("admin:rulings_ruling_changelist"),
            {"action": "accept_upstream", "_selected_action": [self.ruling.pk], "post": "yes"},
            follow=True,
        )
        self.assertContains(response, "1 ruling now has the source’s wording.")
        self.ruling.refresh_from_db()
        self.assertEqual(self.ruling.text, SOURCES_WORDING)
        self.assertEqual(self.ruling.date, date(2024, 2, 2))
        self.assertEqual(self.ruling.origin, Ruling.Origin.IMPORTED)
        wordings = list(self.ruling.history.order_by("history_date").values_list("text", flat=True))
        self.assertEqual(wordings, [TAROX_RULING, EDITORS_WORDING, SOURCES_WORDING])

        stdout, _ = run_import(self.newer)
        self.assertIn("Nothing changed", stdout)
        page = self.card_page()
        self.assertEqual(page.count("changes later that turn"), 1)
        self.assertNotIn("changes later in the turn", page)
        self.assertEqual(self.tarox.rulings.count(), 2)

    def test_without_an_editors_change_a_rewording_simply_replaces_the_ruling(self):
        self.ruling.origin = Ruling.Origin.IMPORTED
        self.ruling.save()
        stdout, _ = run_import(self.newer)
        self.assertNotIn("reworded upstream", stdout)
        texts = set(self.tarox.rulings.values_list("text", flat=True))
        self.assertEqual(texts, {SOURCES_WORDING, BRAND_NEW})


class PairingTests(EmptyDatabaseTestCase):
    def test_each_editors_ruling_pairs_with_its_closest_rewording_at_most_once(self):
        day = date(2021, 3, 19)
        shadow = Ruling(pk=1, date=day, text="Multiple instances of shadow are redundant.")
        blocked = Ruling(
            pk=2, date=day, text="Once a creature has been blocked, it remains blocked."
        )
        new = [
            SourceRuling(0, day, "Once a creature is blocked, it stays blocked."),
            SourceRuling(1, day, "Several instances of shadow on one creature are redundant."),
            SourceRuling(2, day, "Shadow has nothing to do with flying."),
        ]
        pairs = pair_rewordings([shadow, blocked], new, {})
        self.assertEqual(
            {(ruling.pk, source.position) for ruling, source in pairs}, {(1, 1), (2, 0)}
        )
        self.assertEqual(pair_rewordings([shadow], [new[2]], {}), [])
