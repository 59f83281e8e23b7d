"""A rule page's Italian text when documents quote rules whose date has no English edition (issue
5): ``ItalianQuotedTests`` builds small editions with the factories, to pin down which Italian
text wins; ``SupersededTranslationTests`` the banner over an older edition's Italian text on a
page of the current rules."""

import html
from datetime import date

from django.utils import translation

from oracle.tests.helpers import squeeze
from rulings.models import (
    Language,
    RuleSection,
    SourceDocument,
)
from rulings.tests.factories import (
    MAY_2007,
    make_edition,
    make_mapping,
    make_old_rules,
    make_small_rules,
)
from rulings.tests.helpers import rule_list_item
from web.pages.rules.italian_texts import superseded_translation
from web.testing import EmptyDatabaseTestCase
from web.tests.test_page_queries import RULE_PAGE, RULES_DATE, rule_page_queries

ONSLAUGHT = date(2002, 10, 7)
WIKI = date(2023, 6, 16)
AFTER_CURRENT = date(2026, 5, 1)
JULY_2009 = date(2009, 7, 11)


class ItalianQuotedTests(EmptyDatabaseTestCase):
    """Which Italian text a rule page shows when several Italian editions hold the number."""

    @classmethod
    def setUpTestData(cls):
        cls.current, cls.now = make_small_rules()
        cls.old, cls.then = make_old_rules()
        make_mapping(cls.then["502.26"], cls.now["702.37"], confidence=0.97)
        cls.faq = make_document("faq-di-assalto", "FAQ di Assalto", ONSLAUGHT)
        cls.notes = make_document("note-visione-futura", "Note di Visione Futura", MAY_2007)
        cls.later = make_document("note-successive", "Note successive", AFTER_CURRENT)
        quote_rules(
            ONSLAUGHT,
            cls.faq,
            [
                ("502.26", "Metamorfosi", ""),
                ("502.26a", "", "Metamorfosi è un’abilità statica (2002)."),
                ("502.26b", "", "Testo del 2002 che la nota del 2007 sostituisce."),
                ("502.26c", "", "Non puoi giocare a faccia in giù una carta senza metamorfosi."),
            ],
        )
        quote_rules(
            MAY_2007,
            cls.notes,
            [("502.26b", "", "Per giocare una carta usando la sua abilità metamorfosi (2007).")],
            note="La terza frase è nuova.",
        )
        quote_rules(WIKI, None, [("702.9a", "", "Volare è un’abilità di evasione.")])
        quote_rules(AFTER_CURRENT, cls.later, [("702.37a", "", "Metamorfosi, oggi.")])

    def page(self, url):
        response = self.client.get(url)
        self.assertEqual(response.status_code, 200, url)
        return squeeze(response.content.decode())

    def test_each_subrule_takes_the_best_italian_text_and_says_where_it_comes_from(self):
        page = self.page("/it/rules/502.26/?edition=2007-05-01")
        self.assertIn('<span lang="it">Metamorfosi</span>', page)  # the title, from 2002
        first = rule_list_item(page, "502.26a")
        self.assertIn("Metamorfosi è un’abilità statica (2002).", first)
        self.assertIn("7 ottobre 2002", first)
        self.assertIn(f'<a href="/it/sources/{self.faq.pk}/">FAQ di Assalto</a>', first)
        # The edition of the same date wins over an older one read in it.
        second = rule_list_item(page, "502.26b")
        self.assertIn("(2007).", second)
        self.assertNotIn("Testo del 2002", second)
        self.assertIn(f'<a href="/it/sources/{self.notes.pk}/">Note di Visione Futura</a>', second)
        self.assertNotIn("7 ottobre 2002", second)
        self.assertIn('<p class="rule-change-note"><strong>', second)
        self.assertIn("La terza frase è nuova.", second)
        # Back to the FAQ: its source is named again; the English stays beside it.
        third = rule_list_item(page, "502.26c")
        self.assertIn("Non puoi giocare a faccia in giù", third)
        self.assertIn("FAQ di Assalto", third)
        self.assertIn("You can’t play a card face down", third)

    def test_one_source_is_named_once_for_rules_in_a_row(self):
        page = self.page("/it/rules/502.26/?edition=2007-05-01")
        self.assertEqual(page.count("FAQ di Assalto</a>"), 2)  # 502.26a, then 502.26c

    def test_a_partial_edition_newer_than_the_current_rules_is_read_in_them(self):
        page = self.page("/it/rules/702.37/")
        subrule = rule_list_item(page, "702.37a")
        self.assertIn("Metamorfosi, oggi.", subrule)
        self.assertIn("1º maggio 2026", subrule)
        self.assertNotIn("Volare è", page)

    def test_english_pages_keep_only_the_english(self):
        page = self.page("/en/rules/502.26/?edition=2007-05-01")
        self.assertNotIn("Metamorfosi", page)
        self.assertNotIn("bilingual", page)

    def test_translations_without_an_english_edition_lead_to_where_they_are_read(self):
        cases = {
            "/it/rules/502.26/?edition=2002-10-07": "/it/rules/502.26/?edition=2007-05-01",
            "/it/rules/?edition=2023-06-16": "/it/rules/?edition=2007-05-01",
            "/en/rules/glossary/?edition=2002-10-07": "/en/rules/glossary/?edition=2007-05-01",
            "/it/rules/702.37/?edition=2026-05-01": "/it/rules/702.37/",
            "/it/rules/search/?q=volare&edition=2023-06-16": (
                "/it/rules/search/?q=volare&edition=2007-05-01"
            ),
        }
        for url, target in cases.items():
            with self.subTest(url=url):
                response = self.client.get(url)
                self.assertRedirects(response, target, fetch_redirect_response=False)
        self.assertEqual(self.client.get("/it/rules/?edition=1999-01-01").status_code, 404)

    def test_the_italian_texts_cost_no_extra_query(self):
        for url in ["/it/rules/502.26/?edition=2007-05-01", "/it/rules/702/", "/en/rules/702/"]:
            with self.subTest(url=url), self.assertNumQueries(rule_page_queries(url)):
                self.client.get(url)


