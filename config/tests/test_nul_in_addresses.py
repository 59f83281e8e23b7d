"""A NUL character anywhere in an address, on SQLite and PostgreSQL (which refuses one in any
text it is given): in the path a page not found, in the query string dropped, never a 500."""

from django.contrib.auth.models import User
from django.test import Client

from oracle.models import Card
from web.testing import BundledDataTestCase

ADMIN_CARD_SEARCH = {"app_label": "rulings", "model_name": "ruling", "field_name": "card"}
ADMIN_RULE_SEARCH = {"app_label": "rulings", "model_name": "cardrule", "field_name": "section"}


class NulInAddressesTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card = Card.objects.get(name="Tarox Bladewing")
        cls.admin = User.objects.create_superuser("boss", password="pw-for-tests")

    def setUp(self):
        # A 500 comes back as the visitor sees it, not as the view's exception.
        self.client = Client(raise_request_exception=False)
        self.staff = Client(raise_request_exception=False)
        self.staff.force_login(self.admin)

    def test_a_nul_in_the_path_is_a_page_not_found(self):
        public = [
            "/en/sets/a%00/",
            "/en/sets/fut/1%00/",
            "/it/sets/fut%00/",
            f"/en/cards/{self.card.slug}%00/",
            "/en/rules/702.9%00/",
            "/en/keywords/flying%00/",
            "/en/sources/1%00/",
            "/en/%00/",
            "/sets/fut%00/",
            "/%00",
            f"/api/cards/{self.card.oracle_id}%00/",
            "/api/rules/702.9%00/",
            "/healthz%00",
        ]
        for url in public:
            with self.subTest(url=url):
                self.assertEqual(self.client.get(url).status_code, 404)
        admin = [
            f"/admin/oracle/card/{self.card.pk}%00/change/",
            "/admin/oracle/cardset/1%00/change/",
            f"/admin/oracle/card/{self.card.pk}/history%00/",
            "/admin/rulings/ruling/1%00/history/",
            "/admin/oracle%00/",
        ]
        for url in admin:
            with self.subTest(url=url):
                self.assertEqual(self.staff.get(url).status_code, 404)

    def test_the_page_not_found_speaks_the_paths_language(self):
        response = self.client.get("/it/sets/fut/1%00/")
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response.context["LANGUAGE_CODE"], "it")
        response = self.client.get("/en/sets/fut/1%00/")
        self.assertEqual(response.context["LANGUAGE_CODE"], "en")

    def test_a_nul_in_the_query_string_is_dropped(self):
        """Each answer is the one to the same address without the NUL."""
        asked = [
            (self.client, "/en/cards/", {"q": "tar\x00ox"}),
            (self.client, "/en/cards/", {"card_set": "FUT\x00"}),
            (self.client, "/en/rules/search/", {"q": "fly\x00ing"}),
            (self.client, "/api/cards/", {"q": "tar\x00ox"}),
            (self.client, "/api/cards/autocomplete/", {"q": "tar\x00ox"}),
            (self.client, "/api/rules/702.9/", {"language": "it\x00"}),
            (self.staff, "/admin/autocomplete/", {"term": "Tar\x00ox", **ADMIN_CARD_SEARCH}),
            (
                self.staff,
                "/admin/rulings/cardrule/section-autocomplete/",
                {"term": "702.9\x00", **ADMIN_RULE_SEARCH},
            ),
            (self.staff, "/admin/oracle/card/", {"q": "Tar\x00ox"}),
            (self.staff, "/admin/oracle/card/", {"layout__exact": "normal\x00"}),
            (self.staff, "/admin/oracle/card/", {"name": "\x00"}),
            (self.staff, "/admin/rulings/ruling/", {"status__exact": "current\x00"}),
            (self.staff, "/admin/rulings/cardrule/", {"q\x00": "702.9"}),
        ]
        for client, url, params in asked:
            with self.subTest(url=url, params=params):
                response = client.get(url, params)
                self.assertLess(response.status_code, 500)
                plain = {
                    name.replace("\x00", ""): value.replace("\x00", "")
                    for name, value in params.items()
                }
                expected = client.get(url, plain)
                self.assertEqual(response.status_code, expected.status_code)
                self.assertEqual(
                    self.without_tokens(response), self.without_tokens(expected), (url, params)
                )

    @staticmethod
    def without_tokens(response) -> bytes:
        """The answer, less what differs between two requests for the same page (the admin's
        CSRF token) and the address itself, echoed in the admin's links."""
        content = response.content.replace(b"%00", b"")
        token = response.context.get("csrf_token") if response.context else None
        return content.replace(str(token).encode(), b"") if token else content
