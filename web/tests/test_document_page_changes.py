"""A source document's page is rendered on each request from the data as it is: a ruling an
editor withdraws, a mapping an editor changes or a rules import shows on the next request."""

import re
from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory

from django.contrib.auth.models import User
from django.urls import reverse

from rulings.models import RuleMapping, RuleSection, RulesEdition, Ruling, SourceDocument
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.testing import BundledDocumentsTestCase

FUT = "future-sight-release-notes"
MORPH_LINK = re.compile(r'<a class="rule-ref" href="/(?:en|it)/rules/702\.37c/"[^>]*>502\.26b</a>')


class DocumentPageChangeTests(BundledDocumentsTestCase):
    def setUp(self):
        self.fut = SourceDocument.objects.get(slug=FUT)

    def page(self, language="it") -> str:
        response = self.client.get(f"/{language}{self.fut.get_absolute_url()[3:]}")
        self.assertEqual(response.status_code, 200)
        return response.content.decode()

    def test_a_ruling_an_editor_withdraws_leaves_the_page(self):
        page = self.page()
        rulings = Ruling.objects.filter(source_document=self.fut, section__isnull=False)
        # Two rulings of the notes' lists of rulings (not paragraphs an import made rulings of).
        listed = [ruling for ruling in rulings if f'<li id="ruling-{ruling.pk}">' in page][:2]
        self.assertEqual(len(listed), 2)
        first, second = listed
        first.status = Ruling.Status.WITHDRAWN
        first.save()
        page = self.page()
        self.assertNotIn(f'id="ruling-{first.pk}"', page)
        self.assertIn(f'id="ruling-{second.pk}"', page)
        # Withdrawn in a bulk update, without a save: the same.
        Ruling.objects.filter(pk=second.pk).update(status=Ruling.Status.WITHDRAWN)
        self.assertNotIn(f'id="ruling-{second.pk}"', self.page())

    def test_a_mapping_changed_in_the_admin_moves_the_link_of_the_old_number(self):
        for language in ("it", "en"):
            self.assertRegex(self.page(language), MORPH_LINK)
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number="502.26b"
        )
        current = RulesEdition.objects.official().in_force()
        target = RuleSection.objects.get(edition=current, number="702.37d")
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        for language in ("it", "en"):
            page = self.page(language)
            self.assertIn(f'href="/{language}/rules/702.37d/"', page)
            self.assertNotRegex(page, MORPH_LINK)

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.assertNotIn("702.37d", self.page("en"))

    def test_a_rules_import_shows_on_the_page(self):
        self.assertRegex(self.page(), MORPH_LINK)
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, "502.26b", folder), allow_shrink=True)
        # 502.26b is no longer in the May 2007 rules: the notes cite a rule Oracolo lacks.
        self.assertNotRegex(self.page(), MORPH_LINK)
