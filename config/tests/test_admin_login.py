"""The admin's door: login throttling (django-axes) with its lockout page in both languages, and
the admin's path from ADMIN_URL."""

import importlib
from datetime import timedelta

from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.test import SimpleTestCase, override_settings
from django.urls import clear_url_caches, reverse
from django.utils import timezone

import web.urls
from config.settings import url_path
from web.testing import EmptyDatabaseTestCase

PASSWORD = "right-password-1993"


class LoginThrottlingTests(EmptyDatabaseTestCase):
    @classmethod
    def setUpTestData(cls):
        User.objects.create_superuser("giulia", password=PASSWORD)
        User.objects.create_superuser("marco", password=PASSWORD)

    def log_in(self, username, password, address="203.0.113.7", **headers):
        self.client.cookies.clear()
        return self.client.post(
            reverse("admin:login"),
            {"username": username, "password": password, "next": reverse("admin:index")},
            REMOTE_ADDR=address,
            **headers,
        )

    def assertLoggedIn(self, response):
        self.assertRedirects(response, reverse("admin:index"), fetch_redirect_response=False)

    def assertLockedOut(self, response):
        self.assertEqual(response.status_code, 429)
        self.assertContains(response, "Too many failed logins", status_code=429)
        self.assertContains(response, "5 times in a row", status_code=429)
        self.assertContains(response, "Try again in 15 minutes.", status_code=429)
        self.assertEqual(response["Retry-After"], "900")
        self.assertNotIn("_auth_user_id", self.client.session)

    def fail_five_times(self, username="giulia"):
        for attempt in range(1, 5):
            response = self.log_in(username, f"wrong-{attempt}")
            self.assertContains(response, "Please enter the correct username and password")
        self.assertLockedOut(self.log_in(username, "wrong-5"))

    def test_the_sixth_wrong_password_and_then_the_right_one_are_refused(self):
        self.fail_five_times()
        self.assertLockedOut(self.log_in("giulia", "wrong-6"))
        self.assertLockedOut(self.log_in("giulia", PASSWORD))

    def test_a_next_that_leads_off_the_site_lands_on_the_admin_index(self):
        for unsafe in ("https://evil.example/", "//evil.example/admin/", "javascript:alert(1)"):
            with self.subTest(next=unsafe):
                self.client.cookies.clear()
                response = self.client.post(
                    f"{reverse('admin:login')}?next={unsafe}",
                    {"username": "giulia", "password": PASSWORD, "next": unsafe},
                    follow=True,
                )
                self.assertEqual(response.redirect_chain, [(reverse("admin:index"), 302)])
                self.assertEqual(response.status_code, 200)
        self.client.cookies.clear()
        safe = reverse("admin:auth_user_changelist")
        response = self.client.post(
            reverse("admin:login"), {"username": "giulia", "password": PASSWORD, "next": safe}
        )
        self.assertRedirects(response, safe, fetch_redirect_response=False)

    def test_another_address_or_another_user_is_not_locked_out(self):
        self.fail_five_times()
        self.assertLoggedIn(self.log_in("giulia", PASSWORD, address="198.51.100.23"))
        self.assertLoggedIn(self.log_in("marco", PASSWORD))
        self.assertLockedOut(self.log_in("giulia", PASSWORD))

    @override_settings(TRUSTED_PROXIES=1)
    def test_behind_the_proxy_a_lockout_is_per_client_not_per_proxy(self):
        proxy = "10.0.0.2"

        def through_proxy(password, forwarded):
            return self.log_in("giulia", password, address=proxy, HTTP_X_FORWARDED_FOR=forwarded)

        for attempt in range(1, 5):
            through_proxy(f"wrong-{attempt}", "203.0.113.7")
        self.assertLockedOut(through_proxy("wrong-5", "203.0.113.7"))
        self.assertLockedOut(through_proxy(PASSWORD, "203.0.113.7"))
        # Another client behind the same proxy logs in as giulia: the lock is that client's.
        self.assertLoggedIn(through_proxy(PASSWORD, "198.51.100.23"))
        # What a client writes into the header itself is left of the proxy's entry: ignored.
        self.assertLockedOut(through_proxy(PASSWORD, "198.51.100.23, 203.0.113.7"))
        self.assertLoggedIn(through_proxy(PASSWORD, "203.0.113.7, 198.51.100.23"))
        attempt = AccessAttempt.objects.get(username="giulia")
        self.assertEqual(attempt.ip_address, "203.0.113.7")

    @override_settings(TRUSTED_PROXIES=1)
    def test_a_request_that_bypassed_the_proxy_counts_as_its_own_address(self):
        for attempt in range(1, 6):
            response = self.log_in("giulia", f"wrong-{attempt}", address="192.0.2.50")
        self.assertLockedOut(response)
        self.assertEqual(AccessAttempt.objects.get().ip_address, "192.0.2.50")

    def test_without_a_proxy_the_header_is_never_read(self):
        for attempt in range(1, 6):
            response = self.log_in("giulia", f"wrong-{attempt}", HTTP_X_FORWARDED_FOR="1.1.1.1")
        self.assertLockedOut(response)
        self.assertEqual(AccessAttempt.objects.get().ip_address, "203.0.113.7")

    def test_the_lock_lifts_after_the_cooloff_and_a_login_resets_the_count(self):
        self.fail_five_times()
        AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
        self.assertLoggedIn(self.log_in("giulia", PASSWORD))
        for _attempt in range(4):
            self.log_in("giulia", "wrong")
        self.assertLoggedIn(self.log_in("giulia", PASSWORD))

    def test_the_lockout_page_speaks_italian(self):
        self.fail_five_times()
        response = self.log_in("giulia", PASSWORD, HTTP_ACCEPT_LANGUAGE="it")
        self.assertEqual(response.status_code, 429)
        self.assertContains(response, "Troppi accessi non riusciti", status_code=429)
        self.assertContains(response, "5 volte di seguito", status_code=429)
        self.assertContains(response, "Riprova tra 15 minuti.", status_code=429)

    @override_settings(AXES_FAILURE_LIMIT=3, AXES_COOLOFF_TIME=timedelta(minutes=1))
    def test_the_limit_and_the_cooloff_are_settings(self):
        for _attempt in range(2):
            self.assertEqual(self.log_in("giulia", "wrong").status_code, 200)
        response = self.log_in("giulia", "wrong")
        self.assertContains(response, "3 times in a row", status_code=429)
        self.assertContains(response, "Try again in 1 minute.", status_code=429)

    def test_a_superuser_sees_and_clears_lockouts_in_the_admin(self):
        self.fail_five_times()
        self.client.force_login(User.objects.get(username="marco"))
        changelist = reverse("admin:axes_accessattempt_changelist")
        self.assertContains(self.client.get(changelist), "giulia")
        attempt = AccessAttempt.objects.get(username="giulia")
        response = self.client.post(
            changelist,
            {"action": "delete_selected", "_selected_action": [attempt.pk], "post": "yes"},
        )
        self.assertEqual(response.status_code, 302)
        self.assertLoggedIn(self.log_in("giulia", PASSWORD))


