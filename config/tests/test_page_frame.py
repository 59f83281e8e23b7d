"""The frame every public page shares (templates/jinja2/base.html), seen on the page of an
address that does not exist, and what the tests and the message catalogue get from Jinja2."""

import tempfile
from pathlib import Path
from types import SimpleNamespace

from django.test import RequestFactory, SimpleTestCase
from django.views.defaults import server_error

from oracle.management.commands.makemessages import JinjaTemplateFile
from web.testing import EmptyDatabaseTestCase


class PageFrameTests(EmptyDatabaseTestCase):
    def test_italian_frame_is_translated_and_marks_the_page_language(self):
        response = self.client.get("/it/nessuna-pagina/")
        self.assertContains(response, '<html lang="it" dir="ltr">', status_code=404)
        self.assertContains(response, "Passa al contenuto principale", status_code=404)
        self.assertContains(response, '<a href="/it/sets/">Espansioni</a>', status_code=404)
        self.assertContains(response, "Nomi delle carte", status_code=404)  # autocomplete
        self.assertContains(
            response,
            'Oracolo è Fan Content non ufficiale consentito dalla <a href="https://company.'
            'wizards.com/en/legal/fancontentpolicy">Fan Content Policy</a>',
            status_code=404,
        )
        self.assertContains(
            response,
            '<a href="/it/nessuna-pagina/" lang="en" hreflang="en">English</a>',
            status_code=404,
        )
        self.assertContains(
            response, '<span lang="it" aria-current="true">Italiano</span>', status_code=404
        )

    def test_the_current_section_is_marked_and_the_search_keeps_the_query(self):
        response = self.client.get("/en/sets/")
        self.assertContains(response, '<a href="/en/sets/" aria-current="page">Sets</a>')
        response = self.client.get("/en/nowhere/", {"q": 'say "hi" <b>'})
        self.assertContains(
            response, 'value="say &quot;hi&quot; &lt;b&gt;"', status_code=404, html=False
        )
        self.assertNotContains(response, "<b>", status_code=404)

    def test_jinja2_pages_are_recorded_for_the_tests(self):
        response = self.client.get("/en/nowhere/")
        self.assertTemplateUsed(response, "404.html")
        self.assertEqual(response.context["LANGUAGE_CODE"], "en")


class ServerErrorPageTests(SimpleTestCase):
    def test_the_error_page_needs_no_database_and_speaks_both_languages(self):
        response = server_error(RequestFactory().get("/it/cards/"))
        self.assertEqual(response.status_code, 500)
        page = response.content.decode()
        self.assertIn("Qualcosa è andato storto da parte nostra.", page)
        self.assertIn("Something went wrong on our side.", page)


class JinjaMessageExtractionTests(SimpleTestCase):
    """makemessages reads each Jinja2 template through Jinja2: every translatable string
    becomes a Python call on the line xgettext will cite."""

    def extracted(self, source: str) -> list[str]:
        folder = Path(tempfile.mkdtemp()) / "templates" / "jinja2"
        folder.mkdir(parents=True)
        (folder / "page.html").write_text(source, encoding="utf-8")
        translatable = SimpleNamespace(
            file="page.html", dirpath=str(folder), path=str(folder / "page.html")
        )
        build_file = JinjaTemplateFile(None, "django", translatable)
        build_file.preprocess()
        return Path(build_file.work_path).read_text(encoding="utf-8").split("\n")

    def test_every_kind_of_string_on_its_own_line(self):
        lines = self.extracted(
            '<h1>{{ _("Cards") }}</h1>\n'
            '{{ pgettext("card sets", "Sets") }}\n'
            "{% trans trimmed url=x %}\n"
            '  Read <a href="{{ url }}">the rules</a>.\n'
            "{% endtrans %}\n"
            "{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}\n"
            "{{ _(variable) }} {{ _('L’Oracolo') }}\n"
        )
        self.assertEqual(lines[0], "gettext('Cards');")
        self.assertEqual(lines[1], "pgettext('card sets', 'Sets');")
        self.assertEqual(lines[2], "gettext('Read <a href=\"%(url)s\">the rules</a>.');")
        self.assertEqual(lines[5], "ngettext('%(count)s card', '%(count)s cards', n);")
        self.assertEqual(lines[6], "gettext('L’Oracolo');")
        self.assertEqual(len(lines), 8)
