"""Italian names learned at import time from the real bundled printings (Future Sight, Planar
Chaos, Time Spiral, its timeshifted sheet, Onslaught and the seed cards): card types lined up
from the Italian type lines, keywords from the Italian texts, the halves of split cards from
the sentences that name them, and what the import leaves to an editor."""

from datetime import date
from io import StringIO

from django.core.management import call_command
from django.test import SimpleTestCase

from oracle.importers import italian_sync
from oracle.importers.face_names import FaceTextSample, learn_face_names
from oracle.importers.mtgjson_reader import read_mtgjson
from oracle.importers.type_names import TypeLineSample, learn_type_names
from oracle.models import Card, CardSet, CardType, Keyword
from oracle.tests.helpers import FUT, MTGJSON_FIXTURES
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase

BUNDLED_SETS = ("FUT", "PLC", "TSP", "TSB", "ONS", "SeedCards")


def bundled_data():
    return read_mtgjson([MTGJSON_FIXTURES / f"{name}.json" for name in BUNDLED_SETS])


class TypeNamesFromRealPrintingsTests(SimpleTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        data = bundled_data()
        vocabulary = {kind: set() for kind in italian_sync.TYPE_ATTRIBUTES}
        for card in data.cards.values():
            for face in card.faces:
                for kind, attribute in italian_sync.TYPE_ATTRIBUTES.items():
                    vocabulary[kind].update(getattr(face, attribute))
        cls.vocabulary = vocabulary
        cls.found = learn_type_names(
            [
                TypeLineSample(printed.original_type or face.type_line, printed.type_line_it, day)
                for card, printed, face, day in italian_sync._printed_faces(data)
                if printed.type_line_it and not card.is_token
            ],
            vocabulary,
        )

    def test_every_card_type_and_supertype_printed_in_italian(self):
        self.assertEqual(
            {name: self.found[(kind, name)] for kind, name in self.found if kind != "subtype"},
            {
                "Artifact": "Artefatto",
                "Creature": "Creatura",
                "Enchantment": "Incantesimo",
                "Instant": "Istantaneo",
                "Land": "Terra",
                "Sorcery": "Stregoneria",
                "Tribal": "Tribale",
                # "Creatura Leggendaria", "Artefatto Leggendario": the masculine form.
                "Legendary": "Leggendario",
                "Basic": "Base",
                "Snow": "Neve",
            },
        )

    def test_subtypes_in_italian_order_line_up_by_elimination(self):
        # "Creature — Human Wizard" is printed "Creatura — Mago Umano": not word by word.
        for english, italian in [
            ("Human", "Umano"),
            ("Wizard", "Mago"),
            ("Sliver", "Tramutante"),
            ("Spellshaper", "Mutamagia"),
            ("Assembly-Worker", "Addetto-al-Montaggio"),
            ("Rogue", "Farabutto"),
            ("Faerie", "Spiritello"),
            ("Treefolk", "Silvantropo"),
            ("Island", "Isola"),
            ("Equipment", "Equipaggiamento"),
            ("Urza’s", "Terreno di Urza"),  # Urza's Factory: "Terra — Terreno di Urza"
        ]:
            with self.subTest(english):
                self.assertEqual(self.found[("subtype", english)], italian)

    def test_nearly_every_subtype_gets_a_name(self):
        subtypes = self.vocabulary["subtype"]
        named = {name for kind, name in self.found if kind == "subtype"}
        self.assertGreaterEqual(len(named), 0.9 * len(subtypes))


class TypeNamesTests(SimpleTestCase):
    VOCABULARY = {
        "supertype": {"Legendary"},
        "type": {"Creature", "Artifact"},
        "subtype": {"Human", "Monk", "Time Lord"},
    }

    def test_a_type_line_with_a_word_the_cards_do_not_use_is_not_used(self):
        found = learn_type_names([TypeLineSample("Summon Monk", "Evoca Monaco")], self.VOCABULARY)
        self.assertEqual(found, {})

    def test_names_of_several_words_and_hyphenated_dashes(self):
        found = learn_type_names(
            [
                TypeLineSample("Creature — Time Lord", "Creatura - Signore del Tempo"),
                TypeLineSample("Artifact", "Artefatto"),
                TypeLineSample("Legendary Artifact", "Artefatto Leggendario"),
                TypeLineSample("Legendary Creature — Human", "Creatura Leggendaria — Umano"),
                TypeLineSample("Legendary Creature — Human", "Creatura Leggendaria — Umano"),
            ],
            self.VOCABULARY,
        )
        self.assertEqual(found[("subtype", "Time Lord")], "Signore del Tempo")
        # Printed twice as "Leggendaria", once as "Leggendario": the masculine form is the name.
        self.assertEqual(found[("supertype", "Legendary")], "Leggendario")

    def test_the_newest_printing_breaks_a_tie(self):
        found = learn_type_names(
            [
                TypeLineSample("Creature — Monk", "Creatura — Monaco", date(2004, 10, 1)),
                TypeLineSample("Creature — Monk", "Creatura — Frate", date(2021, 4, 23)),
            ],
            self.VOCABULARY,
        )
        self.assertEqual(found[("subtype", "Monk")], "Frate")


class FaceNamesTests(SimpleTestCase):
    def test_split_halves_named_by_the_real_planar_chaos_texts(self):
        found = italian_sync.learn_face_names_of_halves(bundled_data())
        self.assertEqual(found["Rough"], "Sussulto")
        self.assertEqual(found["Tumble"], "Turbolenza")

    def test_an_article_and_small_words_between_capitalised_words(self):
        found = learn_face_names(
            [
                FaceTextSample(
                    "Fire",
                    "Fire deals 2 damage divided as you choose among one or two targets.",
                    "Il Fuoco infligge 2 danni divisi a tua scelta tra uno o due bersagli.",
                ),
                FaceTextSample(
                    "Coup",
                    "Draw a card. Coup deals 1 damage to you.",
                    "Pesca una carta. Il Colpo di Grazia ti infligge 1 danno.",
                ),
                FaceTextSample("Ice", "Draw a card.", "Pesca una carta."),
            ]
        )
        self.assertEqual(found, {"Fire": "Fuoco", "Coup": "Colpo di Grazia"})


class ImportedItalianNamesTests(BundledDataTestCase):
    def test_split_card_halves_have_italian_names_and_are_found_by_them(self):
        card = Card.objects.get(name="Rough // Tumble")
        self.assertEqual([face.name_it for face in card.faces.all()], ["Sussulto", "Turbolenza"])
        response = self.client.get("/it/cards/", {"q": "sussulto"}, follow=True)
        self.assertContains(response, "Sussulto // Turbolenza")

    def test_italian_card_page_heads_the_halves_in_italian(self):
        card = Card.objects.get(name="Rough // Tumble")
        response = self.client.get(f"/it/cards/{card.slug}/")
        self.assertContains(response, "Sussulto")
        self.assertContains(response, "Turbolenza")

    def test_a_half_no_italian_text_names_leaves_the_card_named_in_english(self):
        # Dead // Gone: "Colpito infligge 2 danni ..." names Dead; no sentence names Gone.
        card = Card.objects.get(name="Dead // Gone")
        self.assertEqual([face.name_it for face in card.faces.all()], ["Colpito", ""])
        page = self.client.get(f"/it/cards/{card.slug}/").content.decode()
        self.assertIn('<h1 lang="en">Dead // Gone</h1>', page)
        self.assertNotIn("Colpito // Gone", page)
        self.assertIn('<h2 class="face-name">Colpito <span', page)
        self.assertIn('<h2 class="face-name" lang="en">Gone <span', page)
        found = self.client.get("/it/cards/", {"q": "colpito"}, follow=True)
        self.assertContains(found, "Dead // Gone")

    def test_keywords_and_types_of_the_bundled_cards_are_named(self):
        names = dict(Keyword.objects.values_list("name", "name_it"))
        self.assertEqual(names["Flying"], "Volare")
        self.assertEqual(names["Enchant"], "Incanta")
        self.assertEqual(names["Protection"], "Protezione")
        types = {(t.kind, t.name): t.name_it for t in CardType.objects.all()}
        self.assertEqual(types[("supertype", "Legendary")], "Leggendario")
        self.assertEqual(types[("subtype", "Wizard")], "Mago")

    def test_ability_word_with_its_dash_and_italian_reasons_on_the_italian_page(self):
        tarox = Card.objects.get(name="Tarox Bladewing")
        response = self.client.get(f"/it/cards/{tarox.slug}/")
        self.assertContains(response, "Magnificenza — Scarta un&#x27;altra carta chiamata")
        # The reasons under "Regole usate" name the types in Italian.
        self.assertContains(response, "Supertipo: Leggendario")
        self.assertContains(response, "Tipo di carta: Creatura")
        for english in ("Legendary", "Creature"):
            self.assertNotContains(response, f": {english}<")
        response = self.client.get(f"/en/cards/{tarox.slug}/")
        self.assertContains(response, "Supertype: Legendary")

    def test_rarities_in_the_plural_of_the_page(self):
        response = self.client.get("/it/sets/fut/")
        self.assertContains(response, "(60 comuni, 60 non comuni, 60 rare)")
        response = self.client.get("/en/sets/fut/")
        self.assertContains(response, "(60 commons, 60 uncommons, 60 rares)")

    def test_block_and_set_names(self):
        future_sight = CardSet.objects.get(code="FUT")
        self.assertEqual(
            (future_sight.name_it, future_sight.block_it), ("Visione Futura", "Spirale Temporale")
        )
        response = self.client.get("/it/sets/fut/")
        self.assertContains(response, "<dd>Spirale Temporale</dd>", html=True)
        response = self.client.get("/en/sets/fut/")
        self.assertContains(response, "<dd>Time Spiral</dd>", html=True)


class EditorsNamesTests(EmptyDatabaseTestCase):
    def import_fut(self):
        call_command("import_mtgjson", FUT, stdout=StringIO(), stderr=StringIO())

    def test_a_second_import_keeps_an_editors_name_and_updates_a_learned_one(self):
        self.import_fut()
        wizard = CardType.objects.get(kind="subtype", name="Wizard")
        self.assertEqual((wizard.name_it, wizard.learned), ("Mago", {"name_it": "Mago"}))
        CardType.objects.filter(pk=wizard.pk).update(name_it="Stregone")  # an editor's name
        # A learned name that an older import wrote: the next import may replace it.
        CardType.objects.filter(kind="subtype", name="Human").update(
            name_it="Umana", learned={"name_it": "Umana"}
        )
        self.import_fut()
        names = dict(CardType.objects.filter(kind="subtype").values_list("name", "name_it"))
        self.assertEqual((names["Wizard"], names["Human"]), ("Stregone", "Umano"))

    def test_a_second_import_of_the_same_file_changes_nothing(self):
        self.import_fut()
        stdout = StringIO()
        call_command("import_mtgjson", FUT, stdout=stdout, stderr=StringIO())
        self.assertIn("Nothing changed", stdout.getvalue())
