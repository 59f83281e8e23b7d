"""The rules pages are rendered on request from the data: a template changed (a new release) shows
on the next request, with no import to run first. Nothing of them is kept rendered in the
database, so nothing made with the old templates can be shown after."""

import copy
from pathlib import Path
from tempfile import TemporaryDirectory

from django.conf import settings
from django.test import override_settings

from rulings.models import SourceDocument
from web.testing import BundledDocumentsTestCase

JINJA2 = Path(settings.BASE_DIR) / "templates" / "jinja2"
# Each change: (template, text in it, the text it becomes).
CHANGES = [
    # Every rule of a rules page (its text made by web.rendering.markup).
    (
        "rules/_rule_tree.html",
        '{% else %}<li id="{{ node.number }}" class="rule-item level',
        '{% else %}<li id="{{ node.number }}" class="rule-item tmpl-changed level',
    ),
    # The rules of a keyword's page.
    (
        "rules/keyword_detail.html",
        '<li id="{{ block.number }}" class="rule-item level',
        '<li id="{{ block.number }}" class="rule-item tmpl-changed level',
    ),
    # The glossary's terms.
    (
        "rules/_glossary.html",
        '<dt id="{{ term.slug }}">',
        '<dt id="{{ term.slug }}" class="tmpl-changed">',
    ),
    # A source document's paragraphs.
    (
        "rules/_document_section.html",
        '<div class="doc-paragraph"',
        '<div class="doc-paragraph tmpl-changed"',
    ),
]


class TemplateChangeTests(BundledDocumentsTestCase):
    def changed_templates(self):
        """The settings of templates read first from a folder of changed copies (``CHANGES``),
        then from the project's."""
        folder = Path(self.enterContext(TemporaryDirectory()))
        for name, before, after in CHANGES:
            source = (JINJA2 / name).read_text(encoding="utf-8")
            self.assertIn(before, source, name)
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(source.replace(before, after), encoding="utf-8")
        templates = copy.deepcopy(settings.TEMPLATES)
        jinja2 = next(engine for engine in templates if engine.get("NAME") == "jinja2")
        jinja2["DIRS"] = [folder, *jinja2["DIRS"]]
        return override_settings(TEMPLATES=templates)

    def page(self, url: str) -> str:
        response = self.client.get(url)
        self.assertEqual(response.status_code, 200, url)
        return response.content.decode()

    def test_a_changed_template_shows_on_the_next_request_of_each_rules_page(self):
        fut = SourceDocument.objects.get(slug="future-sight-release-notes")
        # (page, the marks of the changes it shows)
        pages = [
            ("/en/rules/702/", ['class="rule-item tmpl-changed level']),  # 760 rules
            ("/it/rules/702.37/", ['class="rule-item tmpl-changed level']),
            ("/en/rules/502.26/?edition=2007-05-01", ['class="rule-item tmpl-changed level']),
            ("/en/rules/glossary/", ['<dt id="morph" class="tmpl-changed">']),
            ("/it/rules/glossary/?edition=2007-05-01", ['class="tmpl-changed"']),
            ("/it/keywords/morph/", ['class="rule-item tmpl-changed level']),
            (f"/it{fut.get_absolute_url()[3:]}", ['class="doc-paragraph tmpl-changed"']),
        ]
        for url, _marks in pages:
            self.assertNotIn("tmpl-changed", self.page(url), url)
        with self.changed_templates():
            for url, marks in pages:
                page = self.page(url)
                for mark in marks:
                    with self.subTest(url=url, mark=mark):
                        self.assertIn(mark, page)
        # The project's templates again: the pages as they were.
        for url, _marks in pages:
            self.assertNotIn("tmpl-changed", self.page(url), url)
