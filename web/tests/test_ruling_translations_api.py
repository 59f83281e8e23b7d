"""The translation memory in the APIs: with ``?lang=it`` the card record of /api/cards/<id>/
and the Scryfall-compatible rulings give an approved Italian translation on every card whose
English ruling has that text, filled with the card's name (no markup), credited, the English
beside it; without it they are as they were. A proposed translation, a withdrawn ruling and an
unknown language never show."""

import json

from django.core.cache import cache, caches
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from oracle.models import Card, Keyword, Printing
from rulings.models import Ruling, RulingTranslation
from rulings.translations.texts import ENGLISH_END, ENGLISH_START, normalise
from web.testing import BundledDocumentsTestCase
from web.tests.test_ruling_translations import (
    MORPH_ENGLISH,
    MORPH_ITALIAN,
    PROPOSED_ITALIAN,
    SLIVER_ITALIAN,
    SPLIT_ITALIAN,
    SUSPEND_ITALIAN,
    english_text,
    translation,
)

SUSPEND_ENGLISH = "If the spell requires any targets"
PROPOSED_ENGLISH = "If you can’t cast the card"
SHARING_SUSPEND = ("knight-of-sursi", "chronomantic-escape")
RECORD_KEYS = {"about", "date", "language", "text", "source", "status"}
TRANSLATED_KEYS = RECORD_KEYS | {"text_en", "translated_by", "translated_on"}
OBJECT_KEYS = {
    "object",
    "oracle_id",
    "source",
    "published_at",
    "comment",
    "lang",
    "about",
    "status",
}
TRANSLATED_OBJECT_KEYS = OBJECT_KEYS | {"comment_en", "translated_by", "translated_on"}


class TranslatedRulingsApiTestCase(BundledDocumentsTestCase):
    @classmethod
    def setUpTestData(cls):
        translation(english_text("knight-of-sursi", SUSPEND_ENGLISH), SUSPEND_ITALIAN)
        translation(english_text("sedge-sliver", "Because damage remains marked"), SLIVER_ITALIAN)
        translation(english_text("boom-bust", "Each split card is a single card"), SPLIT_ITALIAN)
        translation(
            english_text("knight-of-sursi", PROPOSED_ENGLISH),
            PROPOSED_ITALIAN,
            status=RulingTranslation.Status.PROPOSED,
        )

    def card_rulings(self, slug, status=200, **params):
        """The rulings of ``slug``'s record in /api/cards/<id>/ (the whole answer if not 200)."""
        card = Card.objects.get(slug=slug)
        response = self.client.get(f"/api/cards/{card.oracle_id}/", params)
        self.assertEqual(response.status_code, status, response.content[:300])
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        self.assertNoMarkers(response.content)
        data = json.loads(response.content)
        return data["rulings"] if status == 200 else data

    def scryfall_rulings(self, slug, status=200, **params):
        """The ruling objects of /api/scryfall/cards/<id>/rulings for a printing of ``slug``."""
        printing = Printing.objects.filter(card__slug=slug).order_by("pk").first()
        url = f"/api/scryfall/cards/{printing.scryfall_id}/rulings"
        response = self.client.get(url, params)
        self.assertEqual(response.status_code, status, response.content[:300])
        self.assertNoMarkers(response.content)
        data = json.loads(response.content)
        return data["data"] if status == 200 else data

    def assertNoMarkers(self, content: bytes):
        for marker in (ENGLISH_START, ENGLISH_END):
            self.assertNotIn(marker.encode(), content)
            self.assertNotIn(json.dumps(marker).strip('"').encode(), content)

    def holding(self, rulings, words, field="text"):
        [found] = [ruling for ruling in rulings if words in ruling[field]]
        return found


