"""A real headless Chromium uses the card search: the box, a suggestion link, the filters."""

from oracle.tests.browser import FutureSightBrowserTestCase


class SearchBrowserTests(FutureSightBrowserTestCase):
    def setUp(self):
        self.page = self.browser.new_page(locale="en-GB", viewport={"width": 1280, "height": 900})

    def tearDown(self):
        self.page.close()

    def test_a_mistyped_query_offers_a_correction_that_leads_to_the_cards(self):
        page = self.page
        page.goto(self.live_server_url + "/en/cards/")
        box = page.get_by_label("Card name or query")
        box.fill("tpye:goblin c:r")
        box.press("Enter")
        page.wait_for_url("**/en/cards/?q=tpye%3Agoblin+c%3Ar*")
        problems = page.get_by_role("alert")
        self.assertIn("unknown search key “tpye”", problems.inner_text())
        # The rest of the query still ran: red cards, with the other name beside each.
        self.assertIn("Search as read: c:r", page.locator(".search-canonical").inner_text())
        page.get_by_role("link", name="type:goblin").click()
        page.wait_for_url("**/en/cards/?q=type%3Agoblin+c%3Ar*")
        self.assertEqual(page.get_by_role("alert").count(), 0)
        self.assertIn("t:goblin c:r", page.locator(".search-canonical").inner_text())
        rows = page.locator("table.card-list tbody tr")
        self.assertGreater(rows.count(), 1)
        for type_line in rows.locator("td:nth-child(3)").all_inner_texts():
            self.assertIn("Goblin", type_line)
        self.assertEqual(box.input_value(), "type:goblin c:r")

    def test_filters_and_sorting_narrow_the_query_and_open_a_card(self):
        page = self.page
        page.goto(self.live_server_url + "/en/cards/?q=t%3Acreatura+k%3Avolare")
        status = page.get_by_role("status")
        self.assertIn("14 cards found.", status.inner_text())
        page.locator(".facets summary").click()  # the filters start folded on results
        page.get_by_label("Red", exact=True).check()
        page.get_by_role("button", name="Apply filters").click()
        page.wait_for_url("**color=R*")
        self.assertIn("Colours: Red", page.locator(".active-facets").inner_text())
        # The sort menu applies as soon as a choice is made; its button is for no JavaScript.
        self.assertFalse(page.get_by_role("button", name="Sort", exact=True).is_visible())
        page.get_by_label("Sort by").select_option(label="Mana value, ascending")
        page.wait_for_url("**sort=mv-asc*")
        self.assertIn("order:mv", page.locator(".search-canonical").inner_text())
        self.assertIn("Colours: Red", page.locator(".active-facets").inner_text())
        names = page.locator("table.card-list tbody th a").all_inner_texts()
        self.assertEqual(names, ["Tarox Bladewing", "Scourge of Kher Ridges"])  # mv 5, then 8
        page.get_by_role("link", name="Tarox Bladewing").click()
        page.wait_for_url("**/en/cards/tarox-bladewing/")
        self.assertIn("Tarox Bladewing", page.get_by_role("heading", level=1).inner_text())

    def test_without_javascript_the_sort_menu_applies_with_its_button(self):
        context = self.browser.new_context(java_script_enabled=False, locale="it-IT")
        self.addCleanup(context.close)
        page = context.new_page()
        page.goto(self.live_server_url + "/it/cards/?q=t%3Acreatura+k%3Avolare+order%3Amv")
        menu = page.get_by_label("Ordina per")
        self.assertEqual(menu.input_value(), "mv-asc")  # as the query says
        menu.select_option(label="Valore di mana, decrescente")
        page.get_by_role("button", name="Ordina", exact=True).click()
        page.wait_for_url("**sort=mv-desc*")
        self.assertIn("order:mv dir:desc", page.locator(".search-canonical").inner_text())
        self.assertEqual(page.get_by_label("Ordina per").input_value(), "mv-desc")

    def test_on_a_phone_the_first_result_is_in_the_top_of_the_screen(self):
        """A phone of 390 x 844: the header takes two short rows and the form keeps to what
        changes the search, so the first result starts in the top 60 % of the screen."""
        page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 844})
        self.addCleanup(page.close)
        page.goto(self.live_server_url + "/it/cards/?q=t%3Acreatura+k%3Avolare")
        header = page.locator(".site-header").bounding_box()
        self.assertLess(header["height"], 100)
        first = page.locator("table.card-list tbody tr").first.bounding_box()
        self.assertLess(first["y"], 0.6 * 844)
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), 390)

    def test_on_a_phone_set_tables_stack_as_search_results_do(self):
        page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 844})
        self.addCleanup(page.close)
        for path, cells in (("/it/sets/", 4), ("/it/sets/fut/", 5)):
            with self.subTest(path=path):
                page.goto(self.live_server_url + path)
                self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"), 390)
                row = page.get_by_role("row").nth(1)
                self.assertEqual(row.get_by_role("cell").count() + 1, cells)  # and the header
                self.assertEqual(row.evaluate("r => getComputedStyle(r).display"), "grid")
                for cell in row.locator("th, td").all():
                    box = cell.bounding_box()
                    self.assertLessEqual(box["x"] + box["width"], 390)
        page.goto(self.live_server_url + "/it/sets/")
        self.assertIn("180 carte", page.locator("tr", has_text="Visione Futura").inner_text())

    def test_on_a_phone_every_column_of_a_result_is_on_screen(self):
        """At 390 px the table would scroll sideways and hide the type line and sets: each
        result is laid out as a block instead, and is still a table row to a screen reader."""
        page = self.browser.new_page(locale="it-IT", viewport={"width": 390, "height": 800})
        self.addCleanup(page.close)
        page.goto(self.live_server_url + "/it/cards/?q=t%3Acreatura+k%3Avolare")
        table = page.get_by_role("table")
        self.assertEqual(table.get_by_role("row").count(), 15)  # the header and 14 cards
        cells = page.locator("table.card-list tbody tr > *")
        self.assertEqual(cells.count(), 14 * 4)
        for box in (cells.nth(n).bounding_box() for n in range(cells.count())):
            self.assertGreaterEqual(box["x"], 0)
            self.assertLessEqual(box["x"] + box["width"], 390)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        self.assertLessEqual(scroll, 390)
        self.assertIn("Creatura", cells.nth(2).inner_text())
