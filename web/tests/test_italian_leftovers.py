"""No English left unmarked on Italian pages (issue 45, item 5): the rule pages' breadcrumb,
title and neighbours in the contents' Italian titles, the type lines of cards never printed in
Italian, the language of rulings, and the keyword list's columns; English pages stay English."""

import re
from html import unescape

from oracle.models import CardFace, CardType, Keyword
from oracle.tests.helpers import squeeze
from web.testing import BundledDataTestCase


def breadcrumbs(page: str) -> list[str]:
    crumbs = re.search(r'<nav class="breadcrumbs".*?</nav>', page, re.S)[0]
    return [unescape(text) for text in re.findall(r"<li[^>]*>(?:<a [^>]*>)?([^<]+)", crumbs)]


def title(page: str) -> str:
    return unescape(re.search(r"<title>(.*?)</title>", page, re.S)[1])


class RulePageTitlesTests(BundledDataTestCase):
    def page(self, url: str) -> str:
        response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return squeeze(response.content.decode())

    def test_an_italian_rule_page_names_the_rules_above_it_as_the_contents_do(self):
        contents = self.page("/it/rules/")
        self.assertIn("Abilità chiave", contents)
        page = self.page("/it/rules/702.9/")
        self.assertEqual(
            breadcrumbs(page),
            ["Regole", "7. Regole aggiuntive", "702. Abilità chiave", "702.9 Flying"],
        )
        self.assertIn('<a href="/it/rules/7/" lang="it">7. Regole aggiuntive</a>', page)
        self.assertIn('<a href="/it/rules/702/" lang="it">702. Abilità chiave</a>', page)
        # No Italian title for 702.9 in the bundled rules (without the documents): English.
        self.assertIn('<li aria-current="page" lang="en">702.9 Flying</li>', page)
        self.assertEqual(title(page), "702.9 Flying — Regole complete — Oracolo")
        self.assertNotIn("Keyword Abilities", page)
        self.assertNotIn("Additional Rules", page)

    def test_a_neighbour_without_an_italian_title_is_marked_english(self):
        page = self.page("/it/rules/702.9/")
        self.assertIn('<span lang="en">702.8 Flash</span>', page)
        self.assertIn('<span lang="en">702.10 Haste</span>', page)

    def test_a_subrule_is_named_by_its_rule_and_the_sections_in_italian(self):
        page = self.page("/it/rules/702.9a/")
        self.assertEqual(
            breadcrumbs(page)[:3], ["Regole", "7. Regole aggiuntive", "702. Abilità chiave"]
        )
        self.assertEqual(title(page), "702.9a (Flying) — Regole complete — Oracolo")
        # A section's subrule is named by the section, in Italian where it has a title.
        page = self.page("/it/rules/100.1/")
        self.assertIn("(Generale)", title(page))
        self.assertIn('<span class="muted other-name" lang="it">Generale</span>', page)

    def test_a_chapter_and_its_neighbours_in_italian(self):
        page = self.page("/it/rules/7/")
        self.assertEqual(title(page), "7. Regole aggiuntive — Regole complete — Oracolo")
        self.assertIn('<span lang="it">6. Magie, abilità ed effetti</span>', page)
        self.assertIn('<span lang="it">8. Regole multigiocatore</span>', page)

    def test_english_rule_pages_stay_english(self):
        page = self.page("/en/rules/702.9a/")
        self.assertEqual(
            breadcrumbs(page),
            ["Rules", "7. Additional Rules", "702. Keyword Abilities", "702.9 Flying", "702.9a"],
        )
        self.assertIn('<a href="/en/rules/702/" lang="en">702. Keyword Abilities</a>', page)
        self.assertNotIn("Abilità chiave", page)
        self.assertEqual(
            title(self.page("/en/rules/702/")).split(" — ")[0], "702. Keyword Abilities"
        )


