"""import_mtgjson: the real Future Sight file, a second run, damaged files, editors' work and
every layout, on a real SQLite database.

Small MTGJSON files are built here as dicts (``mtgjson_card``, ``mtgjson_set``) and written to a
temporary directory, so each test shows the shape of data it is about.
"""

import gzip
import json
import re
import shutil
import tempfile
from collections import Counter
from datetime import date
from io import StringIO
from pathlib import Path
from uuid import UUID

from django.apps import apps
from django.core.management import CommandError, call_command

from oracle.models import (
    Card,
    CardFace,
    CardSearch,
    CardSet,
    Erratum,
    Keyword,
    Layout,
    Printing,
    PrintingFace,
)
from oracle.search import parse
from oracle.tests.helpers import FUT, MTGJSON_FIXTURES
from web.testing import EmptyDatabaseTestCase

KEYWORDS = MTGJSON_FIXTURES / "Keywords.json"
TAROX_ORACLE_ID = UUID("e195f2f8-2db7-46b8-948c-c3c27f2e5825")

# Oracle ids of the synthetic set below.
FIRE_ICE = "00000000-0000-4000-8000-000000000001"
DELVER = "00000000-0000-4000-8000-000000000002"
BRUNA = "00000000-0000-4000-8000-000000000003"
BRISELA = "00000000-0000-4000-8000-000000000004"
GISELA = "00000000-0000-4000-8000-000000000005"
BONECRUSHER = "00000000-0000-4000-8000-000000000006"
PROPAGANDA = "00000000-0000-4000-8000-000000000007"
ANGEL_TOKEN = "00000000-0000-4000-8000-000000000008"
SERRA = "00000000-0000-4000-8000-000000000009"
ART_PLAINS = "00000000-0000-4000-8000-000000000010"
_uuids = iter(range(1, 10_000))


def run_import(*paths, **options) -> tuple[str, str]:
    """Run the command; give (stdout, stderr)."""
    stdout, stderr = StringIO(), StringIO()
    call_command("import_mtgjson", *paths, stdout=stdout, stderr=stderr, **options)
    return stdout.getvalue(), stderr.getvalue()


def table_counts() -> dict[str, int]:
    """Rows in every table: those an import writes and those it must leave alone (with what
    other apps keep about cards: their receivers of ``cards_synced`` run in the import)."""
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def mtgjson_card(name, number, oracle_id, **fields):
    """One MTGJSON card entry (one printing of one face) with the keys the importer reads."""
    entry = {
        "name": name,
        "number": number,
        "layout": "normal",
        "uuid": f"10000000-0000-5000-8000-{next(_uuids):012d}",
        "type": "Instant",
        "types": ["Instant"],
        "supertypes": [],
        "subtypes": [],
        "text": "",
        "manaValue": 0.0,
        "colors": [],
        "colorIdentity": [],
        "rarity": "common",
        "frameVersion": "2003",
        "borderColor": "black",
        "legalities": {"legacy": "Legal", "vintage": "Legal"},
        "identifiers": {"scryfallOracleId": oracle_id} if oracle_id else {},
    }
    entry.update(fields)
    return entry


def mtgjson_set(code, name, cards, tokens=(), **fields):
    return {
        "code": code,
        "name": name,
        "type": "expansion",
        "releaseDate": "2020-01-24",
        "baseSetSize": len(cards),
        "totalSetSize": len(cards),
        "keyruneCode": code,
        "translations": {},
        "cards": list(cards),
        "tokens": list(tokens),
        **fields,
    }


def italian(name, text="", type_line="", face_name=None):
    data = {"language": "Italian", "name": name, "text": text, "type": type_line}
    if face_name:
        data["faceName"] = face_name
    return [data]


