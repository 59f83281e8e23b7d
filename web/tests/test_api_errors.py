"""Errors under /api/ answer JSON in the API's own format, never an HTML page: an unknown
address, a bad request, a refusal and a failure of the code alike."""

from unittest import mock

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.db import OperationalError
from django.test import override_settings
from django.urls import path

from web import urls as site_urls
from web.testing import EmptyDatabaseTestCase


def failing(request):
    raise RuntimeError("a bug")


def suspicious(request):
    raise SuspiciousOperation("a request that cannot be read")


def forbidden(request):
    raise PermissionDenied


def lost_database(request):
    raise OperationalError("server closed the connection unexpectedly")


# The site's addresses and error handlers, with views that fail in each way.
urlpatterns = [
    path("api/failing/", failing),
    path("api/scryfall/failing", failing),
    path("api/suspicious/", suspicious),
    path("api/scryfall/forbidden", forbidden),
    path("api/forbidden/", forbidden),
    path("en/failing/", failing),
    path("en/lost-database/", lost_database),
    path("api/lost-database/", lost_database),
    path("api/scryfall/lost-database", lost_database),
    *site_urls.urlpatterns,
]
handler400 = site_urls.handler400
handler403 = site_urls.handler403
handler404 = site_urls.handler404
handler500 = site_urls.handler500


class ApiNotFoundTests(EmptyDatabaseTestCase):
    def test_an_unknown_address_of_the_api_is_a_json_error(self):
        response = self.client.get("/api/unknown")
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        self.assertEqual(response.json(), {"error": "There is no such endpoint in this API."})

    def test_in_the_language_the_client_asks_for(self):
        response = self.client.get("/api/unknown/deeper/", headers={"accept-language": "it"})
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response.json(), {"error": "Questo indirizzo non esiste in questa API."})

    def test_an_unknown_address_of_the_scryfall_api_is_an_error_object(self):
        response = self.client.get("/api/scryfall/unknown")
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response.json()["object"], "error")
        self.assertEqual(response.json()["code"], "not_found")

    def test_pages_outside_the_api_keep_their_html_page(self):
        response = self.client.get("/en/unknown/")
        self.assertContains(response, "<h1>Page not found</h1>", status_code=404)


@override_settings(ROOT_URLCONF=__name__)
class ApiFailureTests(EmptyDatabaseTestCase):
    def setUp(self):
        self.client.raise_request_exception = False

    def test_a_failing_view_of_the_api_answers_a_json_500(self):
        with self.assertLogs("django.request", "ERROR"):
            response = self.client.get("/api/failing/")
        self.assertEqual(response.status_code, 500)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
        self.assertEqual(
            response.json(),
            {"error": "Something went wrong on our side. Please try again in a few minutes."},
        )

    def test_a_failing_view_of_the_scryfall_api_answers_an_error_object(self):
        with self.assertLogs("django.request", "ERROR"):
            response = self.client.get("/api/scryfall/failing")
        self.assertEqual(response.status_code, 500)
        self.assertEqual(response["Access-Control-Allow-Origin"], "*")
        body = response.json()
        self.assertEqual(
            (body["object"], body["status"], body["code"]),
            ("error", 500, "internal_server_error"),
        )

    def test_a_page_that_fails_keeps_the_html_error_page(self):
        with self.assertLogs("django.request", "ERROR"):
            response = self.client.get("/en/failing/")
        self.assertContains(response, "Something went wrong on our side.", status_code=500)
        self.assertTrue(response["Content-Type"].startswith("text/html"))

    def test_a_request_refused_as_suspicious_is_a_json_400(self):
        with self.assertLogs("django.security", "ERROR"):
            response = self.client.get("/api/suspicious/")
        self.assertEqual(response.status_code, 400)
        self.assertEqual(response.json(), {"error": "The request cannot be read."})

    def test_a_forbidden_request_is_a_json_403(self):
        with self.assertLogs("django.request", "WARNING"):
            response = self.client.get("/api/forbidden/")
        self.assertEqual(response.status_code, 403)
        self.assertEqual(response.json(), {"error": "This request is not allowed."})
        with self.assertLogs("django.request", "WARNING"):
            response = self.client.get("/api/scryfall/forbidden")
        self.assertEqual(response.json()["code"], "forbidden")

    def test_the_failure_in_italian(self):
        with self.assertLogs("django.request", "ERROR"):
            response = self.client.get("/api/failing/", headers={"accept-language": "it"})
        self.assertEqual(
            response.json(),
            {"error": "Qualcosa è andato storto da parte nostra. Riprova tra qualche minuto."},
        )


@override_settings(ROOT_URLCONF=__name__)
class DatabaseOutageTests(EmptyDatabaseTestCase):
    """A database that cannot be reached (restarted, failed over) is no fault of the request:
    503 with Retry-After, in the page's or the API's form; an error of a statement the database
    did answer stays a 500."""

    def setUp(self):
        self.client.raise_request_exception = False

    def unreachable(self):
        """The error pages see the connection as a failed connect leaves it: none (the
        request's own queries keep the test's connection)."""
        failed = mock.Mock(connection=None)
        return mock.patch("web.error_pages.connection", failed)

    def test_a_page_says_to_try_again_in_a_few_seconds(self):
        with self.unreachable():
            response = self.client.get("/en/lost-database/")
        self.assertEqual(response.status_code, 503)
        self.assertEqual(response["Retry-After"], "5")
        self.assertContains(response, "Riprova tra qualche secondo.", status_code=503)

    def test_the_apis_answer_json(self):
        with self.unreachable():
            ours = self.client.get("/api/lost-database/")
            scryfall = self.client.get("/api/scryfall/lost-database")
        self.assertEqual(ours.status_code, 503)
        self.assertEqual(ours["Retry-After"], "5")
        self.assertIn("try again in a few seconds", ours.json()["error"])
        self.assertEqual(scryfall.status_code, 503)
        self.assertEqual(scryfall.json()["code"], "service_unavailable")

    def test_with_the_database_answering_it_is_a_failure_of_ours(self):
        response = self.client.get("/en/lost-database/")
        self.assertEqual(response.status_code, 500)
        self.assertNotIn("Retry-After", response)
