"""A real headless Chromium fills in a new erratum's old wording as an Italian editor picks the
card, the face and what changed (static/js/erratum-wording.js)."""

from django.contrib.auth.models import User

from oracle.models import CardFace
from oracle.tests.browser import BrowserTestCase
from oracle.tests.factories import make_card


class ErratumWordingBrowserTests(BrowserTestCase):
    def setUp(self):
        self.spider = make_card(name="Giant Spider", oracle_text="Reach", type_line="Creature")
        self.rough = make_card(name="Rough // Tumble", oracle_text="Rough deals 2 damage.")
        first = self.rough.faces.get()
        first.name = "Rough"
        first.save()
        CardFace.objects.create(
            card=self.rough, position=1, name="Tumble", oracle_text="Tumble deals 6 damage."
        )
        # Django empties every table after each browser test, the editors group's permissions
        # with them (migrate makes those): an administrator's account here.
        editor = User.objects.create_superuser("editor", password="pw-for-tests")
        self.page = self.signed_in_page(editor)

    def old_text(self):
        return self.page.locator("#id_old_text").input_value()

    @staticmethod
    def expect(locator):
        from playwright.sync_api import expect  # only where the browser tests run

        return expect(locator)

    def expect_old_text(self, text):
        self.expect(self.page.locator("#id_old_text")).to_have_value(text)

    def choose(self, select, **option):
        """Pick an option of the face or field list and wait for the wording it asks for (the
        machine running the tests may be slow to answer)."""
        with self.page.expect_response(lambda response: "/erratum/wording/" in response.url):
            self.page.select_option(select, **option)

    def pick_card(self, name):
        page = self.page
        page.locator(".field-card .select2-selection").click()
        with page.expect_response(lambda response: "term=" in response.url):
            page.locator(".select2-search__field").fill(name)
        page.wait_for_timeout(100)  # select2 draws the answer's options
        option = page.locator(".select2-results__option", has_text=name)
        option.first.click()

    def test_the_old_wording_follows_the_card_face_and_field_until_the_editor_writes(self):
        page = self.page
        page.goto(self.live_server_url + "/admin/oracle/erratum/add/")
        self.assertIn("Testo precedente", page.locator("label[for=id_old_text]").inner_text())
        self.pick_card("Giant Spider")
        self.expect_old_text("Reach")
        self.choose("#id_field", value="type_line")
        self.expect_old_text("Creature")
        # Another card with two faces: its faces to choose from, then the chosen face's text.
        self.pick_card("Rough // Tumble")
        self.expect(page.locator("#id_face option")).to_have_count(3)
        self.choose("#id_field", value="text")
        self.choose("#id_face", label="Tumble")
        self.expect_old_text("Tumble deals 6 damage.")
        # What the editor writes stays.
        page.fill("#id_old_text", "Tumble deals 5 damage.")
        self.choose("#id_face", label="Rough")
        page.wait_for_timeout(500)
        self.assertEqual(self.old_text(), "Tumble deals 5 damage.")

    def test_the_card_pages_link_starts_from_its_wording(self):
        page = self.page
        page.goto(self.live_server_url + f"/admin/oracle/card/{self.spider.pk}/change/")
        page.get_by_role("link", name="Aggiungi un'errata").click()
        page.wait_for_url(f"**/admin/oracle/erratum/add/?card={self.spider.pk}")
        self.assertEqual(self.old_text(), "Reach")
        self.choose("#id_field", value="name")
        self.expect_old_text("Giant Spider")
