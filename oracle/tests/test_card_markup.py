"""A card page's parts are stored rendered (web.pages.card.markup): made by the card import, when
an editor saves an erratum or a set, by the command on a database without them; a page shows
what is stored while it holds and renders the parts itself otherwise."""

import json
from io import StringIO

from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.urls import reverse
from django.utils import translation

from common.sql_rows import sends_together
from oracle.models import Card, CardFace, CardMarkup, CardSet, Erratum
from web.pages.card.detail import card_by_pk
from web.pages.card.markup import stored_parts
from web.testing import BundledDataTestCase

STORED_MARK = "<p>stored-parts-mark</p>"


class CardMarkupTests(BundledDataTestCase):
    def setUp(self):
        self.card = Card.objects.get(name="Tarox Bladewing")
        self.path = reverse("oracle:card-detail", args=[self.card.slug])[3:]  # after /it

    def page(self, language: str) -> str:
        response = self.client.get(f"/{language}{self.path}")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def stored(self, language: str, card: Card | None = None) -> dict | None:
        """The parts stored for the card in ``language`` while they hold, else None."""
        with translation.override(language):
            return stored_parts(card_by_pk((card or self.card).pk, language))

    def mark_stored_legality(self, language: str) -> None:
        """Write a mark into the stored parts, leaving their digest: a page that shows the mark
        used the store."""
        markup = CardMarkup.objects.get(card=self.card, language=language)
        markup.parts = {**markup.parts, "legality": STORED_MARK}
        markup.save()

    def test_the_import_stores_every_cards_parts_in_each_language(self):
        cards = Card.objects.count()
        self.assertEqual(CardMarkup.objects.filter(language="it").count(), cards)
        self.assertEqual(CardMarkup.objects.filter(language="en").count(), cards)
        for language in ("it", "en"):
            parts = self.stored(language)
            self.assertIsNotNone(parts)
            self.assertIn('id="legal-heading"', parts["legality"])
            self.assertEqual(len(parts["printings"]), self.card.printings.count())
        self.assertIn(">Legalità<", self.stored("it")["legality"])
        self.assertIn(">Legality<", self.stored("en")["legality"])

    def test_the_parts_are_kept_as_json_text_with_italian_written_as_it_is(self):
        # Text on every database (PostgreSQL's jsonb would write half a megabyte out again on
        # each read of a basic land's page), its accents not escaped.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT parts FROM oracle_cardmarkup WHERE card_id = %s AND language = %s",
                [self.card.pk, "it"],
            )
            (raw,) = cursor.fetchone()
        self.assertIsInstance(raw, str)
        self.assertIn(">Legalità<", raw)
        parts = CardMarkup.objects.get(card=self.card, language="it").parts
        self.assertEqual(parts, json.loads(raw))
        self.assertIn(">Legalità<", parts["legality"])

    def test_a_page_from_the_store_is_the_page_rendered_live(self):
        stored = {language: self.page(language) for language in ("it", "en")}
        CardMarkup.objects.all().delete()
        for language in ("it", "en"):
            self.assertEqual(self.page(language), stored[language])

    def test_a_page_uses_the_store_while_it_holds_and_renders_live_when_stale(self):
        for language in ("it", "en"):
            self.mark_stored_legality(language)
            self.assertIn(STORED_MARK, self.page(language))
        # A change that sends no signal (as a bulk write or SQL would): the store no longer
        # holds, and the page shows the new text at once.
        CardFace.objects.filter(card=self.card).update(oracle_text="Flying\nNew words here.")
        for language in ("it", "en"):
            page = self.page(language)
            self.assertNotIn(STORED_MARK, page)
            self.assertIn("New words here.", page)
            self.assertIn('id="legal-heading"', page)
            self.assertIsNone(self.stored(language))
        out = StringIO()
        call_command("store_card_markup", stdout=out)
        self.assertIn("2 card pages stored", out.getvalue())
        self.assertIn("New words here.", self.stored("en")["oracle"][str(self.face().pk)][1])

    def face(self) -> CardFace:
        return self.card.faces.get()

    def test_a_text_linked_for_other_rules_renders_live(self):
        markup = CardMarkup.objects.get(card=self.card, language="en")
        parts = markup.parts
        key, _text = parts["oracle"][str(self.face().pk)]
        parts["oracle"][str(self.face().pk)] = [f"{key} other", "<p>stale-links</p>"]
        markup.save()
        self.assertNotIn("stale-links", self.page("en"))
        # The command sees it too, and stores the text again with the right key.
        call_command("store_card_markup", stdout=StringIO())
        self.assertEqual(self.stored("en")["oracle"][str(self.face().pk)][0], key)

    def test_an_erratum_saved_or_deleted_in_the_admin_stores_the_parts_again(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        for language in ("it", "en"):
            self.mark_stored_legality(language)
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
            parts = self.stored(language)
            self.assertIsNotNone(parts)  # stored again, and holding
            self.assertNotIn(STORED_MARK, parts["legality"])
            self.assertIn(f'id="erratum-{erratum.pk}"', parts["errata"])
            self.assertIn("an erratum&#x27;s new words", parts["errata"])
            self.assertIn("Editors&#x27; notes", parts["history"])
            self.assertIn(f'id="erratum-{erratum.pk}"', self.page(language))
        response = self.client.post(
            reverse("admin:oracle_erratum_delete", args=[erratum.pk]), {"post": "yes"}
        )
        self.assertEqual(response.status_code, 302)
        for language in ("it", "en"):
            self.assertNotIn(f'id="erratum-{erratum.pk}"', self.stored(language)["errata"])
            self.assertNotIn(f'id="erratum-{erratum.pk}"', self.page(language))

    def test_a_set_renamed_in_the_admin_stores_its_cards_parts_again(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        card_set = self.card.printings.first().card_set
        response = self.client.post(
            reverse("admin:oracle_cardset_change", args=[card_set.pk]),
            {"name_it": "Un nome nuovo"},
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        self.assertEqual(CardSet.objects.get(pk=card_set.pk).name_it, "Un nome nuovo")
        rows = "".join(self.stored("it")["printings"])
        self.assertIn("Un nome nuovo", rows)
        self.assertNotIn("Un nome nuovo", "".join(self.stored("en")["printings"]))
        self.assertIn("Un nome nuovo", self.page("it"))

    def test_the_command_stores_what_is_missing_or_no_longer_holds(self):
        CardMarkup.objects.all().delete()
        out = StringIO()
        call_command("store_card_markup", stdout=out)
        cards = Card.objects.count()
        self.assertIn(f"{2 * cards} card pages stored", out.getvalue())
        call_command("store_card_markup", stdout=out)
        self.assertIn("0 card pages stored", out.getvalue())
        call_command("store_card_markup", self.card.slug, "--all", stdout=out)
        self.assertIn("2 card pages stored", out.getvalue())
        stored = CardMarkup.objects.get(card=self.card, language="it")
        self.assertEqual(json.loads(json.dumps(stored.parts)), stored.parts)


class CardReadTests(BundledDataTestCase):
    def test_a_cards_parts_answer_from_memory_and_printed_faces_are_made_when_asked_for(self):
        # Five queries, sent as one where the database takes them together.
        queries = 1 if sends_together() else 5
        for name in ["Tarox Bladewing", "Delver of Secrets // Insectile Aberration"]:
            with self.subTest(name=name):
                expected = Card.objects.for_detail().get(name=name)
                with self.assertNumQueries(queries):
                    card = card_by_pk(expected.pk, "it")
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
