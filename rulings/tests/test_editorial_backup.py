"""export_editorial / import_editorial: editors' work survives a fresh import of the data."""

import json
import re
import tempfile
import uuid
from datetime import date
from io import StringIO
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from oracle.models import Card, Erratum
from rulings.editorial.backup import export_editorial
from rulings.models import CardRule, Language, RuleMapping, RuleSection, RulesEdition, Ruling
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.testing import BundledDocumentsTestCase


class Discard(Exception):
    """Raised to roll the edits back: the database is the freshly imported one again."""


def without_row_ids(page: bytes) -> bytes:
    """Restored errata and rulings are new rows: the numbers of their anchors and of the links
    to them may differ (PostgreSQL's sequences do not go back when a transaction is rolled
    back; SQLite reuses the numbers)."""
    return re.sub(rb'(["#])(ruling|erratum)-\d+"', rb'\1\2-"', page)


class EditorialBackupTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.editor = User.objects.create_user("editor", password="pw-for-tests", is_staff=True)
        cls.tarox = Card.objects.get(name="Tarox Bladewing")
        cls.cavern = Card.objects.get(name="Zoetic Cavern")

    def setUp(self):
        folder = tempfile.TemporaryDirectory(prefix="oracolo-editorial-")
        self.addCleanup(folder.cleanup)
        self.folder = Path(folder.name)

    def save_as_editor(self, row):
        row._history_user = self.editor
        row.save()
        return row

    def make_edits(self) -> dict:
        """One of each kind of editor's work; returns what the pages should then show."""
        erratum = Erratum(
            card=self.tarox,
            date=date(2024, 2, 1),
            old_text="Old Tarox wording.",
            new_text="New Tarox wording.",
            reason="An editor's erratum.",
            reason_it="Un'errata di un redattore.",
        )
        self.save_as_editor(erratum)
        erratum.reason = "An editor's erratum, reworded."
        self.save_as_editor(erratum)

        corrected = Ruling.objects.filter(card=self.cavern, origin=Ruling.Origin.IMPORTED).first()
        corrected.text = "Corrected by an editor: the cavern's ruling."
        corrected.origin = Ruling.Origin.EDITOR
        self.save_as_editor(corrected)

        self.save_as_editor(
            Ruling(
                card=self.tarox,
                date=date(2024, 3, 1),
                text="Written by an editor: Tarox's new ruling.",
                origin=Ruling.Origin.EDITOR,
            )
        )

        outdated = Ruling.objects.filter(
            card=self.cavern, origin=Ruling.Origin.IMPORTED, status=Ruling.Status.CURRENT
        ).last()
        outdated.status = Ruling.Status.OUTDATED
        outdated.status_set_by_hand = True
        outdated.status_note = "Outdated by hand: the rules changed."
        self.save_as_editor(outdated)

        edition = RulesEdition.objects.official().in_force()
        linked = CardRule.objects.filter(card=self.tarox).values_list("section", flat=True)
        section = (
            RuleSection.objects.filter(edition=edition, number__startswith="702.")
            .exclude(pk__in=linked)
            .order_by("position")
            .first()
        )
        self.save_as_editor(
            CardRule(
                card=self.tarox,
                section=section,
                reason=CardRule.Reason.EDITOR,
                detail="Linked by hand.",
                origin=CardRule.Origin.MANUAL,
            )
        )

        mapping = RuleMapping.objects.exclude(current_section=None).order_by("pk").first()
        mapping.current_section = RuleSection.objects.get(edition=edition, number="702.2")
        mapping.method = RuleMapping.Method.MANUAL
        mapping.confidence = 1.0
        mapping.save()
        return {
            self.tarox.get_absolute_url(): [
                "An editor&#x27;s erratum, reworded.",
                "Written by an editor: Tarox&#x27;s new ruling.",
                f"/en/rules/{section.number}/",
            ],
            self.cavern.get_absolute_url(): [
                "Corrected by an editor: the cavern&#x27;s ruling.",
                "Outdated by hand: the rules changed.",
            ],
        }

    def export(self) -> Path:
        path = self.folder / "editorial.json"
        call_command("export_editorial", path, stderr=StringIO())
        return path

    @staticmethod
    def state(data: dict) -> dict:
        return {key: value for key, value in data.items() if key != "exported_at"}

    def test_round_trip_onto_a_fresh_import(self):
        try:
            with transaction.atomic():
                shown = self.make_edits()
                path = self.export()
                before = self.state(export_editorial())
                pages = {url: self.client.get(url).content for url in shown}
                raise Discard
        except Discard:
            pass
        # The database holds the bundled data alone, as a fresh import would.
        for url, texts in shown.items():
            page = self.client.get(url)
            for text in texts[:2]:
                self.assertNotContains(page, text, html=False)
        self.assertEqual(before, self.state(json.loads(path.read_text())))
        [exported] = [e for e in before["errata"] if e["old_text"] == "Old Tarox wording."]
        self.assertEqual([record["history_user"] for record in exported["history"]], ["editor"] * 2)

        out = StringIO()
        call_command("import_editorial", path, stdout=out)
        self.assertIn("Restored", out.getvalue())

        self.assertEqual(self.state(export_editorial()), before)
        for url, texts in shown.items():
            page = self.client.get(url)
            for text in texts:
                self.assertContains(page, text)
            self.assertEqual(without_row_ids(page.content), without_row_ids(pages[url]))
        erratum = Erratum.objects.get(card=self.tarox, old_text="Old Tarox wording.")
        history = list(erratum.history.order_by("history_date"))
        self.assertEqual([record.history_type for record in history], ["+", "~"])
        self.assertEqual({record.history_user for record in history}, {self.editor})

        # Restoring twice changes nothing and duplicates nothing.
        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(self.state(export_editorial()), before)

    def test_an_erratum_an_editor_deleted_stays_deleted_on_a_fresh_import(self):
        spider = Card.objects.get(name="Giant Spider")
        erratum = spider.errata.get()  # the Future Sight release notes' (a document import's)
        chief = User.objects.create_superuser("chief", password="pw-for-tests")
        self.client.force_login(chief)
        try:
            with transaction.atomic():
                response = self.client.post(
                    reverse("admin:oracle_erratum_delete", args=[erratum.pk]), {"post": "yes"}
                )
                self.assertEqual(response.status_code, 302)
                path = self.export()
                raise Discard
        except Discard:
            pass
        # A fresh import has it again, and no record of its deletion.
        self.assertTrue(spider.errata.exists())

        out = StringIO()
        call_command("import_editorial", path, stdout=out)
        self.assertIn("deleted errata: 1 deleted again, 0 recorded", out.getvalue())
        self.assertFalse(spider.errata.exists())
        record = Erratum.history.filter(card=spider, history_type="-").latest("history_id")
        self.assertEqual((record.history_user, record.old_text), (chief, erratum.old_text))
        self.assertNotContains(self.client.get(spider.get_absolute_url()), erratum.old_text)

        # The document's next import keeps it deleted; restoring again changes nothing.
        call_command("load_bundled_documents", force=True, stdout=StringIO(), stderr=StringIO())
        self.assertFalse(spider.errata.exists())
        out = StringIO()
        call_command("import_editorial", path, stdout=out)
        self.assertIn("deleted errata: 0 deleted again, 0 recorded", out.getvalue())
        self.assertEqual(Erratum.history.filter(card=spider, history_type="-").count(), 1)

    def counts(self) -> tuple[int, ...]:
        return (
            Erratum.objects.count(),
            Ruling.objects.count(),
            CardRule.objects.count(),
            RuleMapping.objects.count(),
        )

    def assert_shown_once(self, shown: dict) -> None:
        for url, texts in shown.items():
            page = self.client.get(url)
            for text in texts:
                self.assertContains(page, text, count=1)

    def test_restoring_onto_the_database_that_holds_it_changes_nothing(self):
        shown = self.make_edits()
        path = self.export()
        before, counts = self.state(export_editorial()), self.counts()
        for _ in range(2):
            call_command("import_editorial", path, stdout=StringIO())
            self.assertEqual(self.counts(), counts)
            self.assertEqual(self.state(export_editorial()), before)
            self.assert_shown_once(shown)

    def test_restoring_after_later_edits_puts_the_rows_back_without_duplicates(self):
        """The editors went on working after the backup: their rows are found again, however
        much their wording, date or subject changed since, and get the backup's values back."""
        shown = self.make_edits()
        path = self.export()
        before, counts = self.state(export_editorial()), self.counts()
        erratum = Erratum.objects.get(card=self.tarox, old_text="Old Tarox wording.")
        erratum.old_text, erratum.date = "Old Tarox wording, as corrected.", date(2024, 2, 2)
        erratum.reason = "Changed after the backup."
        self.save_as_editor(erratum)
        written = Ruling.objects.get(text="Written by an editor: Tarox's new ruling.")
        written.text, written.card = "Rewritten after the backup.", self.cavern
        self.save_as_editor(written)
        corrected = Ruling.objects.get(text="Corrected by an editor: the cavern's ruling.")
        corrected.text = "Corrected again after the backup."
        corrected.source_key = Ruling.key_for(corrected.date, "A rewording seen since.")
        self.save_as_editor(corrected)

        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(self.counts(), counts)
        self.assertEqual(self.state(export_editorial()), before)
        self.assert_shown_once(shown)
        for url in shown:
            page = self.client.get(url)
            for later in ("after the backup", "as corrected"):
                self.assertNotContains(page, later)

    def test_rows_an_editor_reworded_or_moved_are_found_on_a_fresh_import_as_first_written(self):
        """On a fresh import, the document's erratum and the card's imported ruling are new rows
        again, as first written: they take the editor's values, no second row beside them."""
        imported = Erratum.objects.filter(source__startswith="Compendio").order_by("pk").first()
        ruling = Ruling.objects.filter(card=self.cavern, origin=Ruling.Origin.IMPORTED).first()
        imported_wording = ruling.text
        try:
            with transaction.atomic():
                erratum = Erratum.objects.get(pk=imported.pk)
                erratum.old_text, erratum.reason = "Reworded by an editor.", "An editor's reason."
                self.save_as_editor(erratum)
                ruling.card, ruling.text = self.tarox, "Moved by an editor to Tarox."
                ruling.origin = Ruling.Origin.EDITOR
                self.save_as_editor(ruling)
                path = self.export()
                before = self.state(export_editorial())
                raise Discard
        except Discard:
            pass
        # As a fresh import writes them: the same rows, made now.
        Erratum.objects.filter(pk=imported.pk).update(created_at=timezone.now())
        Ruling.objects.filter(pk=ruling.pk).update(created_at=timezone.now())
        counts = self.counts()

        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(self.counts(), counts)
        self.assertEqual(self.state(export_editorial()), before)
        self.assertEqual(Erratum.objects.get(pk=imported.pk).old_text, "Reworded by an editor.")
        self.assertEqual(Ruling.objects.get(pk=ruling.pk).card, self.tarox)
        self.assertContains(self.client.get(self.tarox.get_absolute_url()), "Moved by an", count=1)
        cavern_page = self.client.get(self.cavern.get_absolute_url())
        self.assertNotContains(cavern_page, escape(imported_wording))

    def test_a_mapping_kept_without_its_old_rule_round_trips(self):
        """Exported while its old rule is missing, the mapping is restored kept where the rule
        is missing too, and comes back on the rule with the editor's target when it returns."""
        cut_short = rules_file_cut_before(MAY_2007_RULES, "502.26b", self.folder)
        may_2007 = RulesEdition.objects.get(
            language=Language.ENGLISH, effective_date=date(2007, 5, 1)
        )
        target = RuleSection.objects.get(
            edition=RulesEdition.objects.official().in_force(), number="702.37d"
        )
        try:
            with transaction.atomic():
                mapping = RuleMapping.objects.get(
                    old_section__edition=may_2007, old_section__number="502.26b"
                )
                mapping.current_section = target
                mapping.method = RuleMapping.Method.MANUAL
                mapping.confidence = 1.0
                mapping.save()
                import_rules(cut_short, allow_shrink=True)
                path = self.export()
                before = self.state(export_editorial())
                raise Discard
        except Discard:
            pass
        [kept] = before["rule_mappings"]
        self.assertEqual(kept["old_section"], None)
        self.assertEqual(
            (kept["missing_old_number"], kept["missing_old_edition"]), ("502.26b", "2007-05-01")
        )
        self.assertEqual(kept["current_section"]["number"], "702.37d")

        # Onto a database that lacks the rule too: kept again, exactly as exported.
        import_rules(cut_short, allow_shrink=True)
        self.assertFalse(RuleMapping.objects.filter(method=RuleMapping.Method.MANUAL).exists())
        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(self.state(export_editorial()), before)
        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(self.state(export_editorial()), before)

        # The rule comes back: so does the mapping, with the editor's target.
        import_rules(MAY_2007_RULES)
        restored = RuleMapping.objects.get(method=RuleMapping.Method.MANUAL)
        self.assertEqual(restored.old_section.number, "502.26b")
        self.assertEqual(restored.old_section.edition, may_2007)
        self.assertEqual(restored.current_section, target)
        self.assertEqual((restored.missing_old_number, restored.missing_old_edition), ("", None))

        # Onto a database that has the rule: the mapping goes back on it at once.
        call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(RuleMapping.objects.get(method=RuleMapping.Method.MANUAL), restored)
        self.assertFalse(RuleMapping.objects.filter(old_section=None).exists())
        [settled] = export_editorial()["rule_mappings"]
        self.assertEqual(
            settled,
            {
                **kept,
                "old_section": {
                    "language": "en",
                    "effective_date": "2007-05-01",
                    "number": "502.26b",
                },
                "missing_old_number": "",
                "missing_old_edition": None,
            },
        )

    def test_a_card_this_database_lacks_stops_the_import_with_nothing_written(self):
        try:
            with transaction.atomic():
                self.make_edits()
                path = self.export()
                raise Discard
        except Discard:
            pass
        data = json.loads(path.read_text())
        missing = str(uuid.uuid4())
        data["rulings"][-1]["card"] = missing
        path.write_text(json.dumps(data))
        rulings_before = Ruling.objects.count()
        with self.assertRaisesMessage(CommandError, f'no card "{missing}" here'):
            call_command("import_editorial", path, stdout=StringIO())
        self.assertEqual(Ruling.objects.count(), rulings_before)
        self.assertFalse(Erratum.objects.filter(old_text="Old Tarox wording.").exists())

    def test_a_file_that_is_not_an_export_is_refused(self):
        path = self.folder / "other.json"
        path.write_text('{"cards": []}')
        with self.assertRaisesMessage(CommandError, "not an export of editors' work"):
            call_command("import_editorial", path, stdout=StringIO())
        path.write_text("{broken")
        with self.assertRaisesMessage(CommandError, "nothing was imported"):
            call_command("import_editorial", path, stdout=StringIO())
