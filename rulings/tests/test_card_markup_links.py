"""The rule links of a card's texts stored with its page's parts (web.pages.card.markup): each
text is kept with the key of the rules its links open (web.pages.card.rulings.rule_links_key), and
stored again when an official rules import changes it."""

from django.utils import translation

from oracle.models import Card, CardMarkup, PrintingFace
from web.pages.card.detail import card_by_pk
from web.pages.card.markup import stored_parts
from web.testing import BundledDataTestCase


class StoredRuleLinksTests(BundledDataTestCase):
    def test_printed_texts_are_stored_linked_to_the_rules_in_force_when_printed(self):
        # The bundled cards are imported before the rules: their texts were first stored
        # without rules to link to, and the rules imports stored them again.
        card = Card.objects.get(name="Tarox Bladewing")
        printed = PrintingFace.objects.filter(printing__card=card).exclude(text_it="").get()
        self.assertEqual(printed.printing.card_set.release_date.isoformat(), "2007-05-04")
        face = card.faces.get()
        for language in ("it", "en"):
            with translation.override(language):
                parts = stored_parts(card_by_pk(card.pk, language))
            self.assertIsNotNone(parts)
            self.assertEqual(parts["printed"][str(printed.pk)][0], "rulings:2007-05-01")
            self.assertEqual(parts["oracle"][str(face.pk)][0], "rulings:today")

    def test_a_printed_text_stored_for_other_rules_is_rendered_live(self):
        card = Card.objects.get(name="Tarox Bladewing")
        printed = PrintingFace.objects.filter(printing__card=card).exclude(text_it="").get()
        markup = CardMarkup.objects.get(card=card, language="it")
        key, _text = markup.parts["printed"][str(printed.pk)]
        markup.parts["printed"][str(printed.pk)] = [key, "<p>stored-printed-text</p>"]
        markup.save()
        self.assertContains(self.client.get(f"/it/cards/{card.slug}/"), "stored-printed-text")
        markup.parts["printed"][str(printed.pk)] = ["rulings:today", "<p>stored-printed-text</p>"]
        markup.save()
        page = self.client.get(f"/it/cards/{card.slug}/").content.decode()
        self.assertNotIn("stored-printed-text", page)
        self.assertIn(printed.text_it.splitlines()[0][:20], page)
