"""The translation memory seeded from the Italian rulings of the bundled documents: what
``align_seed_translations`` aligns with the English ruling texts by their content, what it
leaves and why, and how many card rulings the approved translations then cover."""

from datetime import date
from io import StringIO

from django.core.management import call_command

from oracle.models import Card, Keyword
from rulings.models import Ruling, RulingTranslation, SourceDocument
from web.testing import BundledDocumentsTestCase

# The morph FAQ's Italian ruling of Ancestor's Prophet, and the English text it translates,
# shared by eleven card rulings.
PROPHET_ITALIAN = "Nessuna di queste abilità comprende il simbolo"
PROPHET_ENGLISH = "Since the ability does not have the {T} symbol"
# The English text of 51 suspend cards' rulings, and Italian for it.
X_ENGLISH = "If the card has {X} in its mana cost, you must choose 0 as the value of X"
X_ITALIAN = (
    "Se la carta ha {X} nel suo costo di mana, devi scegliere 0 come valore di X quando la "
    "lanci senza pagare il suo costo di mana."
)
X_ITALIAN_AGAIN = (
    "Se nel costo di mana della carta c'è {X}, X deve essere 0 quando la lanci senza pagarne "
    "il costo di mana."
)
INTERCEPTOR_ITALIAN = (
    "La terza abilità normalmente permette all'Intercettatore di Foriys di bloccare 2 creature. "
    "Se un altro effetto gli permette di bloccare una creatura aggiuntiva, gli effetti sono "
    "cumulativi."
)
DIFFERS = "(placeholders, numbers or mana symbols differ)"
WEAK = "(no confident match: what differs outweighs what is in common)"


def align() -> str:
    out = StringIO()
    call_command("align_seed_translations", stdout=out)
    return out.getvalue()


def add_italian(text, card=None, keyword=None):
    return Ruling.objects.create(
        card=card,
        keyword=keyword,
        date=date(2007, 5, 4),
        language="it",
        text=text,
        source_document=SourceDocument.objects.get(title__startswith="Compendio"),
        origin=Ruling.Origin.IMPORTED,
    )


def english_rulings(starts):
    return Ruling.objects.filter(language="en", card__isnull=False, text__startswith=starts)