def layouts_set():
    """Set XYZ: one card of each multi-part layout, a reversible printing and a token."""
    bruna_front = mtgjson_card(
        "Bruna, the Fading Light // Brisela, Voice of Nightmares",
        "3a",
        BRUNA,
        layout="meld",
        faceName="Bruna, the Fading Light",
        side="a",
        type="Legendary Creature — Angel Horror",
        manaValue=7.0,
        keywords=["Flying", "Vigilance"],
    )
    return mtgjson_set(
        "XYZ",
        "Test Layouts",
        [
            mtgjson_card(
                "Fire // Ice",
                "1",
                FIRE_ICE,
                layout="split",
                faceName="Fire",
                side="a",
                manaValue=4.0,
                faceManaValue=2.0,
                manaCost="{1}{R}",
                colors=["R"],
                text="Fire deals 2 damage divided as you choose among one or two targets.",
                foreignData=italian(
                    "Fuoco // Ghiaccio",
                    "Fuoco infligge 2 danni divisi a tua scelta tra uno o due bersagli.",
                    "Istantaneo",
                    face_name="Fuoco",
                ),
            ),
            mtgjson_card(
                "Fire // Ice",
                "1",
                FIRE_ICE,
                layout="split",
                faceName="Ice",
                side="b",
                manaValue=4.0,
                faceManaValue=2.0,
                manaCost="{1}{U}",
                colors=["U"],
                text="Tap target permanent.\nDraw a card.",
                foreignData=italian(
                    "Fuoco // Ghiaccio",
                    "TAPpa un permanente bersaglio.\nPesca una carta.",
                    "Istantaneo",
                    face_name="Ghiaccio",
                ),
            ),
            mtgjson_card(
                "Delver of Secrets // Insectile Aberration",
                "2",
                DELVER,
                layout="transform",
                faceName="Delver of Secrets",
                side="a",
                type="Creature — Human Wizard",
                manaValue=1.0,
            ),
            mtgjson_card(
                "Delver of Secrets // Insectile Aberration",
                "2",
                DELVER,
                layout="transform",
                faceName="Insectile Aberration",
                side="b",
                type="Creature — Human Insect",
                manaValue=1.0,
                faceManaValue=0.0,
                text="Flying",
                keywords=["Flying"],
            ),
            # Real data lists a meld front twice, with the same uuid.
            bruna_front,
            dict(bruna_front),
            mtgjson_card(
                "Brisela, Voice of Nightmares",
                "3b",
                BRISELA,
                layout="meld",
                faceName="Brisela, Voice of Nightmares",
                side="b",
                type="Legendary Creature — Eldrazi Angel",
                manaValue=11.0,
            ),
            mtgjson_card(
                "Gisela, the Broken Blade // Brisela, Voice of Nightmares",
                "4",
                GISELA,
                layout="meld",
                faceName="Gisela, the Broken Blade",
                side="a",
                type="Legendary Creature — Angel Horror",
                manaValue=4.0,
            ),
            mtgjson_card(
                "Bonecrusher Giant // Stomp",
                "5",
                BONECRUSHER,
                layout="adventure",
                faceName="Bonecrusher Giant",
                side="a",
                type="Creature — Giant",
                manaValue=3.0,
                faceManaValue=3.0,
            ),
            mtgjson_card(
                "Bonecrusher Giant // Stomp",
                "5",
                BONECRUSHER,
                layout="adventure",
                faceName="Stomp",
                side="b",
                type="Instant — Adventure",
                manaValue=3.0,
                faceManaValue=2.0,
            ),
            mtgjson_card("Propaganda", "6", PROPAGANDA, type="Enchantment", manaValue=3.0),
            # Reversible cards have no Oracle id in MTGJSON 5.2: found by name.
            mtgjson_card(
                "Propaganda // Propaganda",
                "7",
                None,
                layout="reversible_card",
                faceName="Propaganda",
                side="a",
                type="Enchantment",
                manaValue=3.0,
            ),
            mtgjson_card(
                "Propaganda // Propaganda",
                "7",
                None,
                layout="reversible_card",
                faceName="Propaganda",
                side="b",
                type="Enchantment",
                manaValue=3.0,
            ),
        ],
        tokens=[
            mtgjson_card(
                "Angel",
                "1",
                ANGEL_TOKEN,
                layout="token",
                setCode="TXYZ",
                type="Token Creature — Angel",
                types=["Creature"],
                subtypes=["Angel"],
                text="Flying",
                keywords=["Flying"],
            )
        ],
    )


def small_set(code="ABC", name="Another Set"):
    return mtgjson_set(
        code,
        name,
        [
            mtgjson_card(
                "Serra Angel",
                "1",
                SERRA,
                type="Creature — Angel",
                types=["Creature"],
                subtypes=["Angel"],
                text="Flying, vigilance",
                keywords=["Flying", "Vigilance"],
                foreignData=italian("Angelo di Serra", "Volare, cautela", "Creatura — Angelo"),
            )
        ],
    )


