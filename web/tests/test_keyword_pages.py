"""The keyword pages, /<lang>/keywords/ and /<lang>/keywords/<slug>/, on the bundled cards and
rules linked by ``link_rules`` and the seed documents imported by ``load_bundled_documents``."""

import re
from datetime import date
from html import escape, unescape

from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from common.text import fold
from oracle.models import Card, CardType, Keyword
from oracle.tests.helpers import squeeze
from rulings.linking.sync import link_cards
from rulings.models import (
    Language,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
    is_document_only,
)
from web.testing import DATA_AGE_QUERIES, BundledDocumentsTestCase
from web.tests.test_page_queries import KEYWORD_PAGE, KEYWORD_PAGE_IN_ENGLISH, RULES_DATE

KINDS = ["ability", "action", "ability_word"]


def section(page: str, css_class: str) -> str:
    return re.search(rf'<section [^>]*class="{css_class}".*?</section>', page)[0]


class KeywordPagesTests(BundledDocumentsTestCase):
    def page(self, url, status=200):
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, url)
        return squeeze(response.content.decode())

    def assertOnPage(self, needle, page):
        """assertIn without printing a whole page when it fails."""
        if needle not in page:
            self.fail(f"not on the page: {needle!r}")

    # --- The list

    def test_the_list_holds_every_keyword_grouped_by_kind(self):
        response = self.client.get("/en/keywords/")
        groups = response.context["groups"]
        self.assertEqual([kind for kind, *_rest in groups], KINDS)
        for kind, _label, rows in groups:
            self.assertEqual(len(rows), Keyword.objects.filter(kind=kind).count(), kind)
        self.assertEqual(sum(len(group[2]) for group in groups), Keyword.objects.count())
        page = squeeze(response.content.decode())
        self.assertOnPage('<h2 id="kind-action">Keyword actions', page)
        self.assertOnPage('<h2 id="kind-ability_word">Ability words', page)

    def test_a_row_has_both_names_the_cards_and_the_rule(self):
        flying = Keyword.objects.get(slug="flying")
        cards = flying.cards.count()
        self.assertGreater(cards, 50)
        row = re.search(
            r'<tr><th scope="row"><a href="/en/keywords/flying/".*?</tr>',
            self.page("/en/keywords/"),
        )[0]
        self.assertIn('lang="en">Flying</a>', row)
        self.assertIn('<span lang="it">Volare</span>', row)
        self.assertIn(f'<td class="num">{cards}</td>', row)
        self.assertIn('<a class="rule-number" href="/en/rules/702.9/">702.9</a>', row)

    def test_italian_pages_lead_with_the_italian_name_and_sort_by_it(self):
        response = self.client.get("/it/keywords/")
        page = squeeze(response.content.decode())
        self.assertOnPage(
            '<a href="/it/keywords/flying/" lang="it">Volare</a></th>'
            '<td><span lang="en">Flying</span>',
            page,
        )
        for _kind, _label, rows in response.context["groups"]:
            names = [fold(row.name) for row in rows]
            self.assertEqual(names, sorted(names))
        abilities = [row.name for row in response.context["groups"][0][2]]
        # "Rapidità" (haste) sorts among the R, by its Italian name, accents folded.
        self.assertLess(abilities.index("Raggiungere"), abilities.index("Rapidità"))
        self.assertLess(abilities.index("Rapidità"), abilities.index("Riscatto"))
        english = [row.name for row in self.client.get("/en/keywords/").context["groups"][0][2]]
        self.assertLess(english.index("Haste"), english.index("Reach"))

    def test_one_kind_at_a_time(self):
        response = self.client.get("/it/keywords/", {"kind": "action"})
        self.assertEqual([kind for kind, *_rest in response.context["groups"]], ["action"])
        self.assertContains(response, 'href="/it/keywords/scry/" lang="it">Profetizzare</a>')
        self.assertNotContains(response, 'href="/it/keywords/flying/"')
        self.assertContains(response, '<a href="?kind=action" aria-current="page">')
        # Anything else shows every kind.
        response = self.client.get("/it/keywords/", {"kind": "<b>"})
        self.assertEqual(len(response.context["groups"]), 3)

    def test_the_list_costs_one_query(self):
        with self.assertNumQueries(1 + DATA_AGE_QUERIES):
            self.client.get("/it/keywords/")

    # --- One keyword

    def test_morph_in_english(self):
        page = self.page("/en/keywords/morph/")
        self.assertOnPage(
            '<h1>Morph <span class="muted other-name" lang="it">Metamorfosi</span></h1>', page
        )
        self.assertOnPage("<dd>Keyword ability</dd>", page)
        self.assertOnPage(
            '<dd><a class="rule-number" href="/en/rules/702.37/">702.37</a></dd>', page
        )
        reminder = section(page, "keyword-reminder")
        today, earlier = reminder.split('<h3 id="older-wordings-heading">')
        # Today's Oracle wording ("cast"), not the printings' of 2002-2007 ("play"); in
        # Italian the newest printing's, which the whole catalogue teaches (2011-2021).
        self.assertIn("You may cast this card face down as a 2/2 creature", today)
        self.assertNotIn("You may play", today)
        self.assertIn("Puoi lanciare questa carta a faccia in giù come una creatura 2/2", today)
        self.assertNotIn("Puoi giocare", today)
        # The older wordings, oldest first, each with the years it was printed in.
        self.assertIn("Earlier wordings</h3>", earlier)
        items = re.findall(r"<li>(.*?)</li>", earlier)
        self.assertIn("English, printed from 2003 to 2007:", items[0])
        self.assertIn('<span lang="en">You may play this face down as a 2/2 creature', items[0])
        self.assertIn("Italian, printed from 2003 to 2007:", items[1])
        self.assertIn('<span lang="it">Puoi giocare questa carta a faccia in giù', items[1])
        self.assertIn("English, printed in 2011:", items[-1])
        self.assertNotIn("You may cast this card face down", earlier)
        self.assertNotIn("Puoi lanciare questa carta", earlier)
        rule = section(page, "keyword-rule")
        self.assertIn(
            '<a class="rule-number" href="/en/rules/702.37/">702.37</a> '
            '<span lang="en">Morph</span> <span class="muted" lang="it">Metamorfosi</span>',
            rule,
        )
        self.assertIn('<a class="rule-number" href="/en/rules/702.37c/">702.37c</a>', rule)
        self.assertIn("Morph is a static ability", rule)
        self.assertIn('<a class="rule-ref" href="/en/rules/708/">708</a>', rule)

    def test_morph_in_italian_shows_the_earlier_wordings_in_italian(self):
        earlier = section(self.page("/it/keywords/morph/"), "keyword-reminder")
        self.assertIn("Testi precedenti</h3>", earlier)
        self.assertIn("Italiano, stampato dal 2003 al 2007:", earlier)
        self.assertIn("Inglese, stampato nel 2011:", earlier)

    def test_the_cards_of_a_keyword_with_their_count_types_and_search(self):
        morph = Card.objects.filter(keywords__slug="morph")
        page = self.page("/en/keywords/morph/")
        cards = section(page, "keyword-cards")
        self.assertIn(f"{morph.count()} cards have this keyword.", cards)
        self.assertIn('href="/en/cards/?q=k%3Amorph"', cards)
        shown = re.findall(r'<a href="/en/cards/([^"]+)/">', cards)
        self.assertEqual(len(shown), 8)
        self.assertLessEqual(set(shown), set(morph.values_list("slug", flat=True)))
        creatures = morph.filter(faces__type_line__contains="Creature").distinct().count()
        self.assertIn(f'<li>Creature <span class="muted">{creatures}</span></li>', cards)
        lands = morph.filter(faces__type_line__contains="Land").distinct().count()
        self.assertIn(f'<li>Land <span class="muted">{lands}</span></li>', cards)
        # The search link finds the same cards.
        response = self.client.get("/en/cards/", {"q": "k:morph"})
        self.assertEqual(response.context["page_obj"].paginator.count, morph.count())
        italian = section(self.page("/it/keywords/morph/"), "keyword-cards")
        self.assertIn('href="/it/cards/?q=k%3Ametamorfosi"', italian)
        self.assertIn(f'<li>Creatura <span class="muted">{creatures}</span></li>', italian)

    def test_the_counts_by_card_type_are_the_linkers(self):
        """Counted when the rule linker runs, not by the page: a card that becomes an
        artifact too counts once the linker has run again."""
        morph = Card.objects.filter(keywords__slug="morph")
        artifacts = morph.filter(faces__card_types__name="Artifact").distinct().count()
        card = morph.exclude(faces__card_types__name="Artifact").first()
        card.faces.first().card_types.add(CardType.objects.get(kind="type", name="Artifact"))
        cards = section(self.page("/en/keywords/morph/"), "keyword-cards")
        self.assertNotIn(f'<li>Artifact <span class="muted">{artifacts + 1}</span></li>', cards)
        link_cards([card.pk])
        cards = section(self.page("/en/keywords/morph/"), "keyword-cards")
        self.assertIn(f'<li>Artifact <span class="muted">{artifacts + 1}</span></li>', cards)

    def test_the_defining_rule_links_the_rules_it_cites_that_today_s_rules_have(self):
        current = RulesEdition.objects.official().in_force()
        morph = RuleSection.objects.get(edition=current, number="702.37a")
        rule = section(self.page("/it/keywords/morph/"), "keyword-rule")
        self.assertIn('<a class="rule-ref" href="/it/rules/708/">708</a>', rule)
        # Changed without a save (a bulk update): shown as it is now, a number today's rules
        # lack left as text.
        RuleSection.objects.filter(pk=morph.pk).update(
            text="Morph is a static ability. See rule 708 and rule 799.9."
        )
        rule = section(self.page("/en/keywords/morph/"), "keyword-rule")
        self.assertIn('See rule <a class="rule-ref" href="/en/rules/708/">708</a>', rule)
        self.assertIn("and rule 799.9.", rule)

    def test_the_rulings_show_as_they_are_now(self):
        ruling = Ruling.objects.filter(keyword__slug="morph").first()
        Ruling.objects.filter(pk=ruling.pk).update(text="Changed in bulk: see rule 702.37c.")
        rulings = section(self.page("/it/keywords/morph/"), "keyword-rulings")
        self.assertIn(
            'Changed in bulk: see rule <a class="rule-ref" href="/it/rules/702.37c/"', rulings
        )

    def test_morph_in_italian_with_the_italian_text_of_its_rule(self):
        page = self.page("/it/keywords/morph/")
        self.assertOnPage(
            '<h1>Metamorfosi <span class="muted other-name" lang="en">Morph</span></h1>', page
        )
        rule = section(page, "keyword-rule")
        # The Italian of today's 702.37c is the Future Sight notes' 502.26b of May 2007.
        subrule = re.search(r'<li id="702.37c".*?</li>', rule)[0]
        self.assertIn('<div class="lang-it" lang="it">', subrule)
        self.assertIn("Per giocare una carta usando la sua abilità metamorfosi", subrule)
        self.assertIn("502.26b", subrule)
        self.assertIn("1º maggio 2007", subrule)
        self.assertIn("To cast a card using its morph ability", subrule)

    def test_the_rulings_about_a_keyword_with_their_source_and_rule_links(self):
        morph = Keyword.objects.get(slug="morph")
        rulings = list(morph.rulings.select_related("source_document"))
        self.assertGreater(len(rulings), 10)
        faq = rulings[0].source_document
        page = self.page("/it/keywords/morph/")
        part = section(page, "keyword-rulings")
        self.assertEqual(part.count('<li id="ruling-'), len(rulings))
        self.assertIn('<time datetime="2002-10-07">7 ottobre 2002</time>', part)
        self.assertIn(f'<a href="/it/sources/{faq.pk}/">{faq.title}</a>', part)
        # Numbers cited in 2002 are read in the oldest rules here, May 2007's.
        cited = next(ruling for ruling in rulings if "418.5c" in ruling.text)
        item = re.search(rf'<li id="ruling-{cited.pk}".*?</li>', part)[0]
        # 418.5c of 2002 is read in the oldest rules here (May 2007): timestamps, 613.8a today.
        self.assertIn('href="/it/rules/613.8a/" title="oggi 613.8a">418.5c</a>', item)

    def test_a_keyword_known_from_a_document_only(self):
        keyword = Keyword.objects.get(name_it="Superpotere")
        self.assertTrue(is_document_only(keyword))
        [document] = {section.document for section in keyword.document_sections.all()}
        page = self.page(f"/en/keywords/{keyword.slug}/")
        self.assertOnPage("<h1>Superpotere</h1>", page)
        self.assertOnPage('<dd><span class="muted">English name not known yet</span></dd>', page)
        self.assertOnPage(
            f'Known from <a href="/en/sources/{document.pk}/">{escape(document.title)}</a>', page
        )
        self.assertOnPage("Superpotere", section(page, "keyword-rulings"))
        listed = self.page("/it/keywords/")
        self.assertOnPage(
            f'<a href="/it/keywords/{keyword.slug}/" lang="it">Superpotere</a> '
            '<span class="badge">',
            listed,
        )

    def test_the_documents_that_speak_of_a_keyword(self):
        teamwork = Keyword.objects.get(slug="teamwork")
        self.assertFalse(is_document_only(teamwork))
        [document] = {section.document for section in teamwork.document_sections.all()}
        page = self.page("/it/keywords/teamwork/")
        self.assertOnPage('<h1>Lavoro di squadra <span class="muted other-name" lang="en">', page)
        self.assertIn(
            f'<a href="/it/sources/{document.pk}/">{escape(document.title)}</a>',
            section(page, "keyword-documents"),
        )

    def test_the_documents_of_a_keyword_oldest_first_from_its_rulings_and_sections(self):
        listed = section(self.page("/it/keywords/morph/"), "keyword-documents")
        onslaught = listed.index(escape("Metamorfosi e Magie e Permanenti a Faccia in Giù"))
        self.assertLess(onslaught, listed.index("Compendio di Regole di Visione Futura"))
        # A document that speaks of flying in a ruling only, while the ruling is public.
        document = SourceDocument.objects.create(
            slug="flying-faq",
            title="FAQ sul volare",
            kind=SourceDocument.Kind.FAQ,
            language=Language.ITALIAN,
            published_on=date(2010, 1, 1),
        )
        flying = Keyword.objects.get(slug="flying")
        ruling = Ruling.objects.create(
            keyword=flying,
            date=date(2010, 1, 1),
            language=Language.ITALIAN,
            text="Una creatura con volare può bloccare una creatura con volare.",
            source_document=document,
        )
        link = f'<a href="/it/sources/{document.pk}/">FAQ sul volare</a>'
        self.assertIn(link, section(self.page("/it/keywords/flying/"), "keyword-documents"))
        ruling.status = Ruling.Status.WITHDRAWN
        ruling.save()
        self.assertNotIn(link, self.page("/it/keywords/flying/"))

    def test_an_ability_word_and_a_keyword_action(self):
        page = self.page("/en/keywords/grandeur/")
        self.assertOnPage("<dd>Ability word</dd>", page)
        self.assertOnPage('href="/en/rules/207.2c/"', page)
        self.assertIn("The ability words are", section(page, "keyword-rule"))
        self.assertIn("Tarox Bladewing", section(page, "keyword-cards"))
        page = self.page("/it/keywords/scry/")
        self.assertOnPage(
            '<h1>Profetizzare <span class="muted other-name" lang="en">Scry</span></h1>', page
        )
        self.assertOnPage('href="/it/rules/701.22/"', page)

    def test_a_keyword_no_card_has(self):
        keyword = Keyword.objects.annotate(n=Count("cards")).filter(n=0, kind="ability").first()
        page = self.page(f"/en/keywords/{keyword.slug}/")
        self.assertIn("No card here has this keyword.", section(page, "keyword-cards"))

    def test_an_unknown_keyword_is_not_found(self):
        for language in ("en", "it"):
            self.page(f"/{language}/keywords/no-such-keyword/", status=404)

    def test_a_keyword_page_costs_the_same_queries_whatever_the_keyword(self):
        empty = Keyword.objects.annotate(n=Count("cards")).filter(n=0, rule_number="").first()
        document_only = Keyword.objects.get(name_it="Superpotere").slug
        slugs = ["morph", "flying", "grandeur", "scry", "suspend", empty.slug, document_only]
        counts = {}
        for language in ("en", "it"):
            for slug in slugs:
                with CaptureQueriesContext(connection) as queries:
                    self.page(f"/{language}/keywords/{slug}/")
                counts[f"{language}/{slug}"] = len(queries)
        english = {f"en/{slug}": KEYWORD_PAGE_IN_ENGLISH + RULES_DATE for slug in slugs}
        italian = {f"it/{slug}": KEYWORD_PAGE + RULES_DATE for slug in slugs}
        self.assertEqual(counts, english | italian)