def reload_urls():
    clear_url_caches()
    importlib.reload(web.urls)


class AdminUrlTests(EmptyDatabaseTestCase):
    def tearDown(self):
        reload_urls()  # back to the settings' own ADMIN_URL

    def test_the_admin_lives_where_admin_url_says(self):
        with override_settings(ADMIN_URL="gestione-7f3a/"):
            reload_urls()
            self.assertEqual(reverse("admin:index"), "/gestione-7f3a/")
            response = self.client.get("/gestione-7f3a/")
            self.assertRedirects(response, "/gestione-7f3a/login/?next=/gestione-7f3a/")
            login = self.client.get("/gestione-7f3a/login/")
            self.assertContains(login, 'action="/gestione-7f3a/login/')
            self.assertEqual(self.client.get("/admin/").status_code, 404)
            User.objects.create_superuser("giulia", password=PASSWORD)
            self.client.force_login(User.objects.get(username="giulia"))
            page = self.client.get("/gestione-7f3a/oracle/erratum/add/")
            self.assertEqual(page.status_code, 200)
            self.assertContains(page, 'href="/gestione-7f3a/oracle/"')

    def test_by_default_it_is_admin(self):
        self.assertEqual(reverse("admin:index"), "/admin/")


class UrlPathTests(SimpleTestCase):
    def test_admin_url_is_normalised_and_never_empty(self):
        self.assertEqual(url_path("/gestione"), "gestione/")
        self.assertEqual(url_path("gestione/"), "gestione/")
        self.assertEqual(url_path(" back/office/ "), "back/office/")
        with self.assertRaises(ImproperlyConfigured):
            url_path("/")
