"""The rules a section holds, as its pages show them (``rules/_rule_tree.html``), rendered on
each request from the rules as they are: a mapping an editor changes, a rules import or a
quoting document saved shows on the next request."""

from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.urls import reverse

from rulings.models import Language, RuleMapping, RuleSection, RulesEdition
from rulings.rules.editions import EditionChoices
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
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


def rule_item(page: str, number: str) -> str:
    """The item of rule ``number`` in a page's tree, up to the next rule's."""
    start = page.index(f'<li id="{number}" ')
    end = page.find('<li id="', start + 1)
    return page[start:end]


class RuleTreeTests(BundledDataTestCase):
    def page(self, url) -> str:
        response = self.client.get(url)
        self.assertEqual(response.status_code, 200, url)
        return response.content.decode()

    def test_each_page_of_a_section_shows_its_rules(self):
        for url in SECTION_PAGES:
            with self.subTest(url=url):
                page = self.page(url)
                self.assertIn('<ol class="rule-tree">', page)
                self.assertRegex(page, r'<li id="\d+\.\d+" class="rule-item level-3')
        # 702 on five pages of 40 rules: the last one's rules on its fifth.
        self.assertIn('<li id="702.192a" ', self.page("/it/rules/702/?page=5"))

    def test_a_mapping_changed_in_the_admin_shows_under_its_new_rule(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number="502.26b"
        )
        self.assertIn("502.26b", rule_item(self.page("/en/rules/702/"), "702.37c"))
        current = RulesEdition.objects.official().in_force()
        target = RuleSection.objects.get(edition=current, number="702.37d")
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        for language in ("en", "it"):
            page = self.page(f"/{language}/rules/702/")
            self.assertNotIn("502.26b", rule_item(page, "702.37c"))
            self.assertIn("502.26b", rule_item(page, "702.37d"))

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertNotIn("502.26b", self.page("/en/rules/702/"))

    def test_a_rules_import_shows_on_the_section_pages(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, "502.26b", folder), allow_shrink=True)
        # 502.26b is no longer in the May 2007 rules: no rule today lists it.
        self.assertNotIn("502.26b", rule_item(self.page("/en/rules/702/"), "702.37c"))
        self.assertNotIn('id="502.26b"', self.page("/en/rules/502/?edition=2007-05-01"))


class RuleTreeDocumentTests(BundledDocumentsTestCase):
    def test_a_document_saved_shows_its_new_title_where_its_rules_are_quoted(self):
        quoted = (
            RuleSection.objects.filter(
                edition__language=Language.ITALIAN, source_document__isnull=False
            )
            .select_related("source_document")
            .first()
        )
        document = quoted.source_document
        editions = EditionChoices.load()
        read_in = editions.read_in(editions.by_pk(quoted.edition_id))
        section = quoted.number.partition(".")[0]
        url = f"/it/rules/{section}/{editions.query(read_in)}"
        old_title = f">{document.title}</a>"
        self.assertIn(old_title, self.page(url))
        document.title = "A new title"
        document.save()
        page = self.page(url)
        self.assertNotIn(old_title, page)
        self.assertIn(">A new title</a>", page)

    page = RuleTreeTests.page
