"""A card page's parts (web.pages.card.parts, templates/jinja2/cards/) are rendered from the
card's data on every request: a card changed by any path, an import's bulk write or an
editor's save, shows right at once."""

from django.contrib.auth.models import User
from django.urls import reverse

from common.sql_rows import sends_together
from oracle.models import Card, CardFace, CardSet, Erratum
from web.pages.card.detail import card_for_page
from web.testing import BundledDataTestCase


class CardPartsTests(BundledDataTestCase):
    def setUp(self):
        self.card = Card.objects.get(name="Tarox Bladewing")
        self.path = reverse("cards:card-detail", args=[self.card.slug])[3:]  # after /it

    def page(self, language: str) -> str:
        response = self.client.get(f"/{language}{self.path}")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def test_a_change_that_sends_no_signal_shows_at_once(self):
        # As a bulk write or SQL would.
        CardFace.objects.filter(card=self.card).update(oracle_text="Flying\nNew words here.")
        for language in ("it", "en"):
            page = self.page(language)
            self.assertIn("New words here.", page)
            self.assertIn('id="legal-heading"', page)
        self.assertIn(">Legalità<", self.page("it"))
        self.assertIn(">Legality<", self.page("en"))

    def test_an_erratum_saved_or_deleted_in_the_admin_shows_at_once(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        response = self.client.post(
            reverse("admin:oracle_erratum_add"),
            {
                "card": self.card.pk,
                "date": "2009-07-01",
                "field": "text",
                "old_text": "Flying",
                "new_text": "Flying, an erratum's new words",
                "source": "Editors' notes",
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        erratum = Erratum.objects.get(card=self.card)
        for language in ("it", "en"):
            page = self.page(language)
            self.assertIn(f'id="erratum-{erratum.pk}"', page)
            self.assertIn("an erratum&#x27;s new words", page)
            history = page.split('id="wording-history"', 1)[1]
            self.assertIn("Editors&#x27; notes", history)  # the wording history names it too
        response = self.client.post(
            reverse("admin:oracle_erratum_delete", args=[erratum.pk]), {"post": "yes"}
        )
        self.assertEqual(response.status_code, 302)
        for language in ("it", "en"):
            self.assertNotIn(f'id="erratum-{erratum.pk}"', self.page(language))

    def test_a_set_renamed_in_the_admin_shows_at_once(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        card_set = self.card.printings.first().card_set
        response = self.client.post(
            reverse("admin:oracle_cardset_change", args=[card_set.pk]),
            {"name_it": "Un nome nuovo"},
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        self.assertEqual(CardSet.objects.get(pk=card_set.pk).name_it, "Un nome nuovo")
        self.assertIn("Un nome nuovo", self.page("it"))


class CardReadTests(BundledDataTestCase):
    def test_a_cards_parts_answer_from_memory(self):
        # Five queries, sent as one where the database takes them together.
        queries = 1 if sends_together() else 5
        for name in ["Tarox Bladewing", "Delver of Secrets // Insectile Aberration"]:
            with self.subTest(name=name):
                expected = Card.objects.for_detail().get(name=name)
                with self.assertNumQueries(queries):
                    card = card_for_page(expected.slug).card
                with self.assertNumQueries(0):
                    printings = list(card.printings.all())
                    self.assertEqual(printings, list(expected.printings.all()))
                    self.assertEqual(list(card.faces.all()), list(expected.faces.all()))
                    self.assertEqual(list(card.errata.all()), list(expected.errata.all()))
                    self.assertEqual(list(card.keywords.all()), list(expected.keywords.all()))
                    for printing, wanted in zip(printings, expected.printings.all(), strict=True):
                        self.assertEqual(list(printing.faces.all()), list(wanted.faces.all()))
                        self.assertIs(printing.faces.all(), printing.faces.all())
        # Asked for afresh, a relation still asks about its own printing alone.
        self.assertEqual(
            list(printings[0].faces.values_list("pk", flat=True)),
            [face.pk for face in expected.printings.all()[0].faces.all()],
        )

    def test_no_card_has_this_address(self):
        with self.assertNumQueries(1 if sends_together() else 5):
            self.assertIsNone(card_for_page("no-such-card").card)
