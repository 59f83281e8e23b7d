"""import_mtgjson on the real Future Sight file: what it stores, a second run, and editors' errata
and names kept across a re-import."""

from collections import Counter
from datetime import date

from oracle.models import (
    Card,
    CardFace,
    CardSet,
    Erratum,
    Keyword,
    Layout,
    Printing,
    PrintingFace,
)
from oracle.tests.helpers import FUT, KEYWORDS, TAROX_ORACLE_ID, run_import, table_counts
from web.testing import EmptyDatabaseTestCase


class FutureSightImportTests(EmptyDatabaseTestCase):
    """The real FUT.json as MTGJSON built it: 180 cards, all printed in Italian."""

    @classmethod
    def setUpTestData(cls):
        cls.stdout, cls.stderr = run_import(FUT)
        cls.tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)

    def test_counts(self):
        self.assertEqual(Card.objects.count(), 180)
        self.assertEqual(CardFace.objects.count(), 180)
        self.assertEqual(Printing.objects.count(), 180)
        self.assertEqual(PrintingFace.objects.count(), 180)
        self.assertEqual(CardSet.objects.count(), 1)
        self.assertFalse(Card.objects.filter(is_token=True).exists())
        self.assertEqual(set(Card.objects.values_list("layout", flat=True)), {Layout.NORMAL})
        self.assertIn("cards: 180 created, 0 updated, 0 unchanged", self.stdout)
        self.assertIn("Imported FUT.json.", self.stdout)

    def test_set(self):
        fut = CardSet.objects.get(code="FUT")
        self.assertEqual(fut.name, "Future Sight")
        self.assertEqual(fut.name_it, "Visione Futura")
        self.assertEqual(fut.base_size, 180)
        self.assertEqual(fut.total_size, 180)
        self.assertEqual(fut.release_date, date(2007, 5, 4))
        self.assertEqual(fut.set_type, "expansion")
        self.assertEqual(fut.block, "Time Spiral")
        self.assertIsNone(fut.parent)

    def test_rarities_are_sixty_each(self):
        rarities = Counter(Printing.objects.values_list("rarity", flat=True))
        self.assertEqual(rarities, {"common": 60, "uncommon": 60, "rare": 60})

    def test_italian_printed_name_type_and_text(self):
        face = self.tarox.faces.get()
        self.assertEqual(face.name, "Tarox Bladewing")
        self.assertEqual(face.name_it, "Tarox Alaspada")
        self.assertEqual(face.type_line_it, "Creatura Leggendaria — Drago")
        self.assertEqual(
            face.printed_text_it,
            # MTGJSON lost the dash after the ability word; the import puts it back.
            "Volare, rapidità\nMagnificenza — Scarta un'altra carta chiamata Tarox Alaspada: "
            "Tarox Alaspada prende +X/+X fino alla fine del turno, dove X è la sua forza.",
        )
        self.assertEqual(self.tarox.italian_name, "Tarox Alaspada")
        printing = self.tarox.printings.get()
        self.assertEqual(printing.name_it, "Tarox Alaspada")
        printed = printing.faces.get()
        self.assertEqual(printed.face, face)
        self.assertEqual(printed.text_it, face.printed_text_it)
        self.assertTrue(printed.flavor_text_it.startswith("Poiché disprezza i suoi fratelli"))
        self.assertTrue(printed.flavor_text.startswith("Despising his siblings"))

    def test_oracle_fields(self):
        face = self.tarox.faces.get()
        self.assertEqual(self.tarox.name, "Tarox Bladewing")
        self.assertEqual(self.tarox.slug, "tarox-bladewing")
        self.assertEqual(self.tarox.mana_value, 5)
        self.assertEqual(self.tarox.colors, "R")
        self.assertEqual(self.tarox.legalities["modern"], "Legal")
        self.assertEqual(face.mana_cost, "{2}{R}{R}{R}")
        self.assertEqual(face.type_line, "Legendary Creature — Dragon")
        self.assertTrue(face.oracle_text.startswith("Flying, haste\nGrandeur — Discard"))
        self.assertEqual(face.power_toughness, "4/3")
        self.assertEqual(
            {(t.kind, t.name) for t in face.card_types.all()},
            {("supertype", "Legendary"), ("type", "Creature"), ("subtype", "Dragon")},
        )

    def test_keywords(self):
        self.assertEqual(
            set(self.tarox.keywords.values_list("name", flat=True)),
            {"Flying", "Haste", "Grandeur"},
        )

    def test_keyword_italian_names_come_from_the_printed_text(self):
        self.assertEqual(Keyword.objects.get(name="Flying").name_it, "Volare")
        self.assertEqual(Keyword.objects.get(name="Haste").name_it, "Rapidità")
        suspend = Keyword.objects.get(name="Suspend")
        self.assertEqual(suspend.name_it, "Sospendere")
        # The English reminder is today's Oracle wording; the Italian the newest printed, which
        # the whole catalogue teaches ("lanciare"); Future Sight's of 2007 is an older wording.
        self.assertTrue(suspend.reminder_text.startswith("Rather than cast this card"))
        self.assertTrue(suspend.reminder_text_it.startswith("Invece di lanciare questa carta"))
        printed_2007 = [
            wording["text"]
            for wording in suspend.reminder_wordings
            if wording["language"] == "it" and wording["last"] == "2007-05-04"
        ]
        self.assertTrue(printed_2007)
        self.assertTrue(all(text.startswith("Invece di giocare") for text in printed_2007))

    def test_futureshifted_frame_is_kept(self):
        printing = self.tarox.printings.get()
        self.assertEqual(printing.frame_version, "future")
        self.assertTrue(printing.is_futureshifted)
        self.assertTrue(printing.is_timeshifted)
        self.assertEqual(Printing.objects.filter(frame_version="future").count(), 81)
        self.assertEqual(Printing.objects.filter(frame_version="2003").count(), 99)

    def test_printed_english_is_kept_only_where_it_differs_from_oracle(self):
        printed = self.tarox.printings.get().faces.get()
        # Printed without the em dash; the Oracle text has one.
        self.assertEqual(
            printed.original_text,
            "Flying, haste\nGrandeur Discard another card named Tarox Bladewing: Tarox "
            "Bladewing gets +X/+X until end of turn, where X is its power.",
        )
        self.assertEqual(printed.original_type, "Legendary Creature - Dragon")
        same = PrintingFace.objects.get(face__name="Barren Glory")
        self.assertEqual((same.original_text, same.original_type), ("", ""))
        same_text = PrintingFace.objects.get(face__name="Lymph Sliver")
        self.assertEqual(same_text.original_text, "")
        self.assertEqual(same_text.original_type, "Creature - Sliver")
        # 175 cards have originalText; 145 differ from Oracle; 115 type lines differ.
        self.assertEqual(PrintingFace.objects.exclude(original_text="").count(), 145)
        self.assertEqual(PrintingFace.objects.exclude(original_type="").count(), 115)

    def test_vanilla_cards_have_an_italian_name_but_no_text(self):
        face = CardFace.objects.get(name="Blade of the Sixth Pride")
        self.assertTrue(face.name_it)
        self.assertEqual(face.printed_text_it, "")
        self.assertEqual(CardFace.objects.filter(name_it="").count(), 0)
        self.assertEqual(CardFace.objects.filter(printed_text_it="").count(), 5)


