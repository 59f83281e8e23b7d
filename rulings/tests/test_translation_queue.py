"""The translators' queue in the admin, in Italian, on the bundled cards and their rulings: the
English texts without an approved translation, the ones serving the most card rulings first;
its filters by translation, set, keyword and format; the page of one text (the cards it serves,
the Italian names of what it mentions, the closest translated texts); and a translator
proposing the Italian, refused where it does not keep the English's placeholders and numbers
or where the user may not propose."""

import re

from django.contrib import admin
from django.contrib.auth.models import Permission, User
from django.urls import reverse
from django.utils import timezone

from oracle.models import Card, Keyword, Printing
from rulings.models import Language, Ruling, RulingText, RulingTranslation
from web.testing import BundledDataTestCase, BundledDocumentsTestCase

Status = RulingTranslation.Status
KEY_LINK = re.compile(r"/rulingtext/([0-9a-f]{64})/change/")
PAGE_SIZE = 50

SUSPEND_TARGETS = "If the spell requires any targets, those targets are chosen when the spell"
SPIDER_BLOCKS = (
    "Creatures with the Reach ability (such as Giant Spider) can block this because they "
    "don't actually have Flying."
)
SPIDER_CANT_BLOCK = (
    "Creatures with the Reach ability (such as Giant Spider) don't actually have Flying, so "
    "they can't block this."
)
SPIDER_ITALIAN = (
    "Le creature con l'abilità raggiungere (come Ragno Gigante) non hanno davvero volare, "
    "quindi non possono bloccarla."
)
COUNTER_TEXT = "{this}'s triggered ability gives it at most one +1/+1 counter each turn"
COUNTER_ITALIAN = (
    "L'abilità innescata di {this} gli dà al massimo un segnalino +1/+1 per turno, "
    "indipendentemente da quanti avversari hanno subito danno oltre al primo."
)


def text_starting(words: str) -> RulingText:
    return RulingText.objects.get(english__startswith=words)


def queue_url(query: str = "") -> str:
    return reverse("admin:rulings_rulingtext_changelist") + query


def change_url(text: RulingText) -> str:
    return reverse("admin:rulings_rulingtext_change", args=[text.key])


def first_page(keys) -> list[str]:
    """The texts of ``keys`` as the queue's first page orders them: most card rulings first,
    then the newest, then by key."""
    rows = RulingText.objects.filter(key__in=set(keys)).values_list("key", "card_rulings", "newest")
    ordered = sorted(rows, key=lambda row: (-row[1], -row[2].toordinal(), row[0]))
    return [key for key, _count, _newest in ordered[:PAGE_SIZE]]


def keys_of_cards(card_ids) -> set[str]:
    """The texts of the public English rulings of these cards."""
    rulings = Ruling.objects.filter(language=Language.ENGLISH).exclude(status="withdrawn")
    return {
        ruling.memory_key
        for ruling in rulings.only("card_id", "memory_key")
        if ruling.card_id in card_ids
    }


def translator(username: str, *actions: str) -> User:
    user = User.objects.create_user(username, password="pw-for-tests", is_staff=True)
    codenames = [f"{action}_rulingtranslation" for action in actions]
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


class TranslationQueueTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.translator = translator("traduttrice", "add", "change", "view")
        cls.approved = text_starting(SUSPEND_TARGETS)
        cls.proposed = text_starting("Cards exiled with suspend are exiled face up.")
        cls.sent_back = text_starting("Suspend is a keyword that represents three abilities.")
        cls.gone = text_starting(SPIDER_CANT_BLOCK)
        for text, status in (
            (cls.approved, Status.APPROVED),
            (cls.proposed, Status.PROPOSED),
            (cls.sent_back, Status.SENT_BACK),
            (cls.gone, Status.APPROVED),
        ):
            RulingTranslation.objects.create(
                text=text, italian=f"Italiano di {text.key}", status=status
            )
        RulingText.objects.filter(pk=cls.gone.pk).update(gone_since=timezone.now())

    def setUp(self):
        self.client.force_login(self.translator)
        self.client.cookies["django_language"] = "it"

    def listed(self, query: str = "") -> list[str]:
        response = self.client.get(queue_url(query))
        self.assertEqual(response.status_code, 200)
        return KEY_LINK.findall(response.content.decode())

    def test_the_queue_lists_the_untranslated_texts_by_card_rulings_then_newest(self):
        approved = RulingTranslation.objects.approved().values_list("text_id", flat=True)
        in_use = RulingText.objects.filter(gone_since__isnull=True).values_list("key", flat=True)
        expected = first_page(set(in_use) - set(approved))
        listed = self.listed()
        self.assertEqual(listed, expected)
        self.assertNotIn(self.approved.key, listed)
        self.assertIn(self.proposed.key, listed)  # waiting for review, not yet approved
        counts = [RulingText.objects.get(key=key).card_rulings for key in listed]
        self.assertEqual(counts, sorted(counts, reverse=True))
        self.assertGreater(counts[0], 50)

    def test_the_queue_is_in_italian_and_says_where_each_text_stands(self):
        page = self.client.get(queue_url()).content.decode()
        for words in ("Testi inglesi da tradurre", "Per traduzione", "Per formato", "Proposta"):
            self.assertIn(words, page)
        # The ways to work on the queue elsewhere, and what it adds up to, are one click away.
        for link, words in (
            ("/admin/translations/po/export/", "Esporta come file PO"),
            ("/admin/translations/po/import/", "Importa un file PO"),
            ("/it/translations/coverage/", "Copertura italiana"),
        ):
            self.assertIn(f'<a href="{link}">{words}</a>', page)
        self.assertEqual(self.client.get("/admin/translations/po/export/").status_code, 200)
        page = self.client.get(queue_url("?translation=out_of_date")).content.decode()
        self.assertIn("<h1>Testi inglesi delle note</h1>", page)
        self.assertIn("Approvata <strong>(non aggiornata)</strong>", page)

    def test_the_translation_filter_shows_each_state(self):
        self.assertEqual(self.listed("?translation=proposed"), [self.proposed.key])
        self.assertEqual(self.listed("?translation=sent_back"), [self.sent_back.key])
        self.assertEqual(
            set(self.listed("?translation=approved")), {self.approved.key, self.gone.key}
        )
        self.assertEqual(self.listed("?translation=out_of_date"), [self.gone.key])
        everything = set(RulingText.objects.values_list("key", flat=True))
        self.assertEqual(self.listed("?translation=all"), first_page(everything))

    def test_the_set_filter_keeps_the_texts_of_the_sets_cards(self):
        cards = set(Printing.objects.filter(card_set__code="FUT").values_list("card_id", flat=True))
        expected = first_page(keys_of_cards(cards))
        listed = self.listed("?translation=all&set=FUT")
        self.assertEqual(listed, expected)
        self.assertNotEqual(listed, self.listed("?translation=all"))
        self.assertEqual(self.listed("?set=NOSUCHSET"), [])

    def test_the_keyword_filter_keeps_the_texts_of_cards_with_it_and_of_the_keyword(self):
        morph = Keyword.objects.get(slug="morph")
        keys = keys_of_cards(set(morph.cards.values_list("pk", flat=True)))
        keys |= set(morph.rulings.values_list("memory_key", flat=True))
        listed = self.listed("?translation=all&keyword=morph")
        self.assertEqual(listed, first_page(keys))
        self.assertNotIn(self.approved.key, listed)  # suspend's
        self.assertIn(self.approved.key, self.listed("?translation=all&keyword=suspend"))

    def test_the_format_filter_keeps_the_texts_of_cards_legal_there(self):
        cards = {
            card.pk
            for card in Card.objects.only("legalities")
            if card.legalities.get("modern") in ("Legal", "Restricted")
        }
        listed = self.listed("?translation=all&format=modern")
        self.assertEqual(listed, first_page(keys_of_cards(cards)))
        self.assertNotEqual(listed, self.listed("?translation=all&format=standard"))
        self.assertEqual(self.listed("?format=no-such-format"), [])

    def test_the_search_looks_in_the_english(self):
        listed = self.listed("?translation=all&q=Giant+Spider")
        self.assertIn(text_starting(SPIDER_BLOCKS).key, listed)
        for key in listed:
            self.assertIn("Giant Spider", RulingText.objects.get(key=key).english)
        self.assertEqual(self.listed("?translation=all&q=nowhere-in-any-ruling"), [])

    def test_the_queue_makes_the_same_queries_whatever_its_filters(self):
        # The session and its user, the user's permissions and their groups' (for the filters
        # and the rows), the sets and keywords the filters offer, the rows' count and the rows
        # with their translations.
        for query in ("", "?set=FUT", "?keyword=morph&format=modern", "?translation=all&p=2"):
            with self.subTest(query), self.assertNumQueries(8):
                self.assertEqual(self.client.get(queue_url(query)).status_code, 200)


class TranslationPageTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.translator = translator("traduttore", "add", "change", "view")
        cls.spider = text_starting(SPIDER_BLOCKS)
        cls.counter = text_starting(COUNTER_TEXT)
        RulingTranslation.objects.create(
            text=text_starting(SPIDER_CANT_BLOCK),
            italian=SPIDER_ITALIAN,
            status=Status.APPROVED,
            approved_at=timezone.now(),
        )

    def setUp(self):
        self.client.force_login(self.translator)
        self.client.cookies["django_language"] = "it"

    def page(self, text: RulingText) -> str:
        response = self.client.get(change_url(text))
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def section(self, page: str, css_class: str) -> str:
        start = page.index(f'<section class="{css_class}"')
        return page[start : page.index("</section>", start)]

    def propose(self, text: RulingText, italian: str):
        return self.client.post(change_url(text), {"italian": italian})

    def test_the_page_shows_the_english_with_the_placeholder_marked(self):
        english = self.section(self.page(self.counter), "translation-english")
        self.assertIn('<mark class="placeholder">{this}</mark>&#x27;s triggered ability', english)
        self.assertIn("2 note di carte hanno questo testo", english)

    def test_the_page_lists_the_cards_it_serves_linked_by_their_italian_names(self):
        cards = Card.objects.filter(rulings__memory_key=self.spider.key).distinct()
        served = self.section(self.page(self.spider), "translation-cards")
        self.assertIn(f"Le carte a cui serve ({cards.count()})", served)
        for card in cards.prefetch_related("faces"):
            self.assertIn(f'<a href="/it/cards/{card.slug}/">{card.italian_name}</a>', served)

    def test_a_text_on_many_cards_shows_the_first_twenty(self):
        text = text_starting(SUSPEND_TARGETS)
        served = self.section(self.page(text), "translation-cards")
        self.assertIn(f"Le carte a cui serve ({text.card_rulings})", served)
        self.assertEqual(served.count('<a href="/it/cards/'), 20)
        self.assertIn("Le prime 20 per nome.", served)

    def test_the_glossary_gives_the_italian_names_of_what_the_text_mentions(self):
        glossary = self.section(self.page(self.spider), "translation-glossary")
        rows = re.findall(r'<td lang="en">([^<]+)</td><td lang="it">([^<]+)</td>', glossary)
        self.assertEqual(
            rows,
            [
                ("Creature", "Creatura"),
                ("Reach", "Raggiungere"),
                ("Giant Spider", "Ragno Gigante"),
                ("Flying", "Volare"),
            ],
        )

    def test_the_closest_translated_texts_show_their_italian_and_the_changed_words(self):
        similar = self.section(self.page(self.spider), "translation-similar")
        self.assertIn(SPIDER_ITALIAN.replace("'", "&#x27;"), similar)
        self.assertRegex(similar, r"\d\d% simile")
        self.assertIn("<ins>can block this because they </ins>", similar)
        self.assertIn("<del>, so they can&#x27;t block this</del>", similar)
        none_close = self.section(self.page(self.counter), "translation-similar")
        self.assertIn("Nessun testo tradotto è vicino a questo.", none_close)

    def test_a_proposal_is_saved_as_proposed_with_its_translator(self):
        response = self.propose(self.counter, COUNTER_ITALIAN)
        self.assertRedirects(response, change_url(self.counter), fetch_redirect_response=False)
        translation = RulingTranslation.objects.get(text=self.counter)
        self.assertEqual(translation.status, Status.PROPOSED)
        self.assertEqual(translation.italian, COUNTER_ITALIAN)
        self.assertEqual(translation.translator, self.translator)
        self.assertEqual(translation.history.get().history_user, self.translator)
        page = self.client.get(change_url(self.counter)).content.decode()
        self.assertIn("La traduzione è stata proposta", page)
        self.assertIn("<strong>Proposta</strong>", page)
        self.assertIn(queue_url("?translation=proposed").split("?")[0], page)

    def test_a_proposal_without_the_placeholder_or_the_numbers_is_refused_with_the_reason(self):
        bad = "L'abilità innescata di questa creatura gli dà un segnalino per turno."
        response = self.propose(self.counter, bad)
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        self.assertIn("L’italiano non è stato salvato", page)
        self.assertIn(
            "Il nome della carta ({this}): l’inglese ha {this}, l’italiano nessuno.", page
        )
        self.assertIn("Numeri: l’inglese ha 1, 1, l’italiano nessuno.", page)
        self.assertIn(bad.replace("'", "&#x27;"), page)  # kept in the form to correct
        self.assertFalse(RulingTranslation.objects.filter(text=self.counter).exists())

    def test_an_approved_translation_stays_approved_unless_its_italian_changes(self):
        translation = RulingTranslation.objects.get(text__english__startswith=SPIDER_CANT_BLOCK)
        text = translation.text
        page = self.page(text)
        self.assertIn("Proporre un italiano diverso la rimanda alla revisione", page)
        if admin.site.is_registered(RulingTranslation):  # the reviewers' page, once merged
            review = reverse("admin:rulings_rulingtranslation_change", args=[translation.pk])
            self.assertIn(f'<a href="{review}">', page)
        self.propose(text, SPIDER_ITALIAN + "  ")
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.APPROVED)
        self.propose(text, SPIDER_ITALIAN.replace("davvero", "in realtà"))
        translation.refresh_from_db()
        self.assertEqual(translation.status, Status.PROPOSED)
        self.assertIsNone(translation.approved_at)
        self.assertEqual(translation.translator, self.translator)

    def test_a_user_who_may_not_propose_is_refused(self):
        reader = translator("lettore", "view")
        reader.user_permissions.add(Permission.objects.get(codename="view_rulingtext"))
        self.client.force_login(reader)
        page = self.page(self.counter)
        self.assertNotIn("<textarea", page)
        self.assertIn("Solo i traduttori possono proporre", page)
        self.assertEqual(self.propose(self.counter, COUNTER_ITALIAN).status_code, 403)
        self.client.force_login(translator("solo-nuove", "add"))
        approved = RulingTranslation.objects.get(text__english__startswith=SPIDER_CANT_BLOCK)
        self.assertNotIn("<textarea", self.page(approved.text))
        self.assertEqual(self.propose(approved.text, "Altro.").status_code, 403)
        approved.refresh_from_db()
        self.assertEqual((approved.status, approved.italian), (Status.APPROVED, SPIDER_ITALIAN))
        self.client.force_login(User.objects.create_user("nessuno", is_staff=True))
        self.assertEqual(self.client.get(queue_url()).status_code, 403)
        self.assertEqual(self.client.get(change_url(self.counter)).status_code, 403)
        self.assertEqual(self.propose(self.counter, COUNTER_ITALIAN).status_code, 403)
        self.assertFalse(RulingTranslation.objects.filter(text=self.counter).exists())


