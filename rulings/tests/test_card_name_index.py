"""Card names found in a document's prose, on small hand-made indexes: case, accents,
apostrophes, articles, the longest name, word boundaries and common words. No database."""

from django.test import SimpleTestCase

from rulings.importers.release_notes.card_names import (
    FACE_NAME,
    ITALIAN_NAME,
    ORACLE_NAME,
    CardNameIndex,
)


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
