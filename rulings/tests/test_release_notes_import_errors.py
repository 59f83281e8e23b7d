"""import_release_notes on bad documents: each error names what is wrong, and nothing is written."""

from pathlib import Path
from tempfile import TemporaryDirectory

from oracle.models import Keyword
from rulings.models import (
    Ruling,
    SourceDocument,
)
from rulings.tests.helpers import (
    DOCUMENTS,
    FUTURE_SIGHT,
    SeedDocumentsTestCase,
    import_notes,
    imported_state,
    not_found_in,
)


class SeedDocumentsErrorTests(SeedDocumentsTestCase):
    """Bad documents: each error is named and writes nothing."""

    def test_a_file_with_no_structure_is_an_error_that_writes_nothing(self):
        with TemporaryDirectory() as folder:
            path = Path(folder) / "notes.txt"
            path.write_text("Solo qualche parola, niente titoli né regole.\n", encoding="utf-8")
            self.assertImportFails(path, "notes.txt: no structure found", date="2007-05-04")

    def test_an_unknown_set_code_is_named(self):
        self.assertImportFails(FUTURE_SIGHT, "Unknown set code “XYZ”", set_code="XYZ")

    def test_a_date_not_in_iso_form_is_named(self):
        self.assertImportFails(
            FUTURE_SIGHT, "--date 04/05/2007: expected a date as YYYY-MM-DD", date="04/05/2007"
        )

    def test_a_missing_file_or_a_folder_is_named(self):
        self.assertImportFails(DOCUMENTS / "it" / "nope.txt", "nope.txt: no such file.")
        self.assertImportFails(DOCUMENTS / "it", "it: a folder; expected a document file")

    def test_a_file_that_fails_half_way_writes_nothing(self):
        # The keywords step has written Connive's Italian name when the described cards step
        # finds a sentence of described_cards.json missing from the document: all rolled back.
        Keyword.objects.filter(slug="connive").update(name_it="")
        marvel = DOCUMENTS / "it" / "marvel-super-heroes-mechanics.txt"
        sentence = "L'abilità superpotere del Destinobot Aereo costa {5}{U}. "
        with TemporaryDirectory() as folder:
            changed = Path(folder) / marvel.name
            changed.write_text(marvel.read_text(encoding="utf-8").replace(sentence, ""))
            before = imported_state()
            self.assertImportFails(
                changed,
                f"Nothing was imported. {DOCUMENTS / 'described_cards.json'}: ",
                date="2026-04-17",
                title=self.marvel.title,
                kind="release_notes",
            )
        self.assertEqual(imported_state(), before)
        self.assertEqual(Keyword.objects.get(slug="connive").name_it, "")
        self.marvel.refresh_from_db()
        self.assertEqual(self.marvel.original_text, marvel.read_text(encoding="utf-8"))

    def test_a_card_block_of_a_card_not_in_the_data_is_reported_and_kept(self):
        with TemporaryDirectory() as folder:
            path = Path(folder) / "carta-inventata.txt"
            path.write_text(
                "***Ciclo: Carte Inventate***\n\nFiamma Inventata\n{1}{R}\nIstantaneo\n\n"
                "La Fiamma Inventata infligge 2 danni.\n\n• Una nota sulla Fiamma Inventata.\n",
                encoding="utf-8",
            )
            output = import_notes(path, date="2007-05-04")
        self.assertIn("kept in the document only: 1;", output)
        self.assertEqual(not_found_in(output), ["Fiamma Inventata"])
        section = SourceDocument.objects.get(slug="carta-inventata").sections.get(kind="card")
        self.assertEqual((section.title, section.card), ("Fiamma Inventata", None))
        self.assertFalse(Ruling.objects.filter(text="Una nota sulla Fiamma Inventata."))

    def test_broken_utf8_names_the_line(self):
        with TemporaryDirectory() as folder:
            path = Path(folder) / "broken.txt"
            path.write_bytes(
                FUTURE_SIGHT.read_bytes().replace(
                    b"Jhoira dei Ghitu\n", b"Jhoira dei Ghitu\xff\n", 1
                )
            )
            self.assertImportFails(path, "broken.txt, line 84: byte 0xff is not UTF-8")

    def test_a_document_with_no_date_needs_one(self):
        self.assertImportFails(
            DOCUMENTS / "it" / "marvel-super-heroes-mechanics.txt", "a date is needed"
        )

    def test_a_document_with_no_title_needs_one(self):
        self.assertImportFails(DOCUMENTS / "it" / "wiki-stregoneria.txt", "--title")
