"""axe-core, run in a real headless Chromium, finds no accessibility violation on the public
pages (both languages on a desktop; on a phone, Italian, whose longer words wrap most) and on
the admin's change, history and revert pages of an erratum and a ruling, and the history of
their card. Three classes, so that the test runner's workers share them."""

from datetime import date

from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from django.urls import reverse

from oracle.models import Card
from oracle.tests.browser import FutureSightBrowserTestCase
from oracle.tests.factories import make_card, make_erratum
from rulings.models import Ruling
from rulings.tests.factories import make_small_rules

PUBLIC_PAGES = (
    "/{lang}/",
    "/{lang}/cards/?q=t%3Acreature+k%3Aflying",
    "/{lang}/cards/tarox-bladewing/",
    "/{lang}/cards/rift-walker/",  # loyalty costs as badges
    "/{lang}/help/search/",
    "/{lang}/sets/",
    "/{lang}/sets/fut/",
    "/{lang}/keywords/",
    "/{lang}/keywords/flying/",
    "/{lang}/rules/",
    "/{lang}/rules/702/",
    "/{lang}/rules/glossary/",
    "/{lang}/rules/search/?q=morph",
    "/{lang}/sources/",
    "/{lang}/about/",
)


def violations(page) -> list[str]:
    """Each violation axe-core finds: its rule, impact, and the first element it names."""
    found = Axe().run(page).response["violations"]
    return [
        f"{item['id']} ({item['impact']}): {item['nodes'][0]['target']} {item['help']}"
        for item in found
    ]


class AccessibilityTestCase(FutureSightBrowserTestCase):
    def setUp(self):
        make_small_rules()
        make_card(
            name="Rift Walker",
            name_it="Viandante della Fenditura",
            type_line="Legendary Planeswalker — Rift",
            oracle_text="[+1]: Draw a card.\n[−2]: Tap target creature.\n[0]: Scry 1.",
            text_it="+1: Pesca una carta.\n-2: TAPpa una creatura bersaglio.\n0: Profetizza 1.",
        )
        self.card = Card.objects.get(name="Tarox Bladewing")
        self.erratum = make_erratum(
            self.card, "Old words.", self.card.faces.get().oracle_text, when=date(2020, 1, 1)
        )
        self.ruling = Ruling.objects.create(
            card=self.card, date=date(2007, 5, 1), text="Old ruling.", origin="imported"
        )
        self.ruling.text = "Corrected ruling."
        self.ruling.save()

    def check(self, page, url):
        page.goto(self.live_server_url + url)
        self.assertEqual(violations(page), [], url)

    def check_public_pages(self, size: dict, languages: tuple[str, ...]):
        page = self.browser.new_page(viewport=size)
        self.addCleanup(page.close)
        for language in languages:
            for url in PUBLIC_PAGES:
                with self.subTest(url=url.format(lang=language), width=size["width"]):
                    self.check(page, url.format(lang=language))


class DesktopAccessibilityTests(AccessibilityTestCase):
    def test_public_pages_in_both_languages(self):
        self.check_public_pages({"width": 1280, "height": 900}, ("it", "en"))


class PhoneAccessibilityTests(AccessibilityTestCase):
    def test_public_pages_in_italian(self):
        self.check_public_pages({"width": 390, "height": 844}, ("it",))


class AdminAccessibilityTests(AccessibilityTestCase):
    def test_admin_change_history_and_revert_pages(self):
        page = self.signed_in_page(User.objects.create_superuser("editor", password="pw-for-tests"))
        for name, obj in (("oracle_erratum", self.erratum), ("rulings_ruling", self.ruling)):
            first = obj.history.earliest()
            for url in (
                reverse(f"admin:{name}_change", args=[obj.pk]),
                reverse(f"admin:{name}_history", args=[obj.pk]),
                reverse(f"admin:{name}_simple_history", args=[obj.pk, first.pk]),
            ):
                with self.subTest(url=url):
                    self.check(page, url)
        # The card's history, listing the changes to its erratum and its ruling.
        self.check(page, reverse("admin:oracle_card_history", args=[self.card.pk]))
