"""The translation memory's PO files from the command line: ``export_translations_po`` writes
the queue (a set's, the first N, or every text in use), ``import_translations_po`` reads a
translated file back and prints what it took and what it refused, and why; a text whose
English was reworded is exported with its old Italian, fuzzy, the old English beside it."""

import os
import shutil
import subprocess
import tempfile
from io import StringIO
from pathlib import Path

import polib
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone

from rulings.models import RulingText, RulingTranslation
from rulings.translations.texts import text_key
from web.testing import BundledDocumentsTestCase

SUSPEND_ENGLISH = "If the spell requires any targets"
SUSPEND_ITALIAN = "Se la magia richiede dei bersagli, sono scelti quando la magia viene lanciata."


def export(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("export_translations_po", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def import_file(path, *args) -> str:
    out = StringIO()
    call_command("import_translations_po", str(path), *args, stdout=out)
    return out.getvalue()


class PoCommandTests(BundledDocumentsTestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.folder = Path(folder.name)

    def exported(self, *args) -> polib.POFile:
        path = self.folder / "queue.po"
        _out, err = export(*args, "-o", str(path))
        self.assertIn(f"to {path}", err)
        return polib.pofile(str(path))

    def test_the_export_writes_the_sets_queue_to_the_file(self):
        po = self.exported("--set", "FUT", "--limit", "2")
        self.assertEqual(len(po), 2)
        self.assertEqual(po.metadata["Project-Id-Version"], "Oracolo ruling translations")
        self.assertEqual(po.metadata["X-Oracolo-Selection"], "queue, set FUT, first 2")
        for entry in po:
            self.assertEqual(RulingText.objects.get(key=entry.msgctxt).english, entry.msgid)
            self.assertEqual(entry.msgstr, "")

    def test_gettexts_own_check_finds_nothing_wrong_in_the_export(self):
        if shutil.which("msgfmt") is None:
            self.skipTest("no msgfmt (gettext)")
        po = self.exported("--set", "FUT")
        checked = subprocess.run(
            ["msgfmt", "--check", "-o", os.devnull, po.fpath], capture_output=True, text=True
        )
        self.assertEqual((checked.returncode, checked.stderr), (0, ""))

    def test_without_a_file_the_export_goes_to_stdout(self):
        out, _err = export("--limit", "1")
        self.assertIn('"Project-Id-Version: Oracolo ruling translations\\n"', out)
        self.assertEqual(out.count("msgctxt"), 1)

    def test_an_unknown_set_or_a_limit_below_one_is_refused(self):
        with self.assertRaisesMessage(CommandError, "No set has the code 'ZZZ'"):
            export("--set", "ZZZ")
        with self.assertRaisesMessage(CommandError, "--limit must be 1 or more"):
            export("--limit", "0")

    def test_the_import_prints_what_it_took_and_each_refusal_with_its_reason(self):
        translator = User.objects.create_user("traduttore")
        po = self.exported("--set", "FUT")
        suspend = next(entry for entry in po if entry.msgid.startswith(SUSPEND_ENGLISH))
        suspend.msgstr = SUSPEND_ITALIAN
        bad = next(entry for entry in po if "{this}" in entry.msgid)
        bad.msgstr = "Senza il nome della carta."
        po.save()

        output = import_file(po.fpath, "--user", "traduttore")

        line = polib.pofile(po.fpath).find(bad.msgid).linenum
        self.assertIn(
            f"Refused: the entry at line {line} ({bad.msgctxt}): The card's name ({{this}}): "
            "the English has {this}, the Italian none.",
            output,
        )
        self.assertIn(
            f"{po.fpath}: {len(po)} entries read: 1 taken as proposals, 0 unchanged, "
            f"1 refused, {len(po) - 2} not translated or fuzzy.",
            output,
        )
        translation = RulingTranslation.objects.get()
        self.assertEqual(
            (translation.text_id, translation.italian, translation.status, translation.origin),
            (suspend.msgctxt, SUSPEND_ITALIAN, "proposed", "po"),
        )
        self.assertEqual(translation.translator, translator)
        self.assertEqual(translation.history.get().history_user, translator)

    def test_a_file_refused_whole_is_named_and_nothing_changes(self):
        other = Path("locale/it/LC_MESSAGES/django.po").resolve()
        with self.assertRaisesMessage(CommandError, f"{other}: nothing was imported: This PO"):
            import_file(other)
        missing = self.folder / "missing.po"
        with self.assertRaisesMessage(CommandError, str(missing)):
            import_file(missing)
        po = self.exported("--set", "FUT")
        po[0].msgstr = SUSPEND_ITALIAN
        po.save()
        with override_settings(TRANSLATION_PO_MAX_BYTES=1000):
            with self.assertRaisesMessage(CommandError, f"{po.fpath}: nothing was imported"):
                import_file(po.fpath)
        with self.assertRaisesMessage(CommandError, "No user is named 'nessuno'"):
            import_file(po.fpath, "--user", "nessuno")
        self.assertFalse(RulingTranslation.objects.exists())


class RewordedTextTests(BundledDocumentsTestCase):
    """A text that took the place of a reworded one whose Italian was approved."""

    OLD_ENGLISH = "If the spell requires targets, they are chosen as it is cast."
    OLD_ITALIAN = "Se la magia richiede bersagli, sono scelti quando è lanciata."

    @classmethod
    def setUpTestData(cls):
        current = RulingText.objects.get(english__startswith=SUSPEND_ENGLISH)
        old = RulingText.objects.create(
            key=text_key(cls.OLD_ENGLISH),
            english=cls.OLD_ENGLISH,
            gone_since=timezone.now(),
            replaced_by=current,
        )
        RulingTranslation.objects.create(
            text=old, italian=cls.OLD_ITALIAN, status=RulingTranslation.Status.APPROVED
        )
        cls.current, cls.old = current, old

    def test_it_is_exported_with_the_old_italian_fuzzy_and_the_old_english(self):
        out, _err = export("--set", "FUT")
        po = polib.pofile(out + "\n")
        entry = next(entry for entry in po if entry.msgctxt == self.current.key)
        self.assertEqual(entry.msgstr, self.OLD_ITALIAN)
        self.assertTrue(entry.fuzzy)
        self.assertEqual(entry.previous_msgid, self.OLD_ENGLISH)
        self.assertIn("Out of date", entry.comment)
        self.assertIn(f'#| msgid "{self.OLD_ENGLISH}"', out)

    def test_an_entry_for_the_gone_text_is_refused_as_out_of_date(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = Path(folder.name) / "old.po"
        po = polib.POFile()
        po.metadata = {"Project-Id-Version": "Oracolo ruling translations"}
        po.append(
            polib.POEntry(msgctxt=self.old.key, msgid=self.OLD_ENGLISH, msgstr="Nuova traduzione.")
        )
        po.save(str(path))
        output = import_file(path)
        self.assertRegex(
            output, rf"\({self.old.key}\): Out of date: no ruling has this English text any more"
        )
        self.assertEqual(RulingTranslation.objects.get().italian, self.OLD_ITALIAN)
        self.assertIn("1 entry read: 0 taken as proposals", output)
