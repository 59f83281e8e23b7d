"""A real headless Chromium follows a link to a subrule of a long section whose text is on
another of the section's pages: the script takes it there (static/js/rule-anchors.js)."""

from oracle.tests.browser import BrowserTestCase
from rulings.tests.factories import make_edition, make_rules
from web.pages.rules.section_pages import RULES_PER_PAGE


class SectionPagesBrowserTests(BrowserTestCase):
    def setUp(self):
        rows = [("7", "Additional Rules", ""), ("702", "Keyword Abilities", "")]
        for index in range(1, RULES_PER_PAGE + 6):
            rows += [
                (f"702.{index}", f"Keyword {index}", ""),
                (f"702.{index}a", "", f"The text of keyword {index}."),
            ]
        make_rules(make_edition(), rows)
        self.page = self.browser.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def tearDown(self):
        self.page.close()
        self.assertEqual(self.errors, [])

    def test_a_link_to_a_subrule_on_another_page_opens_that_page(self):
        last = RULES_PER_PAGE + 5
        self.page.goto(f"{self.live_server_url}/en/rules/702/#702.{last}a")
        self.page.wait_for_url(f"**/en/rules/702/?page=2#702.{last}a")
        self.assertIn(
            f"The text of keyword {last}.", self.page.locator(f"[id='702.{last}a']").inner_text()
        )

    def test_a_link_to_a_rule_of_another_page_opens_that_page(self):
        self.page.goto(f"{self.live_server_url}/en/rules/702/?page=2#702.3")
        self.page.wait_for_url("**/en/rules/702/#702.3")
        self.assertIn("The text of keyword 3.", self.page.locator("[id='702.3a']").inner_text())

    def test_a_subrule_on_the_page_stays(self):
        url = f"{self.live_server_url}/en/rules/702/#702.2a"
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        self.assertEqual(self.page.url, url)
