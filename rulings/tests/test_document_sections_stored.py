"""Each section of a source document is stored as its page shows it (web.pages.documents.page):
made by the documents' import, again when a ruling, a mapping or the rules change, by the
command on a database without it; a page shows what is stored while its digest holds and
renders the section itself otherwise, the same markup."""

import re
from datetime import date
from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory
from unittest import mock

from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rulings.models import (
    DocumentSection,
    Language,
    RuleMapping,
    RuleSection,
    RulesEdition,
    Ruling,
    SourceDocument,
)
from rulings.tests.helpers import MAY_2007_RULES, import_rules, rules_file_cut_before
from web.testing import DATA_AGE_QUERIES, BundledDocumentsTestCase

FUT = "future-sight-release-notes"
MORPH_LINK = re.compile(r'<a class="rule-ref" href="/(?:en|it)/rules/702\.37c/"[^>]*>502\.26b</a>')


def squeeze(html: str) -> str:
    return re.sub(r"\s+", " ", html)


class StoredDocumentSectionTests(BundledDocumentsTestCase):
    def setUp(self):
        self.documents = list(
            SourceDocument.objects.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)
        )
        self.fut = SourceDocument.objects.get(slug=FUT)
        # The section of the Future Sight notes that cites morph's rule of May 2007.
        self.morph = next(
            section
            for section in self.fut.sections.order_by("position")
            if MORPH_LINK.search(section.rendered.get("en", ""))
        )

    def get(self, url):
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        return response.content.decode(), len(queries)

    def page(self, document, language="it") -> str:
        return self.get(f"/{language}{document.get_absolute_url()[3:]}")[0]

    def test_every_section_is_stored_and_the_page_renders_the_same_without_it(self):
        stored = {}
        for document in self.documents:
            for language in ("it", "en"):
                page, queries = self.get(f"/{language}{document.get_absolute_url()[3:]}")
                self.assertEqual(queries, 5 + DATA_AGE_QUERIES)
                stored[document.pk, language] = page
        self.assertFalse(DocumentSection.objects.filter(rendered={}).exists())
        DocumentSection.objects.update(rendered={})
        for document in self.documents:
            for language in ("it", "en"):
                with self.subTest(document=document.slug, language=language):
                    page, queries = self.get(f"/{language}{document.get_absolute_url()[3:]}")
                    self.assertEqual(queries, 6 + DATA_AGE_QUERIES)
                    self.assertEqual(squeeze(page), squeeze(stored[document.pk, language]))

    def test_a_section_whose_digest_no_longer_holds_is_rendered_on_the_page(self):
        rendered = self.morph.rendered
        rendered["it"] = rendered["it"].replace("502.26b</a>", "502.26b (stored)</a>")
        DocumentSection.objects.filter(pk=self.morph.pk).update(rendered=rendered)
        self.assertIn("502.26b (stored)", self.page(self.fut))
        # Stored by a release whose templates or translations were others: rendered here.
        with mock.patch("web.pages.documents.page.fingerprint", return_value="another release"):
            self.assertNotIn("502.26b (stored)", self.page(self.fut))
        self.assertIn("502.26b (stored)", self.page(self.fut))
        # A ruling of the section changed without going through its save: its words are new.
        ruling = Ruling.objects.filter(section=self.morph).first()
        Ruling.objects.filter(pk=ruling.pk).update(status=Ruling.Status.WITHDRAWN)
        page = self.page(self.fut)
        self.assertNotIn("502.26b (stored)", page)
        self.assertRegex(page, MORPH_LINK)
        self.assertNotIn(f'id="ruling-{ruling.pk}"', page)

    def test_a_ruling_an_editor_withdraws_is_stored_without_it(self):
        ruling = Ruling.objects.filter(section=self.morph).first()
        self.assertIn(f'id="ruling-{ruling.pk}"', self.morph.rendered["it"])
        ruling.status = Ruling.Status.WITHDRAWN
        ruling.save()
        self.morph.refresh_from_db()
        self.assertNotIn(f'id="ruling-{ruling.pk}"', self.morph.rendered["it"])
        self.assertNotIn(f'id="ruling-{ruling.pk}"', self.page(self.fut))
        self.assertEqual(self.get(f"/it{self.fut.get_absolute_url()[3:]}")[1], 5 + DATA_AGE_QUERIES)

    def test_a_mapping_changed_in_the_admin_stores_the_sections_citing_it_again(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        mapping = RuleMapping.objects.get(
            old_section__edition__effective_date=date(2007, 5, 1), old_section__number="502.26b"
        )
        current = RulesEdition.objects.current(Language.ENGLISH)
        target = RuleSection.objects.get(edition=current, number="702.37d")
        change = reverse("admin:rulings_rulemapping_change", args=[mapping.pk])
        self.assertEqual(self.client.post(change, {"current_section": target.pk}).status_code, 302)
        self.morph.refresh_from_db()
        for language in ("it", "en"):
            self.assertIn(f'href="/{language}/rules/702.37d/"', self.morph.rendered[language])
            self.assertNotRegex(self.morph.rendered[language], MORPH_LINK)
        page, queries = self.get(f"/en{self.fut.get_absolute_url()[3:]}")
        self.assertIn('href="/en/rules/702.37d/"', page)
        self.assertEqual(queries, 5 + DATA_AGE_QUERIES)

        delete = reverse("admin:rulings_rulemapping_delete", args=[mapping.pk])
        self.assertEqual(self.client.post(delete, {"post": "yes"}).status_code, 302)
        self.morph.refresh_from_db()
        self.assertNotIn("702.37d", self.morph.rendered["en"])

    def test_a_rules_import_stores_every_section_again(self):
        folder = Path(self.enterContext(TemporaryDirectory()))
        import_rules(rules_file_cut_before(MAY_2007_RULES, "502.26b", folder), allow_shrink=True)
        self.morph.refresh_from_db()
        # 502.26b is no longer in the May 2007 rules: the notes cite a rule Oracolo lacks.
        self.assertNotRegex(self.morph.rendered["it"], MORPH_LINK)
        page, queries = self.get(f"/it{self.fut.get_absolute_url()[3:]}")
        self.assertNotRegex(page, MORPH_LINK)
        self.assertEqual(queries, 5 + DATA_AGE_QUERIES)

    def test_the_command_stores_every_section(self):
        DocumentSection.objects.update(rendered={})
        out = StringIO()
        call_command("store_document_sections", stdout=out)
        count = DocumentSection.objects.count()
        self.assertIn(f"{count} document sections stored", out.getvalue())
        self.assertFalse(DocumentSection.objects.filter(rendered={}).exists())
        self.assertEqual(self.get(f"/it{self.fut.get_absolute_url()[3:]}")[1], 5 + DATA_AGE_QUERIES)
        # Stored already: nothing written.
        out = StringIO()
        call_command("store_document_sections", stdout=out)
        self.assertIn("0 document sections stored", out.getvalue())
