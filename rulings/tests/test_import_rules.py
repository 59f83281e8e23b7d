"""import_rules, the command: writing a rules file idempotently, the bundled current edition, and
the record each import leaves."""

import hashlib
from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.core.management import CommandError

from rulings.models import GlossaryEntry, RuleMapping, RuleSection, RulesEdition
from rulings.tests.helpers import DATA, RULES, RULES_SAMPLE, import_rules_output
from web.testing import EmptyDatabaseTestCase

ITALIAN_SAMPLE = DATA / "cr_it_sample.txt"


class ImportCommandTests(EmptyDatabaseTestCase):
    def write(self, data: bytes, name="sample.txt") -> Path:
        path = Path(self.folder.name) / name
        path.write_bytes(data)
        return path

    def setUp(self):
        self.folder = TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def snapshot(self, edition):
        return list(
            RuleSection.objects.filter(edition=edition)
            .order_by("position")
            .values_list("pk", "number", "level", "title", "text", "examples", "parent__number")
        )

    def test_import_reports_counts_and_a_second_run_changes_nothing(self):
        out, _ = import_rules_output(DATA / "cr_en_sample.txt")
        self.assertIn(
            "Read cr_en_sample.txt: en edition effective 2026-04-17 (utf-8); 4 chapters, "
            "4 sections, 7 rules, 10 subrules, 2 glossary entries.",
            out,
        )
        self.assertIn("Rules: 25 created, 0 updated, 0 unchanged", out)
        self.assertIn("Glossary: 2 created, 0 updated, 0 unchanged", out)
        edition = RulesEdition.objects.get()
        self.assertEqual((edition.language, edition.effective_date), ("en", date(2026, 4, 17)))
        self.assertTrue(edition.is_complete)
        self.assertEqual(edition.source, "cr_en_sample.txt")
        self.assertEqual(len(edition.sha256), 64)
        before = self.snapshot(edition)
        morph = RuleSection.objects.get(number="702.37a")
        self.assertEqual(morph.parent.number, "702.37")
        self.assertEqual(morph.parent.parent.parent.number, "7")

        out, _ = import_rules_output(DATA / "cr_en_sample.txt")
        self.assertIn("Rules: 0 created, 0 updated, 25 unchanged", out)
        self.assertIn("Nothing changed", out)
        self.assertEqual(self.snapshot(edition), before)

    def test_reimport_updates_in_place_and_deletes_what_vanished(self):
        import_rules_output(DATA / "cr_en_sample.txt")
        flying = RuleSection.objects.get(number="702.9a")
        changed = RULES_SAMPLE.replace(b"Flying is an evasion ability.", b"Flying is evasion.")
        changed = changed.replace(b"702.9c Multiple instances of flying", b"Example: Many flying")
        changed = changed.replace(b"Morph\nA keyword ability", b"Morphing\nA keyword ability")
        out, _ = import_rules_output(self.write(changed))
        # 702.9a's text and 702.9b's examples changed; 702.37 and its subrules moved up one.
        self.assertIn("Rules: 0 created, 5 updated, 19 unchanged, 1 deleted", out)
        self.assertIn("Glossary: 1 created, 0 updated, 1 unchanged, 1 deleted", out)
        flying.refresh_from_db()
        self.assertEqual(flying.text, "Flying is evasion.")
        self.assertFalse(RuleSection.objects.filter(number="702.9c").exists())
        self.assertEqual(RuleSection.objects.get(number="702.9b").examples[0][:12], "Many flying ")
        self.assertEqual(
            list(GlossaryEntry.objects.values_list("term", flat=True)), ["Flying", "Morphing"]
        )

    def test_bad_file_writes_nothing_and_names_file_and_line(self):
        path = self.write(RULES_SAMPLE.replace(b"702.9c Multiple", b"702.9a Multiple"))
        with self.assertRaises(CommandError) as raised:
            import_rules_output(path)
        self.assertEqual(
            str(raised.exception),
            f"Nothing was imported. {path}, line 72: subrule 702.9a is out of order; expected a "
            "number after 702.9b",
        )
        self.assertFalse(RulesEdition.objects.exists())
        self.assertFalse(RuleSection.objects.exists())

    def test_missing_file(self):
        with self.assertRaisesMessage(CommandError, "cannot read the file"):
            import_rules_output(Path(self.folder.name) / "nowhere.txt")

    def test_dry_run_writes_nothing(self):
        out, _ = import_rules_output(DATA / "cr_en_sample.txt", dry_run=True)
        self.assertIn("Dry run: nothing was written.", out)
        self.assertFalse(RulesEdition.objects.exists())

    def test_a_new_edition_leaves_the_other_untouched(self):
        import_rules_output(DATA / "cr_en_sample.txt")
        first = RulesEdition.objects.get()
        before = self.snapshot(first)
        newer = RULES_SAMPLE.replace(b"April 17, 2026", b"June 12, 2026").replace(
            b"Flying is an evasion ability.", b"Flying is a new evasion ability."
        )
        out, _ = import_rules_output(self.write(newer))
        self.assertIn("Rules: 25 created", out)
        self.assertEqual(self.snapshot(first), before)
        self.assertEqual(
            RulesEdition.objects.official().in_force(),
            RulesEdition.objects.get(effective_date=date(2026, 6, 12)),
        )
        # The older edition now has its numbers mapped onto the new current one.
        self.assertEqual(RuleMapping.objects.filter(old_section__edition=first).count(), 25)
        mapping = RuleMapping.objects.get(old_section__edition=first, old_section__number="702.9a")
        self.assertEqual(mapping.current_section.number, "702.9a")
        self.assertIn("Old numbers of 2026-04-17 (en): 25 mappings computed", out)

    def test_italian_sample(self):
        out, _ = import_rules_output(ITALIAN_SAMPLE, language="it", partial=True)
        self.assertIn("it edition effective 2007-05-01", out)
        edition = RulesEdition.objects.get()
        self.assertEqual((edition.language, edition.is_complete), ("it", False))
        morph = RuleSection.objects.get(edition=edition, number="502.26")
        self.assertEqual(morph.title, "Metamorfosi")
        self.assertEqual(
            list(morph.children.values_list("number", flat=True)),
            ["502.26a", "502.26b", "502.26c", "502.26d", "502.26e", "502.26f"],
        )
        self.assertTrue(
            RuleSection.objects.get(number="502.26b").text.startswith(
                "Per giocare una carta usando la sua abilità metamorfosi"
            )
        )
        subtypes = RuleSection.objects.get(number="205.3e")
        self.assertEqual(len(subtypes.examples), 1)
        self.assertTrue(subtypes.examples[0].startswith("La linea del tipo di Dryad Arbor"))
        self.assertEqual(
            list(GlossaryEntry.objects.values_list("term", flat=True)),
            ["Metamorfosi", "Tribale", "Volare"],
        )
        self.assertEqual(RuleMapping.objects.count(), 0)  # numbers are mapped in English
        out, _ = import_rules_output(ITALIAN_SAMPLE, language="it", partial=True)
        self.assertIn("Nothing changed", out)