class SecondRunTests(EmptyDatabaseTestCase):
    def test_second_run_creates_and_changes_nothing_and_says_so(self):
        first, _ = run_import(KEYWORDS, FUT)
        self.assertNotIn("Nothing changed", first)
        counts = table_counts()
        faces = list(CardFace.objects.order_by("pk").values())

        second, _ = run_import(KEYWORDS, FUT)

        self.assertIn("Nothing changed", second)
        for line in second.splitlines():
            if ":" in line and "created" in line:
                self.assertRegex(line, r": 0 created, 0 updated, \d+ unchanged$")
        self.assertEqual(table_counts(), counts)
        self.assertEqual(list(CardFace.objects.order_by("pk").values()), faces)

    def test_keywords_file_sets_the_kind(self):
        run_import(KEYWORDS, FUT)
        self.assertEqual(Keyword.objects.get(name="Grandeur").kind, Keyword.Kind.ABILITY_WORD)
        self.assertEqual(Keyword.objects.get(name="Flying").kind, Keyword.Kind.ABILITY)
        self.assertEqual(Keyword.objects.get(name="Scry").kind, Keyword.Kind.ACTION)

    def test_dry_run_writes_nothing(self):
        counts = table_counts()
        stdout, _ = run_import(FUT, dry_run=True)
        self.assertIn("Dry run: nothing was written.", stdout)
        self.assertIn("cards: 180 created", stdout)
        self.assertEqual(table_counts(), counts)


class EditorDataTests(EmptyDatabaseTestCase):
    """Errata and names survive a re-import."""

    @classmethod
    def setUpTestData(cls):
        run_import(FUT)
        cls.tarox = Card.objects.get(oracle_id=TAROX_ORACLE_ID)

    def test_editors_work_survives_a_reimport(self):
        erratum = Erratum.objects.create(
            card=self.tarox,
            date=date(2007, 7, 13),
            old_text="Grandeur Discard another card named Tarox Bladewing: …",
            new_text="Grandeur — Discard another card named Tarox Bladewing: …",
            reason="The dash was missing on the printed card.",
        )
        fut = CardSet.objects.get(code="FUT")
        fut.name_it = "Visione del Futuro"
        fut.save()
        flying = Keyword.objects.get(name="Flying")
        flying.name_it = "Volante"
        flying.save()
        counts = table_counts()

        stdout, _ = run_import(FUT)

        self.assertIn("Nothing changed", stdout)
        self.assertEqual(table_counts(), counts)
        erratum_after = Erratum.objects.get(pk=erratum.pk)
        self.assertEqual(
            (erratum_after.old_text, erratum_after.new_text, erratum_after.reason),
            (erratum.old_text, erratum.new_text, erratum.reason),
        )
        self.assertEqual(CardSet.objects.get(code="FUT").name_it, "Visione del Futuro")
        self.assertEqual(Keyword.objects.get(name="Flying").name_it, "Volante")
