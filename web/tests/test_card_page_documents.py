"""The card page and the seed documents, over their real import: each card's Italian rulings
word for word, the rulings about its keywords, links to the documents that speak of it, rule
numbers read in the rules of the ruling's date, and a card known only from a document."""

import html
import re

from oracle.models import Card, Keyword
from oracle.tests.helpers import card_named
from rulings.models import SourceDocument
from rulings.tests.helpers import SEEDS
from web.testing import BundledDocumentsTestCase

# The card blocks of the seeds, by document.
CARD_BLOCKS = {
    "future-sight-release-notes.txt": [
        "Tarox Alaspada",
        "Patto di Intervento",
        "Mentore di Llanowar",
        "Lama ad Arco",
        "Jhoira dei Ghitu",
        "Abbraccio di Mutaroccia",
        "Giudicare Indegno",
        "Caverna Zootica",
    ],
    "onslaught-morph-faq.txt": [
        "Pastoie Soffocanti",
        "Sognatore Nebbiforme",
        "Catena d'Acido",
        "Messaggero Guantoforte",
        "Corona dell'Ascensione",
        "Profeta dell'Antenata",
        "Parole Sprecate",
    ],
}
RULING_TEXT = re.compile(r'<div class="ruling-text">(.*?)</div>', re.DOTALL)


def words(text: str) -> str:
    return " ".join(text.split())


def rulings_after(file_name: str, card_name: str) -> list[str]:
    """The "•" rulings the seed file prints after a card block, read from the file itself:
    up to the next "***" heading or card block in the Future Sight notes (a block may be
    followed by quoted rules and more notes), the first run of bullets in the Onslaught FAQ. An
    indented line ("  1. Se non è il tuo turno ...") belongs to the ruling above it."""
    lines = (SEEDS / file_name).read_text(encoding="utf-8").splitlines()
    starred = any(line.startswith("***") for line in lines)
    found: list[str] = []
    for line in lines[lines.index(card_name) + 1 :]:
        if line.startswith("***") or line in CARD_BLOCKS[file_name]:
            break
        if line.startswith("•"):
            found.append(line[1:].strip())
        elif found and line.startswith("  ") and line.strip():
            found[-1] += " " + line.strip()
        elif found and not starred:
            break
    return [words(ruling) for ruling in found]


def ruling_texts(response) -> set[str]:
    """The words of every ruling on a card page, tags (links, symbols, italics) taken out;
    a symbol keeps its text ("{G}") for screen readers."""
    return {
        words(html.unescape(re.sub(r"<[^>]+>", "", match.replace("</p>", "\n"))))
        for match in RULING_TEXT.findall(response.content.decode())
    }


class SeedCardPagesTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.future_sight = SourceDocument.objects.get(slug="future-sight-release-notes")
        cls.onslaught = SourceDocument.objects.get(slug="onslaught-morph-faq")
        cls.marvel = SourceDocument.objects.get(slug="marvel-super-heroes-mechanics")

    def test_every_card_block_shows_its_italian_rulings_word_for_word(self):
        for file_name, names in CARD_BLOCKS.items():
            for name in names:
                with self.subTest(card=name):
                    expected = rulings_after(file_name, name)
                    self.assertTrue(expected)
                    response = self.client.get(f"/it/cards/{card_named(name).slug}/")
                    shown = ruling_texts(response)
                    for ruling in expected:
                        self.assertIn(ruling, shown)

    def test_symbols_in_rulings_are_shown_as_symbols(self):
        # The comparison above reads the text of the symbols: "{G}" in "costo di mana {G}".
        response = self.client.get(f"/it/cards/{card_named('Mentore di Llanowar').slug}/")
        self.assertContains(
            response,
            'hanno un costo di mana <abbr class="ms ms-cost ms-g" role="img" aria-label="verde" '
            'title="verde">'
            '<span class="visually-hidden">{G}</span></abbr>.',
        )

    def test_keyword_rulings_show_on_the_cards_with_the_keyword(self):
        response = self.client.get("/en/cards/arc-blade/")
        self.assertContains(response, "About suspend")
        shown = ruling_texts(response)
        for ruling in rulings_about("Tematica: Nuove Svolte per Sospendere"):
            self.assertIn(ruling, shown)
        # The Onslaught FAQ's morph notes are about morph: on Zoetic Cavern, which has it.
        cavern = self.client.get("/en/cards/zoetic-cavern/")
        self.assertContains(cavern, "About morph")
        self.assertIn(
            "Girare a faccia in su o a faccia in giù una creatura non la TAPpa né la STAPpa.",
            ruling_texts(cavern),
        )
        # ... and not on a card without it.
        self.assertNotContains(self.client.get("/en/cards/tarox-bladewing/"), "About morph")

    def test_card_type_rulings_show_on_the_cards_of_that_type(self):
        # The Future Sight notes on the new tribal card type, on the one tribal card here.
        tribal = Card.objects.get(faces__card_types__name="Tribal", faces__card_types__kind="type")
        response = self.client.get(f"/en/cards/{tribal.slug}/")
        self.assertContains(response, "About tribal")
        shown = ruling_texts(response)
        for ruling in rulings_about("Nuovo Tipo di Carta: Tribale"):
            self.assertIn(ruling, shown)
        italian = self.client.get(f"/it/cards/{tribal.slug}/")
        self.assertContains(italian, 'tribale <span class="muted">(')
        self.assertNotContains(self.client.get("/en/cards/arc-blade/"), "About tribal")

    def test_each_ruling_links_to_its_place_in_its_document(self):
        # Jhoira's own rulings, and the morph notes that show on Zoetic Cavern's page.
        jhoira = Card.objects.get(name="Jhoira of the Ghitu")
        own = list(jhoira.rulings.filter(language="it"))
        self.assertEqual(len(own), 3)
        morph = list(
            Keyword.objects.get(slug="morph").rulings.filter(source_document=self.future_sight)
        )
        self.assertTrue(morph)
        for card, rulings in ((jhoira, own), (Card.objects.get(name="Zoetic Cavern"), morph)):
            response = self.client.get(f"/it/cards/{card.slug}/")
            self.assert_rulings_link_to_their_place(response, rulings)
        # MTGJSON's rulings database has no page: its name is not a link.
        self.assertContains(response, "Fonte: Gatherer rulings (via MTGJSON)")
        database = SourceDocument.objects.get(kind=SourceDocument.Kind.RULINGS_DATABASE)
        self.assertNotContains(response, f'href="{database.get_absolute_url()}')

    def assert_rulings_link_to_their_place(self, response, rulings):
        document_page = self.client.get(self.future_sight.get_absolute_url())
        for ruling in rulings:
            anchor = f"{self.future_sight.get_absolute_url()}#ruling-{ruling.pk}"
            self.assertContains(response, f'<a href="{anchor}" lang="it">')
            self.assertContains(document_page, f'id="ruling-{ruling.pk}"')

    def test_rule_numbers_in_rulings_lead_to_todays_rule(self):
        # "Vedi la regola 503 del Comprehensive Rulebook" (Onslaught FAQ, 2002): 503 of the
        # oldest rules here (May 2007), Copying Objects, which is 707 today. The link opens 707
        # and keeps the number as written.
        chain = card_named("Catena d'Acido")
        response = self.client.get(f"/en/cards/{chain.slug}/")
        self.assertContains(
            response,
            'Vedi la regola <a class="rule-ref" href="/en/rules/707/" title="today 707">503</a>',
        )
        old_rule = self.client.get("/en/rules/503/?edition=2007-05-01")
        self.assertContains(old_rule, "Copying Objects")
        self.assertContains(old_rule, 'href="/en/rules/707/')

    def test_documents_that_speak_of_the_card(self):
        response = self.client.get("/it/cards/tarox-bladewing/")
        self.assertContains(response, 'id="documents-heading"')
        self.assertContains(
            response, f'<a href="{self.future_sight.get_absolute_url()}" lang="it">'
        )
        self.assertNotContains(response, f'href="{self.onslaught.get_absolute_url()}"')
        # A card the FAQ only names in a list ("Le carte Nebbiformi sono ...") is spoken of too.
        wall = card_named("Muro Nebbiforme")
        self.assertFalse(wall.rulings.filter(language="it").exists())
        response = self.client.get(wall.get_absolute_url())
        self.assertContains(response, f'<a href="{self.onslaught.get_absolute_url()}" lang="it">')

    def test_a_card_known_only_from_a_document_says_so(self):
        torch = Card.objects.get(known_from_document__isnull=False, faces__name_it="Torcia Umana")
        response = self.client.get(f"/en/cards/{torch.slug}/")
        self.assertContains(
            response,
            f'Known only from <a href="{self.marvel.get_absolute_url()}">'
            f"{html.escape(self.marvel.title)}</a>: not yet in the card data.",
        )
        self.assertContains(response, "Superpotere — ")
        # No empty boxes for what it lacks: no printings, no missing Oracle text, no errata.
        for missing in (
            'id="printings"',
            "This printing has no Italian text.",
            "Oracle text (English)",
            "No errata recorded",
        ):
            self.assertNotContains(response, missing)
        # Its keyword's notes come with it.
        self.assertContains(response, "About superpotere")

    def test_a_card_in_the_card_data_is_not_called_document_only(self):
        response = self.client.get("/en/cards/tarox-bladewing/")
        self.assertNotContains(response, "Known only from")
        self.assertContains(response, 'id="printings"')


def rulings_about(heading: str) -> list[str]:
    """The "•" rulings under a "***" heading of the Future Sight notes, up to the next one."""
    lines = (SEEDS / "future-sight-release-notes.txt").read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines[lines.index(f"***{heading}***") + 1 :]:
        if line.startswith("***") or line in CARD_BLOCKS["future-sight-release-notes.txt"]:
            break
        if line.startswith("•"):
            found.append(words(line[1:]))
    return found
