"""The home page's newest sets are sets a player opens, whose cards the data holds: the bundled
sample's five sets, not the sets it holds a card or two of, nor promos or tokens."""

import re

from oracle.models import CardSet
from web.testing import BundledDataTestCase

SAMPLE_SETS = ["Visione Futura", "Caos Dimensionale", "Spirale Temporale: carte cronotraslate",
               "Spirale Temporale", "Assalto"]  # fmt: skip


class HomeSetTests(BundledDataTestCase):
    def newest_sets(self, language: str = "it") -> list[str]:
        response = self.client.get(f"/{language}/")
        self.assertEqual(response.status_code, 200)
        section = response.content.decode().split('id="sets-heading"')[1].split("</section>")[0]
        return re.findall(r"<span>([^<]+)</span>", section)

    def test_the_sample_lists_its_five_sets_newest_first(self):
        self.assertEqual(self.newest_sets(), SAMPLE_SETS)
        self.assertIn("Future Sight", self.newest_sets("en"))
        # Sets the sample holds a card or two of (Innistrad: Midnight Hunt, Dominaria) are not
        # listed, though newer, yet the sets' count and list still hold them.
        self.assertGreater(CardSet.objects.filter(release_date__gt="2007-05-04").count(), 10)
        self.assertContains(self.client.get("/it/sets/"), "Dominaria")

    def test_a_set_with_less_than_half_its_cards_is_left_out(self):
        # Future Sight as if it were being previewed: 180 cards in the data of 400.
        CardSet.objects.filter(code="FUT").update(base_size=400)
        self.assertEqual(self.newest_sets(), SAMPLE_SETS[1:])
        CardSet.objects.filter(code="FUT").update(base_size=360)
        self.assertEqual(self.newest_sets(), SAMPLE_SETS)

    def test_promos_and_tokens_are_left_out(self):
        CardSet.objects.filter(code="PLC").update(set_type="promo")
        CardSet.objects.filter(code="TSB").update(set_type="token")
        self.assertEqual(self.newest_sets(), ["Visione Futura", "Spirale Temporale", "Assalto"])
