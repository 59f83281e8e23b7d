"""The translation memory's texts: how an English ruling and its Italian are normalised, keyed
and filled on a card."""

from django.test import SimpleTestCase

from rulings.translations.texts import PLACEHOLDER, fill, normalise, text_key


class NormaliseTests(SimpleTestCase):
    def test_white_space_is_collapsed(self):
        self.assertEqual(normalise("  Two\n words\t here  "), "Two words here")

    def test_curly_quotes_become_straight(self):
        self.assertEqual(
            normalise("It\u2019s a \u201cspell\u201d, \u00abmagia\u00bb"),
            'It\'s a "spell", "magia"',
        )

    def test_the_cards_name_becomes_the_placeholder(self):
        self.assertEqual(
            normalise("If Arc Blade is countered, Arc Blade stays.", ["Arc Blade"]),
            f"If {PLACEHOLDER} is countered, {PLACEHOLDER} stays.",
        )

    def test_the_longest_name_first(self):
        names = ["Boom", "Boom // Bust", "Bust"]
        self.assertEqual(
            normalise("Boom // Bust is one card; Bust is its half.", names),
            f"{PLACEHOLDER} is one card; {PLACEHOLDER} is its half.",
        )

    def test_only_whole_words(self):
        self.assertEqual(
            normalise("Sparkmage or Spark?", ["Spark"]), f"Sparkmage or {PLACEHOLDER}?"
        )

    def test_names_with_curly_apostrophes_match_straight_ones(self):
        self.assertEqual(
            normalise("Ancestor\u2019s Prophet taps.", ["Ancestor's Prophet"]),
            f"{PLACEHOLDER} taps.",
        )

    def test_empty_names_are_ignored(self):
        self.assertEqual(normalise("Plain text.", ["", "  "]), "Plain text.")

    def test_the_same_ruling_of_two_cards_has_one_key(self):
        first = normalise("Tarox Bladewing\u2019s power counts.", ["Tarox Bladewing"])
        second = normalise("Jhoira  of the Ghitu's power counts.", ["Jhoira of the Ghitu"])
        self.assertEqual(text_key(first), text_key(second))
        self.assertEqual(len(text_key(first)), 64)
        self.assertNotEqual(text_key(first), text_key(first + "!"))

    def test_fill_puts_the_name_back(self):
        self.assertEqual(
            fill(f"{PLACEHOLDER} e {PLACEHOLDER}.", "Lama d'Arco"), "Lama d'Arco e Lama d'Arco."
        )
