"""A rule page as a reader sees it beside what issue 6 added: the cards that use the rule, read
from the real bundled cards and rules, linked by ``link_rules``, with the Italian texts of the
seed documents from ``load_bundled_documents``."""

import html
import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from oracle.models import Card, CardSearch
from oracle.search import parse
from oracle.tests.factories import make_card
from oracle.tests.helpers import squeeze
from rulings.linking.sync import link_cards
from rulings.models import (
    CardRule,
    CardRuleSearch,
    Language,
    RuleSection,
    RulesEdition,
    SourceDocument,
)
from rulings.search_terms import SEARCH_TERMS
from rulings.tests.factories import (
    MAY_2007,
)
from rulings.tests.helpers import rule_list_item
from web.testing import BundledDocumentsTestCase
from web.tests.test_page_queries import rule_page_queries


def cards_section(page: str) -> str:
    return html.unescape(re.search(r'<section class="rule-cards".*?</section>', page)[0])


class RuleCardsTests(BundledDocumentsTestCase):
    def page(self, url, status=200):
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, url)
        return squeeze(response.content.decode())

    def searched(self, query):
        found = parse(query, SEARCH_TERMS).filter(CardSearch.objects.all())
        return set(found.values_list("name", flat=True))

    def test_reach_lists_the_cards_with_reach_and_a_link_to_the_search(self):
        reach = set(Card.objects.filter(keywords__slug="reach").values_list("name", flat=True))
        self.assertGreaterEqual(len(reach), 6)
        using = self.searched("rule:702.17")
        self.assertLessEqual(reach, using)  # and the cards that give reach
        section = cards_section(self.page("/en/rules/702.17/"))
        self.assertIn("Cards that use this rule", section)
        self.assertIn(f"{len(using)} cards use rule 702.17 or a rule in it.", section)
        self.assertIn('href="/en/cards/?q=rule%3A702.17"', section)
        shown = re.findall(r'<li><a href="/en/cards/[^"]+/">([^<]+)</a>', section)
        self.assertEqual(len(shown), min(8, len(using)))
        self.assertLessEqual(set(shown), using)
        self.assertEqual(shown, sorted(shown, key=str.lower))

    def test_italian_page_names_the_cards_in_italian_with_the_english_beside(self):
        section = cards_section(self.page("/it/rules/702.37/"))
        morph = Card.objects.filter(keywords__slug="morph")
        linked = dict(re.findall(r'<a href="/it/cards/([^"]+)/">([^<]+)</a>', section))
        self.assertEqual(len(linked), 8)
        self.assertLessEqual(set(linked), set(morph.values_list("slug", flat=True)))
        for slug, name in linked.items():
            card = Card.objects.get(slug=slug)
            self.assertEqual(name, card.italian_name or card.name)
            if card.italian_name:
                self.assertIn(f'<span class="muted" lang="en">{card.name}</span>', section)
        self.assertIn('href="/it/cards/?q=rule%3A702.37"', section)

    def test_the_count_is_the_number_of_cards_the_search_finds(self):
        for number in ["702", "702.9", "702.37", "307", "7", "205.4d"]:
            with self.subTest(number=number):
                found = len(self.searched(f"rule:{number}"))
                self.assertGreater(found, 0)
                section = cards_section(self.page(f"/en/rules/{number}/"))
                counted = re.search(r"(\d+) cards? uses? rule", section)
                self.assertEqual(int(counted[1]), found)

    def test_a_subrule_counts_its_own_cards_and_a_section_all_of_its_rules(self):
        section = len(self.searched("rule:702"))
        self.assertGreater(section, len(self.searched("rule:702.37")))
        self.assertGreaterEqual(
            len(self.searched("rule:702.37")), len(self.searched("rule:702.37c"))
        )

    def test_a_subrule_no_card_is_linked_to_shows_the_cards_of_its_rule(self):
        self.assertEqual(self.searched("rule:702.37c"), set())
        morph = self.searched("rule:702.37")
        self.assertIn("Daru Healer", morph)  # morph, in the bundled Onslaught
        for url in ["/it/rules/702.37c/", "/it/rules/502.26b/?edition=2007-05-01"]:
            with self.subTest(url=url):
                section = cards_section(self.page(url))
                self.assertNotIn("Nessuna carta qui", section)
                self.assertIn(f"{len(morph)} carte usano la regola 702.37 o una regola", section)
                self.assertIn(
                    "Nessuna carta è collegata alla sola sottoregola 702.37c: queste sono le "
                    "carte della regola 702.37, di cui fa parte.",
                    section,
                )
                self.assertIn('href="/it/cards/?q=rule%3A702.37"', section)
                slugs = re.findall(r'<li><a href="/it/cards/([^"]+)/">', section)
                self.assertEqual(len(slugs), 8)
                names = set(Card.objects.filter(slug__in=slugs).values_list("name", flat=True))
                self.assertLessEqual(names, morph)
        current = cards_section(self.page("/it/rules/702.37c/"))
        self.assertIn("Carte che usano la regola 702.37</h2>", current)
        older = cards_section(self.page("/it/rules/502.26b/?edition=2007-05-01"))
        self.assertIn("Carte che usano l’attuale regola 702.37</h2>", older)

    def test_a_subrule_with_cards_of_its_own_keeps_them(self):
        own = self.searched("rule:205.4d")
        self.assertLess(len(own), len(self.searched("rule:205.4")))
        section = cards_section(self.page("/en/rules/205.4d/"))
        self.assertIn("Cards that use this rule</h2>", section)
        self.assertIn(f"{len(own)} cards use rule 205.4d or a rule in it.", section)
        self.assertNotIn("which it belongs to", section)
        shown = re.findall(r'<li><a href="/en/cards/[^"]+/">([^<]+)</a>', section)
        self.assertEqual(len(shown), 8)
        self.assertLessEqual(set(shown), own)

    def test_a_rule_no_card_uses_says_so(self):
        section = cards_section(self.page("/en/rules/100.1/"))
        self.assertIn("No card here is linked to rule 100.1 or to a rule in it.", section)
        self.assertNotIn("card-sample", section)

    def test_an_old_rule_shows_the_cards_of_the_rule_it_became(self):
        section = cards_section(self.page("/en/rules/502.26/?edition=2007-05-01"))
        self.assertIn("Cards that use today’s rule 702.37", section)
        self.assertIn('href="/en/cards/?q=rule%3A702.37"', section)
        count = len(self.searched("rule:702.37"))
        self.assertIn(f"{count} cards use rule 702.37 or a rule in it.", section)

    def test_an_old_rule_that_became_nothing_shows_no_cards(self):
        page = self.page("/en/rules/502.99/?edition=2007-05-01", status=404)
        self.assertNotIn("rule-cards", page)

    def test_the_page_costs_five_queries_whatever_the_rule(self):
        urls = [
            "/en/rules/702/",
            "/en/rules/702.17/",
            "/it/rules/702.37c/",
            "/en/rules/7/",
            "/en/rules/100.1/",  # no card
            "/it/rules/502.26b/?edition=2007-05-01",
            "/it/rules/307.1/?edition=2009-07-11",
        ]
        counts = {}
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                self.page(url)
            counts[url] = len(queries)
        self.assertEqual(counts, {url: rule_page_queries(url) for url in urls})

    def test_the_cards_named_follow_the_links_as_the_linker_writes_them(self):
        # 100.1 no card uses: a hand-made link gives it one card at once, a token none.
        card = Card.objects.get(name="Tarox Bladewing")
        token = make_card(
            name="Spirit Token", name_it="", type_line="Token Creature — Spirit", is_token=True
        )
        current = RulesEdition.objects.official().in_force()
        rule = RuleSection.objects.get(edition=current, number="100.1")
        for each in (card, token):
            CardRule.objects.create(card=each, section=rule, reason=CardRule.Reason.EDITOR)
        link_cards([card.pk, token.pk])
        self.assertIn(" 100.1 ", CardRuleSearch.numbers_of(token.pk))
        section = cards_section(self.page("/en/rules/100.1/"))
        self.assertIn("1 card uses rule 100.1 or a rule in it.", section)
        self.assertEqual(re.findall(r'<li><a href="/en/cards/([^"]+)/">', section), [card.slug])
        self.assertEqual(self.searched("rule:100.1"), {card.name})
        CardRule.objects.filter(section=rule).delete()
        link_cards([card.pk, token.pk])
        section = cards_section(self.page("/en/rules/100.1/"))
        self.assertIn("No card here is linked to rule 100.1 or to a rule in it.", section)

    # --- The Italian text of the seed documents

    def test_the_onslaught_faq_gives_the_italian_of_morph_in_the_rules_of_2007(self):
        page = self.page("/it/rules/502.26/?edition=2007-05-01")
        faq = SourceDocument.objects.get(quoted_rules__number="502.26a")
        text = RuleSection.objects.get(edition__language=Language.ITALIAN, number="502.26a").text
        first = rule_list_item(page, "502.26a")
        self.assertIn('<div class="lang-it" lang="it">', first)
        self.assertIn(squeeze(text[:80]), first)
        self.assertIn("7 ottobre 2002", first)
        self.assertIn(f'<a href="/it/sources/{faq.pk}/">{faq.title}</a>', first)
        self.assertIn("Morph is a static ability", first)

    def test_the_future_sight_notes_give_502_26b_with_their_note(self):
        page = self.page("/it/rules/502.26/?edition=2007-05-01")
        quoted = RuleSection.objects.get(
            edition__language=Language.ITALIAN, edition__effective_date=MAY_2007, number="502.26b"
        )
        self.assertTrue(quoted.note)
        subrule = rule_list_item(page, "502.26b")
        self.assertIn("Per giocare una carta usando la sua abilità metamorfosi", subrule)
        self.assertIn(quoted.note, subrule)
        self.assertIn(f'href="/it/sources/{quoted.source_document_id}/"', subrule)

    def test_todays_rule_shows_the_italian_of_its_old_number(self):
        page = self.page("/it/rules/702.37/")
        self.assertIn('<span lang="it">Metamorfosi</span>', page)
        subrule = rule_list_item(page, "702.37c")  # 502.26b of May 2007, in the Future Sight notes
        self.assertIn("Per giocare una carta usando la sua abilità metamorfosi", subrule)
        self.assertIn("502.26b", subrule)
        self.assertIn("1º maggio 2007", subrule)
        self.assertIn("La terza frase è nuova.", subrule)
        # Its references are numbers of 2007: they open the rules of 2007.
        self.assertIn('<a class="rule-ref" href="/it/rules/418.5/?edition=2007-05-01">', subrule)
        self.assertIn("To cast a card using its morph ability", subrule)
        self.assertNotIn('lang="it"', rule_list_item(self.page("/en/rules/702.37/"), "702.37c"))

    def test_todays_english_text_comes_first_and_the_italian_of_2007_follows_collapsed(self):
        page = self.page("/it/rules/702.37/")
        subrule = rule_list_item(page, "702.37c")
        english = subrule.index("To cast a card using its morph ability")
        italian = subrule.index("Per giocare una carta usando la sua abilità metamorfosi")
        self.assertLess(english, italian)
        self.assertNotIn("bilingual", subrule)
        details = re.search(r"<details class=\"rule-superseded\">.*?</details>", subrule)[0]
        self.assertGreater(subrule.index(details), english)
        self.assertIn(
            "<summary>traduzione del testo in vigore dal 1º maggio 2007, oggi superato</summary>",
            details,
        )
        self.assertIn("Per giocare una carta usando la sua abilità metamorfosi", details)
        self.assertIn("come regola 502.26b", details)
        self.assertIn("La terza frase è nuova.", details)
        compare = "/it/rules/502.26b/?edition=2007-05-01&compare=today#compare"
        self.assertIn(
            f'<a href="{compare}">Confronta la regola 502.26b del 1º maggio 2007 con '
            "l’attuale regola 702.37c</a>",
            details,
        )
        # The comparison it links to: the rule of 2007 with today's.
        compared = self.page(compare.removesuffix("#compare"))
        self.assertIn('<div id="compare" class="rule-compare">', compared)
        self.assertIn("alla regola 702.37c", html.unescape(compared))
        # The Onslaught FAQ's text of 2002 for today's 702.37a, the same way.
        first = rule_list_item(page, "702.37a")
        self.assertLess(first.index("Morph is a static ability"), first.index("Metamorfosi è"))
        self.assertIn("in vigore dal 7 ottobre 2002, oggi superato", first)
        self.assertIn('href="/it/rules/502.26a/?edition=2007-05-01&compare=today#compare"', first)

    def test_a_subrule_page_shows_todays_text_before_the_italian_of_2007(self):
        page = html.unescape(self.page("/it/rules/702.37c/"))
        article = page[page.index('<article class="rule-page"') :]
        english = article.index("To cast a card using its morph ability")
        summary = article.index("<summary>traduzione del testo in vigore dal 1º maggio 2007")
        italian = article.index("Per giocare una carta usando la sua abilità metamorfosi")
        self.assertLess(english, summary)
        self.assertLess(summary, italian)

    def test_the_sorcery_wiki_of_2023_is_read_in_the_rules_of_2009(self):
        response = self.client.get("/it/rules/307.1/?edition=2023-06-16")
        self.assertRedirects(response, "/it/rules/307.1/?edition=2009-07-11")
        page = self.page("/it/rules/307/?edition=2009-07-11")
        rule = rule_list_item(page, "307.1")
        self.assertIn("Un giocatore che ha priorità può lanciare una carta stregoneria", rule)
        self.assertIn("16 giugno 2023", rule)
        self.assertIn("A player who has priority may cast a sorcery card", rule)

    def test_an_edition_that_is_only_a_translation_leads_to_the_one_it_is_read_in(self):
        response = self.client.get("/it/rules/502.26/?edition=2002-10-07&compare=2009-07-11")
        self.assertRedirects(
            response,
            "/it/rules/502.26/?edition=2007-05-01&compare=2009-07-11",
            fetch_redirect_response=False,
        )
        self.assertRedirects(
            self.client.get("/en/rules/?edition=2002-10-07"), "/en/rules/?edition=2007-05-01"
        )

    def test_english_pages_show_no_italian_text(self):
        page = self.page("/en/rules/502.26/?edition=2007-05-01")
        self.assertNotIn('lang="it"', rule_list_item(page, "502.26a"))
