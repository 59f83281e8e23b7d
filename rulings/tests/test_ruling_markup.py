"""Each ruling's markup is stored rendered (web.rendering.rulings): its text and its item on a
card page, made when the ruling is saved, when the rules or a mapping change, by the command on
a database without it; a card page shows what is stored while it holds and renders the item
itself otherwise."""

from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from oracle.models import Card
from rulings.models import (
    Language,
    RuleMapping,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.rendering.rulings import holds, item_digest, official_editions, rules_state
from web.testing import BundledDataTestCase

OLD_RULE = "502.26b"  # morph in May 2007: 702.37c today


class RulingMarkupTests(BundledDataTestCase):
    def setUp(self):
        self.card = Card.objects.get(name="Tarox Bladewing")
        self.url = reverse("oracle:card-detail", args=[self.card.slug])
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        response = self.client.post(
            reverse("admin:rulings_ruling_add"),
            {
                "card": self.card.pk,
                "date": "2007-06-01",
                "language": "en",
                "position": 0,
                "text": f"Face down, it follows rule {OLD_RULE}.",
                "source_document": "",
                "status": Ruling.Status.CURRENT,
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        self.ruling = Ruling.objects.get(card=self.card, text__contains=OLD_RULE)

    def assert_stored(self, ruling: Ruling) -> dict:
        """What is stored for ``ruling`` now, checked to hold."""
        ruling = Ruling.objects.select_related("source_document").get(pk=ruling.pk)
        state = rules_state(official_editions())
        self.assertTrue(holds(ruling.rendered, item_digest(ruling), state), ruling.rendered)
        return ruling.rendered

    def page(self, language: str) -> tuple[str, int]:
        """The card's page in ``language`` and its queries."""
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(f"/{language}{self.url[3:]}")
        self.assertEqual(response.status_code, 200)
        return response.content.decode(), len(queries)

    def test_a_ruling_saved_in_the_admin_is_stored_rendered_in_each_language(self):
        stored = self.assert_stored(self.ruling)
        self.assertIn('href="/en/rules/702.37c/"', stored["en"])
        self.assertIn('href="/it/rules/702.37c/"', stored["it"])
        self.assertIn(f">{OLD_RULE}</a>", stored["en"])
        # The whole item a card page lists, the text in it.
        self.assertIn(f'<li id="ruling-{self.ruling.pk}" lang="en">', stored["item_it"])
        self.assertIn(stored["it"], stored["item_it"])
        self.assertIn('<time datetime="2007-06-01">1º giugno 2007</time>', stored["item_it"])
        self.assertIn(stored["en"], stored["item_en"])

        change = reverse("admin:rulings_ruling_change", args=[self.ruling.pk])
        response = self.client.post(
            change,
            {
                "card": self.card.pk,
                "date": "2026-05-01",
                "language": "en",
                "position": 0,
                "text": "Corrected: see rule 702.37 instead.",
                "source_document": "",
                "status": Ruling.Status.CURRENT,
            },
        )
        self.assertEqual(response.status_code, 302, response.content[:2000])
        stored = self.assert_stored(self.ruling)
        self.assertIn("Corrected: see rule", stored["en"])
        self.assertIn('href="/en/rules/702.37/"', stored["en"])
        self.assertNotIn(OLD_RULE, stored["en"])
        self.assertIn("Corrected: see rule", self.page("en")[0])

    def test_the_page_shows_what_is_stored_while_it_holds_and_renders_it_otherwise(self):
        stored = self.assert_stored(self.ruling)
        live_html, queries = self.page("en")
        self.assertIn(stored["item_en"], live_html)

        Ruling.objects.filter(pk=self.ruling.pk).update(
            rendered={**stored, "item_en": "<p>As stored.</p>"}
        )
        self.assertIn("<p>As stored.</p>", self.page("en")[0])
        self.assertNotIn("<p>As stored.</p>", self.page("it")[0])

        # Made from other rules (an edition imported since): rendered on the page, the rules it
        # cites read with one more query.
        Ruling.objects.filter(pk=self.ruling.pk).update(
            rendered={**stored, "rules": "another state", "item_en": "<p>As stored.</p>"}
        )
        html, stale_queries = self.page("en")
        self.assertNotIn("<p>As stored.</p>", html)
        self.assertIn(stored["item_en"], html)
        self.assertEqual(stale_queries, queries + 1)

        # Its status changed without a save (a bulk update): rendered as it is now.
        Ruling.objects.filter(pk=self.ruling.pk).update(
            status=Ruling.Status.OUTDATED, status_set_by_hand=True, status_note="Not any more."
        )
        html, _queries = self.page("en")
        self.assertIn("Not any more.", html)
        self.assertNotIn("Not any more.", stored["en"])
        Ruling.objects.filter(pk=self.ruling.pk).update(
            status=Ruling.Status.CURRENT, status_set_by_hand=False, status_note=""
        )

        # Its text changed without a save (a bulk update): rendered from the new text.
        Ruling.objects.filter(pk=self.ruling.pk).update(
            text="Changed in bulk: see rule 702.37.", rendered=stored
        )
        html, _queries = self.page("it")
        self.assertIn(
            'Changed in bulk: see rule <a class="rule-ref" href="/it/rules/702.37/"', html
        )

        # Nothing stored (rulings written before the store existed): the same.
        Ruling.objects.filter(pk=self.ruling.pk).update(rendered={})
        self.assertIn('href="/en/rules/702.37/"', self.page("en")[0])

    def test_a_document_saved_stores_the_items_of_its_rulings_again(self):
        document = SourceDocument.objects.create(
            slug="notes", title="Old title", kind=SourceDocument.Kind.FAQ, language="en"
        )
        self.ruling.source_document = document
        self.ruling.save()
        self.assertIn("Old title", self.assert_stored(self.ruling)["item_en"])
        document.title = "New title"
        document.save()
        stored = self.assert_stored(self.ruling)
        self.assertIn("New title", stored["item_en"])
        self.assertIn("New title", self.page("en")[0])

    def test_a_mapping_an_editor_changes_stores_the_rulings_citing_its_old_rule_again(self):
        self.assertIn('href="/en/rules/702.37c/"', self.assert_stored(self.ruling)["en"])
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number=OLD_RULE
        )
        current = RulesEdition.objects.current(Language.ENGLISH)
        target = RuleSection.objects.get(edition=current, number="702.37d")
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        stored = self.assert_stored(self.ruling)
        self.assertIn('href="/en/rules/702.37d/"', stored["en"])
        self.assertIn('href="/en/rules/702.37d/"', self.page("en")[0])

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        stored = self.assert_stored(self.ruling)
        self.assertNotIn("702.37d", stored["en"])

    def test_a_rules_import_stores_every_rulings_markup_again(self):
        before = self.assert_stored(self.ruling)
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, OLD_RULE, folder), allow_shrink=True)

        state = rules_state(official_editions())
        self.assertNotEqual(before["rules"], state)
        for ruling in Ruling.objects.select_related("source_document"):
            with self.subTest(ruling=ruling.pk):
                self.assertTrue(holds(ruling.rendered, item_digest(ruling), state))
        # 502.26b is no longer in the May 2007 rules: nothing leads from it today.
        self.assertNotIn('href="/en/rules/702.37c/"', self.assert_stored(self.ruling)["en"])
        self.assertNotIn('href="/en/rules/702.37c/"', self.page("en")[0])

    def test_the_command_stores_the_rulings_without_markup(self):
        Ruling.objects.update(rendered={})
        out = StringIO()
        call_command("store_ruling_markup", stdout=out)
        count = Ruling.objects.count()
        self.assertIn(f"{count} rulings stored", out.getvalue())
        state = rules_state(official_editions())
        for ruling in Ruling.objects.select_related("source_document"):
            self.assertTrue(holds(ruling.rendered, item_digest(ruling), state))
        out = StringIO()
        call_command("store_ruling_markup", stdout=out)
        self.assertIn("0 rulings stored", out.getvalue())
