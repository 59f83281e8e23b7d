"""import_release_notes: the four seed documents (fixtures/documents/) into the bundled data.

Imported the way `make run` imports them (the manifest fixtures/documents/documents.json), on
the bundled cards and rules; the card names in prose are checked on small hand-made indexes.
"""

import itertools
import json
from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import SimpleTestCase
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from oracle.models import Card, CardType, Erratum, Keyword
from rulings.importers.release_notes.card_names import (
    FACE_NAME,
    ITALIAN_NAME,
    ORACLE_NAME,
    CardNameIndex,
)
from rulings.models import (
    DocumentMention,
    DocumentSection,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
    is_document_only,
)
from web.testing import BundledDataTestCase

DOCUMENTS = Path(settings.BASE_DIR) / "fixtures" / "documents"
MANIFEST = json.loads((DOCUMENTS / "documents.json").read_text(encoding="utf-8"))
FUT = DOCUMENTS / "it" / "future-sight-release-notes.txt"
FUT_TITLE = "Compendio di Regole di Visione Futura"
GRANDEUR_RULING = (
    "L'abilità magnificenza può essere giocata solo mentre la creatura che ce l'ha è in gioco. "
    "Per giocare l'abilità, deve essere scartata un'altra carta con lo stesso nome."
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


def import_notes(path, **options) -> str:
    out = StringIO()
    call_command("import_release_notes", path, stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


def import_fut(path=FUT, **options) -> str:
    return import_notes(path, language="it", set_code="FUT", title=FUT_TITLE, **options)


def matched_names(document) -> int:
    return document.mentions.exclude(card=None).values("name").distinct().count()


def not_found_in(report: str) -> list[str]:
    """The names a report lists as not found in the card data."""
    listed = report.partition("Names not found in the card data (")[2].splitlines()[1:]
    return [
        line.removeprefix("  - ")
        for line in itertools.takewhile(lambda line: line.startswith("  - "), listed)
    ]


def row_counts() -> dict[str, int]:
    models = (
        *(SourceDocument, DocumentSection, DocumentMention, Ruling, RuleSection, RulesEdition),
        *(Card, Keyword, CardType, Erratum),
    )
    return {model.__name__: model.objects.count() for model in models}


def imported_state() -> dict[str, list]:
    """What the imports wrote, row by row: sections with their subjects, rulings, card names,
    Italian rules, errata, keywords' and types' Italian names."""
    return {
        "sections": list(
            DocumentSection.objects.order_by("pk").values_list(
                "pk", "title", "card", "keyword", "card_type", "blocks"
            )
        ),
        "rulings": list(
            Ruling.objects.exclude(source_document__kind=SourceDocument.Kind.RULINGS_DATABASE)
            .order_by("pk")
            .values_list("pk", "card", "keyword", "card_type", "section", "position", "text")
        ),
        "mentions": sorted(DocumentMention.objects.values_list("section", "name", "card")),
        "rules": list(
            RuleSection.objects.filter(edition__language="it")
            .order_by("pk")
            .values_list("pk", "number", "title", "text", "note", "position", "parent")
        ),
        "errata": list(Erratum.objects.order_by("pk").values_list("pk", "card", "old_text")),
        "keywords": list(
            Keyword.objects.order_by("pk").values_list("pk", "name_it", "reminder_text_it")
        ),
        "types": list(CardType.objects.order_by("pk").values_list("pk", "name_it")),
    }


class SeedDocumentsTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.reports = {}
        for entry in MANIFEST:
            cls.reports[entry["file"]] = import_notes(
                DOCUMENTS / entry["file"],
                language=entry["language"],
                kind=entry["kind"],
                set_code=entry.get("set"),
                date=entry.get("date"),
                title=entry.get("title"),
            )
        cls.fut = SourceDocument.objects.get(slug="future-sight-release-notes")
        cls.ons = SourceDocument.objects.get(slug="onslaught-morph-faq")
        cls.marvel = SourceDocument.objects.get(slug="marvel-super-heroes-mechanics")
        cls.wiki = SourceDocument.objects.get(slug="wiki-stregoneria")
        cls.admin = User.objects.create_superuser("admin")  # no password: logged in by force

    def report(self, name: str) -> str:
        return self.reports[f"it/{name}.txt"]

    # The documents ------------------------------------------------------------------------

    def test_each_document_is_stored_with_its_title_set_date_and_text(self):
        self.assertEqual(
            [
                (doc.title, doc.kind, doc.card_set and doc.card_set.code, doc.published_on)
                for doc in (self.fut, self.ons, self.marvel, self.wiki)
            ],
            [
                (FUT_TITLE, "release_notes", "FUT", date(2007, 5, 4)),  # the set's release
                (
                    "Metamorfosi e Magie e Permanenti a Faccia in Giù",
                    "faq",
                    "ONS",
                    date(2002, 10, 7),
                ),
                (
                    "L'Archivista Multiversale: Meccaniche di Marvel Super Heroes",
                    "release_notes",
                    None,
                    date(2026, 4, 17),  # from the manifest
                ),
                ("Stregoneria (Wiki)", "article", None, date(2023, 6, 16)),  # as stated
            ],
        )
        self.assertEqual(self.fut.original_text, FUT.read_text(encoding="utf-8"))
        self.assertEqual(self.fut.language, "it")
        self.assertEqual(len(self.fut.sha256), 64)

    def test_sections_are_stored_in_order_with_their_subjects(self):
        sections = list(self.fut.sections.select_related("card", "keyword", "card_type"))
        self.assertEqual([section.position for section in sections], list(range(1, 25)))
        tarox = sections[4]
        self.assertEqual(
            (tarox.kind, tarox.title, tarox.first_line), ("card", "Tarox Alaspada", 21)
        )
        self.assertEqual(tarox.card.name, "Tarox Bladewing")
        self.assertEqual(tarox.blocks[0]["kind"], "card")
        self.assertEqual(tarox.blocks[1], {"kind": "ruling", "line": 30, "text": GRANDEUR_RULING})
        suspend = sections[9]
        self.assertEqual(suspend.title, "Tematica: Nuove Svolte per Sospendere")
        self.assertEqual(suspend.keyword.name, "Suspend")
        self.assertEqual(sections[22].card_type.name, "Tribal")

    def test_the_report_counts_sections_rulings_rules_and_damage(self):
        fut = self.report("future-sight-release-notes")
        self.assertIn(f"{FUT_TITLE}: 24 sections.", fut)
        self.assertIn(f"Card names matched: {matched_names(self.fut)} (", fut)
        # The 36 ruling blocks, and the errata step's ruling on typecycling (its former name);
        # the notes after the rules quoted under Caverna Zootica and Giudicare Indegno are about
        # morph and scry.
        self.assertIn("Rulings attached: 37 (cards 14, keywords 19, card types 4); kept in", fut)
        self.assertIn("Rules stored: 28.", fut)
        self.assertIn("  - 501.9a -> 501.8a (Scry)\n", fut)
        ons = self.report("onslaught-morph-faq")
        self.assertIn("Metamorfosi e Magie e Permanenti a Faccia in Giù: 18 sections.", ons)
        self.assertIn(f"Card names matched: {matched_names(self.ons)} (", ons)
        self.assertIn(
            "Rulings attached: 36 (cards 15, keywords 21, card types 0); "
            "kept in the document only: 3; removed: 0.",
            ons,
        )
        self.assertIn("Rules stored: 21.", ons)
        self.assertIn("Damaged text kept as written (4):", ons)
        self.assertIn("  - line 86: Ciclo (, Scarta questa carta dalla tua mano: Pesca", ons)
        marvel = self.report("marvel-super-heroes-mechanics")
        # Peter Parker and Amazing Spider-Man are the two faces of one card.
        self.assertIn("Card names matched: 4 (3 cards).", marvel)
        self.assertIn("Rulings attached: 17 (cards 0, keywords 16, card types 1)", marvel)
        self.assertIn("Cards created from this document only (3):", marvel)
        self.assertIn("Rules stored: 6.", self.report("wiki-stregoneria"))

    # Rulings ------------------------------------------------------------------------------

    def test_tarox_bladewing_has_the_italian_grandeur_ruling_word_for_word(self):
        ruling = Ruling.objects.get(card__name="Tarox Bladewing", language="it")
        self.assertEqual(ruling.text, GRANDEUR_RULING)
        self.assertEqual(ruling.date, date(2007, 5, 4))
        self.assertEqual(ruling.source_document, self.fut)
        self.assertEqual(ruling.section.title, "Tarox Alaspada")
        self.assertEqual(ruling.origin, Ruling.Origin.IMPORTED)
        response = self.client.get("/it/cards/tarox-bladewing/")
        self.assertContains(response, escape(GRANDEUR_RULING))
        self.assertContains(response, FUT_TITLE)

    def test_notes_after_rules_quoted_under_a_card_are_about_the_mechanic(self):
        # Under Caverna Zootica the document quotes the new 502.26b, then notes on morph for
        # noncreature cards: they are about morph ("...: Metamorfosi"), not Zoetic Cavern alone.
        morph = Keyword.objects.get(name="Morph").rulings.filter(source_document=self.fut)
        texts = list(morph.order_by("position").values_list("text", flat=True))
        self.assertEqual(len(texts), 6)
        self.assertTrue(texts[0].startswith("La modifica importante è che giocare una magia"))
        self.assertTrue(texts[-1].startswith("Tre carte del blocco Assalto"))
        self.assertEqual({ruling.section.title for ruling in morph}, {"Caverna Zootica"})
        self.assertFalse(Ruling.objects.filter(card__name="Zoetic Cavern", language="it"))
        # Zoetic Cavern has morph: its page shows them.
        page = self.client.get("/it/cards/zoetic-cavern/")
        self.assertContains(page, escape(texts[0][:80]))
        # The note after 501.9a, quoted under Giudicare Indegno, is about scry.
        scry = Keyword.objects.get(name="Scry").rulings.get(source_document=self.fut)
        self.assertTrue(scry.text.startswith("Ricorda che compi le azioni indicate sulla carta"))
        self.assertFalse(Ruling.objects.filter(card__name="Judge Unworthy", language="it"))
        # With no rule quoted in its section, a card's rulings are the card's.
        self.assertEqual(
            Ruling.objects.filter(card__name="Intervention Pact", language="it").count(), 5
        )

    def test_a_ruling_keeps_its_numbered_items(self):
        ruling = Ruling.objects.get(card__name="Jhoira of the Ghitu", text__startswith="Grazie")
        self.assertIn("\n  1. Se non è il tuo turno", ruling.text)
        self.assertTrue(ruling.text.endswith("Conta come giocare la tua terra per quel turno."))

    def test_mechanic_notes_attach_to_their_keyword_or_card_type(self):
        suspend = Keyword.objects.get(name="Suspend").rulings.filter(source_document=self.fut)
        self.assertEqual(
            [ruling.text[:40] for ruling in suspend.order_by("position")],
            [
                "Ricorda, se una carta nella zona rimosso",
                "Se una carta con sospendere viene rimoss",
            ],
        )
        morph = Keyword.objects.get(name="Morph").rulings.filter(source_document=self.ons)
        self.assertEqual(morph.count(), 19)
        self.assertTrue(morph.filter(text__startswith="Non puoi girare a faccia in su").exists())
        tribal = CardType.objects.get(name="Tribal", kind="type").rulings.all()
        self.assertEqual(tribal.count(), 4)
        self.assertEqual({ruling.date for ruling in tribal}, {date(2007, 5, 4)})

    def test_rulings_with_no_subject_stay_in_the_document(self):
        section = self.ons.sections.get(title="Tipi di Creature")
        self.assertEqual(section.rulings.count(), 0)
        self.assertEqual(sum(block["kind"] == "ruling" for block in section.blocks), 3)
        self.assertIn("kept in the document only: 3", self.report("onslaught-morph-faq"))

    # Card names ---------------------------------------------------------------------------

    def test_card_names_are_matched_by_italian_printed_name(self):
        mentions = dict(
            self.ons.mentions.filter(card__isnull=False).values_list("name", "card__name")
        )
        self.assertEqual(mentions["Pastoie Soffocanti"], "Choking Tethers")
        self.assertEqual(mentions["Catena d'Acido"], "Chain of Acid")
        self.assertEqual(mentions["Complicare"], "Complicate")  # one word, in a list

    def test_names_not_in_the_card_data_are_listed_not_dropped(self):
        listed = not_found_in(self.report("future-sight-release-notes"))
        # The document's name for Treetop Rangers, which no Italian printing has.
        self.assertIn("Ranger Cima-d'Albero", listed)
        unmatched = self.fut.mentions.filter(card=None).values_list("name", flat=True)
        self.assertEqual(set(listed), set(unmatched))
        names = CardNameIndex.load()
        self.assertEqual([name for name in listed if names.lookup(name)], [])
        # Cards the five bundled sets lack (fixtures/mtgjson/SeedCards.json brings them).
        for name, oracle_name in (
            ("Ragno Gigante", "Giant Spider"),
            ("Elfi di Llanowar", "Llanowar Elves"),
        ):
            if names.lookup(name) is None:
                self.assertIn(name, listed)
            else:
                self.assertEqual(self.fut.mentions.get(name=name).card.name, oracle_name)

    def test_cards_the_marvel_article_describes_are_linked(self):
        mentions = self.marvel.mentions.filter(card__isnull=False).select_related("card")
        cards = {mention.name: mention.card for mention in mentions}
        self.assertTrue(is_document_only(cards["Torcia Umana"]))
        self.assertEqual(cards["Amazing Spider-Man"], cards["Peter Parker"])

    def test_a_set_name_is_not_taken_for_the_card_of_that_name(self):
        # "Visione Futura" is also the Italian name of the Onslaught card Future Sight.
        self.assertTrue(Card.objects.filter(faces__name_it="Visione Futura").exists())
        self.assertFalse(self.fut.mentions.filter(name="Visione Futura").exists())

    # Re-import ----------------------------------------------------------------------------

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
            crlf = Path(folder) / FUT.name
            crlf.write_bytes(FUT.read_bytes().replace(b"\n", b"\r\n"))
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
            changed = Path(folder) / FUT.name
            lines = FUT.read_text(encoding="utf-8").splitlines(keepends=True)
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

    # A document in English ------------------------------------------------------------------

    def test_an_english_document_is_read_and_leaves_the_italian_one_alone(self):
        italian = imported_state()
        with TemporaryDirectory() as folder:
            # The same file name as the Italian notes: another document all the same.
            path = Path(folder) / FUT.name
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

    # Errors -------------------------------------------------------------------------------

    def assertImportFails(self, path, message, **options):
        before = row_counts()
        with self.assertRaisesMessage(CommandError, message):
            import_notes(path, **options)
        self.assertEqual(row_counts(), before)

    def test_a_file_with_no_structure_is_an_error_that_writes_nothing(self):
        with TemporaryDirectory() as folder:
            path = Path(folder) / "notes.txt"
            path.write_text("Solo qualche parola, niente titoli né regole.\n", encoding="utf-8")
            self.assertImportFails(path, "notes.txt: no structure found", date="2007-05-04")

    def test_an_unknown_set_code_is_named(self):
        self.assertImportFails(FUT, "Unknown set code “XYZ”", set_code="XYZ")

    def test_a_date_not_in_iso_form_is_named(self):
        self.assertImportFails(
            FUT, "--date 04/05/2007: expected a date as YYYY-MM-DD", date="04/05/2007"
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
                FUT.read_bytes().replace(b"Jhoira dei Ghitu\n", b"Jhoira dei Ghitu\xff\n", 1)
            )
            self.assertImportFails(path, "broken.txt, line 84: byte 0xff is not UTF-8")

    def test_a_document_with_no_date_needs_one(self):
        self.assertImportFails(
            DOCUMENTS / "it" / "marvel-super-heroes-mechanics.txt", "a date is needed"
        )

    def test_a_document_with_no_title_needs_one(self):
        self.assertImportFails(DOCUMENTS / "it" / "wiki-stregoneria.txt", "--title")

    # Admin --------------------------------------------------------------------------------

    def test_admin_shows_a_documents_sections_and_card_names(self):
        self.client.force_login(self.admin)
        response = self.client.get(
            reverse("admin:rulings_sourcedocument_change", args=[self.fut.pk])
        )
        self.assertContains(response, "Tarox Alaspada")
        self.assertContains(response, "Ragno Gigante")
        response = self.client.get(
            reverse("admin:rulings_ruling_changelist"), {"subject": "keyword"}
        )
        self.assertContains(response, "Morph")
        self.assertNotContains(response, "Tarox Bladewing")


class CardNameIndexTests(SimpleTestCase):
    NAMES = [
        ("Fear", 1, ORACLE_NAME),
        ("Paura", 1, ITALIAN_NAME),
        ("Exalted Angel", 2, ORACLE_NAME),
        ("Angelo Eminente", 2, ITALIAN_NAME),
        ("Chain of Acid", 3, ORACLE_NAME),
        ("Catena d'Acido", 3, ITALIAN_NAME),
        ("Stone Spirit", 4, ORACLE_NAME),
        ("Spirito della Pietra", 4, ITALIAN_NAME),
        ("Greater Stone Spirit", 5, ORACLE_NAME),
        ("Spirito della Pietra Superiore", 5, ITALIAN_NAME),
        ("Future Sight", 6, ORACLE_NAME),
        ("Visione Futura", 6, ITALIAN_NAME),
        ("Cancel", 7, ORACLE_NAME),
        ("Eliminare", 7, ITALIAN_NAME),
        ("Wipe Away", 8, ORACLE_NAME),
        ("Eliminare", 8, ITALIAN_NAME),
        ("Dimir Guildmage", 9, FACE_NAME),
    ]

    def setUp(self):
        self.index = CardNameIndex(self.NAMES, common=["Visione Futura"])

    def found(self, text, **options):
        return [(hit.name, hit.card_id) for hit in self.index.find(text, **options)]

    def test_lookup_ignores_case_accents_apostrophes_and_a_leading_article(self):
        self.assertEqual(self.index.lookup("CATENA D’ACIDO"), 3)
        self.assertEqual(self.index.lookup("l’Angelo Eminente"), 2)
        self.assertEqual(self.index.lookup("la Catena d'Acido"), 3)
        self.assertEqual(self.index.lookup("Àngelo Eminente"), 2)
        self.assertIsNone(self.index.lookup("Ragno Gigante"))

    def test_a_name_two_cards_share_means_neither(self):
        self.assertIsNone(self.index.lookup("Eliminare"))
        self.assertEqual(self.found("Effetti come Eliminare non contano."), [])

    def test_find_takes_the_longest_name_and_respects_word_boundaries(self):
        self.assertEqual(
            self.found("Sono Spirito della Pietra Superiore e Spirito della Pietra."),
            [("Spirito della Pietra Superiore", 5), ("Spirito della Pietra", 4)],
        )
        self.assertEqual(self.found("Gli Spiriti della Pietra"), [])

    def test_find_handles_elided_articles_and_curly_apostrophes(self):
        self.assertEqual(
            self.found("le carte dell’Angelo Eminente e l'Angelo Eminente; Catena d’Acido."),
            [("Angelo Eminente", 2), ("Angelo Eminente", 2), ("Catena d’Acido", 3)],
        )
        hit = self.index.find("Vedi dell'Angelo Eminente")[0]
        self.assertEqual((hit.start, hit.end), (10, 25))

    def test_find_needs_the_capitals_a_card_name_is_written_with(self):
        self.assertEqual(self.found("una creatura con paura"), [])
        self.assertEqual(self.found("come la catena d'acido"), [])
        self.assertEqual(self.found("come la Paura di prima"), [("Paura", 1)])

    def test_a_one_word_name_opening_a_sentence_or_in_a_heading_is_a_common_word(self):
        self.assertEqual(self.found("Paura è un'abilità evasiva."), [])
        self.assertEqual(self.found("Regola. Paura è evasiva."), [])
        self.assertEqual(self.found("502.25a Paura è un'abilità evasiva."), [])
        self.assertEqual(self.found("Nuova Abilità: Paura", heading=True), [])
        self.assertEqual(self.found("Paura", own_card=1), [("Paura", 1)])
        # Longer names are found anywhere: they are not common words.
        self.assertEqual(
            self.found("Angelo Eminente. Catena d'Acido"),
            [("Angelo Eminente", 2), ("Catena d'Acido", 3)],
        )

    def test_common_words_are_only_their_own_cards_names(self):
        self.assertEqual(self.found("L'espansione Visione Futura comprende"), [])
        self.assertEqual(self.found("Visione Futura", own_card=6), [("Visione Futura", 6)])
        self.index.add_common_words(["Catena d'Acido"])
        self.assertEqual(self.found("come la Catena d'Acido"), [])

    def test_a_name_does_not_run_across_lines(self):
        self.assertEqual(self.found("Angelo\nEminente"), [])
