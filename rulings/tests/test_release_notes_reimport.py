"""import_release_notes run again on the seed documents: the same file, with Windows line ends,
after an editor's correction, and a document in English beside the Italian one."""

from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rulings.models import (
    Ruling,
    SourceDocument,
)
from rulings.tests.helpers import (
    FUT_TITLE,
    FUTURE_SIGHT,
    GRANDEUR_RULING,
    SeedDocumentsTestCase,
    import_notes,
    imported_state,
    row_counts,
)

PACT_COUNTERED = "Se un Patto viene neutralizzato, nulla ha effetto -- compresa l'abilità"
WRITES = ("INSERT", "UPDATE", "DELETE")

ENGLISH_NOTES = """***New Keyword Ability: Suspend***

Some cards in this set have suspend.

Arc Blade
{3}{R}{R}
Sorcery

Arc Blade deals 2 damage to any target. Exile Arc Blade with three time counters on it.

• If Arc Blade is countered, it won't be exiled with time counters.

The rules for suspend are as follows:

502.59a Suspend is a keyword that represents three abilities.

• A card with suspend in exile with time counters on it is "suspended".

Zoetic Cavern
Land

{T}: Add {1}.

• Zoetic Cavern can be turned face up any time you have priority.
"""


def import_fut(path=FUTURE_SIGHT, **options) -> str:
    return import_notes(path, language="it", set_code="FUT", title=FUT_TITLE, **options)


class SeedDocumentsReimportTests(SeedDocumentsTestCase):
    """The seed documents imported again, as they are, with Windows line ends, after an editor's
    correction, or beside a document in English."""

    def test_importing_the_same_file_again_changes_nothing(self):
        before = row_counts()
        with CaptureQueriesContext(connection) as queries:
            output = import_fut()
        self.assertEqual(output, f"{FUT_TITLE}: nothing changed.\n")
        self.assertEqual(
            [query["sql"] for query in queries if query["sql"].lstrip().startswith(WRITES)], []
        )
        self.assertEqual(row_counts(), before)

    def test_load_bundled_documents_again_changes_nothing(self):
        out = StringIO()
        call_command("load_bundled_documents", stdout=out, stderr=StringIO())
        self.assertEqual(out.getvalue().count("nothing changed."), 4)

    def test_a_forced_reimport_of_every_document_changes_nothing(self):
        # The Marvel article, imported after the Onslaught FAQ, names the type Creature in
        # Italian; the FAQ's heading "Costi con "TAPpa [numero] [tipo di creatura] STAPpati""
        # must not become about creatures when the FAQ is imported again.
        before = imported_state()
        call_command("load_bundled_documents", force=True, stdout=StringIO())
        self.assertEqual(imported_state(), before)
        costs = self.ons.sections.get(title__startswith="Costi con")
        self.assertEqual((costs.card_id, costs.keyword_id, costs.card_type_id), (None, None, None))

    def test_the_same_file_with_windows_line_ends_is_the_same_document(self):
        with TemporaryDirectory() as folder:
            crlf = Path(folder) / FUTURE_SIGHT.name
            crlf.write_bytes(FUTURE_SIGHT.read_bytes().replace(b"\n", b"\r\n"))
            before = imported_state()
            output = import_fut(crlf)
        self.assertIn("kept in the document only: 0; removed: 0.", output)
        after = imported_state()
        self.assertEqual(after["rulings"], before["rulings"])
        self.assertEqual(after["rules"], before["rules"])
        self.assertFalse(any("\r" in row[-1] for row in after["rulings"]))

    def test_an_editors_correction_survives_a_reimport(self):
        self.client.force_login(self.admin)
        ruling = Ruling.objects.get(card__name="Tarox Bladewing", language="it")
        corrected = GRANDEUR_RULING.replace("può essere giocata", "può essere attivata")
        response = self.client.post(
            reverse("admin:rulings_ruling_change", args=[ruling.pk]),
            {
                "card": ruling.card_id,
                "date": "2007-05-04",
                "language": "it",
                "position": ruling.position,
                "text": corrected,
                "source_document": self.fut.pk,
            },
        )
        self.assertEqual(response.status_code, 302)
        with TemporaryDirectory() as folder:
            # The same document, one ruling shorter: a real re-import, not a skipped one.
            changed = Path(folder) / FUTURE_SIGHT.name
            lines = FUTURE_SIGHT.read_text(encoding="utf-8").splitlines(keepends=True)
            changed.write_text(
                "".join(line for line in lines if PACT_COUNTERED not in line), encoding="utf-8"
            )
            output = import_fut(changed, verbosity=2)
        self.assertIn("removed: 1.", output)
        self.assertIn(
            "Names as written, and the cards they matched:\n"
            "  - Tarox Alaspada -> Tarox Bladewing\n",
            output,
        )
        ruling.refresh_from_db()
        self.assertEqual((ruling.text, ruling.origin), (corrected, Ruling.Origin.EDITOR))
        self.assertEqual(
            Ruling.objects.filter(card__name="Tarox Bladewing", language="it").count(), 1
        )
        self.assertFalse(Ruling.objects.filter(text__startswith=PACT_COUNTERED).exists())

    def test_an_english_document_is_read_and_leaves_the_italian_one_alone(self):
        italian = imported_state()
        with TemporaryDirectory() as folder:
            # The same file name as the Italian notes: another document all the same.
            path = Path(folder) / FUTURE_SIGHT.name
            path.write_text(ENGLISH_NOTES, encoding="utf-8")
            output = import_notes(path, language="en", set_code="FUT")
        english = SourceDocument.objects.get(slug="future-sight-release-notes-en")
        self.assertEqual((english.title, english.language), ("New Keyword Ability: Suspend", "en"))
        self.assertIn("Rules stored: 0.", output)  # English rules are their complete editions'
        self.assertEqual(
            {
                ruling.subject.name: ruling.text
                for ruling in english.rulings.select_related("card", "keyword")
            },
            {
                "Arc Blade": "If Arc Blade is countered, it won't be exiled with time counters.",
                "Suspend": 'A card with suspend in exile with time counters on it is "suspended".',
                "Zoetic Cavern": "Zoetic Cavern can be turned face up any time you have priority.",
            },
        )
        self.assertEqual({ruling.language for ruling in english.rulings.all()}, {"en"})
        after = imported_state()
        for rows in ("rules", "keywords", "types", "errata"):
            self.assertEqual(after[rows], italian[rows], rows)
        self.assertEqual(
            [row for row in after["rulings"] if row[0] in {r[0] for r in italian["rulings"]}],
            italian["rulings"],
        )
        self.fut.refresh_from_db()
        self.assertEqual((self.fut.language, self.fut.title), ("it", FUT_TITLE))