class ItalianTypeLinesTests(BundledDataTestCase):
    def test_a_card_never_printed_in_italian_has_its_type_line_composed(self):
        face = CardFace.objects.get(card__slug="meddling-mage")
        self.assertEqual((face.type_line, face.type_line_it), ("Creature — Human Wizard", ""))
        page = squeeze(self.client.get("/it/cards/?q=t%3Awizard+t%3Ahuman").content.decode())
        self.assertIn(
            '<span class="type-line-composed" title="Tradotta dai nomi dei tipi">'
            "Creatura — Mago Umano</span>",
            page,
        )
        card = squeeze(self.client.get("/it/cards/meddling-mage/").content.decode())
        self.assertIn("Creatura — Mago Umano</span></p>", card)

    def test_a_word_with_no_italian_name_keeps_the_english_marked(self):
        CardType.objects.filter(kind=CardType.Kind.SUBTYPE, name="Wizard").update(name_it="")
        page = squeeze(self.client.get("/it/cards/?q=t%3Awizard+t%3Ahuman").content.decode())
        self.assertIn('<td role="cell"><span lang="en">Creature — Human Wizard</span></td>', page)
        card = squeeze(self.client.get("/it/cards/meddling-mage/").content.decode())
        self.assertIn(
            '<p class="type-line"><span lang="en">Creature — Human Wizard</span></p>', card
        )

    def test_a_card_printed_in_italian_keeps_its_printed_type_line(self):
        page = squeeze(self.client.get("/it/cards/?q=t%3Awizard+t%3Ahuman").content.decode())
        braids = page.split("/it/cards/braids-conjurer-adept/", 1)[1].split("</tr>", 1)[0]
        self.assertIn('<td role="cell">Creatura Leggendaria — Mago Umano</td>', braids)

    def test_each_face_of_a_card_is_composed_apart(self):
        page = squeeze(self.client.get("/it/cards/?q=t%3Awizard+t%3Ahuman").content.decode())
        composed = '<span class="type-line-composed" title="Tradotta dai nomi dei tipi">'
        self.assertIn(
            f'<td role="cell">{composed}Creatura — Mago Umano</span> // '
            f"{composed}Creatura — Insetto Umano</span></td>",
            page,
        )

    def test_english_pages_show_the_english_type_line(self):
        page = squeeze(self.client.get("/en/cards/?q=t%3Awizard+t%3Ahuman").content.decode())
        self.assertIn('<td role="cell">Creature — Human Wizard</td>', page)
        self.assertNotIn("type-line-composed", page)
        card = squeeze(self.client.get("/en/cards/meddling-mage/").content.decode())
        self.assertNotIn("type-line-composed", card)


class RulingLanguageTests(BundledDataTestCase):
    RULING = re.compile(
        r'<li id="ruling-\d+" lang="(\w+)"[^>]*> <time[^>]*>[^<]*</time> (<span[^>]*>[^<]*</span>)?'
    )

    def test_an_english_ruling_on_an_italian_page_says_inglese(self):
        page = squeeze(self.client.get("/it/cards/hypergenesis/").content.decode())
        rulings = self.RULING.findall(page)
        self.assertGreater(len(rulings), 5)
        for language, badge in rulings:
            self.assertEqual(language, "en")
            self.assertEqual(badge, '<span class="badge" lang="it">Inglese</span>')

    def test_an_english_page_marks_no_english_ruling(self):
        page = squeeze(self.client.get("/en/cards/hypergenesis/").content.decode())
        rulings = self.RULING.findall(page)
        self.assertGreater(len(rulings), 5)
        self.assertEqual({badge for _language, badge in rulings}, {""})


class KeywordListColumnsTests(BundledDataTestCase):
    def row(self, page: str, slug: str) -> str:
        return re.search(
            rf'<tr><th scope="row">(?:(?!</tr>).)*/keywords/{slug}/(?:(?!</tr>).)*</tr>', page
        )[0]

    def test_a_keyword_without_an_italian_name_says_so_in_the_italian_column(self):
        self.assertEqual(Keyword.objects.get(slug="absorb").name_it, "")
        page = squeeze(self.client.get("/it/keywords/").content.decode())
        self.assertIn('<th scope="col">Nome italiano</th> <th scope="col">Nome inglese</th>', page)
        self.assertIn(
            '<tr><th scope="row"><span class="muted no-name">nessun nome italiano</span></th>'
            '<td><a href="/it/keywords/absorb/" lang="en">Absorb</a></td>',
            self.row(page, "absorb"),
        )
        flying = self.row(page, "flying")
        self.assertIn('<a href="/it/keywords/flying/" lang="it">Volare</a>', flying)
        self.assertIn('<span lang="en">Flying</span>', flying)

    def test_the_english_list_is_unchanged(self):
        page = squeeze(self.client.get("/en/keywords/").content.decode())
        self.assertIn('<th scope="col">Name</th> <th scope="col">Italian name</th>', page)
        self.assertIn(
            '<a href="/en/keywords/absorb/" lang="en">Absorb</a>', self.row(page, "absorb")
        )
        self.assertNotIn("no Italian name", page)

    def test_hexproof_from_is_anti_malocchio_da(self):
        self.assertEqual(Keyword.objects.get(slug="hexproof-from").name_it, "Anti-malocchio da")
        page = squeeze(self.client.get("/it/keywords/").content.decode())
        self.assertNotIn("Anti-malocchio dal", page)
        self.assertIn(">Anti-malocchio da</a>", page)
