"""The rules search in Italian: the Italian names of keywords and card types, the Italian game
terms and the Italian rule texts the documents quote find today's rules, and the page says which
Italian words led to which rule. Over everything ``make data`` loads (the 17 April 2026 rules)."""

import glob
import re
from html import unescape
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

from common.text import fold
from oracle.models import PrintingFace
from rulings.models import GlossaryEntry, RulesEdition
from rulings.rules.italian_game_terms import GAME_TERMS
from web.pages.rules.italian_search import Term, match_terms, term_index
from web.testing import BundledDocumentsTestCase

DOCUMENTS = Path(settings.BASE_DIR) / "fixtures" / "documents" / "it"


def numbers(response) -> list[str]:
    return [result["number"] for result in response.context["results"]]


def recognised(response) -> str:
    """The "Italian words recognised" box as text, one line per explanation."""
    html = response.content.decode()
    box = re.search(r'<section class="panel italian-terms".*?</section>', html, re.S)
    if box is None:
        return ""
    lines = re.findall(r"<li>(.*?)</li>", box[0], re.S)
    return "\n".join(" ".join(unescape(re.sub(r"<[^>]+>", "", line)).split()) for line in lines)


class MatchingTests(SimpleTestCase):
    terms = [
        Term("Metamorfosi", "Morph", "keyword", "702.37"),
        Term("Legame vitale", "Lifelink", "keyword", "702.15"),
        Term("Creatura", "Creature", "card type"),
        Term("costo di mana", "Mana Cost", "game term"),
        Term("pedina", "Token", "game term"),
        Term("Scambio d’Aura", "Aura Swap", "keyword", "702.65"),
    ]

    def match(self, query):
        found, leftover = match_terms(query, term_index(self.terms))
        return [term.english for term in found], leftover

    def test_names_match_as_whole_words_without_case_accents_or_apostrophes(self):
        self.assertEqual(self.match("METAMORFOSI"), (["Morph"], []))
        self.assertEqual(self.match("scambio d'aura"), (["Aura Swap"], []))
        self.assertEqual(self.match("metamorfosiX"), ([], ["metamorfosix"]))

    def test_plurals_and_linking_words(self):
        self.assertEqual(self.match("pedine con legame vitale"), (["Token", "Lifelink"], []))
        self.assertEqual(self.match("costi di mana"), (["Mana Cost"], []))

    def test_words_that_are_also_english_names_stay_english(self):
        self.assertEqual(
            self.match("creature")[0], []
        )  # "creature": English, not creatura's plural
        self.assertEqual(self.match("creatura")[0], ["Creature"])

    def test_other_words_are_left_for_the_text_search(self):
        self.assertEqual(self.match("abilità metamorfosi"), (["Morph"], ["abilita"]))


class GameTermsTableTests(BundledDocumentsTestCase):
    def test_each_term_is_italian_as_written_in_the_data_and_names_a_glossary_entry(self):
        documents = fold(" ".join(Path(p).read_text() for p in glob.glob(f"{DOCUMENTS}/*.txt")))
        printed = fold(" ".join(PrintingFace.objects.values_list("text_it", flat=True)))
        today = RulesEdition.objects.official().in_force(None)
        glossary = {fold(term) for term in today.glossary.values_list("term", flat=True)}
        for italian, english in GAME_TERMS:
            with self.subTest(italian):
                self.assertTrue(fold(italian) in documents or fold(italian) in printed)
                self.assertIn(fold(english), glossary)
        self.assertTrue(GlossaryEntry.objects.exists())


