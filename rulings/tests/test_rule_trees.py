"""The rules a section holds are stored as its pages show them (web.pages.rules.stored_trees): made
by a
rules import, again when a mapping or a document they show changes, by the command on a
database without them; a section's page shows what is stored while the editions it was made
from are as they were, and renders its tree itself otherwise, the same markup."""

import re
from datetime import date
from io import StringIO
from math import ceil
from pathlib import Path
from tempfile import TemporaryDirectory
from unittest import mock

from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from rulings.models import (
    Language,
    RuleMapping,
    RuleSection,
    RulesEdition,
    StoredRuleTree,
)
from rulings.rules.editions import EditionChoices
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.pages.rules.section_pages import RULES_PER_PAGE
from web.pages.rules.stored_trees import editions_state
from web.testing import BundledDataTestCase, BundledDocumentsTestCase

SECTION_PAGES = [
    "/en/rules/702/",
    "/en/rules/702/?page=2",
    "/it/rules/702/?page=4",
    "/it/rules/702/?page=99",
    "/en/rules/100/",
    "/it/rules/509/",
    "/en/rules/702/?edition=2009-07-11&page=2",
    "/it/rules/502/?edition=2007-05-01",
]


def squeeze(html: str) -> str:
    return re.sub(r"\s+", " ", html)


def rule_item(page: str, number: str) -> str:
    """The item of rule ``number`` in a page's tree, up to the next rule's."""
    start = page.index(f'<li id="{number}" ')
    end = page.find('<li id="', start + 1)
    return page[start:end]


class StoredRuleTreeTests(BundledDataTestCase):
    def get(self, url):
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return response, len(queries)

    def stored(self, number: str, language: str, page: int = 1, edition=None) -> str:
        """The markup stored for page ``page`` of section ``number`` (of the current edition),
        checked to hold."""
        edition = edition or RulesEdition.objects.current(Language.ENGLISH)
        row = StoredRuleTree.objects.get(
            section__edition=edition, section__number=number, language=language, page=page
        )
        self.assertEqual(row.state, editions_state(EditionChoices.load()))
        return row.markup

    def test_a_section_page_shows_the_stored_tree_and_renders_the_same_without_it(self):
        stored = {}
        for url in SECTION_PAGES:
            response, queries = self.get(url)
            self.assertIsNotNone(response.context["page"].tree_html, url)
            stored[url] = (response.content.decode(), queries)
        StoredRuleTree.objects.all().delete()
        for url in SECTION_PAGES:
            with self.subTest(url=url):
                response, queries = self.get(url)
                self.assertIsNone(response.context["page"].tree_html)
                self.assertEqual(squeeze(response.content.decode()), squeeze(stored[url][0]))
                self.assertEqual(queries, stored[url][1])

    def test_what_is_stored_shows_while_the_editions_hold_and_the_tree_is_rendered_otherwise(self):
        current = RulesEdition.objects.current(Language.ENGLISH)
        row = StoredRuleTree.objects.get(
            section__edition=current, section__number="702", language="en", page=1
        )
        row.markup = row.markup.replace("Morph", "Stored morph")
        row.save()
        self.assertIn("Stored morph", self.get("/en/rules/702/")[0].content.decode())
        self.assertNotIn("Stored morph", self.get("/it/rules/702/")[0].content.decode())
        self.assertNotIn("Stored morph", self.get("/en/rules/702/?page=2")[0].content.decode())
        # Stored by a release whose templates or translations were others: rendered here.
        with mock.patch("web.pages.rules.stored_trees.fingerprint", return_value="another release"):
            page = self.get("/en/rules/702/")[0].content.decode()
        self.assertNotIn("Stored morph", page)
        self.assertIn('<span lang="en">Morph</span>', page)
        # An edition imported again since: the page renders its tree.
        RulesEdition.objects.filter(pk=current.pk).update(imported_at=timezone.now())
        response = self.get("/en/rules/702/")[0]
        self.assertIsNone(response.context["page"].tree_html)
        page = response.content.decode()
        self.assertNotIn("Stored morph", page)
        self.assertIn('<span lang="en">Morph</span>', page)

    def test_a_mapping_changed_in_the_admin_stores_the_tree_that_shows_it_again(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number="502.26b"
        )
        self.assertIn("502.26b", rule_item(self.stored("702", "en"), "702.37c"))
        current = RulesEdition.objects.current(Language.ENGLISH)
        target = RuleSection.objects.get(edition=current, number="702.37d")
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        for language in ("en", "it"):
            stored = self.stored("702", language)
            self.assertNotIn("502.26b", rule_item(stored, "702.37c"))
            self.assertIn("502.26b", rule_item(stored, "702.37d"))
        page = self.get("/it/rules/702/")[0].content.decode()
        self.assertIn("502.26b", rule_item(page, "702.37d"))

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertNotIn("502.26b", self.stored("702", "en"))
        self.assertNotIn("502.26b", self.get("/en/rules/702/")[0].content.decode())

    def test_a_rules_import_stores_every_tree_again(self):
        before = StoredRuleTree.objects.values_list("state", flat=True).first()
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, "502.26b", folder), allow_shrink=True)
        state = editions_state(EditionChoices.load())
        self.assertNotEqual(before, state)
        self.assertEqual(set(StoredRuleTree.objects.values_list("state", flat=True)), {state})
        # 502.26b is no longer in the May 2007 rules: no rule today lists it.
        self.assertNotIn("502.26b", rule_item(self.stored("702", "en"), "702.37c"))
        may_2007 = RulesEdition.objects.get(language="en", effective_date=date(2007, 5, 1))
        self.assertNotIn('id="502.26b"', self.stored("502", "en", edition=may_2007))

    def test_the_command_stores_every_section_page(self):
        StoredRuleTree.objects.all().delete()
        out = StringIO()
        call_command("store_rule_trees", stdout=out)
        count = StoredRuleTree.objects.count()
        self.assertIn(f"{count} section pages stored", out.getvalue())
        sections = RuleSection.objects.filter(
            level=RuleSection.Level.SECTION, edition__in=EditionChoices.load().readable
        ).annotate(rules=Count("children"))
        # Every section with rules in it, in both languages, 40 rules a page (702: five).
        pages = sum(
            ceil(rules / RULES_PER_PAGE) for rules in sections.values_list("rules", flat=True)
        )
        self.assertEqual(count, 2 * pages)
        self.assertIn('<li id="702.192a" ', self.stored("702", "it", page=5))


class StoredTreeDocumentTests(BundledDocumentsTestCase):
    def test_a_document_saved_stores_the_trees_that_name_it_again(self):
        quoted = (
            RuleSection.objects.filter(
                edition__language=Language.ITALIAN, source_document__isnull=False
            )
            .select_related("source_document")
            .first()
        )
        document = quoted.source_document
        old_title = f">{document.title}</a>"
        self.assertTrue(StoredRuleTree.objects.filter(markup__contains=old_title).exists())
        document.title = "A new title"
        document.save()
        self.assertFalse(StoredRuleTree.objects.filter(markup__contains=old_title).exists())
        self.assertTrue(StoredRuleTree.objects.filter(markup__contains=">A new title</a>").exists())
        state = editions_state(EditionChoices.load())
        self.assertEqual(set(StoredRuleTree.objects.values_list("state", flat=True)), {state})
