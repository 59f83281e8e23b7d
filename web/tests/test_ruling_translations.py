"""The translation memory on the card pages: an approved Italian translation of an English
ruling text shows on the Italian page of every card whose ruling has that text, filled with the
card's name and credited, the English one click away; a proposed one does not show; the English
pages stay as they were."""

from datetime import date

from django.utils import timezone

from oracle.models import Card, Keyword
from rulings.models import Ruling, RulingText, RulingTranslation
from rulings.translations.memory import card_names
from rulings.translations.texts import normalise, text_key
from web.testing import BundledDocumentsTestCase

SUSPEND_ITALIAN = "Se la magia richiede dei bersagli, sono scelti quando la magia è lanciata."
SLIVER_ITALIAN = "Il danno resta segnato: {this} può rendere letale un danno non letale."
SPLIT_ITALIAN = "Ogni carta divisa è una sola carta, come {this}."
PROPOSED_ITALIAN = "Se non puoi lanciare la carta, resta esiliata."


def english_text(slug: str, starts: str) -> str:
    """The normalised text of ``slug``'s English ruling that starts with ``starts``."""
    card = Card.objects.get(slug=slug)
    ruling = Ruling.objects.get(card=card, language="en", text__startswith=starts)
    return normalise(ruling.text, card_names(card))


def translation(english: str, italian: str, status=RulingTranslation.Status.APPROVED):
    return RulingTranslation.objects.create(
        text=RulingText.objects.get(key=text_key(english)),
        italian=italian,
        status=status,
        approved_at=timezone.now() if status == RulingTranslation.Status.APPROVED else None,
    )


class RulingTranslationPageTests(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        translation(
            english_text("knight-of-sursi", "If the spell requires any targets"), SUSPEND_ITALIAN
        )
        translation(english_text("sedge-sliver", "Because damage remains marked"), SLIVER_ITALIAN)
        translation(english_text("boom-bust", "Each split card is a single card"), SPLIT_ITALIAN)
        translation(
            english_text("knight-of-sursi", "If you can’t cast the card"),
            PROPOSED_ITALIAN,
            status=RulingTranslation.Status.PROPOSED,
        )

    def page(self, slug, language="it"):
        response = self.client.get(f"/{language}/cards/{slug}/")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def item(self, page, text):
        """The ruling's item (<li>…</li>) of ``page`` that holds ``text``."""
        at = page.index(text)
        return page[page.rindex('<li id="ruling-', 0, at) : page.index("</li>", at)]

    def test_an_approved_translation_shows_on_every_card_sharing_the_text(self):
        for slug in ("knight-of-sursi", "chronomantic-escape"):
            with self.subTest(slug):
                item = self.item(self.page(slug), SUSPEND_ITALIAN)
                self.assertIn('lang="it"', item[: item.index(">")])
                self.assertIn("tradotta dalla redazione", item)
                self.assertIn(str(timezone.localdate().year), item)
                details = item[item.index("<details") : item.index("</details>")]
                self.assertIn('lang="en"', details[: details.index(">")])
                self.assertIn("If the spell requires any targets", details)

    def test_the_placeholder_becomes_each_cards_italian_name(self):
        sedge = self.item(self.page("sedge-sliver"), "Il danno resta segnato")
        self.assertIn("Tramutante del Falasco può rendere", sedge)
        might = self.item(self.page("might-sliver"), "Il danno resta segnato")
        self.assertIn("Tramutante Possente può rendere", might)
        self.assertNotIn("{this}", might)

    def test_a_card_without_an_italian_name_keeps_its_english_name_marked(self):
        item = self.item(self.page("boom-bust"), "Ogni carta divisa")
        self.assertRegex(item, r'come <span lang="en">Boom // Bust</span>\.')

    def test_a_proposed_translation_is_not_shown(self):
        page = self.page("knight-of-sursi")
        self.assertNotIn(PROPOSED_ITALIAN, page)
        self.assertIn("perhaps because there are no legal targets", page)

    def test_the_english_page_is_unchanged(self):
        with_memory = self.page("knight-of-sursi", "en")
        self.assertNotIn(SUSPEND_ITALIAN, with_memory)
        self.assertNotIn("translated by the editors", with_memory)
        RulingTranslation.objects.all().delete()
        self.assertEqual(self.page("knight-of-sursi", "en"), with_memory)

    def test_without_translations_the_italian_page_shows_the_english(self):
        RulingTranslation.objects.all().delete()
        page = self.page("knight-of-sursi")
        self.assertNotIn(SUSPEND_ITALIAN, page)
        self.assertNotIn("tradotta dalla redazione", page)
        self.assertNotIn('class="ruling-english"', page)


MORPH_ENGLISH = "A face-down spell or permanent has no name."
MORPH_ITALIAN = "Una magia o un permanente a faccia in giù non ha nome."


class KeywordRulingTranslationTests(BundledDocumentsTestCase):
    """An English ruling about a keyword, translated once, in Italian on the keyword's page and
    on the page of every card with the keyword."""

    @classmethod
    def setUpTestData(cls):
        morph = Keyword.objects.get(slug="morph")
        Ruling.objects.create(keyword=morph, date=date(2024, 1, 1), text=MORPH_ENGLISH)
        translation(normalise(MORPH_ENGLISH), MORPH_ITALIAN)

    def test_the_keywords_page_shows_the_italian_with_the_english_one_click_away(self):
        page = self.client.get("/it/keywords/morph/").content.decode()
        item = RulingTranslationPageTests.item(self, page, MORPH_ITALIAN)
        self.assertIn("tradotta dalla redazione", item)
        self.assertIn(MORPH_ENGLISH, item[item.index("<details") :])
        english = self.client.get("/en/keywords/morph/").content.decode()
        self.assertNotIn(MORPH_ITALIAN, english)
        self.assertIn(MORPH_ENGLISH, english)

    def test_every_morph_cards_italian_page_shows_it(self):
        cards = Card.objects.filter(keywords__slug="morph").order_by("name")[:2]
        self.assertEqual(len(cards), 2)
        for card in cards:
            with self.subTest(card.slug):
                page = self.client.get(f"/it/cards/{card.slug}/").content.decode()
                item = RulingTranslationPageTests.item(self, page, MORPH_ITALIAN)
                self.assertIn("tradotta dalla redazione", item)


class TranslationVersionTests(BundledDocumentsTestCase):
    """A translation saved raises the data version: the pages it shows on change their ETag."""

    def test_a_new_translation_changes_the_pages_etag(self):
        url = "/it/cards/might-sliver/"
        etag = self.client.get(url).headers["ETag"]
        english = english_text("knight-of-sursi", "The mana value of a spell cast without")
        with self.captureOnCommitCallbacks(execute=True):
            translation(english, "Il valore di mana di una magia lanciata senza pagarne il costo.")
        self.assertNotEqual(self.client.get(url).headers["ETag"], etag)
