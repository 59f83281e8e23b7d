"""Each ruling's item on a card page (web.rendering.rulings): its text with the rules it cites
linked to where they are today, its date, status and document, rendered on the page from the
ruling as it is now, however it was changed (the admin, a bulk update, a mapping, a document,
a rules import)."""

from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from oracle.models import Card
from rulings.models import (
    RuleMapping,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.testing import BundledDataTestCase

OLD_RULE = "502.26b"  # morph in May 2007: 702.37c today


class RulingItemTests(BundledDataTestCase):
    def setUp(self):
        self.card = Card.objects.get(name="Tarox Bladewing")
        self.url = reverse("cards:card-detail", args=[self.card.slug])
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
        self.client.logout()  # the pages as a visitor sees them

    def page(self, language: str) -> tuple[str, int]:
        """The card's page in ``language`` and its queries."""
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(f"/{language}{self.url[3:]}")
        self.assertEqual(response.status_code, 200)
        return response.content.decode(), len(queries)

    def item(self, language: str) -> str:
        """The ruling's item on the card's page in ``language``."""
        page = self.page(language)[0]
        start = page.index(f'<li id="ruling-{self.ruling.pk}" ')
        return page[start : page.index("</li>", start)]

    def test_a_ruling_saved_in_the_admin_shows_in_each_language(self):
        for language in ("en", "it"):
            item = self.item(language)
            self.assertIn(f'href="/{language}/rules/702.37c/"', item)
            self.assertIn(f">{OLD_RULE}</a>", item)
        self.assertIn('<time datetime="2007-06-01">1º giugno 2007</time>', self.item("it"))

        self.client.force_login(User.objects.get(username="editor"))
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
        item = self.item("en")
        self.assertIn("Corrected: see rule", item)
        self.assertIn('href="/en/rules/702.37/"', item)
        self.assertNotIn(OLD_RULE, item)

    def test_a_ruling_changed_without_a_save_shows_as_it_is_now(self):
        _html, queries = self.page("en")
        # Its status changed in a bulk update.
        Ruling.objects.filter(pk=self.ruling.pk).update(
            status=Ruling.Status.OUTDATED, status_set_by_hand=True, status_note="Not any more."
        )
        html, changed_queries = self.page("en")
        self.assertIn("Not any more.", html)
        self.assertEqual(changed_queries, queries)
        Ruling.objects.filter(pk=self.ruling.pk).update(
            status=Ruling.Status.CURRENT, status_set_by_hand=False, status_note=""
        )
        # Its text changed in a bulk update.
        Ruling.objects.filter(pk=self.ruling.pk).update(text="Changed in bulk: see rule 702.37.")
        linked = 'Changed in bulk: see rule <a class="rule-ref" href="/it/rules/702.37/"'
        self.assertIn(linked, self.item("it"))

    def test_a_document_saved_shows_its_new_title_on_its_rulings(self):
        document = SourceDocument.objects.create(
            slug="notes", title="Old title", kind=SourceDocument.Kind.FAQ, language="en"
        )
        self.ruling.source_document = document
        self.ruling.save()
        self.assertIn("Old title", self.item("en"))
        document.title = "New title"
        document.save()
        self.assertIn("New title", self.item("en"))

    def test_a_mapping_an_editor_changes_moves_the_link_of_the_rulings_citing_its_old_rule(self):
        self.assertIn('href="/en/rules/702.37c/"', self.item("en"))
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number=OLD_RULE
        )
        current = RulesEdition.objects.official().in_force()
        target = RuleSection.objects.get(edition=current, number="702.37d")
        self.client.force_login(User.objects.get(username="editor"))
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        self.assertIn('href="/en/rules/702.37d/"', self.item("en"))

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertNotIn("702.37d", self.item("en"))

    def test_a_rules_import_shows_on_the_rulings_citing_the_rules(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, OLD_RULE, folder), allow_shrink=True)
        # 502.26b is no longer in the May 2007 rules: nothing leads from it today.
        self.assertNotIn('href="/en/rules/702.37c/"', self.item("en"))
        self.assertIn(OLD_RULE, self.item("en"))
