"""The document pages, read over the real import of the four bundled seed documents: every
card name and rule number linked, old numbers leading to today's rules, damaged lines flagged
as written, a fixed number of queries."""

import html
import re

from oracle.models import Card
from oracle.tests.helpers import card_named
from rulings.importers.release_notes.damaged_lines import DAMAGE_REASONS
from rulings.models import DocumentMention, RuleSection, Ruling, SourceDocument
from rulings.tests.helpers import SEEDS
from web.testing import DATA_AGE_QUERIES, BundledDocumentsTestCase
from web.tests.test_page_queries import DOCUMENT_PAGE, RULES_DATE

SEED_FILES = {
    "future-sight-release-notes": "future-sight-release-notes.txt",
    "onslaught-morph-faq": "onslaught-morph-faq.txt",
    "marvel-super-heroes-mechanics": "marvel-super-heroes-mechanics.txt",
    "wiki-stregoneria": "wiki-stregoneria.txt",
}

# A quoted rule opens its line with its number ("502.26b Per giocare", "502.18. Ciclo",
# "*307.1 Un giocatore"); prose cites "regola 418.5", "vedi la regola 504".
QUOTED_RULE = re.compile(r"^\*?(\d{3}(?:\.\d+[a-z]?)?)\.?\s", re.MULTILINE)

CITED_RULE = re.compile(r"\bregol[ae]\s+(\d{3}(?:\.\d+[a-z]?)?)", re.IGNORECASE)
RULE_LINK = r'<a class="rule-ref" href="(?P<href>[^"]+)"(?: title="(?P<title>[^"]*)")?>{}</a>'
UNKNOWN_RULE = r'<span class="rule-ref-unknown" title="[^"]*">{}</span>'

# The cards the seeds only name in lists and prose, as the documents write them.
NAMED_ONLY = [
    "Elfi di Llanowar",
    "Ragno Gigante",
    "Angelo di Platino",
    "Maschera Nebbiforme",
    "Mutante Nebbiforme",
    "Urlatore Nebbiforme",
    "Squartacielo Nebbiforme",
    "Cacciatore Nebbiforme",
    "Muro Nebbiforme",
    "Catena di Plasma",
    "Catena del Silenzio",
    "Catena di Fumo",
    "Catena di Vapore",
    "Corona della Soggezione",
    "Corona della Furia",
    "Corona del Sospetto",
    "Corona del Vigore",
    "Parole di Guerra",
    "Parole Selvatiche",
    "Parole del Vento",
    "Parole di Adorazione",
    "Complicare",
    "Impulso Mortale",
    "Lamento di Terrore",
    "Zannuto di Krosa",
    "Spinta Primeva",
    "Fede Rinnovata",
    "Fare a Fette",
    "Esplosione Solare",
    "Balsamo di Fuocosole",
]


def seed_text(slug: str) -> str:
    return (SEEDS / SEED_FILES[slug]).read_text(encoding="utf-8")


class SeedDocumentPagesTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.documents = {document.slug: document for document in SourceDocument.objects.all()}

    def page(self, slug: str, language: str = "it"):
        response = self.client.get(f"/{language}/sources/{self.documents[slug].pk}/")
        self.assertEqual(response.status_code, 200)
        return response

    # The list ----------------------------------------------------------------------------

    def test_list_shows_every_document_with_what_it_holds(self):
        response = self.client.get("/en/sources/")
        future_sight = self.documents["future-sight-release-notes"]
        self.assertContains(response, f'href="{future_sight.get_absolute_url()}"')
        for slug in SEED_FILES:
            self.assertContains(response, html.escape(self.documents[slug].title))
        listed = {document.slug: document for document in response.context["documents"]}
        self.assertEqual(set(listed), set(SEED_FILES))
        row = listed["future-sight-release-notes"]
        self.assertEqual(row.section_count, future_sight.sections.count())
        self.assertEqual(row.ruling_count, future_sight.rulings.count())
        named_cards = future_sight.mentions.filter(card__isnull=False).values("card").distinct()
        self.assertEqual(row.card_count, named_cards.count())
        self.assertGreater(row.ruling_count, 30)
        self.assertContains(response, "Future Sight")  # its set, linked
        self.assertContains(response, "May 4, 2007")

    def test_the_rulings_database_is_listed_without_a_page(self):
        database = self.documents["gatherer-rulings-mtgjson"]
        response = self.client.get("/en/sources/")
        self.assertContains(response, "Gatherer rulings (via MTGJSON)")
        self.assertNotContains(response, f'href="{database.get_absolute_url()}"')
        self.assertEqual(self.client.get(database.get_absolute_url()).status_code, 404)

    def test_unknown_document_is_404(self):
        self.assertEqual(self.client.get("/it/sources/999999/").status_code, 404)

    # One document --------------------------------------------------------------------------

    def test_sections_in_order_with_anchors_and_headings(self):
        response = self.page("future-sight-release-notes")
        document = self.documents["future-sight-release-notes"]
        content = response.content.decode()
        anchors = [int(n) for n in re.findall(r'<section id="section-(\d+)"', content)]
        self.assertEqual(anchors, list(document.sections.values_list("position", flat=True)))
        self.assertContains(response, "Ciclo: Creature Leggendarie con Magnificenza</a></h2>")
        self.assertLess(
            content.index("Ciclo: Patti"), content.index("Tematica: Nuove Svolte per Sospendere")
        )

    def test_card_blocks_are_shown_like_cards_with_their_name_linked(self):
        content = self.page("future-sight-release-notes").content.decode()
        tarox = Card.objects.get(name="Tarox Bladewing")
        start = content.index('<div class="card-face doc-card"')
        box = content[start : content.index('<p class="pt">4/3</p>', start)]
        self.assertIn(
            f'<a class="card-ref" href="{tarox.get_absolute_url()}">Tarox Alaspada</a>', box
        )
        self.assertEqual(box.count('title="rosso"'), 3)  # {2}{R}{R}{R}
        self.assertIn('<p class="type-line">Creatura Leggendaria -- Drago</p>', box)
        # Its own name in its text is not a link again.
        self.assertIn("chiamata Tarox Alaspada: Tarox Alaspada prende", box)
        self.assertIn('<i class="reminder">(Per profetizzare 3, guarda', content)

    def test_every_card_block_of_the_seeds_links_to_its_card(self):
        blocks = {
            "future-sight-release-notes": [
                "Tarox Alaspada",
                "Patto di Intervento",
                "Mentore di Llanowar",
                "Lama ad Arco",
                "Jhoira dei Ghitu",
                "Abbraccio di Mutaroccia",
                "Giudicare Indegno",
                "Caverna Zootica",
            ],
            "onslaught-morph-faq": [
                "Pastoie Soffocanti",
                "Sognatore Nebbiforme",
                "Catena d'Acido",
                "Messaggero Guantoforte",
                "Corona dell'Ascensione",
                "Profeta dell'Antenata",
                "Parole Sprecate",
            ],
        }
        for slug, names in blocks.items():
            response = self.page(slug)
            for name in names:
                with self.subTest(name=name):
                    card = card_named(name)
                    self.assertIsNotNone(card)
                    link = f'<a class="card-ref" href="{card.get_absolute_url()}">'
                    self.assertContains(response, f'<h3 class="face-name">{link}')

    def test_rulings_have_anchors_the_card_pages_link_to(self):
        response = self.page("future-sight-release-notes")
        document = self.documents["future-sight-release-notes"]
        for ruling in Ruling.objects.filter(source_document=document):
            self.assertContains(response, f'id="ruling-{ruling.pk}"', count=1)
        tarox = Card.objects.get(name="Tarox Bladewing")
        ruling = tarox.rulings.get(language="it")
        card_page = self.client.get(tarox.get_absolute_url())
        self.assertContains(card_page, f'href="{document.get_absolute_url()}#ruling-{ruling.pk}"')

    def test_every_rule_number_quoted_in_the_seeds_is_a_link_that_resolves(self):
        unknown = set()
        for slug in SEED_FILES:
            text = seed_text(slug)
            numbers = set(QUOTED_RULE.findall(text)) | set(CITED_RULE.findall(text))
            content = self.page(slug).content.decode()
            for number in sorted(numbers):
                with self.subTest(document=slug, number=number):
                    link = re.search(RULE_LINK.format(re.escape(number)), content)
                    if link is None:
                        # Not linked only when no edition here has it, and then said so.
                        self.assertRegex(content, UNKNOWN_RULE.format(re.escape(number)))
                        english = RuleSection.objects.filter(number=number, edition__language="en")
                        self.assertFalse(english.exists())
                        unknown.add(number)
                        continue
                    target = self.client.get(html.unescape(link["href"]))
                    self.assertEqual(target.status_code, 200, link["href"])
        # The Onslaught FAQ quotes its 2002 rules; 214.7a is in no edition Oracolo has.
        self.assertLessEqual(unknown, {"214.7a"})

    def test_old_numbers_link_to_todays_rule_and_keep_the_number_as_written(self):
        content = self.page("onslaught-morph-faq", "en").content.decode()
        for old, today in [("502.26b", "702.37c"), ("504.1", "708.1"), ("502.25", "702.36")]:
            with self.subTest(old=old):
                link = re.search(RULE_LINK.format(re.escape(old)), content)
                self.assertEqual(link["href"], f"/en/rules/{today}/")
                self.assertEqual(link["title"], f"today {today}")
        self.assertIn('<span class="rule-today muted" lang="en">(today 702.37c)</span>', content)
        # In prose: "vedi la regola 504" and "(vedi la regola 418.5c delle Magic ...)".
        self.assertIn('Vedi la regola <a class="rule-ref" href="/en/rules/708/"', content)
        self.assertIn('<a class="rule-ref" href="/en/rules/613.8a/" title="today 613.8a">', content)

    def test_a_rule_stored_under_its_number_of_the_time_links_by_that_number(self):
        # The Future Sight notes quote Scry as 501.9, which is Fateseal in the English rules of
        # 1 May 2007; the importer stored it as 501.8, today's 701.22 (Scry).
        content = self.page("future-sight-release-notes", "en").content.decode()
        link = re.search(RULE_LINK.format(r"501\.9"), content)
        scry = RuleSection.objects.get(
            number="501.8", edition__effective_date="2007-05-01", edition__language="en"
        )
        today = scry.mappings.get().current_section
        self.assertEqual(today.title, "Scry")
        self.assertEqual(link["href"], f"/en/rules/{today.number}/")
        self.assertIn("<strong>Profetizzare</strong>", content)

    def test_rules_cited_in_2023_are_read_in_the_rules_of_their_time(self):
        content = self.page("wiki-stregoneria").content.decode()
        link = re.search(RULE_LINK.format(r"307\.1"), content)
        self.assertEqual(link["href"], "/it/rules/307.1/")
        self.assertIsNone(link["title"])  # today's number: nothing to add
        self.assertIn('(vedi regola <a class="rule-ref" href="/it/rules/601/"', content)

    def test_cards_named_in_lists_are_links_where_the_card_data_has_them(self):
        pages = {slug: self.page(slug).content.decode() for slug in SEED_FILES}
        found, missing = [], []
        for name in NAMED_ONLY:
            with self.subTest(name=name):
                slug = next(slug for slug in SEED_FILES if name in seed_text(slug))
                content = pages[slug]
                card = card_named(name)
                escaped = html.escape(name)
                if card is not None:
                    link = f'<a class="card-ref" href="{card.get_absolute_url()}">{escaped}</a>'
                    self.assertIn(link, content)
                    found.append(name)
                else:
                    self.assertNotIn(f'">{escaped}</a>', content)
                    section = content[content.index('id="names-not-found-heading"') :]
                    self.assertIn(f'<span lang="it">{escaped}</span>', section)
                    missing.append(name)
        self.assertTrue(found)
        self.assertEqual(
            set(missing),
            set(
                DocumentMention.objects.filter(name__in=NAMED_ONLY, card__isnull=True).values_list(
                    "name", flat=True
                )
            ),
        )

    def test_damaged_lines_are_shown_as_written_and_flagged(self):
        text = seed_text("onslaught-morph-faq")
        damaged = [
            "Ciclo (, Scarta questa carta dalla tua mano: Pesca una carta).",
            ": Il tipo del Sognatore Nebbiforme diventa un tipo di creatura a tua scelta fino "
            "alla fine del turno.",
            ", : Fintanto che il Messaggero Guantoforte rimane TAPpato, l'Elfo bersaglio prende "
            "+2/+2 e ha travolgere.",
            ": La prossima volta che pescheresti una carta in questo turno, invece ogni "
            "avversario scarta una carta dalla propria mano.",
        ]
        response = self.page("onslaught-morph-faq", "en")
        content = response.content.decode()
        self.assertContains(response, "4 lines of this document are damaged")
        for line in damaged:
            with self.subTest(line=line):
                self.assertIn(f"\n{line}\n", text)  # the test's lines are the file's own
                flagged = re.search(
                    r'<span class="damaged-line" title="[^"]+">'
                    r'<span class="damage-mark" aria-hidden="true">⚠</span> '
                    rf'<span class="damaged-text">{re.escape(html.escape(line))}</span> '
                    r'<span class="damage-reason" lang="en">\(Damaged text: (?P<reason>[^)]+)\)',
                    content,
                )
                self.assertIsNotNone(flagged)
                reasons = {str(reason) for reason in DAMAGE_REASONS.values()}
                self.assertIn(html.unescape(flagged["reason"]), reasons)
        self.assertEqual(content.count('class="damaged-line"'), len(damaged))
        # Nothing else is flagged in the intact documents.
        self.assertNotContains(self.page("future-sight-release-notes"), "damaged-line")

    def test_the_page_says_what_the_document_is_with_its_set(self):
        response = self.page("future-sight-release-notes")
        document = self.documents["future-sight-release-notes"]
        self.assertContains(
            response,
            f'· <a href="{document.card_set.get_absolute_url()}">'
            f"{document.card_set.display_name}</a>",
        )
        self.assertContains(response, '<time datetime="2007-05-04">')
        self.assertNotContains(self.page("wiki-stregoneria"), '· <a href="/it/sets/')

    def test_original_text_is_there_to_read(self):
        response = self.page("wiki-stregoneria")
        original = seed_text("wiki-stregoneria")
        self.assertContains(response, html.escape(original.splitlines()[1]))
        self.assertIn(html.escape(original), response.content.decode())

    def test_english_page_keeps_the_document_in_italian(self):
        response = self.page("onslaught-morph-faq", "en")
        self.assertContains(response, '<html lang="en"')
        self.assertContains(response, '<div class="document-text" lang="it">')
        self.assertContains(response, "Original text")

    def test_names_not_found_are_listed_with_the_sections_that_name_them(self):
        for slug in SEED_FILES:
            document = self.documents[slug]
            missing = document.mentions.filter(card__isnull=True)
            response = self.page(slug, "en")
            with self.subTest(document=slug):
                if not missing.exists():
                    self.assertNotContains(response, "Names not found in the card data")
                for mention in missing.select_related("section"):
                    self.assertContains(response, "Names not found in the card data")
                    self.assertRegex(
                        response.content.decode(),
                        rf'<li><span lang="it">{re.escape(html.escape(mention.name))}</span> '
                        rf'<span class="muted">\(.*<a href="#section-{mention.section.position}">',
                    )

    def test_keyword_sections_say_what_their_rulings_are_about(self):
        response = self.page("future-sight-release-notes", "en")
        self.assertContains(
            response, 'The rulings here are about: <a href="/en/keywords/suspend/">'
        )

    def test_a_fixed_number_of_queries_per_document(self):
        for slug in SEED_FILES:
            document = self.documents[slug]
            # The document, its mentions, rulings and the editions; its sections; the rule
            # numbers they cite.
            with self.subTest(document=slug), self.assertNumQueries(DOCUMENT_PAGE + RULES_DATE):
                self.client.get(document.get_absolute_url())
        with self.assertNumQueries(1 + DATA_AGE_QUERIES):
            self.client.get("/it/sources/")
