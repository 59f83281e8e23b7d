"""The translation memory seeded from the Italian rulings of the bundled documents: what
``align_seed_translations`` aligns with the same cards' English rulings, what it leaves and why,
and how many card rulings the approved translations then cover."""

from datetime import date
from io import StringIO

from django.core.management import call_command

from oracle.models import Card
from rulings.models import Ruling, RulingTranslation, SourceDocument
from web.testing import BundledDocumentsTestCase

MENTOR_ITALIAN = (
    "A differenza della carta Llanowar Elves, la pedina non ha costo di mana. "
    "Il suo valore di mana è 0."
)


def align() -> str:
    out = StringIO()
    call_command("align_seed_translations", stdout=out)
    return out.getvalue()


class SeedAlignmentTests(BundledDocumentsTestCase):
    def test_the_bundled_seed_rulings_are_reported_aligned_or_left_with_the_reason(self):
        report = align()
        # The seed documents' Italian card rulings are not those of the same release's English
        # rulings (other dates, or not as many): none is aligned with confidence.
        self.assertIn("Aligned: 0 new, 0 already in the memory.", report)
        self.assertIn(
            "Left: 21 (no English ruling of the card from the same document or release)", report
        )
        self.assertIn("Left: 7 (not as many English rulings of the same release)", report)
        # Tarox Bladewing's: the English names the card, the Italian does not.
        self.assertIn("Left: 1 (the card's name differs)", report)
        self.assertIn("covered by approved translations: 0 of 2431.", report)
        self.assertFalse(RulingTranslation.objects.exists())

    def add_italian(self, card, text, day):
        return Ruling.objects.create(
            card=card,
            date=day,
            language="it",
            text=text,
            source_document=SourceDocument.objects.get(title__startswith="Compendio"),
            origin=Ruling.Origin.IMPORTED,
        )

    def test_a_ruling_of_the_same_release_is_aligned_once_and_shown(self):
        mentor = Card.objects.get(name="Llanowar Mentor")
        self.add_italian(mentor, MENTOR_ITALIAN, date(2021, 3, 22))
        self.assertIn("Aligned: 1 new, 0 already in the memory.", report := align())
        self.assertIn("covered by approved translations: 1 of 2431.", report)
        translation = RulingTranslation.objects.get()
        self.assertEqual(translation.status, RulingTranslation.Status.APPROVED)
        self.assertEqual(translation.origin, RulingTranslation.Origin.SEED_ALIGNMENT)
        self.assertTrue(translation.text.english.startswith("Unlike the card Llanowar Elves"))
        self.assertEqual(translation.history.count(), 1)
        # A second run changes nothing.
        self.assertIn("Aligned: 0 new, 1 already in the memory.", align())
        self.assertEqual(translation.history.count(), 1)
        page = self.client.get(f"/it/cards/{mentor.slug}/").content.decode()
        self.assertIn("la pedina non ha costo di mana", page)
        self.assertIn("tradotta dalla redazione", page)

    def test_a_ruling_whose_numbers_differ_is_left(self):
        mentor = Card.objects.get(name="Llanowar Mentor")
        self.add_italian(mentor, MENTOR_ITALIAN.replace("è 0", "è 1"), date(2021, 3, 19))
        self.assertIn("Left: 1 (numbers differ)", align())
        self.assertFalse(RulingTranslation.objects.exists())

    def test_the_card_name_must_stand_in_both(self):
        blade = Card.objects.get(name="Arc Blade")
        for _ruling in range(2):
            self.add_italian(blade, "Nessun nome qui.", date(2021, 3, 19))
        # Both English rulings name Arc Blade (Tarox Bladewing's seed ruling is the third).
        self.assertIn("Left: 3 (the card's name differs)", align())
        self.assertFalse(RulingTranslation.objects.exists())