class TemporaryFilesMixin:
    def setUp(self):
        super().setUp()
        self.tmp = Path(tempfile.mkdtemp(prefix="oracolo-import-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def write_json(self, name, obj, compress=False):
        text = json.dumps(obj, ensure_ascii=False)
        path = self.tmp / name
        if compress:
            path.write_bytes(gzip.compress(text.encode()))
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def card(self, oracle_id):
        return Card.objects.get(oracle_id=oracle_id)

    def face_names(self, oracle_id):
        return list(self.card(oracle_id).faces.values_list("side", "name"))

    def write_set_file(self, name, set_obj, compress=False):
        meta = {"date": "2022-04-25", "version": "5.2.0+20220425"}
        return self.write_json(name, {"meta": meta, "data": set_obj}, compress)


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


class DamagedFileTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """Every damaged file stops the import before anything is written, and says where."""

    @classmethod
    def setUpTestData(cls):
        run_import(FUT)

    def setUp(self):
        super().setUp()
        self.good = self.write_set_file("GOOD.json", small_set())
        self.counts = table_counts()

    def assertImportFails(self, path, *patterns):
        """Alone and after a good file, the import fails naming the file, and writes nothing."""
        for paths in ([path], [self.good, path]):
            with self.subTest(paths=[p.name for p in paths]):
                with self.assertRaises(CommandError) as raised:
                    run_import(*paths)
                message = str(raised.exception)
                self.assertIn(path.name, message)
                for pattern in patterns:
                    self.assertRegex(message, pattern)
                self.assertEqual(table_counts(), self.counts)
        self.assertFalse(CardSet.objects.filter(code="ABC").exists())

    def test_truncated_json_names_line_and_column(self):
        text = json.dumps({"data": small_set()}, indent=1)
        path = self.tmp / "truncated.json"
        path.write_text(text[: len(text) // 2], encoding="utf-8")
        self.assertImportFails(path, r"truncated\.json: line \d+, column \d+: invalid JSON")

    def test_syntax_error_names_its_line_and_column(self):
        path = self.tmp / "comma.json"
        path.write_text('{\n "data": {\n  "code": "X",,\n  "cards": []\n }\n}\n', encoding="utf-8")
        self.assertImportFails(path, r"comma\.json: line 3, column 15: invalid JSON")

    def test_card_without_layout(self):
        broken = small_set("BRK", "Broken")
        broken["cards"].append(mtgjson_card("Lightning Bolt", "2", FIRE_ICE))
        del broken["cards"][1]["layout"]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"set BRK: cards\[1\] \(Lightning Bolt\): missing or empty 'layout'"
        )

    def test_bad_release_date(self):
        path = self.write_set_file(
            "BRK.json", small_set("BRK", "Broken") | {"releaseDate": "2007-13-45"}
        )
        self.assertImportFails(path, r"set BRK: releaseDate: expected a date.*'2007-13-45'")

    def test_bad_ruling_date(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["rulings"] = [{"date": "1 May 2007", "text": "It works."}]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"cards\[0\] \(Serra Angel\): ruling date: expected a date.*'1 May 2007'"
        )

    def test_edhrec_rank_that_is_not_a_whole_number(self):
        for value in ("12", 1.5, -3):
            with self.subTest(value=value):
                broken = small_set("BRK", "Broken")
                broken["cards"][0]["edhrecRank"] = value
                path = self.write_set_file("BRK.json", broken)
                self.assertImportFails(
                    path,
                    r"cards\[0\] \(Serra Angel\): 'edhrecRank' should be a whole number from 0 "
                    r"to 2,147,483,647, found " + re.escape(repr(value)),
                )

    def test_oracle_id_that_is_not_a_uuid(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["identifiers"]["scryfallOracleId"] = "serra-angel"
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path,
            r"cards\[0\] \(Serra Angel\): identifiers\.scryfallOracleId: expected a UUID, "
            r"found 'serra-angel'",
        )

    def test_value_of_the_wrong_json_type(self):
        broken = small_set("BRK", "Broken")
        broken["cards"][0]["legalities"] = ["legacy", "vintage"]
        path = self.write_set_file("BRK.json", broken)
        self.assertImportFails(
            path, r"cards\[0\] \(Serra Angel\): 'legalities' should be a dict, found list"
        )

    def test_json_that_is_not_mtgjson(self):
        path = self.write_json("shopping.json", {"items": ["bread", "milk"], "total": 3})
        self.assertImportFails(path, r"is this an MTGJSON file\?")

    def test_data_that_is_not_a_set(self):
        path = self.write_json("other.json", {"data": {"name": "Not a set", "count": 2}})
        self.assertImportFails(path, r"neither a set .* nor sets keyed by code")

    def test_text_file(self):
        path = self.tmp / "notes.json"
        path.write_text("These are not cards.\n", encoding="utf-8")
        self.assertImportFails(path, r"line 1, column 1: invalid JSON")

    def test_missing_file(self):
        self.assertImportFails(self.tmp / "missing.json", r"cannot be opened")

    def test_bad_gzip(self):
        path = self.tmp / "broken.json.gz"
        path.write_bytes(b"\x1f\x8b" + b"this is not deflate data" * 10)
        self.assertImportFails(path, r"not readable as JSON or gzip")

    def test_cut_short_gzip(self):
        whole = gzip.compress(FUT.read_bytes())
        path = self.tmp / "short.json.gz"
        path.write_bytes(whole[: len(whole) // 2])
        self.assertImportFails(path, r"not readable as JSON or gzip")

    def test_good_file_alone_imports(self):
        # The control for the tests above: the good file on its own is fine.
        run_import(self.good)
        self.assertTrue(CardSet.objects.filter(code="ABC").exists())


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


class LayoutTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """A small file with every kind of multi-part card, a reversible printing and a token."""

    def setUp(self):
        super().setUp()
        self.path = self.write_set_file("XYZ.json", layouts_set())

    def assertLayoutsImported(self):
        # 7 cards + 1 token; the reversible printing belongs to Propaganda.
        self.assertEqual(
            Card.objects.filter(printings__card_set__code__endswith="XYZ").distinct().count(), 8
        )
        self.assertEqual(Printing.objects.filter(card_set__code__endswith="XYZ").count(), 9)

        fire_ice = self.card(FIRE_ICE)
        self.assertEqual((fire_ice.name, fire_ice.layout), ("Fire // Ice", Layout.SPLIT))
        self.assertEqual(self.face_names(FIRE_ICE), [("a", "Fire"), ("b", "Ice")])
        self.assertEqual(fire_ice.mana_value, 4)
        self.assertEqual(list(fire_ice.faces.values_list("mana_value", flat=True)), [2, 2])
        self.assertEqual(fire_ice.colors, "UR")
        self.assertEqual(fire_ice.italian_name, "Fuoco // Ghiaccio")
        printing = fire_ice.printings.get()
        self.assertEqual(printing.name_it, "Fuoco // Ghiaccio")
        self.assertEqual(
            list(printing.faces.values_list("face__name", "name_it")),
            [("Fire", "Fuoco"), ("Ice", "Ghiaccio")],
        )

        self.assertEqual(
            self.face_names(DELVER),
            [("a", "Delver of Secrets"), ("b", "Insectile Aberration")],
        )
        self.assertEqual(self.card(DELVER).layout, Layout.TRANSFORM)
        self.assertEqual(
            list(self.card(DELVER).keywords.values_list("name", flat=True)), ["Flying"]
        )
        self.assertEqual(self.face_names(BONECRUSHER), [("a", "Bonecrusher Giant"), ("b", "Stomp")])

        # Meld: each front and the back are cards of their own; the doubled front counts once.
        self.assertEqual(self.card(BRUNA).name, "Bruna, the Fading Light")
        self.assertEqual(self.face_names(BRUNA), [("a", "Bruna, the Fading Light")])
        self.assertEqual(self.card(GISELA).name, "Gisela, the Broken Blade")
        brisela = self.card(BRISELA)
        self.assertEqual((brisela.name, brisela.layout), ("Brisela, Voice of Nightmares", "meld"))
        self.assertEqual(self.face_names(BRISELA), [("b", "Brisela, Voice of Nightmares")])
        self.assertEqual(
            sorted(Printing.objects.filter(layout="meld").values_list("collector_number", "card")),
            [
                ("3a", self.card(BRUNA).pk),
                ("3b", brisela.pk),
                ("4", self.card(GISELA).pk),
            ],
        )
        self.assertEqual(Printing.objects.get(collector_number="3a").faces.count(), 1)

        propaganda = self.card(PROPAGANDA)
        self.assertEqual(Card.objects.filter(name="Propaganda").count(), 1)
        reversible = Printing.objects.get(card_set__code="XYZ", collector_number="7")
        self.assertEqual(reversible.card, propaganda)
        self.assertEqual(reversible.layout, Layout.REVERSIBLE_CARD)
        self.assertEqual(propaganda.layout, Layout.NORMAL)
        self.assertEqual(
            list(reversible.faces.values_list("face", flat=True)),
            [propaganda.faces.get().pk] * 2,
        )

        angel = self.card(ANGEL_TOKEN)
        self.assertTrue(angel.is_token)
        self.assertEqual(angel.slug, "angel-token")
        token_set = CardSet.objects.get(code="TXYZ")
        self.assertEqual(token_set.parent, CardSet.objects.get(code="XYZ"))
        self.assertEqual(token_set.set_type, "token")
        self.assertEqual(token_set.name, "Test Layouts Tokens")
        self.assertEqual(angel.printings.get().card_set, token_set)

    def test_every_layout(self):
        run_import(self.path)
        self.assertLayoutsImported()

    def test_gzipped_file(self):
        path = self.write_set_file("XYZ.json.gz", layouts_set(), compress=True)
        run_import(path)
        self.assertLayoutsImported()

    def test_second_run_changes_nothing(self):
        run_import(self.path)
        counts = table_counts()
        stdout, _ = run_import(self.path)
        self.assertIn("Nothing changed", stdout)
        self.assertEqual(table_counts(), counts)

    def test_all_printings_file_streams_every_set(self):
        path = self.write_json(
            "AllPrintings.json.gz",
            {
                "meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
                "data": {"XYZ": layouts_set(), "ABC": small_set()},
            },
            compress=True,
        )
        stdout, stderr = run_import(path, verbosity=2)
        self.assertIn("AllPrintings.json.gz: XYZ read", stderr)
        self.assertIn("AllPrintings.json.gz: ABC read", stderr)
        self.assertIn("Read 3 sets, 9 cards, 10 printings.", stderr)
        self.assertEqual(
            set(CardSet.objects.values_list("code", flat=True)), {"XYZ", "TXYZ", "ABC"}
        )
        self.assertLayoutsImported()
        self.assertEqual(Card.objects.count(), 9)
        serra = self.card(SERRA)
        self.assertEqual(serra.printings.get().card_set.code, "ABC")
        self.assertEqual(serra.faces.get().name_it, "Angelo di Serra")
        self.assertIn("Imported AllPrintings.json.gz.", stdout)


class CardDataTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """How a card's data is put together from its printings, and kept in step with the file."""

    def test_a_card_is_legal_where_any_printing_is(self):
        # MTGJSON 5.2 gives "oldschool" only on some printings of a card.
        old = mtgjson_card("Desert", "1", SERRA, legalities={"legacy": "Legal"})
        new = mtgjson_card(
            "Desert", "2", SERRA, legalities={"legacy": "Legal", "oldschool": "Legal"}
        )
        path = self.write_set_file("ARN.json", mtgjson_set("ARN", "Arabian Nights", [old, new]))
        run_import(path)
        self.assertEqual(self.card(SERRA).legalities, {"legacy": "Legal", "oldschool": "Legal"})

    def test_a_translated_italian_name_wins_over_a_newer_english_placeholder(self):
        # Real case: Dusk // Dawn is "Tramonto // Alba" in Amonkhet, but MTGJSON's Italian
        # entry for the newer Commander 2019 printing keeps the English name.
        old = mtgjson_card(
            "Shock", "1", SERRA, foreignData=italian("Folgorazione", "Testo.", "Istantaneo")
        )
        new = mtgjson_card(
            "Shock", "2", SERRA, foreignData=italian("Shock", "Testo.", "Istantaneo")
        )
        older = mtgjson_set("OLD", "Old", [old], releaseDate="2017-04-28")
        newer = mtgjson_set("NEW", "New", [new], releaseDate="2019-08-23")
        run_import(self.write_set_file("OLD.json", older), self.write_set_file("NEW.json", newer))
        self.assertEqual(self.card(SERRA).italian_name, "Folgorazione")
        response = self.client.get("/it/cards/shock/")
        self.assertContains(response, "<h1>Folgorazione")

    def test_changed_data_updates_the_rows(self):
        run_import(self.write_set_file("ABC.json", small_set()))
        changed = small_set()
        card = changed["cards"][0]
        card.update(
            text="Flying, vigilance, lifelink",
            keywords=["Flying", "Vigilance", "Lifelink"],
            manaValue=6.0,
            legalities={"legacy": "Banned"},
            rarity="uncommon",
            identifiers={
                "scryfallOracleId": SERRA,
                "scryfallId": "30000000-0000-4000-8000-000000000001",
            },
            foreignData=italian("Angelo di Serra", "Volare, cautela, legame vitale"),
        )
        stdout, _ = run_import(self.write_set_file("ABC.json", changed))

        self.assertIn("cards: 0 created, 1 updated, 0 unchanged", stdout)
        self.assertIn("card keywords: 1 created, 0 updated, 2 unchanged", stdout)
        serra = self.card(SERRA)
        self.assertEqual((serra.mana_value, serra.legalities), (6, {"legacy": "Banned"}))
        self.assertEqual(serra.faces.get().oracle_text, "Flying, vigilance, lifelink")
        self.assertEqual(serra.faces.get().printed_text_it, "Volare, cautela, legame vitale")
        printing = serra.printings.get()
        self.assertEqual(printing.rarity, "uncommon")
        self.assertEqual(printing.scryfall_id, UUID("30000000-0000-4000-8000-000000000001"))
        self.assertEqual(Keyword.objects.get(name="Lifelink").name_it, "Legame vitale")

    def test_art_series_printing_with_one_side_listed_twice(self):
        # MTGJSON 5.2 lists some art cards as side b twice; the full printing gives the faces.
        def art(number, side, uuid=None):
            extra = {"uuid": uuid} if uuid else {}
            return mtgjson_card(
                "Plains // Plains",
                number,
                ART_PLAINS,
                layout="art_series",
                faceName="Plains",
                side=side,
                type="Card",
                **extra,
            )

        broken = art("1", "b", uuid="20000000-0000-5000-8000-000000000001")
        tokens = [broken, dict(broken), art("2", "a"), art("2", "b")]
        path = self.write_set_file("AXYZ.json", mtgjson_set("AXYZ", "Art", [], tokens=tokens))
        run_import(path)
        card = self.card(ART_PLAINS)
        self.assertEqual(self.face_names(ART_PLAINS), [("a", "Plains"), ("b", "Plains")])
        full = card.printings.get(collector_number="2")
        self.assertEqual(list(full.faces.values_list("face__side", flat=True)), ["a", "b"])
        # The broken printing keeps its one side, on the right face.
        self.assertEqual(
            list(card.printings.get(collector_number="1").faces.values_list("face__side")),
            [("b",)],
        )


class PrintingFactsTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    """What MTGJSON says of a card and its printings beyond its text: the reserved list,
    digital-only and funny printings, artists, flavour texts, watermarks, frames, borders,
    formats, set types and blocks, stored and searched."""

    def found(self, text):
        return sorted(parse(text).filter(CardSearch.objects.all()).values_list("name", flat=True))

    def test_outside_ids_illustration_and_finishes_are_stored(self):
        shock = mtgjson_card(
            "Shock",
            "2",
            DELVER,
            finishes=["nonfoil", "foil", "sparkly"],
            boosterTypes=["default"],
            isFullArt=True,
            securityStamp="oval",
            identifiers={
                "scryfallOracleId": DELVER,
                "scryfallIllustrationId": "40000000-0000-4000-8000-000000000001",
                "mtgoId": "26946",
                "mtgoFoilId": "26947",
                "mtgArenaId": "70000",
                "tcgplayerProductId": "14844",
                "mcmId": "not a number",
            },
        )
        run_import(self.write_set_file("ZZZ.json", mtgjson_set("ZZZ", "Zeds", [shock])))

        printing = self.card(DELVER).printings.get()
        self.assertEqual(
            (printing.mtgo_id, printing.mtgo_foil_id, printing.arena_id, printing.tcgplayer_id),
            (26946, 26947, 70000, 14844),
        )
        self.assertIsNone(printing.cardmarket_id)  # not a whole number: left out
        self.assertEqual(printing.illustration_id, UUID("40000000-0000-4000-8000-000000000001"))
        self.assertEqual(printing.finishes, "nonfoil,foil")
        self.assertEqual(
            (printing.in_booster, printing.is_full_art, printing.is_textless), (True, True, False)
        )
        self.assertEqual(printing.security_stamp, "oval")

    def test_stored_and_searched(self):
        mox = mtgjson_card(
            "Mox Pearl",
            "1",
            SERRA,
            isReserved=True,
            frameVersion="1993",
            artist="Dan Frazier",
            legalities={"vintage": "Restricted", "legacy": "Banned"},
        )
        shock = mtgjson_card(
            "Shock",
            "2",
            DELVER,
            isOnlineOnly=True,
            artist="Anson Maddocks",
            watermark="set (ZZZ)",
            flavorText="Lightning tamed.",
            foreignData=[
                {"language": "Italian", "name": "Folgorazione", "flavorText": "Fulmine domato."}
            ],
        )
        jest = mtgjson_card(
            "Jester", "3", BONECRUSHER, isFunny=True, isPromo=True, borderColor="silver"
        )
        digital = mtgjson_set("DIG", "Digital", [shock], isOnlineOnly=True, block="Bits")
        old = mtgjson_set("OLD", "Old", [mox], type="core", block="Bits")
        fun = mtgjson_set("FUN", "Fun", [jest], type="funny")
        run_import(*(self.write_set_file(f"{s['code']}.json", s) for s in (digital, old, fun)))

        self.assertTrue(self.card(SERRA).is_reserved)
        self.assertFalse(self.card(DELVER).is_reserved)
        shock_printing = self.card(DELVER).printings.get()
        self.assertTrue(shock_printing.is_online_only)
        self.assertTrue(self.card(BONECRUSHER).printings.get().is_funny)
        for text, expected in [
            ("is:reserved", ["Mox Pearl"]),
            ("not:reserved", ["Jester", "Shock"]),
            ("is:digital", ["Shock"]),
            ("is:funny", ["Jester"]),
            ("is:promo", ["Jester"]),
            ("a:frazier", ["Mox Pearl"]),
            ("ft:tamed", ["Shock"]),
            ("ft:domato", ["Shock"]),
            ("wm:set", ["Shock"]),
            ("frame:1993", ["Mox Pearl"]),
            ("frame:2003", ["Jester", "Shock"]),
            ("border:silver", ["Jester"]),
            ("f:vintage", ["Jester", "Mox Pearl", "Shock"]),
            ("restricted:vintage", ["Mox Pearl"]),
            ("banned:legacy", ["Mox Pearl"]),
            ("f:legacy", ["Jester", "Shock"]),
            ("f:modern", []),
            ("st:funny", ["Jester"]),
            ("st:core", ["Mox Pearl"]),
            ("b:bits", ["Mox Pearl", "Shock"]),
            ("b:dig", ["Mox Pearl", "Shock"]),
        ]:
            with self.subTest(query=text):
                self.assertEqual(self.found(text), expected)
        # By artist; a card without one comes last either way.
        for text, expected in [
            ("order:artist", ["Shock", "Mox Pearl", "Jester"]),
            ("order:artist dir:desc", ["Mox Pearl", "Shock", "Jester"]),
        ]:
            found = parse(text).apply(CardSearch.objects.all()).values_list("name", flat=True)
            self.assertEqual(list(found), expected)

    def test_a_card_drops_off_a_flag_when_the_data_does(self):
        card = mtgjson_card("Mox Pearl", "1", SERRA, isReserved=True, isPromo=True)
        path = self.write_set_file("OLD.json", mtgjson_set("OLD", "Old", [card]))
        run_import(path)
        self.assertEqual(self.found("is:reserved is:promo"), ["Mox Pearl"])
        card.update(isReserved=False, isPromo=False)
        run_import(self.write_set_file("OLD.json", mtgjson_set("OLD", "Old", [card])))
        self.assertEqual(self.found("is:reserved or is:promo"), [])
