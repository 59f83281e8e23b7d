"""A card page's parts (web.pages.card.parts, templates/jinja2/cards/) are rendered from the
card's data on every request: a card changed by any path, an import's bulk write or an
editor's save, shows right at once."""

from django.contrib.auth.models import User
from django.urls import reverse

from oracle.models import Card, CardFace, CardSet, Erratum, Keyword, Printing
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
        # The card, its faces, keywords, printings, their printed faces and errata.
        for name in ["Tarox Bladewing", "Delver of Secrets // Insectile Aberration", "Plains"]:
            with self.subTest(name=name):
                slug = Card.objects.get(name=name).slug
                with self.assertNumQueries(6):
                    card = card_for_page(slug)
                with self.assertNumQueries(0):
                    printings = list(card.printings.all())
                    faces = list(card.faces.all())
                    errata = list(card.errata.all())
                    keywords = list(card.keywords.all())
                    printed = [printing.printed_faces for printing in printings]
                self.assertEqual(faces, list(CardFace.objects.filter(card=card)))
                self.assertEqual(errata, list(Erratum.objects.filter(card=card)))
                self.assertEqual(keywords, list(Keyword.objects.filter(cards=card)))
                self.assertEqual(printings, newest_first(Printing.objects.filter(card=card)))
                for printing, faces in zip(printings, printed, strict=True):
                    self.assertEqual(faces, list(printing.faces.order_by("position")))
        # Asked for afresh, a relation still asks about its own printing alone.
        self.assertEqual(
            list(printings[0].faces.values_list("pk", flat=True)),
            [face.pk for face in printed[0]],
        )

    def test_no_card_has_this_address(self):
        with self.assertNumQueries(1):
            self.assertIsNone(card_for_page("no-such-card"))


def newest_first(printings) -> list[Printing]:
    """Newest set first, then by set code and collector number."""
    printings = sorted(printings.select_related("card_set"), key=lambda p: p.pk)
    printings.sort(key=lambda p: (p.card_set.code, p.sort_number))
    return sorted(printings, key=lambda p: p.card_set.release_date, reverse=True)
