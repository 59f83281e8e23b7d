"""The editors' coverage page, in a real Chromium: axe-core finds no accessibility violation in
either language, on a desktop and on a phone, with a translated text and the progress bars."""

from django.contrib.auth.models import User
from django.utils import timezone

from oracle.tests.browser import FutureSightBrowserTestCase
from rulings.models import RulingText, RulingTranslation
from web.tests.test_accessibility_browser import violations


class TranslationCoverageAccessibilityTests(FutureSightBrowserTestCase):
    def test_the_page_has_no_accessibility_violation(self):
        text = RulingText.objects.in_use().first()
        RulingTranslation.objects.create(
            text=text, italian="IT", status="approved", approved_at=timezone.now()
        )
        editor = User.objects.create_superuser("editor", password="pw-for-tests")
        for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
            page = self.signed_in_page(editor)
            page.set_viewport_size(size)
            for language in ("it", "en"):
                url = f"/{language}/translations/coverage/"
                with self.subTest(url=url, width=size["width"]):
                    page.goto(self.live_server_url + url)
                    self.assertEqual(page.locator("table.coverage-table").count(), 2)
                    self.assertGreater(page.locator("progress").count(), 3)
                    self.assertEqual(violations(page), [], url)
