"""English text as printed: the damaged mana symbols of the old sets mended, and the form two
wordings are compared in (examples from MTGJSON's originalText)."""

from django.test import SimpleTestCase

from oracle.printed_text import mend_symbols, wording_key


class MendSymbolsTests(SimpleTestCase):
    def test_the_remains_of_mana_and_tap_symbols_become_symbols(self):
        cases = {
            "o2o\nU, oc\nT: As long as": "{2}{U}, {T}: As long as",  # Ghosthelm Courier (ONS)
            "Cycling o3 (o3, Discard this card from your hand: Draw a card.)": (
                "Cycling {3} ({3}, Discard this card from your hand: Draw a card.)"
            ),
            "o\nW, Sacrifice an enchantment": "{W}, Sacrifice an enchantment",
            "o3o\nUoo\nU Counter target spell.": "{3}{U}{U} Counter target spell.",
            "o1oo\nW Prevent 1 damage": "{1}{W} Prevent 1 damage",  # a second "o"
            "Add o\nBo\nBo\nB to your mana pool.": "Add {B}{B}{B} to your mana pool.",
            "o\nX, oc\nT: Instead of drawing": "{X}, {T}: Instead of drawing",
            "pays an additional o3.": "pays an additional {3}.",
        }  # fmt: skip
        for printed, mended in cases.items():
            with self.subTest(printed):
                self.assertEqual(mend_symbols(printed), mended)

    def test_words_and_whole_texts_without_remains_are_left_alone(self):
        for text in [
            "Choose one —\n• Draw two cards.",
            "Put it into\nWhen you do",  # "o" closing a word, a line starting with W
            "Do 1 damage to any target. Rocket Launcher may not be used until it begins a turn",
            "{2}{U}, {T}: Target Wizard creature gets +2/+2.",
            "Solo\nX",
        ]:
            with self.subTest(text):
                self.assertEqual(mend_symbols(text), text)


class WordingKeyTests(SimpleTestCase):
    def test_reminder_text_white_space_quotes_and_symbol_remains_do_not_count(self):
        self.assertEqual(
            wording_key("Reach (This creature can block creatures with flying.)"),
            wording_key("Reach"),
        )
        self.assertEqual(
            wording_key("o2o\nU, oc\nT: Target creature can’t block."),
            wording_key("{2}{U},  {T}: Target creature can't block."),
        )
        self.assertEqual(
            wording_key("Unless you pay o2 each time Hasran Ogress\nattacks, it does 3 damage."),
            "Unless you pay {2} each time Hasran Ogress attacks, it does 3 damage.",
        )

    def test_every_word_of_the_rules_text_counts(self):
        self.assertNotEqual(wording_key("Lifelink"), wording_key("Flying"))
        self.assertNotEqual(
            wording_key("When ~ is put into a graveyard from play, draw a card."),
            wording_key("When ~ dies, draw a card."),
        )
