"""A real headless Chromium uses the search box's name suggestions with the keyboard, as the
WAI-ARIA combobox pattern has it; without JavaScript the box is a plain search box."""

from oracle.tests.browser import FutureSightBrowserTestCase


class AutocompleteBrowserTests(FutureSightBrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(locale="it-IT", viewport={"width": 1280, "height": 900})
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        # Script errors and refused scripts or requests (the security policy) fail a test;
        # card pictures that cannot load here (no network) do not.
        self.page.on(
            "console",
            lambda message: (
                message.type == "error"
                and "Content Security Policy" in message.text
                and self.errors.append(message.text)
            ),
        )

    def tearDown(self):
        self.page.close()
        self.assertEqual(self.errors, [])

    def test_the_keyboard_chooses_a_card_and_opens_it(self):
        from playwright.sync_api import expect

        page = self.page
        page.goto(self.live_server_url + "/it/cards/")
        box = page.get_by_role("combobox", name="Nome della carta o ricerca")
        self.assertEqual(box.get_attribute("aria-expanded"), "false")
        box.press_sequentially("tarox")
        listbox = page.get_by_role("listbox", name="Nomi delle carte")
        listbox.wait_for()
        self.assertEqual(box.get_attribute("aria-expanded"), "true")
        self.assertEqual(box.get_attribute("aria-controls"), listbox.get_attribute("id"))
        options = listbox.get_by_role("option")
        # One card, by its Italian name with the English one beside it (names of "ta" may show
        # first, while the rest is typed: wait for those of "tarox").
        expect(options).to_have_text(["Tarox Alaspada Tarox Bladewing"])
        self.assertEqual(options.nth(0).locator(".autocomplete-other").get_attribute("lang"), "en")
        status = page.locator(".search-box .autocomplete-status")
        expect(status).to_have_text("Una carta: le frecce su e giù la scelgono, Invio la apre.")

        box.fill("")
        box.press_sequentially("magus")
        expect(options).to_have_count(5)
        expect(options.nth(0)).to_have_text("Magus del Fossato Magus of the Moat")
        expect(status).to_have_text(
            "5 carte su 5: le frecce su e giù ne scelgono una, Invio la apre."
        )
        self.assertIsNone(box.get_attribute("aria-activedescendant"))
        box.press("ArrowDown")
        first = options.nth(0)
        self.assertEqual(box.get_attribute("aria-activedescendant"), first.get_attribute("id"))
        self.assertEqual(first.get_attribute("aria-selected"), "true")
        box.press("ArrowDown")
        second = options.nth(1)
        self.assertEqual(box.get_attribute("aria-activedescendant"), second.get_attribute("id"))
        self.assertEqual(first.get_attribute("aria-selected"), "false")
        box.press("ArrowUp")
        box.press("ArrowUp")  # before the first: round to the last
        last = options.nth(4)
        self.assertEqual(box.get_attribute("aria-activedescendant"), last.get_attribute("id"))

        box.press("Escape")
        self.assertEqual(box.get_attribute("aria-expanded"), "false")
        self.assertFalse(listbox.is_visible())
        self.assertIsNone(box.get_attribute("aria-activedescendant"))
        self.assertEqual(box.input_value(), "magus")  # Escape closes the list, keeps the text

        box.press("ArrowDown")  # opens the list again on its first card
        self.assertEqual(box.get_attribute("aria-expanded"), "true")
        self.assertEqual(box.get_attribute("aria-activedescendant"), first.get_attribute("id"))
        box.press("Enter")
        page.wait_for_url("**/it/cards/magus-of-the-moat/")
        self.assertIn("Magus del Fossato", page.get_by_role("heading", level=1).inner_text())

    def test_enter_without_a_chosen_name_searches_the_text(self):
        page = self.page
        page.goto(self.live_server_url + "/it/")
        box = page.locator("#home-q")
        self.assertEqual(box.get_attribute("role"), "combobox")
        box.press_sequentially("magus")
        page.get_by_role("listbox").wait_for()
        box.press("Enter")
        page.wait_for_url("**/it/cards/?q=magus")
        self.assertIn("carte trovate", page.locator(".search-count").inner_text())

    def test_a_click_opens_a_name_from_the_header_box_and_a_query_gets_no_names(self):
        from playwright.sync_api import expect

        page = self.page
        page.goto(self.live_server_url + "/en/sets/")
        box = page.get_by_role("combobox", name="Search cards")
        box.press_sequentially("t:creature")
        page.wait_for_timeout(400)
        self.assertEqual(box.get_attribute("aria-expanded"), "false")
        box.fill("")
        box.press_sequentially("eminen")  # a word inside a name: nothing in FUT
        expect(page.locator(".site-search .autocomplete-status")).to_have_text(
            "No card name matches."
        )
        self.assertEqual(box.get_attribute("aria-expanded"), "false")
        box.fill("")
        box.press_sequentially("bladew")
        page.get_by_role("option", name="Tarox Bladewing Tarox Alaspada").click()
        page.wait_for_url("**/en/cards/tarox-bladewing/")

    def test_without_javascript_the_box_is_a_plain_search_box(self):
        context = self.browser.new_context(java_script_enabled=False, locale="it-IT")
        self.addCleanup(context.close)
        page = context.new_page()
        page.goto(self.live_server_url + "/it/cards/")
        self.assertEqual(page.locator("input[role=combobox]").count(), 0)
        box = page.get_by_role("searchbox", name="Nome della carta o ricerca")
        box.fill("tarox alaspada")
        box.press("Enter")
        page.wait_for_url("**/it/cards/tarox-bladewing/")
