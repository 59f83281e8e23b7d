"""The 403 page in the visitor's language (a view-only staff account trying to change data in the
admin), and a JSON 404 for every unknown address under /api/, even with DEBUG on."""

from django.contrib.auth.models import Permission, User
from django.test import override_settings

from web.testing import EmptyDatabaseTestCase


class ForbiddenPageTests(EmptyDatabaseTestCase):
    def setUp(self):
        viewer = User.objects.create_user("osservatore", is_staff=True)
        viewer.user_permissions.set(Permission.objects.filter(codename="view_erratum"))
        self.client.force_login(viewer)

    def test_a_view_only_account_gets_a_translated_403_page(self):
        self.client.cookies["django_language"] = "it"
        response = self.client.get("/admin/oracle/erratum/add/")
        self.assertEqual(response.status_code, 403)
        page = response.content.decode()
        self.assertIn('<html lang="it"', page)
        self.assertIn("<title>Accesso negato — Oracolo</title>", page)
        self.assertIn("<h1>Accesso negato</h1>", page)
        self.assertIn("Il tuo account non ha il permesso che serve per questa pagina", page)
        self.assertIn('<a href="/admin/">Torna all’amministrazione</a>', page)
        self.assertNotIn("403 Forbidden", page)

    def test_in_english_for_an_english_reader(self):
        self.client.cookies["django_language"] = "en"
        response = self.client.get("/admin/oracle/erratum/add/")
        self.assertEqual(response.status_code, 403)
        page = response.content.decode()
        self.assertIn('<html lang="en"', page)
        self.assertIn("<h1>Access denied</h1>", page)
        self.assertIn("Your account does not have the permission this page needs", page)
        self.assertNotIn("Accesso negato", page)

    def test_the_view_itself_is_still_allowed(self):
        self.assertEqual(self.client.get("/admin/oracle/erratum/").status_code, 200)


class ApiNotFoundWithDebugTests(EmptyDatabaseTestCase):
    @override_settings(DEBUG=True)
    def test_an_unknown_address_answers_json_even_with_debug_on(self):
        for url in ("/api", "/api/", "/api/unknown", "/api/unknown/deeper/", "/api/cards/a/b/"):
            with self.subTest(url=url):
                response = self.client.get(url, headers={"accept-language": "it"})
                self.assertEqual(response.status_code, 404)
                self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
                self.assertEqual(
                    response.json(), {"error": "Questo indirizzo non esiste in questa API."}
                )

    def test_in_english_for_an_english_client(self):
        response = self.client.get("/api/unknown/", headers={"accept-language": "en"})
        self.assertEqual(response.json(), {"error": "There is no such endpoint in this API."})

    def test_an_endpoint_without_its_final_slash_is_still_redirected_to_it(self):
        response = self.client.get("/api/cards?q=fulmine")
        self.assertEqual(response.status_code, 301)
        self.assertEqual(response["Location"], "/api/cards/?q=fulmine")
        response = self.client.get("/api/rules/702.9")
        self.assertRedirects(response, "/api/rules/702.9/", 301, fetch_redirect_response=False)

    def test_a_post_to_an_unknown_address_is_a_json_404(self):
        response = self.client.post("/api/unknown", {"q": "x"})
        self.assertEqual(response.status_code, 404)
        self.assertEqual(response["Content-Type"], "application/json; charset=utf-8")