class CardRecordTests(TranslatedRulingsApiTestCase):
    def test_an_approved_translation_on_every_card_sharing_the_text(self):
        today = timezone.localdate().isoformat()
        for slug in SHARING_SUSPEND:
            with self.subTest(slug):
                ruling = self.holding(self.card_rulings(slug, lang="it"), SUSPEND_ITALIAN)
                self.assertEqual(set(ruling), TRANSLATED_KEYS)
                self.assertEqual(ruling["text"], SUSPEND_ITALIAN)
                self.assertEqual(ruling["language"], "it")
                self.assertTrue(ruling["text_en"].startswith(SUSPEND_ENGLISH))
                self.assertEqual(
                    (ruling["translated_by"], ruling["translated_on"]), ("oracolo", today)
                )
                english = self.holding(self.card_rulings(slug), SUSPEND_ENGLISH)
                self.assertEqual(set(english), RECORD_KEYS)
                self.assertEqual(english["language"], "en")
                self.assertEqual(english["date"], ruling["date"])
                self.assertEqual(english["text"], ruling["text_en"])

    def test_the_default_answer_is_the_same_with_or_without_translations(self):
        card = Card.objects.get(slug="knight-of-sursi")
        for params in ({}, {"lang": "en"}, {"lang": "it"}):
            with self.subTest(params=params):
                with_memory = self.client.get(f"/api/cards/{card.oracle_id}/", params).content
                RulingTranslation.objects.all().delete()
                without = self.client.get(f"/api/cards/{card.oracle_id}/", params).content
                self.assertEqual(with_memory == without, params.get("lang") != "it")
                translation(english_text("knight-of-sursi", SUSPEND_ENGLISH), SUSPEND_ITALIAN)

    def test_the_accept_language_alone_keeps_the_english(self):
        card = Card.objects.get(slug="knight-of-sursi")
        response = self.client.get(f"/api/cards/{card.oracle_id}/", HTTP_ACCEPT_LANGUAGE="it")
        self.assertNotIn(SUSPEND_ITALIAN, response.content.decode())

    def test_the_cards_italian_name_or_its_english_name_unmarked(self):
        might = self.holding(self.card_rulings("might-sliver", lang="it"), "Il danno resta")
        self.assertIn("Tramutante Possente può rendere", might["text"])
        self.assertNotIn("{this}", might["text"])
        self.assertIn("Might Sliver", might["text_en"])
        split = self.holding(self.card_rulings("boom-bust", lang="IT"), "Ogni carta divisa")
        self.assertEqual(split["text"], "Ogni carta divisa è una sola carta, come Boom // Bust.")

    def test_proposed_and_sent_back_translations_are_not_shown(self):
        RulingTranslation.objects.filter(italian=SLIVER_ITALIAN).update(
            status=RulingTranslation.Status.SENT_BACK
        )
        proposed = self.holding(self.card_rulings("knight-of-sursi", lang="it"), PROPOSED_ENGLISH)
        self.assertEqual((proposed["language"], set(proposed)), ("en", RECORD_KEYS))
        sent_back = self.holding(self.card_rulings("sedge-sliver", lang="it"), "damage remains")
        self.assertEqual(sent_back["language"], "en")
        content = json.dumps(self.card_rulings("sedge-sliver", lang="it"))
        self.assertNotIn("Il danno resta", content)

    def test_a_withdrawn_ruling_never_appears_translated(self):
        knight = Card.objects.get(slug="knight-of-sursi")
        withdrawn = Ruling.objects.filter(card=knight, text__startswith=SUSPEND_ENGLISH)
        self.assertEqual(withdrawn.update(status=Ruling.Status.WITHDRAWN), 1)
        texts = [ruling["text"] for ruling in self.card_rulings("knight-of-sursi", lang="it")]
        self.assertNotIn(SUSPEND_ITALIAN, texts)
        self.assertFalse([text for text in texts if text.startswith(SUSPEND_ENGLISH)])
        escape = self.card_rulings("chronomantic-escape", lang="it")
        self.holding(escape, SUSPEND_ITALIAN)

    def test_the_seeds_italian_rulings_stay_italian(self):
        for params in ({}, {"lang": "it"}):
            with self.subTest(params=params):
                rulings = self.card_rulings("exalted-angel", **params)
                seed = [ruling for ruling in rulings if ruling["language"] == "it"]
                self.assertTrue(seed)
                self.assertFalse([ruling for ruling in seed if "text_en" in ruling])

    def test_an_unknown_language_is_a_400(self):
        data = self.card_rulings("knight-of-sursi", status=400, lang="fr")
        self.assertEqual(set(data), {"error"})
        self.assertIn("“fr”", data["error"])
        card = Card.objects.get(slug="knight-of-sursi")
        response = self.client.get(
            f"/api/cards/{card.oracle_id}/", {"lang": "x" * 5000}, HTTP_ACCEPT_LANGUAGE="it"
        )
        self.assertEqual(response.status_code, 400)
        self.assertTrue(response.json()["error"].startswith("Lingua sconosciuta"))
        self.assertLess(len(response.content), 300)
        response = self.client.get("/api/cards/not-a-card/", {"lang": "de"})
        self.assertEqual(response.status_code, 400)
        self.assertEqual(self.client.get("/api/cards/not-a-card/", {"lang": ""}).status_code, 404)

    def test_a_card_costs_the_same_queries_and_one_more_in_italian(self):
        plains = Card.objects.get(name="Plains")  # no rulings
        busy = Card.objects.get(slug="knight-of-sursi")  # many, two translated
        self.assertEqual(plains.rulings.count(), 0)

        def queries(card, **params):
            with CaptureQueriesContext(connection) as captured:
                response = self.client.get(f"/api/cards/{card.oracle_id}/", params)
            self.assertEqual(response.status_code, 200)
            return len(captured)

        english = queries(plains)
        self.assertEqual(queries(busy), english)
        self.assertEqual(queries(busy, lang="en"), english)
        with self.assertNumQueries(english + 1):
            self.client.get(f"/api/cards/{busy.oracle_id}/", {"lang": "it"})
        with self.assertNumQueries(english + 1):
            self.client.get(f"/api/cards/{plains.oracle_id}/", {"lang": "it"})


