"""The language cookie (set by the admin's language switch) and shared caches: an answer that a
proxy would hand to the next visitor asking the same URL with the same headers its Vary names
is the answer that visitor would have got, with or without the cookie. The cookie itself is
SameSite=Lax and HttpOnly, and Secure in production as the session's."""

import json

from django.test import Client, SimpleTestCase, override_settings
from django.utils import translation

from config.tests.test_deploy_settings import NOT_IN_PRODUCTION, PRODUCTION_ENV
from oracle.models import Card
from web.testing import BundledDataTestCase, settings_in_subprocess

ITALIAN_COOKIE = {"django_language": "it"}


def vary_of(response) -> set[str]:
    return {name.strip().lower() for name in response.get("Vary", "").split(",") if name.strip()}


def what_a_visitor_gets(response) -> tuple:
    return (
        response.status_code,
        response.get("Location"),
        response.get("Content-Language"),
        response.content,
    )


class LanguageCookieTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Tarox Bladewing")

    def urls(self) -> list[str]:
        return [
            "/",
            "/cards/",
            "/no-such-page/",
            "/en/",
            "/it/",
            "/en/cards/?q=t:creature",
            self.card.get_absolute_url(),
            "/api/cards/?q=t:creature",
            "/api/cards/autocomplete/?q=ta",
            f"/api/cards/{self.card.oracle_id}/",
            "/api/cards/no-such-card/",
            "/api/rules/",
            "/api/rules/100.1/",
            "/api/no-such-answer/",
        ]

    def get(self, url, cookies=None, **headers):
        client = Client(headers=headers)
        client.cookies.load(cookies or {})
        return client.get(url)

    def assertSameForASharedCache(self, url, **headers):
        """A shared cache keeps the first answer (without the cookie) and gives it to a request
        with the cookie unless the answer varies on Cookie: the two answers must then agree."""
        kept = self.get(url, **headers)
        asked = self.get(url, ITALIAN_COOKIE, **headers)
        self.assertEqual(vary_of(kept), vary_of(asked), url)
        if "cookie" not in vary_of(kept):
            self.assertEqual(what_a_visitor_gets(asked), what_a_visitor_gets(kept), url)

    def test_no_answer_depends_on_the_cookie_without_saying_so(self):
        for url in self.urls():
            for headers in ({}, {"accept-language": "en-GB,en;q=0.9"}):
                with self.subTest(url=url, headers=headers):
                    self.assertSameForASharedCache(url, **headers)

    def test_the_api_follows_accept_language_or_lang_never_the_cookie(self):
        url = "/api/cards/?q=t:creature"
        english = self.get(url, ITALIAN_COOKIE)
        self.assertEqual(english["Content-Language"], "en")
        self.assertEqual(vary_of(english), {"accept-language", "accept-encoding"})
        self.assertEqual(set(english["Cache-Control"].split(", ")), {"public", "max-age=60"})
        italian = self.get(url, accept_language="it-IT,it;q=0.9")
        self.assertEqual(italian["Content-Language"], "it")
        self.assertNotEqual(italian.content, english.content)  # in Italian names' order
        asked = self.get(url + "&lang=it", ITALIAN_COOKIE)
        self.assertEqual(asked["Content-Language"], "it")
        self.assertEqual(asked.json()["results"], italian.json()["results"])

    def test_answers_without_a_language_in_the_address_that_follow_the_cookie_vary_on_it(self):
        for url in ("/", "/cards/"):
            with self.subTest(url=url):
                english, italian = self.get(url), self.get(url, ITALIAN_COOKIE)
                self.assertEqual(italian["Location"], "/it" + url)
                self.assertEqual(english["Location"], "/en" + url)
                self.assertIn("cookie", vary_of(english))
        missing = self.get("/no-such-page/", ITALIAN_COOKIE)
        self.assertEqual((missing.status_code, missing["Content-Language"]), (404, "it"))
        self.assertIn("cookie", vary_of(missing))
        self.assertNotIn("Cache-Control", missing)

    @override_settings(PAGE_CACHE_SECONDS=300)
    def test_the_page_cache_gives_the_api_in_the_browsers_language(self):
        url = "/api/cards/?q=t:creature"
        first = self.get(url, ITALIAN_COOKIE, accept_language="it-IT,it;q=0.9")
        self.assertEqual(first["Content-Language"], "it")
        for cookies in (None, ITALIAN_COOKIE):
            with self.subTest(cookies=cookies):
                english = self.get(url, cookies)
                self.assertEqual(english["Content-Language"], "en")
                self.assertNotEqual(english.content, first.content)


class LanguageCookieAttributesTests(SimpleTestCase):
    databases = {"default"}
    names = ["LANGUAGE_COOKIE_SECURE", "LANGUAGE_COOKIE_SAMESITE", "LANGUAGE_COOKIE_HTTPONLY"]

    def switch_to_italian(self):
        # The switch activates Italian in this process too: put the language back after it.
        with translation.override(translation.get_language()):
            response = self.client.post("/i18n/setlang/", {"language": "it", "next": "/admin/"})
        self.assertEqual(response.status_code, 302)
        return response.cookies["django_language"]

    def test_the_switch_sets_a_lax_http_only_cookie(self):
        cookie = self.switch_to_italian()
        self.assertEqual(cookie.value, "it")
        self.assertEqual((cookie["samesite"], cookie["httponly"]), ("Lax", True))
        self.assertFalse(cookie["secure"])  # make run serves plain HTTP
        with override_settings(LANGUAGE_COOKIE_SECURE=True):
            self.assertTrue(self.switch_to_italian()["secure"])

    def test_production_sends_it_over_https_only_unless_told_otherwise(self):
        for env, secure in (
            (PRODUCTION_ENV, True),
            ({**PRODUCTION_ENV, "SECURE_COOKIES": "0"}, False),
        ):
            with self.subTest(env=env):
                result = settings_in_subprocess(env, self.names, unset=tuple(NOT_IN_PRODUCTION))
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertEqual(
                    json.loads(result.stdout),
                    dict(zip(self.names, [secure, "Lax", True], strict=True)),
                )