class BundledCurrentEditionTests(EmptyDatabaseTestCase):
    def test_the_current_edition_imports_with_its_counts(self):
        out, _ = import_rules_output(RULES / "20260417.txt")
        edition = RulesEdition.objects.get()
        levels = {
            level: RuleSection.objects.filter(edition=edition, level=level).count()
            for level in RuleSection.Level
        }
        self.assertEqual(
            levels,
            {
                RuleSection.Level.CHAPTER: 9,
                RuleSection.Level.SECTION: 147,
                RuleSection.Level.RULE: 1165,
                RuleSection.Level.SUBRULE: 1973,
            },
        )
        self.assertEqual(edition.glossary.count(), 730)
        self.assertEqual(RuleSection.objects.get(edition=edition, number="702.37").title, "Morph")
        out, _ = import_rules_output(RULES / "20260417.txt")
        self.assertIn("Nothing changed", out)


class EditionRecordTests(EmptyDatabaseTestCase):
    def test_an_edition_records_what_its_file_held(self):
        import_rules_output(DATA / "cr_en_sample.txt")
        edition = RulesEdition.objects.get()
        self.assertEqual((edition.rule_count, edition.glossary_count), (25, 2))
        self.assertEqual(edition.sha256, hashlib.sha256(RULES_SAMPLE).hexdigest())
        self.assertIsNotNone(edition.imported_at)

    def test_a_dry_run_records_no_edition(self):
        import_rules_output(DATA / "cr_en_sample.txt", dry_run=True)
        self.assertFalse(RulesEdition.objects.exists())
