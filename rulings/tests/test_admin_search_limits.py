"""The admin's searches within what one may cost (issue 32, item 13): a search of more words or
characters than allowed is not run and the list says why, in the editor's language; a
statement that runs past the time limit is stopped (the list comes back without the search,
saying so; a picker answers 503); every admin on the site, Django's and the login attempts'
included, searches so."""

from datetime import date
from unittest import mock
from urllib.parse import urlencode

from django.contrib import admin
from django.contrib.admin.options import ModelAdmin
from django.contrib.auth.models import Group, User
from django.test import override_settings
from django.urls import reverse

from common.admin_search import MAX_LENGTH, MAX_WORDS, LimitedSearch
from oracle.tests.factories import make_card
from rulings.editorial.editors import EDITORS_GROUP
from rulings.models import Ruling
from web.testing import EmptyDatabaseTestCase
from web.tests.test_search_limits import slow_condition

WORDS_400 = " ".join(["e"] * 400)
MESSAGES = {
    "en": f"The search was not run: it may have at most {MAX_WORDS} words, this one has",
    "it": f"La ricerca non è stata eseguita: può avere al massimo {MAX_WORDS} parole, questa ne ha",
}


def slow_admin_searches():
    """Every admin search's statement takes seconds (a much larger table); a list without a
    search does not."""
    search = ModelAdmin.get_search_results

    def slow(model_admin, request, queryset, search_term):
        found, duplicates = search(model_admin, request, queryset, search_term)
        return (found.extra(where=[slow_condition()]) if search_term else found), duplicates

    return mock.patch.object(ModelAdmin, "get_search_results", slow)


class AdminSearchLimitTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = make_card(name="Storm Crow", oracle_text="Flying")
        cls.ruling = Ruling.objects.create(
            card=cls.card, date=date(2020, 1, 1), text="It flies.", origin=Ruling.Origin.EDITOR
        )
        cls.editor = User.objects.create_user("redattrice", password="pw", is_staff=True)
        cls.editor.groups.add(Group.objects.get(name=EDITORS_GROUP))
        cls.superuser = User.objects.create_superuser("capo", password="pw")

    def setUp(self):
        self.client.force_login(self.editor)

    def changelist(self, search, language="en", model="rulings_ruling"):
        self.client.cookies["django_language"] = language
        url = reverse(f"admin:{model}_changelist") + "?" + urlencode({"q": search})
        return self.client.get(url)

    def test_a_search_of_too_many_words_is_refused_saying_why(self):
        for language, message in MESSAGES.items():
            for search in (WORDS_400, " ".join(["e"] * 1300), "a b c d e f g h i j k"):
                with self.subTest(language=language, words=len(search.split())):
                    response = self.changelist(search, language)
                    self.assertEqual(response.status_code, 200)
                    self.assertContains(response, f"{message} {len(search.split())}.")
                    self.assertEqual(response.context["cl"].result_count, 0)
        response = self.changelist("x" * (MAX_LENGTH + 1))
        self.assertContains(
            response,
            f"The search was not run: it may have at most {MAX_LENGTH} characters, this one "
            f"has {MAX_LENGTH + 1}.",
        )

    def test_a_search_within_the_limits_runs(self):
        response = self.changelist(" ".join(["storm"] * MAX_WORDS))
        self.assertEqual(response.context["cl"].result_count, 1)
        self.assertNotContains(response, "The search was not run")

    def test_every_admin_on_the_site_searches_within_the_limits(self):
        self.client.force_login(self.superuser)
        searched = 0
        for model, model_admin in admin.site._registry.items():
            self.assertIsInstance(model_admin, LimitedSearch)
            if not model_admin.search_fields:
                continue
            searched += 1
            info = f"{model._meta.app_label}_{model._meta.model_name}"
            with self.subTest(model=info):
                self.assertContains(self.changelist(WORDS_400, model=info), MESSAGES["en"])
        self.assertGreater(searched, 15)  # the project's, users and groups, login attempts

    def test_a_picker_refuses_too_many_words_without_a_message_for_later(self):
        url = reverse("admin:autocomplete") + "?" + urlencode(
            {"app_label": "rulings", "model_name": "ruling", "field_name": "card",
             "term": WORDS_400}
        )  # fmt: skip
        response = self.client.get(url)
        self.assertEqual(response.status_code, 200)
        self.assertEqual(response.json()["results"], [])
        page = self.client.get(reverse("admin:rulings_ruling_changelist"))
        self.assertNotContains(page, "The search was not run")

    @override_settings(SEARCH_TIME_LIMIT=0.3)
    def test_a_search_past_the_time_limit_is_stopped_saying_so(self):
        with slow_admin_searches():
            for language, message in (
                ("en", "The search took longer than 0.3 seconds and was stopped"),
                ("it", "La ricerca è durata più di 0,3 secondi ed è stata interrotta"),
            ):
                with self.subTest(language=language):
                    self.client.cookies["django_language"] = language
                    url = reverse("admin:rulings_ruling_changelist")
                    response = self.client.get(url + "?q=crow&language__exact=en")
                    self.assertRedirects(
                        response, url + "?language__exact=en", fetch_redirect_response=False
                    )
                    self.assertContains(self.client.get(response.url), message)
                    picker = reverse("admin:autocomplete") + "?" + urlencode(
                        {"app_label": "rulings", "model_name": "ruling",
                         "field_name": "card", "term": "crow"}
                    )  # fmt: skip
                    answer = self.client.get(picker)
                    self.assertEqual(answer.status_code, 503)
                    self.assertIn(message, answer.json()["error"])
        response = self.changelist("crow")  # the next search runs
        self.assertEqual(response.context["cl"].result_count, 1)
