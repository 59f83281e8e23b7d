"""An erratum newer than the card data: the card's box shows the erratum's wording and says
where it comes from and when; an older one leaves the data's wording, which already holds it."""

from datetime import date

from django.utils import timezone

from oracle.models import CardDataImport, DataVersion
from oracle.tests.factories import make_card, make_erratum
from oracle.tests.helpers import squeeze
from web.testing import EmptyDatabaseTestCase


class NewerErratumTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        CardDataImport.objects.create(source="AllPrintings.json", data_date=date(2022, 4, 25))
        DataVersion.objects.create(pk=1, number=1, changed_at=timezone.now())  # as an import does
        cls.card = make_card(name="Rift Bear", type_line="Creature — Bear", oracle_text="Trample")
        cls.old = make_erratum(cls.card, "Rift Bear tramples.", "Trample", when=date(2010, 1, 1))

    def box(self, language="en"):
        page = squeeze(self.client.get(f"/{language}/cards/{self.card.slug}/").content.decode())
        return page[page.index('<div class="lang-en"') : page.index('<div class="lang-it"')]

    def test_without_a_newer_erratum_the_box_says_the_data_and_its_date(self):
        box = self.box()
        self.assertIn('<span class="wording-source">· MTGJSON of April 25, 2022</span>', box)
        self.assertIn('<div class="rules-text"><p>Trample</p></div>', box)
        self.assertNotIn("erratum", box)

    def test_a_newer_erratum_governs_the_box_in_both_languages(self):
        newer = make_erratum(
            self.card, "Trample", "Trample, haste", when=date(2026, 12, 1), field="text"
        )
        make_erratum(
            self.card, "Creature — Bear", "Creature — Bear Spirit", when=date(2026, 11, 1),
            field="type_line",
        )  # fmt: skip
        box = self.box()
        self.assertIn('<div class="rules-text"><p>Trample, haste</p></div>', box)
        self.assertIn('<p class="type-line">Creature — Bear Spirit', box)
        self.assertIn(
            f'The wording of the <a href="#erratum-{newer.pk}">erratum of Dec. 1, 2026</a>, '
            "newer than the card data (MTGJSON of April 25, 2022).",
            box,
        )
        self.assertNotIn("· MTGJSON of", box)
        box_it = self.box("it")
        self.assertIn(
            f'Il testo dell’<a href="#erratum-{newer.pk}">errata del 1º dicembre 2026</a>, '
            "più recente dei dati delle carte (MTGJSON del 25 aprile 2022).",
            box_it,
        )
        # The erratum is on the page where the box's link points.
        page = self.client.get(f"/en/cards/{self.card.slug}/").content.decode()
        self.assertIn(f'id="erratum-{newer.pk}"', page)
