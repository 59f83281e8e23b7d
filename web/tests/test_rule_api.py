"""/api/rules/<number>/: one rule as JSON, in any edition, with where an old number went."""

from django.test import Client

from rulings.tests.factories import (
    CURRENT,
    make_edition,
    make_mapping,
    make_old_rules,
    make_small_rules,
)
from web.testing import EmptyDatabaseTestCase


class RuleApiTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.current, cls.now = make_small_rules()
        cls.old, cls.then = make_old_rules()
        make_mapping(cls.then["502.26b"], cls.now["702.37c"], confidence=0.7, method="text")
        make_mapping(cls.then["502.99"], None, confidence=0.0)

    def get_json(self, url, status=200):
        response = self.client.get(url)
        self.assertEqual(response.status_code, status, response.content)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        return response.json()

    def test_a_current_rule(self):
        data = self.get_json("/api/rules/702.37c/")
        self.assertEqual(
            data,
            {
                "number": "702.37c",
                "title": "",
                "text": self.now["702.37c"].text,
                "examples": ["Example one.", "Example two."],
                "level": "subrule",
                "parent": "702.37",
                "children": [],
                "references": ["613", "707"],
                "edition": {
                    "language": "en",
                    "effective_date": "2026-04-17",
                    "is_complete": True,
                },
                "url": "http://testserver/en/rules/702.37c/",
            },
        )

    def test_a_rule_with_its_subrules(self):
        data = self.get_json("/api/rules/702.37/")
        self.assertEqual(data["title"], "Morph")
        self.assertEqual(data["parent"], "702")
        self.assertEqual(data["children"], ["702.37a", "702.37b", "702.37c"])
        self.assertEqual(self.get_json("/api/rules/7/")["parent"], None)

    def test_an_old_number_says_where_it_is_today(self):
        data = self.get_json("/api/rules/502.26b/?edition=2007-05-01")
        self.assertEqual(data["edition"]["effective_date"], "2007-05-01")
        self.assertEqual(data["url"], "http://testserver/en/rules/502.26b/?edition=2007-05-01")
        self.assertEqual(data["references"], ["418.5"])
        self.assertEqual(
            data["current"],
            {
                "number": "702.37c",
                "title": "",
                "confidence": 0.7,
                "method": "text",
                "url": "http://testserver/en/rules/702.37c/",
            },
        )

    def test_an_old_number_that_matches_nothing(self):
        data = self.get_json("/api/rules/502.99/?edition=2007-05-01")
        self.assertIsNone(data["current"])

    def test_trailing_period_and_capitals_are_accepted(self):
        self.assertEqual(self.get_json("/api/rules/702.37C./")["number"], "702.37c")

    def test_an_italian_edition(self):
        italian = make_edition(CURRENT, language="it", is_complete=False)
        italian.sections.create(number="7", level=1, title="Regole aggiuntive", position=1)
        data = self.get_json("/api/rules/7/?language=it&edition=2026-04-17")
        self.assertEqual(data["title"], "Regole aggiuntive")
        self.assertEqual(data["edition"]["language"], "it")
        self.assertEqual(data["url"], "http://testserver/it/rules/7/")
        self.assertNotIn("current", data)

    def test_an_old_italian_rule_says_where_the_english_one_went(self):
        italian = make_edition(self.old.effective_date, language="it", is_complete=False)
        italian.sections.create(number="502.26b", level=4, text="Per giocare...", position=1)
        italian.sections.create(number="502.99", level=4, text="Sparita.", position=2)
        data = self.get_json("/api/rules/502.26b/?language=it&edition=2007-05-01")
        self.assertEqual(data["text"], "Per giocare...")
        self.assertEqual(data["current"]["number"], "702.37c")
        self.assertEqual(data["current"]["confidence"], 0.7)
        data = self.get_json("/api/rules/502.99/?language=it&edition=2007-05-01")
        self.assertIsNone(data["current"])

    def test_errors_are_json(self):
        cases = [
            ("/api/rules/999.9/", 404, "There is no rule 999.9 in the rules of 2026-04-17."),
            ("/api/rules/abc/", 404, "“abc” is not a rule number"),
            ("/api/rules/702.9/?edition=2008-01-01", 404, "no en edition of the rules dated"),
            ("/api/rules/702.9/?edition=yesterday", 400, "is not a date like 2026-04-17"),
            ("/api/rules/702.9/?language=fr", 400, "Unknown language"),
        ]
        for url, status, message in cases:
            data = self.get_json(url, status)
            self.assertIn(message, data["error"], url)

    def test_a_number_only_in_an_older_edition_names_it(self):
        data = self.get_json("/api/rules/502.26b/", 404)
        self.assertEqual(data["editions"], ["2007-05-01"])

    def test_the_editions(self):
        data = self.get_json("/api/rules/")
        self.assertEqual(data["current"]["effective_date"], "2026-04-17")
        self.assertEqual(
            [e["effective_date"] for e in data["editions"]], ["2026-04-17", "2007-05-01"]
        )

    def test_only_get(self):
        # A real client checks CSRF: a POST must still get the JSON 405, not the HTML 403 page.
        client = Client(enforce_csrf_checks=True)
        for url in ("/api/rules/702.9/", "/api/rules/"):
            response = client.post(url)
            self.assertEqual(response.status_code, 405)
            self.assertEqual(response["Allow"], "GET, HEAD")
            self.assertIn("error", response.json())

    def test_fixed_queries(self):
        # Each answer: the data version (its ETag), the current edition, the editions of the
        # language asked, the rule, its subrules.
        for url in ["/api/rules/702.37/", "/api/rules/702.37c/", "/api/rules/7/"]:
            with self.assertNumQueries(5):
                self.client.get(url)
        with self.assertNumQueries(6):  # and where it is today
            self.client.get("/api/rules/502.26b/?edition=2007-05-01")


class EmptyRuleApiTests(EmptyDatabaseTestCase):
    def test_no_rules_yet(self):
        response = self.client.get("/api/rules/702.9/")
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response.json(), {"error": "No rules have been imported."})
