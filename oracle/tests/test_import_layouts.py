"""import_mtgjson on a small file with every kind of multi-part card, a reversible printing and a
token."""

from oracle.models import (
    Card,
    CardSet,
    Layout,
    Printing,
)
from oracle.tests.helpers import (
    BONECRUSHER,
    DELVER,
    FIRE_ICE,
    SERRA,
    TemporaryFilesMixin,
    italian,
    mtgjson_card,
    mtgjson_set,
    run_import,
    small_set,
    table_counts,
)
from web.testing import EmptyDatabaseTestCase

BRUNA = "00000000-0000-4000-8000-000000000003"

BRISELA = "00000000-0000-4000-8000-000000000004"

GISELA = "00000000-0000-4000-8000-000000000005"

PROPAGANDA = "00000000-0000-4000-8000-000000000007"

ANGEL_TOKEN = "00000000-0000-4000-8000-000000000008"


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