class SupersededTranslationTests(EmptyDatabaseTestCase):
    """An Italian text of July 2009 under the number today's 702.37c had then."""

    @classmethod
    def setUpTestData(cls):
        cls.current, cls.now = make_small_rules()
        cls.old, cls.then = make_old_rules(JULY_2009)
        make_mapping(cls.then["502.26b"], cls.now["702.37c"], confidence=0.95)
        cls.italian = quote_rules(
            JULY_2009, None, [("502.26b", "", "Per giocare una carta a faccia in giù (2009).")]
        )

    def test_the_banner_elides_the_article_before_11(self):
        response = self.client.get("/it/rules/702.37/")
        subrule = rule_list_item(squeeze(response.content.decode()), "702.37c")
        self.assertLess(subrule.index("To cast a card"), subrule.index("a faccia in giù (2009)"))
        self.assertIn("traduzione del testo in vigore dall’11 luglio 2009, oggi superato", subrule)
        self.assertIn("Confronta la regola 502.26b dell’11 luglio 2009 con l’attuale", subrule)
        self.assertIn('href="/it/rules/502.26b/?edition=2009-07-11&compare=today#compare"', subrule)

    def test_the_banner_in_english(self):
        translated = RuleSection.objects.get(edition=self.italian, number="502.26b")
        with translation.override("en"):
            banner = superseded_translation(
                translated, "<p>Per giocare</p>", JULY_2009, "502.26b", self.old, "702.37c"
            )
        banner = html.unescape(squeeze(banner))
        self.assertIn(
            "<summary>translation of the text in force from July 11, 2009, since superseded"
            "</summary>",
            banner,
        )
        self.assertIn(
            '<a href="/en/rules/502.26b/?edition=2009-07-11&compare=today#compare">Compare rule '
            "502.26b of July 11, 2009 with today’s rule 702.37c</a>",
            banner,
        )
        self.assertIn('<div class="lang-it" lang="it">', banner)

    def test_the_superseded_text_costs_no_extra_query(self):
        for url in ["/it/rules/702.37/", "/it/rules/702.37c/"]:
            with self.subTest(url=url), self.assertNumQueries(RULE_PAGE + RULES_DATE):
                self.client.get(url)


def make_document(slug, title, published_on):
    return SourceDocument.objects.create(
        slug=slug,
        title=title,
        kind=SourceDocument.Kind.RELEASE_NOTES,
        language=Language.ITALIAN,
        published_on=published_on,
    )


def quote_rules(effective_date, document, rows, note=""):
    """A partial Italian edition holding the rules a document quotes, as the importer makes
    one (no chapters or sections above them)."""
    edition = make_edition(
        effective_date, language=Language.ITALIAN, is_complete=False, source_document=document
    )
    for position, (number, title, text) in enumerate(rows, start=1):
        RuleSection.objects.create(
            edition=edition,
            number=number,
            level=4 if number[-1].isalpha() else 3,
            title=title,
            text=text,
            position=position,
            source_document=document,
            note=note,
        )
    return edition