class SeedAlignmentTests(BundledDocumentsTestCase):
    def item(self, ruling, language="it"):
        """The item (<li>…</li>) of ``ruling`` on its card's page."""
        response = self.client.get(f"/{language}/cards/{ruling.card.slug}/")
        self.assertEqual(response.status_code, 200)
        page = response.content.decode()
        start = page.index(f'<li id="ruling-{ruling.pk}"')
        end = page.find('<li id="ruling-', start + 1)
        return page[start : end if end > 0 else None]

    def test_the_seed_rulings_are_aligned_by_content_or_left_with_the_reason(self):
        report = align()
        self.assertIn("Aligned: 1 new, 0 already in the memory.", report)
        self.assertIn("Left: 16 (the Italian ruling is outdated: it tells the old rules)", report)
        self.assertIn("Left: 24 (no English ruling of the same card, keyword or card type)", report)
        self.assertIn(
            "Left: 47 (no confident match: no number, symbol or card name in common)", report
        )
        self.assertIn(f"Left: 2 {WEAK}", report)
        self.assertIn("covered by approved translations: 11 of 2431.", report)
        translation = RulingTranslation.objects.get()
        self.assertEqual(translation.status, RulingTranslation.Status.APPROVED)
        self.assertEqual(translation.origin, RulingTranslation.Origin.SEED_ALIGNMENT)
        self.assertTrue(translation.text.english.startswith(PROPHET_ENGLISH))
        # The old documents' "TAP" is the symbol the English has.
        self.assertTrue(translation.italian.startswith(f"{PROPHET_ITALIAN} {{T}}, quindi"))
        prophet, grifter = english_rulings(PROPHET_ENGLISH).filter(
            card__name__in=["Ancestor's Prophet", "Aphetto Grifter"]
        )
        for ruling in (prophet, grifter):
            item = self.item(ruling)
            self.assertIn('lang="it"', item)
            self.assertIn(PROPHET_ITALIAN, item)
            self.assertIn("tradotta dalla redazione", item)
        self.assertNotIn(PROPHET_ITALIAN, self.client.get("/en/cards/aphetto-grifter/").text)

    def test_a_keyword_ruling_is_aligned_with_the_text_its_cards_share(self):
        add_italian(X_ITALIAN, keyword=Keyword.objects.get(name="Suspend"))
        self.assertIn("Aligned: 2 new, 0 already in the memory.", report := align())
        self.assertIn("covered by approved translations: 62 of 2431.", report)
        translation = RulingTranslation.objects.get(text__english__startswith=X_ENGLISH)
        self.assertEqual(translation.italian, X_ITALIAN)
        first, second = english_rulings(X_ENGLISH).order_by("card__name")[:2]
        self.assertNotEqual(first.card, second.card)
        for ruling in (first, second):
            self.assertIn("devi scegliere 0 come valore di X", self.item(ruling))

    def test_numbers_that_differ_are_refused(self):
        suspend = Keyword.objects.get(name="Suspend")
        add_italian(X_ITALIAN.replace("scegliere 0", "scegliere 1"), keyword=suspend)
        # "two" in the English, 2 in the Italian: the anchors agree, the check does not.
        interceptor = Card.objects.get(name="Foriysian Interceptor")
        add_italian(INTERCEPTOR_ITALIAN, card=interceptor)
        report = align()
        self.assertIn(f"Left: 3 {WEAK}", report)
        self.assertIn(f"Left: 1 {DIFFERS}", report)
        self.assertIn("Aligned: 1 new, 0 already in the memory.", report)
        self.assertEqual(RulingTranslation.objects.count(), 1)

    def test_two_italian_rulings_fitting_one_english_text_are_both_left(self):
        first, second = english_rulings(X_ENGLISH).order_by("card__name")[:2]
        add_italian(X_ITALIAN, card=first.card)
        add_italian(X_ITALIAN_AGAIN, card=second.card)
        report = align()
        self.assertIn(
            "Left: 2 (not mutual: the English text fits another Italian ruling as well or better)",
            report,
        )
        self.assertFalse(RulingTranslation.objects.filter(text_id=first.memory_key).exists())

    def test_an_italian_ruling_fitting_two_english_texts_is_left(self):
        blade = Card.objects.get(name="Arc Blade")
        Ruling.objects.create(
            card=blade,
            date=date(2021, 6, 18),
            text="If the card has {X} in its mana cost, X is 0 when you cast it without paying "
            "its mana cost.",
            origin=Ruling.Origin.IMPORTED,
        )
        add_italian(X_ITALIAN, card=blade)
        report = align()
        self.assertIn("Left: 1 (ambiguous: another English text fits about as well)", report)
        self.assertFalse(RulingTranslation.objects.filter(italian=X_ITALIAN).exists())

    def test_a_second_run_changes_nothing(self):
        align()
        translation = RulingTranslation.objects.get()
        self.assertIn("Aligned: 0 new, 1 already in the memory.", report := align())
        self.assertIn("covered by approved translations: 11 of 2431.", report)
        self.assertEqual(RulingTranslation.objects.get(), translation)
        self.assertEqual(translation.history.count(), 1)

    def test_an_editors_translation_is_kept(self):
        key = english_rulings(PROPHET_ENGLISH).first().memory_key
        mine = RulingTranslation.objects.create(
            text_id=key, italian="La mia traduzione.", origin=RulingTranslation.Origin.EDITOR
        )
        report = align()
        self.assertIn("Aligned: 0 new, 0 already in the memory.", report)
        self.assertIn("Left: 1 (the English text has another translation already, kept)", report)
        self.assertIn("covered by approved translations: 0 of 2431.", report)
        mine.refresh_from_db()
        self.assertEqual(mine.italian, "La mia traduzione.")
        self.assertEqual(mine.status, RulingTranslation.Status.PROPOSED)
        self.assertEqual(mine.history.count(), 1)