class ScryfallRulingsTests(TranslatedRulingsApiTestCase):
    def test_an_approved_translation_on_every_card_sharing_the_text(self):
        today = timezone.localdate().isoformat()
        for slug in SHARING_SUSPEND:
            with self.subTest(slug):
                rulings = self.scryfall_rulings(slug, lang="it")
                ruling = self.holding(rulings, SUSPEND_ITALIAN, "comment")
                self.assertEqual(set(ruling), TRANSLATED_OBJECT_KEYS)
                self.assertEqual((ruling["comment"], ruling["lang"]), (SUSPEND_ITALIAN, "it"))
                self.assertTrue(ruling["comment_en"].startswith(SUSPEND_ENGLISH))
                self.assertEqual(
                    (ruling["translated_by"], ruling["translated_on"]), ("oracolo", today)
                )
                self.assertEqual((ruling["object"], ruling["source"]), ("ruling", "wotc"))
                english = self.holding(self.scryfall_rulings(slug), SUSPEND_ENGLISH, "comment")
                self.assertEqual(set(english), OBJECT_KEYS)
                self.assertEqual(english["lang"], "en")
                self.assertEqual(english["comment"], ruling["comment_en"])

    def test_every_kind_of_address_takes_lang(self):
        printing = Printing.objects.filter(card__slug="knight-of-sursi").order_by("pk").first()
        card_set = printing.card_set.code.lower()
        paths = [f"/cards/{card_set}/{printing.collector_number}/rulings"]
        if printing.multiverse_id:
            paths.append(f"/cards/multiverse/{printing.multiverse_id}/rulings")
        if printing.mtgo_id:
            paths.append(f"/cards/mtgo/{printing.mtgo_id}/rulings")
        for path in paths:
            with self.subTest(path):
                response = self.client.get(f"/api/scryfall{path}", {"lang": "it"})
                self.assertEqual(response.status_code, 200)
                self.assertIn(SUSPEND_ITALIAN, response.content.decode())
                english = self.client.get(f"/api/scryfall{path}").content.decode()
                self.assertNotIn(SUSPEND_ITALIAN, english)

    def test_the_default_answer_is_the_same_with_or_without_translations(self):
        printing = Printing.objects.filter(card__slug="sedge-sliver").first()
        url = f"/api/scryfall/cards/{printing.scryfall_id}/rulings"
        with_memory = self.client.get(url).content
        self.assertEqual(self.client.get(url, {"lang": "en"}).content, with_memory)
        RulingTranslation.objects.all().delete()
        self.assertEqual(self.client.get(url).content, with_memory)

    def test_the_cards_name_filled_without_markers(self):
        sedge = self.holding(
            self.scryfall_rulings("sedge-sliver", lang="it"), "Il danno", "comment"
        )
        self.assertIn("Tramutante del Falasco può rendere", sedge["comment"])
        split = self.holding(self.scryfall_rulings("boom-bust", lang="it"), "Ogni carta", "comment")
        self.assertEqual(split["comment"], "Ogni carta divisa è una sola carta, come Boom // Bust.")

    def test_a_proposed_translation_is_not_shown(self):
        rulings = self.scryfall_rulings("knight-of-sursi", lang="it")
        self.assertNotIn(PROPOSED_ITALIAN, json.dumps(rulings, ensure_ascii=False))
        proposed = self.holding(rulings, PROPOSED_ENGLISH, "comment")
        self.assertEqual((proposed["lang"], set(proposed)), ("en", OBJECT_KEYS))

    def test_a_keywords_ruling_translated_on_its_cards(self):
        morph = Keyword.objects.get(slug="morph")
        Ruling.objects.create(keyword=morph, date=timezone.localdate(), text=MORPH_ENGLISH)
        translation(normalise(MORPH_ENGLISH), MORPH_ITALIAN)
        rulings = self.scryfall_rulings("exalted-angel", lang="it")
        ruling = self.holding(rulings, MORPH_ITALIAN, "comment")
        self.assertEqual((ruling["about"], ruling["keyword"]), ("keyword", "Morph"))
        self.assertEqual(ruling["comment_en"], MORPH_ENGLISH)
        seed = [
            ruling for ruling in rulings if ruling["lang"] == "it" and "comment_en" not in ruling
        ]
        self.assertTrue(seed)  # the seed documents' Italian rulings, as they are

    def test_an_unknown_language_is_a_bad_request(self):
        data = self.scryfall_rulings("knight-of-sursi", status=400, lang="ja")
        self.assertEqual(
            (data["object"], data["code"], data["status"]), ("error", "bad_request", 400)
        )
        self.assertIn("“ja”", data["details"])
        response = self.client.get("/api/scryfall/cards/fut/9999/rulings", {"lang": "ja"})
        self.assertEqual(response.status_code, 400)

    def test_the_same_queries_whatever_the_card_and_one_more_in_italian(self):
        quiet = Printing.objects.filter(card__rulings__isnull=True).order_by("pk").first()
        busy = Printing.objects.filter(card__slug="knight-of-sursi").order_by("pk").first()

        def url(printing):
            return f"/api/scryfall/cards/{printing.scryfall_id}/rulings"

        with CaptureQueriesContext(connection) as captured:
            self.assertEqual(self.client.get(url(quiet)).status_code, 200)
        english = len(captured)
        for printing in (quiet, busy):
            with self.subTest(printing.card.name):
                with self.assertNumQueries(english):
                    self.client.get(url(printing))
                with self.assertNumQueries(english + 1):
                    self.client.get(url(printing), {"lang": "it"})


@override_settings(PAGE_CACHE_SECONDS=300)
class CachedAnswersTests(TranslatedRulingsApiTestCase):
    """The page cache keeps the English and the Italian answers apart."""

    def setUp(self):
        cache.clear()
        caches["limits"].clear()
        self.addCleanup(cache.clear)

    def test_english_and_italian_answers_are_kept_apart(self):
        card = Card.objects.get(slug="knight-of-sursi")
        printing = Printing.objects.filter(card=card).order_by("pk").first()
        for url in (
            f"/api/cards/{card.oracle_id}/",
            f"/api/scryfall/cards/{printing.scryfall_id}/rulings",
        ):
            with self.subTest(url):
                for _ in range(2):
                    self.assertNotIn(SUSPEND_ITALIAN, self.client.get(url).content.decode())
                    italian = self.client.get(url, {"lang": "it"}).content.decode()
                    self.assertIn(SUSPEND_ITALIAN, italian)
