"""The rule links of a card's texts on its page (the ``rules_text`` filter with ``rule_links``): the
Oracle text's open today's rules, a printed text's the rules in force when it was printed."""

from oracle.models import Card, CardFace, PrintingFace
from web.testing import BundledDataTestCase


class CardTextRuleLinksTests(BundledDataTestCase):
    def test_printed_texts_link_to_the_rules_in_force_when_printed(self):
        card = Card.objects.get(name="Tarox Bladewing")
        printed = PrintingFace.objects.filter(printing__card=card).exclude(text_it="").get()
        self.assertEqual(printed.printing.card_set.release_date.isoformat(), "2007-05-04")
        CardFace.objects.filter(card=card).update(oracle_text="Follow rule 702.9.")
        PrintingFace.objects.filter(pk=printed.pk).update(text_it="Segui la regola 702.9.")
        for language in ("it", "en"):
            page = self.client.get(f"/{language}/cards/{card.slug}/").content.decode()
            self.assertIn(
                f'rule <a class="rule-ref" href="/{language}/rules/702.9/">702.9</a>.', page
            )
            self.assertIn(
                f'regola <a class="rule-ref" href="/{language}/rules/702.9/?edition=2007-05-01">'
                "702.9</a>.",
                page,
            )