class ItalianRulesSearchTests(BundledDocumentsTestCase):
    def test_keyword_names_lead_to_their_rule_on_both_languages_pages(self):
        for language in ("it", "en"):
            with self.subTest(language):
                response = self.client.get(f"/{language}/rules/search/", {"q": "metamorfosi"})
                self.assertEqual(numbers(response)[0], "702.37")
                self.assertIn("702.37c", numbers(response))
        italian = self.client.get("/it/rules/search/", {"q": "metamorfosi"})
        self.assertEqual(recognised(italian), "«metamorfosi» è il nome italiano di Morph → 702.37")
        self.assertContains(italian, '<a href="/it/rules/702.37/" class="rule-number">702.37</a>')
        english = self.client.get("/en/rules/search/", {"q": "Metamorfosi"})
        self.assertEqual(recognised(english), "“metamorfosi” is the Italian name of Morph → 702.37")

    def test_volare_is_flying(self):
        response = self.client.get("/it/rules/search/", {"q": "volare"})
        self.assertEqual(numbers(response)[:1], ["702.9"])
        self.assertEqual(recognised(response), "«volare» è il nome italiano di Flying → 702.9")
        # The English text is marked with the English word the Italian one stands for.
        self.assertContains(response, "<mark>Flying</mark>")

    def test_faccia_in_giu_is_the_face_down_rules_with_or_without_accent(self):
        for query in ("faccia in giù", "Faccia in giu", "FACCIA IN GIÙ"):
            for language in ("it", "en"):
                with self.subTest(query=query, language=language):
                    response = self.client.get(f"/{language}/rules/search/", {"q": query})
                    self.assertEqual(numbers(response)[0], "708")
        response = self.client.get("/it/rules/search/", {"q": "faccia in giù"})
        self.assertTrue(
            recognised(response).startswith(
                "«faccia in giù» è l'italiano di “Face Down” nel glossario → 708"
            ),
            recognised(response),
        )
        self.assertContains(response, "Face Down")  # the glossary entry found in English

    def test_an_italian_rule_title_quoted_by_a_document_leads_to_todays_rule(self):
        response = self.client.get("/it/rules/search/", {"q": "magie e permanenti a faccia in giù"})
        self.assertEqual(numbers(response)[0], "708")
        self.assertIn(
            "«magie e permanenti a faccia in giù» è nel titolo italiano della regola 504 del "
            "7 ottobre 2002, «Magie e Permanenti a Faccia in Giù» → 708",
            recognised(response),
        )

    def test_italian_words_with_others_find_the_rules_holding_them_all(self):
        response = self.client.get("/it/rules/search/", {"q": "abilità metamorfosi"})
        # The Onslaught FAQ's "Metamorfosi è un'abilità statica" (502.26a) is 702.37a today.
        self.assertIn("702.37a", numbers(response))
        self.assertNotEqual(numbers(response)[0], "702.37")  # not a name alone: all words count
        self.assertIn("«metamorfosi» è il nome italiano di Morph", recognised(response))

    def test_card_type_names(self):
        response = self.client.get("/it/rules/search/", {"q": "stregoneria"})
        self.assertEqual(numbers(response)[0], "307")
        self.assertEqual(recognised(response), "«stregoneria» è il nome italiano di Sorcery → 307")
        response = self.client.get("/it/rules/search/", {"q": "tribale"})
        self.assertEqual(numbers(response)[0], "308")  # Tribal is Kindred today

    def test_two_names_find_the_rules_of_both(self):
        response = self.client.get("/it/rules/search/", {"q": "volare raggiungere"})
        self.assertEqual(numbers(response)[:2], ["702.9", "702.17"])
        self.assertIn("702.9b", numbers(response))  # "flying ... and/or reach"

    def test_english_searches_are_unchanged(self):
        response = self.client.get("/en/rules/search/", {"q": "morph"})
        self.assertEqual(numbers(response)[0], "702.37")
        self.assertEqual(recognised(response), "")
        response = self.client.get("/en/rules/search/", {"q": "creature"})
        self.assertEqual(recognised(response), "")

    def test_the_empty_search_page_says_italian_words_work(self):
        self.assertContains(
            self.client.get("/it/rules/search/"), "in inglese o in italiano (metamorfosi"
        )
        self.assertContains(self.client.get("/en/rules/search/"), "in English or Italian")
