"""An Italian editor whose browser keeps another time than the server's reads the admin's note on
its date fields in Italian, in a real headless Chromium (Django's admin writes it from its script
catalogue, which lacked Django 6.1's new sentence in Italian)."""

from django.conf import settings
from django.contrib.auth.models import User

from oracle.tests.browser import BrowserTestCase


class TimeZoneNoteBrowserTests(BrowserTestCase):
    def test_the_time_zone_note_is_italian(self):
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        # Fourteen hours ahead of UTC: ahead of the server's time zone, whichever it is.
        context = self.browser.new_context(locale="it-IT", timezone_id="Pacific/Kiritimati")
        self.addCleanup(context.close)
        session = self.client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(self.live_server_url + "/admin/oracle/erratum/add/")
        note = page.locator(".timezonewarning").first
        note.wait_for()
        text = note.inner_text()
        self.assertTrue(
            text.startswith(f"Nota: inserisci gli orari nel fuso orario {settings.TIME_ZONE}."),
            text,
        )
        self.assertRegex(text, r"\(Sei avanti di \d+ ore\.\)$")
