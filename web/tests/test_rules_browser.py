"""A real headless Chromium reads the rules: a rule page, a cross-reference, the search box."""

from oracle.tests.browser import BrowserTestCase
from rulings.tests.factories import make_mapping, make_old_rules, make_small_rules


class RulesBrowserTests(BrowserTestCase):
    def setUp(self):
        _, now = make_small_rules()
        _, then = make_old_rules()
        make_mapping(then["502.26b"], now["702.37c"], confidence=0.99)
        self.page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 844})

    def tearDown(self):
        self.page.close()

    def heading(self):
        return self.page.get_by_role("heading", level=1).inner_text()

    def search(self, text):
        box = self.page.get_by_role("search").get_by_role("searchbox")
        box.fill(text)
        box.press("Enter")

    def test_follow_a_cross_reference_then_search_the_rules(self):
        page = self.page
        page.goto(self.live_server_url + "/it/rules/702.37/")
        self.assertIn("702.37", self.heading())
        self.assertIn("Morph", self.heading())
        # "See rule 702.9" inside the text of 702.37a is a link.
        page.locator('[id="702.37a"]').get_by_role("link", name="702.9", exact=True).click()
        page.wait_for_url("**/it/rules/702.9/")
        self.assertIn("Flying", self.heading())
        # An old number typed with its year opens the old rule, which says where it is today.
        self.search("502.26b 2007")
        page.wait_for_url("**/it/rules/502.26b/?edition=2007-05-01")
        notice = page.locator(".notice")
        self.assertTrue(notice.is_visible())
        notice.get_by_role("link", name="702.37c (Morph)", exact=True).click()
        page.wait_for_url("**/it/rules/702.37c/")
        # Words find the rules that hold them.
        self.search("megamorph")
        page.wait_for_url("**/it/rules/search/?q=megamorph")
        page.get_by_role("link", name="702.37b", exact=True).click()
        page.wait_for_url("**/it/rules/702.37b/")
        self.assertIn("702.37b", self.heading())
