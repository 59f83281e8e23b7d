"""The card page's "Rules used", rule numbers in card text, and the page's fixed number of
queries, over the bundled cards, rules and documents linked by ``link_rules``."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card
from oracle.tests.factories import make_card, make_set
from rulings.models import CardRule, RuleSection, RulesEdition
from web.testing import BundledDocumentsTestCase, EmptyDatabaseTestCase
from web.tests.test_page_queries import (
    CARD_PAGE,
    CARD_PAGE_IN_ENGLISH,
    CARD_PAGE_WITHOUT_PRINTINGS,
    RULES_DATE,
)

RULE_ITEM = re.compile(
    r'<li>\s*<a href="/(?:en|it)/rules/(?P<number>[^/]+)/"><span class="rule-number">[^<]+</span>'
    r'(?: <span lang="(?P<lang>\w+)">(?P<title>[^<]*)</span>)?</a>.*?'
    r'<span class="rule-reason">— (?P<reason>[^<]*)</span>',
    re.DOTALL,
)
# The card page's (test_page_queries), then the footer's rules' date.
CARD_PAGE_QUERIES = CARD_PAGE + RULES_DATE


def rules_used(response) -> list[dict]:
    content = response.content.decode()
    start = content.index('id="rules-used-heading"')
    section = content[start : content.index("</section>", start)]
    return [match.groupdict() for match in RULE_ITEM.finditer(section)]


class RulesUsedTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.tarox = Card.objects.get(name="Tarox Bladewing")
        cls.current = RulesEdition.objects.official().in_force()

    def test_rules_used_in_the_rules_order_with_reasons(self):
        shown = rules_used(self.client.get("/en/cards/tarox-bladewing/"))
        links = CardRule.objects.filter(card=self.tarox, excluded=False).order_by(
            "section__position"
        )
        self.assertEqual(
            [item["number"] for item in shown], [link.section.number for link in links]
        )
        by_number = {item["number"]: item for item in shown}
        self.assertEqual(by_number["702.9"]["title"], "Flying")
        self.assertEqual(by_number["702.9"]["reason"], "Keyword ability: Flying")
        self.assertEqual(by_number["702.10"]["reason"], "Keyword ability: Haste")
        self.assertEqual(by_number["302"]["title"], "Creatures")
        self.assertEqual(by_number["302"]["reason"], "Card type: Creature")
        self.assertEqual(by_number["205.4d"]["reason"], "Supertype: Legendary")
        self.assertEqual(by_number["207.2c"]["reason"], "Ability word: Grandeur")

    def test_italian_page_names_the_keywords_in_italian(self):
        shown = rules_used(self.client.get("/it/cards/tarox-bladewing/"))
        reasons = {item["number"]: item["reason"] for item in shown}
        self.assertTrue(reasons["702.9"].endswith(": Volare"))
        self.assertTrue(reasons["702.10"].endswith(": Rapidità"))
        self.assertTrue(reasons["207.2c"].endswith(": Magnificenza"))

    def test_each_rule_links_to_its_page(self):
        response = self.client.get("/en/cards/zoetic-cavern/")
        for number in ("702.37", "708", "305"):
            self.assertContains(response, f'<a href="/en/rules/{number}/">')
            self.assertEqual(self.client.get(f"/en/rules/{number}/").status_code, 200)
        reasons = {item["number"]: item["reason"] for item in rules_used(response)}
        self.assertEqual(reasons["702.37"], "Keyword ability: Morph")
        self.assertEqual(reasons["708"], "Face down: Morph")
        self.assertEqual(reasons["305"], "Card type: Land")

    def test_a_subrule_without_a_title_shows_the_start_of_its_text(self):
        response = self.client.get("/en/cards/tarox-bladewing/")
        self.assertContains(response, '<span class="rule-number">207.2c</span></a>')
        self.assertContains(response, "An ability word appears in italics")

    def test_a_layout_is_said_in_words(self):
        link = CardRule.objects.filter(reason=CardRule.Reason.LAYOUT, detail="split").first()
        shown = rules_used(self.client.get(f"/en/cards/{link.card.slug}/"))
        self.assertIn("Layout: Split", [item["reason"] for item in shown])

    def test_links_an_editor_removed_are_not_shown_and_an_editors_own_are(self):
        haste = CardRule.objects.get(card=self.tarox, section__number="702.10")
        haste.origin, haste.excluded = CardRule.Origin.MANUAL, True
        haste.save()
        CardRule.objects.create(
            card=self.tarox,
            section=RuleSection.objects.get(edition=self.current, number="704.5j"),
            reason=CardRule.Reason.EDITOR,
            detail="Two Tarox on the battlefield",
        )
        shown = {
            item["number"]: item
            for item in rules_used(self.client.get("/en/cards/tarox-bladewing/"))
        }
        self.assertNotIn("702.10", shown)
        self.assertEqual(
            shown["704.5j"]["reason"], "Set by an editor: Two Tarox on the battlefield"
        )

    def test_an_italian_title_where_an_italian_edition_of_the_same_date_has_it(self):
        italian = RulesEdition.objects.create(
            language="it", effective_date=self.current.effective_date, is_complete=False
        )
        RuleSection.objects.create(
            edition=italian, number="702.9", level=3, title="Volare", position=1
        )
        shown = {
            item["number"]: item
            for item in rules_used(self.client.get("/it/cards/tarox-bladewing/"))
        }
        self.assertEqual((shown["702.9"]["title"], shown["702.9"]["lang"]), ("Volare", "it"))
        # No Italian edition titles 302: the curated title (rulings.rules.italian_titles).
        self.assertEqual((shown["302"]["title"], shown["302"]["lang"]), ("Creature", "it"))
        # A subrule takes its titled rule's: 205.4 Supertypes.
        self.assertEqual((shown["205.4d"]["title"], shown["205.4d"]["lang"]), ("Supertipi", "it"))
        # A keyword action's rule, its Italian name.
        self.assertEqual((shown["701.9"]["title"], shown["701.9"]["lang"]), ("Scartare", "it"))
        english = {
            item["number"]: item
            for item in rules_used(self.client.get("/en/cards/tarox-bladewing/"))
        }
        self.assertEqual(english["702.9"]["title"], "Flying")

    def test_a_card_page_costs_the_same_queries_whatever_the_card(self):
        slugs = [
            ("tarox-bladewing", CARD_PAGE_QUERIES),  # rulings in both languages, a document
            ("arc-blade", CARD_PAGE_QUERIES),  # rulings about its keyword too
            ("zoetic-cavern", CARD_PAGE_QUERIES),  # morph: the FAQ's notes, face down
            ("mistform-wall", CARD_PAGE_QUERIES),  # named in a list only, no ruling
            # No rulings, no keywords, never named in a document.
            (
                Card.objects.filter(
                    rulings=None,
                    keywords=None,
                    document_mentions=None,
                    known_from_document=None,
                )
                .first()
                .slug,
                CARD_PAGE_QUERIES,
            ),
        ]
        for slug, queries in slugs:
            for language in ("en", "it"):
                with self.subTest(card=slug, language=language):
                    italian_only = CARD_PAGE - CARD_PAGE_IN_ENGLISH
                    expected = queries - italian_only if language == "en" else queries
                    self.assertEqual(self.queries_for(f"/{language}/cards/{slug}/"), expected)
        # A card known from a document only has no printing, and so no printed faces to read
        # (it has the document's rulings about its keyword).
        torch = Card.objects.get(known_from_document__isnull=False, faces__name_it="Torcia Umana")
        self.assertFalse(torch.printings.exists())
        self.assertEqual(
            self.queries_for(f"/it/cards/{torch.slug}/"), CARD_PAGE_WITHOUT_PRINTINGS + RULES_DATE
        )

    def queries_for(self, url: str) -> int:
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return len(queries)


class RuleNumbersInCardTextTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(
            name="Rules Reader",
            name_it="Lettore di Regole",
            oracle_text="Players follow rule 704.5a. {T}: Add {G}.",
            text_it="I giocatori seguono la regola 704.5a. {T}: Aggiungi {G}.",
            card_set=make_set("RRD", "Rules Reader Set"),
        )

    def test_rule_numbers_in_oracle_and_printed_text_are_links(self):
        response = self.client.get("/en/cards/rules-reader/")
        self.assertContains(
            response, 'follow rule <a class="rule-ref" href="/en/rules/704.5a/">704.5a</a>.'
        )
        self.assertContains(
            response, 'la regola <a class="rule-ref" href="/en/rules/704.5a/">704.5a</a>.'
        )
        # The mana symbols are still symbols.
        self.assertContains(
            response,
            '<abbr class="ms ms-cost ms-tap" role="img" aria-label="tap" title="tap">',
            count=2,
        )

    def test_text_is_escaped_before_it_is_linked(self):
        self.card.faces.update(oracle_text='<script>alert("702.9")</script> rule 702.9')
        response = self.client.get("/en/cards/rules-reader/")
        self.assertNotContains(response, "<script>alert")
        self.assertContains(response, "&lt;script&gt;")
        self.assertContains(response, 'rule <a class="rule-ref" href="/en/rules/702.9/">702.9</a>')
