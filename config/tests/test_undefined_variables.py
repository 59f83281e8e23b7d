"""A template that prints a variable its view never passed: a failure in the tests, nothing on
the page outside them (DEBUG's default would write the template's own ``{{ q }}``)."""

from django.template import engines
from django.test import override_settings
from jinja2.exceptions import UndefinedError

from web.jinja2 import environment
from web.testing import BundledDataTestCase, EmptyDatabaseTestCase


def fresh_engines():
    engines._engines.clear()


class UndefinedVariableTests(EmptyDatabaseTestCase):
    def test_printing_an_unpassed_variable_fails_in_the_tests(self):
        template = engines["jinja2"].from_string('<input value="{{ q }}">')
        with self.assertRaisesRegex(UndefinedError, "'q' is undefined"):
            template.render({})
        self.assertEqual(template.render({"q": "morph"}), '<input value="morph">')

    def test_asking_whether_it_is_set_still_works(self):
        template = engines["jinja2"].from_string(
            "{% if q %}[{{ q }}]{% endif %}{{ q|default('none') }}{{ q or '' }}"
        )
        self.assertEqual(template.render({}), "none")

    def test_outside_the_tests_it_prints_nothing_even_with_debug(self):
        with self.settings(TESTING=False, DEBUG=True):
            env = environment(loader=None)
        self.assertEqual(env.from_string('<input value="{{ q }}">').render(), '<input value="">')


class RulePagesSearchBoxTests(BundledDataTestCase):
    @override_settings(DEBUG=True)
    def test_rule_pages_render_an_empty_search_box(self):
        self.addCleanup(fresh_engines)
        fresh_engines()
        for path in ("/it/rules/", "/it/rules/702/", "/en/rules/glossary/"):
            with self.subTest(path=path):
                response = self.client.get(path)
                self.assertEqual(response.status_code, 200)
                page = response.content.decode()
                self.assertNotIn("{{", page)
                self.assertIn('name="q" value=""', page)