class DocumentsItalianTests(BundledDocumentsTestCase):
    """A text's page quotes what the seed documents said in Italian about its cards and their
    keywords: the words an Italian document used, for the translator."""

    @classmethod
    def setUpTestData(cls):
        cls.translator = translator("traduttrice", "add", "change", "view")

    def setUp(self):
        self.client.force_login(self.translator)
        self.client.cookies["django_language"] = "it"

    def documents_section(self, text: RulingText) -> str:
        page = self.client.get(change_url(text)).content.decode()
        start = page.index('<section class="translation-documents"')
        return page[start : page.index("</section>", start)]

    def test_the_cards_own_italian_ruling_is_quoted_with_its_document(self):
        prophet = Card.objects.get(name="Ancestor's Prophet")
        english = prophet.rulings.get(language="en", text__startswith="Since the ability does")
        quoted = self.documents_section(RulingText.objects.get(key=english.memory_key))
        self.assertIn("Nessuna di queste abilità comprende il simbolo TAP", quoted)
        self.assertIn("Ancestor&#x27;s Prophet · ", quoted)

    def test_the_keywords_italian_rulings_are_quoted_for_a_text_its_cards_share(self):
        quoted = self.documents_section(text_starting(SUSPEND_TARGETS))
        self.assertIn("Cosa dicono di queste carte i documenti italiani", quoted)
        self.assertIn("sospendere", quoted)
        self.assertLessEqual(quoted.count('<li><p class="similar-italian" lang="it">'), 5)

    def test_a_text_no_document_speaks_of_says_so(self):
        quoted = self.documents_section(text_starting(COUNTER_TEXT))
        self.assertIn("Nessun documento italiano parla di queste carte", quoted)
