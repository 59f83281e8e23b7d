"""The translator's glossary of a ruling text (the Italian names of the keywords, card types
and cards it mentions) and the closest translated texts of the memory."""

from django.utils import translation

from oracle.models import CardType, Keyword
from oracle.tests.factories import make_card
from rulings.models import RulingText, RulingTranslation
from rulings.translations.glossary import CARD, CARD_TYPE, KEYWORD, GlossaryEntry, glossary
from rulings.translations.similar import similar_texts
from rulings.translations.texts import text_key
from web.testing import EmptyDatabaseTestCase


class GlossaryTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_card(name="Sliver Queen", name_it="Regina dei Tramutanti")
        make_card(name="Giant Spider", name_it="Ragno Gigante")
        make_card(name="Mox Untranslated", name_it="")
        CardType.objects.create(name="Sliver", name_it="Tramutante", kind=CardType.Kind.SUBTYPE)
        CardType.objects.create(name="Will", name_it="Will", kind=CardType.Kind.SUBTYPE)
        Keyword.objects.create(slug="flying", name="Flying", name_it="Volare")
        Keyword.objects.create(
            slug="first-strike", name="First strike", name_it="Attacco improvviso"
        )

    def entries(self, english):
        return [(entry.kind, entry.english, entry.italian) for entry in glossary(english)]

    def test_the_longest_name_wins_where_names_overlap(self):
        self.assertEqual(
            self.entries("Sliver Queen isn't affected by other Slivers."),
            [(CARD, "Sliver Queen", "Regina dei Tramutanti"), (CARD_TYPE, "Sliver", "Tramutante")],
        )

    def test_keywords_and_card_types_are_found_in_any_case_and_in_the_plural(self):
        self.assertEqual(
            self.entries("Creatures with flying or first strike can block it."),
            [
                (CARD_TYPE, "Creature", "Creatura"),
                (KEYWORD, "Flying", "Volare"),
                (KEYWORD, "First strike", "Attacco improvviso"),
            ],
        )

    def test_subtypes_and_cards_are_found_only_as_names_are_written(self):
        self.assertEqual(self.entries("You will block with a giant spider."), [])
        self.assertEqual(
            self.entries("Giant Spider's ability; Giant Spider again."),
            [(CARD, "Giant Spider", "Ragno Gigante")],
        )

    def test_a_card_without_an_italian_name_says_so_and_the_placeholder_is_no_name(self):
        self.assertEqual(
            self.entries("{this} copies Mox Untranslated."),
            [(CARD, "Mox Untranslated", "")],
        )
        self.assertEqual(glossary("{this}"), [])

    def test_each_entry_names_its_kind_in_the_pages_language(self):
        entry = GlossaryEntry(CARD_TYPE, "Sliver", "Tramutante")
        with translation.override("it"):
            self.assertEqual(str(entry.kind_name), "tipo di carta")
        with translation.override("en"):
            self.assertEqual(str(entry.kind_name), "card type")


class SimilarTextTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        def text(english, italian="", status=RulingTranslation.Status.APPROVED):
            row = RulingText.objects.create(key=text_key(english), english=english)
            if italian:
                RulingTranslation.objects.create(text=row, italian=italian, status=status)
            return row

        cls.asked = text("{this} can block creatures with flying as though it had reach.")
        text("{this} can block creatures with flying.", "{this} può bloccare creature con volare.")
        text(
            "{this} can block creatures with shadow as though it had reach.",
            "{this} può bloccare creature con ombra come se avesse raggiungere.",
        )
        text(
            "{this} can block creatures with flying as though it had reach!",
            "Proposta, non approvata.",
            status=RulingTranslation.Status.PROPOSED,
        )
        text("Players can't cast spells during combat.", "I giocatori non possono lanciare.")

    def test_the_closest_approved_texts_come_first_with_their_words_marked(self):
        similar = similar_texts(self.asked)
        self.assertEqual(
            [match.italian for match in similar],
            [
                "{this} può bloccare creature con ombra come se avesse raggiungere.",
                "{this} può bloccare creature con volare.",
            ],
        )
        self.assertGreater(similar[0].score, similar[1].score)
        self.assertIn(("del", ("shadow",)), similar[0].changes)
        self.assertIn(("ins", ("flying",)), similar[0].changes)
        self.assertIn(("ins", (" as though it had reach",)), similar[1].changes)