class KeywordPageRulingStatusTests(BundledDocumentsTestCase):
    def test_outdated_rulings_about_a_keyword_are_collapsed_with_their_reason(self):
        page = squeeze(self.client.get("/it/keywords/morph/").content.decode())
        panel = section(page, "keyword-rulings")
        head, _, rest = panel.partition("<details>")
        details = rest[: rest.index("</details>")]
        removed = "viene rimossa dal gioco, viene girata a faccia in su"
        self.assertNotIn(removed, head)
        self.assertIn(removed, details)
        self.assertRegex(
            head, r'<h3 id="outdated-rulings-heading">Note superate <span class="muted">\(\d+\)'
        )
        self.assertIn(
            "«rimossa dal gioco» è diventato «esiliata» con le regole dell’11 luglio 2009.",
            unescape(details),
        )
        # The newer rulings about morph stay in place, with no reason attached.
        self.assertIn('<ol class="rulings">', head)
        self.assertNotIn("outdated-reasons", head)

    def test_english_page_says_outdated_in_english(self):
        page = squeeze(self.client.get("/en/keywords/morph/").content.decode())
        self.assertIn('<h3 id="outdated-rulings-heading">Outdated rulings', page)
        self.assertIn("became “esiliata” with the rules of July 11, 2009.", unescape(page))
