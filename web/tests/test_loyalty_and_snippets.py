"""Card text and rule search excerpts as a reader sees them: a planeswalker's loyalty costs are
badges named for screen readers, in the Oracle text and in the Italian printed text; the rules
search's excerpts show mana symbols as icons, with the found words still marked."""

import re

from oracle.tests.factories import make_card
from oracle.tests.helpers import squeeze
from rulings.tests.helpers import BundledRulesPagesTestCase
from web.testing import EmptyDatabaseTestCase

ORACLE = "[+1]: Draw a card.\n[−2]: Target creature gets -2/-2 until end of turn.\n[0]: Untap it."
PRINTED_IT = "+1: Pesca una carta.\n-2: Una creatura bersaglio prende -2/-2 fino a fine turno."


def without_hidden(html: str) -> str:
    return re.sub(r'<span class="visually-hidden">[^<]*</span>', "", html)


class LoyaltyCostTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(
            name="Rift Walker",
            name_it="Viandante della Fenditura",
            type_line="Legendary Planeswalker — Rift",
            type_line_it="Planeswalker Leggendario — Rift",
            oracle_text=ORACLE,
            text_it=PRINTED_IT,
            power="",
            toughness="",
        )

    def columns(self, language):
        response = self.client.get(f"/{language}/cards/{self.card.slug}/")
        self.assertEqual(response.status_code, 200)
        page = squeeze(response.content.decode())
        english = page[page.index('<div class="lang-en"') : page.index('<div class="lang-it"')]
        italian = page[page.index('<div class="lang-it"') :]
        return english, italian[: italian.index("</section>")]

    def test_the_oracle_texts_costs_are_badges_in_both_languages(self):
        for language, label in (("en", "Loyalty cost"), ("it", "Costo di fedeltà")):
            with self.subTest(language=language):
                english, _italian = self.columns(language)
                badges = re.findall(
                    r'<span class="loyalty-cost (loyalty-\w+)" role="img" aria-label="([^"]+)">',
                    english,
                )
                self.assertEqual(
                    badges,
                    [
                        ("loyalty-up", f"{label} +1"),
                        ("loyalty-down", f"{label} −2"),
                        ("loyalty-zero", f"{label} 0"),
                    ],
                )
                self.assertNotIn("[+1]", without_hidden(english))
                # Copied, the text keeps its brackets.
                self.assertIn('<span class="visually-hidden">[</span>+1', english)

    def test_the_italian_printed_costs_are_badges_too(self):
        _english, italian = self.columns("it")
        self.assertIn(
            '<span class="loyalty-cost loyalty-up" role="img" aria-label="Costo di fedeltà +1">'
            "+1</span>: Pesca una carta.",
            italian,
        )
        # Printed with a hyphen, said with a minus sign; "-2/-2" later in the line is text.
        self.assertIn(
            '<span class="loyalty-cost loyalty-down" role="img" aria-label="Costo di fedeltà −2">'
            "-2</span>: Una creatura bersaglio prende -2/-2",
            italian,
        )


class RuleSearchSnippetTests(BundledRulesPagesTestCase):
    def test_snippets_show_symbols_with_the_found_words_marked(self):
        for language in ("en", "it"):
            with self.subTest(language=language):
                page = self.page(f"/{language}/rules/search/?q=X")
                snippets = re.findall(r'<p class="rule-snippet"[^>]*>(.*?)</p>', page)
                self.assertTrue(snippets)
                with_symbols = [each for each in snippets if "ms-x" in each]
                self.assertTrue(with_symbols)
                for snippet in snippets:
                    self.assertNotRegex(without_hidden(snippet), r"\{[^}]*\}")
                # "X" found inside "{X}" marks the whole symbol, and the marks stay balanced.
                self.assertIn('<mark><abbr class="ms ms-cost ms-x"', with_symbols[0])
                for snippet in snippets:
                    self.assertEqual(snippet.count("<mark>"), snippet.count("</mark>"))
