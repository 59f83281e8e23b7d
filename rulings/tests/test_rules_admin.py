"""The rules in the admin: editions, sections and glossary are read-only; a mapping is set by
hand."""

from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.urls import reverse

from rulings.models import RuleMapping, RuleSection, RulesEdition
from rulings.tests.helpers import DATA, RULES_SAMPLE, import_rules_output
from web.testing import EmptyDatabaseTestCase


class RulesAdminTests(EmptyDatabaseTestCase):
    """Editions, sections and glossary are read-only in the admin; a mapping set by hand is
    kept by the next import, and follows its target when a newer edition becomes current."""

    @classmethod
    def setUpTestData(cls):
        cls.folder = TemporaryDirectory()
        folder = Path(cls.folder.name)
        older = RULES_SAMPLE.replace(b"April 17, 2026", b"January 16, 2026")
        (folder / "older.txt").write_bytes(older)
        (folder / "newer.txt").write_bytes(
            RULES_SAMPLE.replace(b"April 17, 2026", b"June 12, 2026")
        )
        import_rules_output(DATA / "cr_en_sample.txt")
        import_rules_output(folder / "older.txt")
        cls.admin = User.objects.create_superuser("admin", password="pw-for-tests")

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()
        super().tearDownClass()

    def setUp(self):
        self.client.force_login(self.admin)

    def test_sections_are_searchable_and_read_only(self):
        response = self.client.get(reverse("admin:rulings_rulesection_changelist"), {"q": "702.9"})
        self.assertContains(response, "Flying is an evasion ability.")
        self.assertNotContains(response, "Morph is a static ability")
        section = RuleSection.objects.filter(number="702.9a").first()
        url = reverse("admin:rulings_rulesection_change", args=[section.pk])
        self.assertEqual(self.client.get(url).status_code, 200)
        with self.assertLogs("django.request", "WARNING"):  # "Forbidden (Permission denied)"
            self.assertEqual(self.client.post(url, {"text": "Edited"}).status_code, 403)
            add = self.client.get(reverse("admin:rulings_rulesedition_add"))
        self.assertEqual(add.status_code, 403)
        section.refresh_from_db()
        self.assertEqual(section.text, "Flying is an evasion ability.")
        for name in ["rulesedition", "glossaryentry", "rulemapping"]:
            with self.subTest(name):
                url = reverse(f"admin:rulings_{name}_changelist")
                self.assertEqual(self.client.get(url).status_code, 200)

    def test_a_mapping_set_by_hand_is_kept_and_follows_a_newer_edition(self):
        mapping = RuleMapping.objects.get(old_section__number="702.9a")
        april = RulesEdition.objects.get(effective_date=date(2026, 4, 17))
        target = RuleSection.objects.get(edition=april, number="702.9b")
        self.assertEqual(mapping.current_section.number, "702.9a")
        url = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        response = self.client.post(url, {"current_section": target.pk})
        self.assertEqual(response.status_code, 302)
        mapping.refresh_from_db()
        self.assertEqual((mapping.current_section, mapping.method), (target, "manual"))
        self.assertEqual(mapping.confidence, 1.0)
        # Only the current edition's rules can be chosen.
        older = RuleSection.objects.get(edition=mapping.old_section.edition, number="702.9b")
        self.assertEqual(self.client.post(url, {"current_section": older.pk}).status_code, 200)

        out, _ = import_rules_output(DATA / "cr_en_sample.txt")
        self.assertIn("Nothing changed", out)
        mapping.refresh_from_db()
        self.assertEqual((mapping.current_section, mapping.method), (target, "manual"))

        import_rules_output(Path(self.folder.name) / "newer.txt")
        mapping.refresh_from_db()
        self.assertEqual(mapping.current_section.edition.effective_date, date(2026, 6, 12))
        self.assertEqual((mapping.current_section.number, mapping.method), ("702.9b", "manual"))
