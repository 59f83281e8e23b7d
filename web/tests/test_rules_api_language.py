"""The rules API answers its errors in the language of ``?lang=`` or Accept-Language, never the
admin's language cookie, as the cards API does (web/api/rules.py)."""

from rulings.tests.factories import make_small_rules
from web.testing import EmptyDatabaseTestCase


class RulesApiLanguageTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        make_small_rules()

    def error(self, url, status=404, **headers):
        response = self.client.get(url, headers=headers)
        self.assertEqual(response.status_code, status, response.content)
        return response["Content-Language"], response.json()["error"]

    def test_a_missing_rule_in_italian(self):
        italian = ("it", "Non c’è la regola 999.9 nelle regole del 2026-04-17.")
        self.assertEqual(self.error("/api/rules/999.9/?lang=it"), italian)
        self.assertEqual(self.error("/api/rules/999.9/", accept_language="it-IT,it;q=0.9"), italian)
        self.client.cookies["django_language"] = "it"
        english = self.error("/api/rules/999.9/")
        self.assertEqual(english, ("en", "There is no rule 999.9 in the rules of 2026-04-17."))
        self.assertEqual(self.error("/api/rules/999.9/?lang=en", accept_language="it")[0], "en")

    def test_every_error_in_italian(self):
        for url, status, message in (
            ("/api/rules/abc/?lang=it", 404, "“abc” non è un numero di regola"),
            ("/api/rules/7/?lang=it&edition=ieri", 400, "“ieri” non è una data come 2026-04-17."),
            ("/api/rules/7/?lang=it&edition=2008-01-01", 404, "in lingua en datata 2008-01-01."),
            ("/api/rules/7/?lang=it&language=fr", 400, "Lingua sconosciuta “fr”; usane una tra"),
        ):
            with self.subTest(url=url):
                self.assertIn(message, self.error(url, status)[1])


class RulesApiWithoutRulesTests(EmptyDatabaseTestCase):
    def test_no_rules_in_italian(self):
        response = self.client.get("/api/rules/7/?lang=it")
        self.assertEqual(response.json(), {"error": "Non è stata importata nessuna regola."})
