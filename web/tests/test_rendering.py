from django.test import SimpleTestCase
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from oracle.printed_text import wording_key
from web.rendering.card_text import describe_symbol, elide_italian_dates
from web.rendering.markup import mana, rules_text, word_diff


class ManaRenderingTests(SimpleTestCase):
    def test_mana_cost_becomes_icons_with_text_alternative(self):
        html = mana("{2}{R}{R}")
        self.assertEqual(html.count('class="ms ms-cost'), 3)
        self.assertIn('class="ms ms-cost ms-r" role="img" aria-label="red" title="red"', html)
        self.assertIn('<span class="visually-hidden">{2}</span>', html)

    def test_hybrid_phyrexian_and_tap_symbols(self):
        self.assertIn("ms-2w", mana("{2/W}"))
        self.assertIn("ms-wp", mana("{W/P}"))
        self.assertIn("ms-tap", mana("{T}: Add {G}."))
        self.assertEqual(describe_symbol("2/W"), "two generic or white")

    def test_text_is_escaped_before_symbols_are_added(self):
        html = mana('<script>alert("x")</script> {W}')
        self.assertNotIn("<script>", html)
        self.assertIn("&lt;script&gt;", html)

    def test_rules_text_lines_are_paragraphs_and_reminders_italic(self):
        html = rules_text("Flying\nMorph {4}{U} (You may cast this face down.)")
        self.assertEqual(html.count("<p>"), 2)
        self.assertIn('<i class="reminder">(You may cast this face down.)</i>', html)

    def test_symbol_descriptions_are_translated(self):
        with translation.override("it"):
            self.assertEqual(describe_symbol("R"), "rosso")


class WordDiffTests(SimpleTestCase):
    def test_changed_words_are_marked(self):
        html = word_diff("Whenever Angel deals damage, you gain that much life.", "Lifelink")
        self.assertIn("<del>", html)
        self.assertIn("<ins>Lifelink</ins>", html)

    def test_unchanged_text_has_no_marks(self):
        self.assertEqual(word_diff("Flying", "Flying"), "Flying")

    def test_single_word_change_keeps_the_rest(self):
        html = word_diff("Giant Spider can block as though it had flying.", "Reach")
        self.assertNotIn("<ins></ins>", html)
        html = word_diff("Draw two cards.", "Draw three cards.")
        self.assertEqual(html, "Draw <del>two</del><ins>three</ins> cards.")

    def test_a_change_of_a_marks_form_is_not_a_change_of_wording(self):
        for old, new in (
            ("Grandeur — Discard a card named it.", "Grandeur—Discard a card named it."),
            ("Creature - Goblin", "Creature — Goblin"),
            ("−1: Target player draws a card.", "-1: Target player draws a card."),
            ("Tarox's power", "Tarox’s power"),
        ):  # fmt: skip
            with self.subTest(old=old):
                html = word_diff(old, new)
                self.assertNotIn("<del>", html)
                self.assertNotIn("<ins>", html)
                self.assertEqual(wording_key(old), wording_key(new))
        self.assertNotEqual(wording_key("Draw a card."), wording_key("Draw two cards."))

    def test_symbols_in_a_diff_are_symbols(self):
        html = word_diff("{2}{W}: Draw a card.", "{2}{W}{W}: Draw a card.")
        self.assertIn('<abbr class="ms ms-cost ms-w"', html)
        self.assertNotIn("{2}{W}{W}:", html.replace('<span class="visually-hidden">', ""))

    def test_diff_escapes_html(self):
        self.assertNotIn("<b>", word_diff("<b>old</b>", "<b>new</b>"))


class ColorNameTests(SimpleTestCase):
    def test_colour_letters_become_words_in_the_page_language(self):
        from web.rendering.card_text import color_names

        self.assertEqual(color_names("UR"), "blue, red")
        with translation.override("it"):
            self.assertEqual(color_names("U"), "blu")


class ItalianDateTests(SimpleTestCase):
    def test_the_article_elides_before_8_and_11(self):
        self.assertEqual(
            elide_italian_dates("in vigore dal 11 luglio 2009, con il 8 maggio e nel 11 giugno"),
            "in vigore dall’11 luglio 2009, con l’8 maggio e nell’11 giugno",
        )
        self.assertEqual(elide_italian_dates("Del 11 luglio"), "Dell’11 luglio")
        self.assertEqual(elide_italian_dates("<p>Dal 8 marzo</p>"), "<p>Dall’8 marzo</p>")

    def test_other_days_and_numbers_that_are_not_dates_are_left_alone(self):
        for text in (
            "dal 17 aprile 2026",
            "del 1º maggio 2007",
            "il 11 è un numero",
            "del 118",
            "fedel 11 luglio",
        ):
            self.assertEqual(elide_italian_dates(text), text)

    def test_safe_html_stays_safe(self):
        self.assertIsInstance(elide_italian_dates(mark_safe("<b>dal 11 luglio</b>")), SafeString)
