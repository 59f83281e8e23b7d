"""Pages and JSON travel gzip-compressed to a client that accepts it; pages carrying a CSRF
token (the admin's forms) and streamed files do not (web/compression.py)."""

import gzip

from django.contrib.auth.models import User

from web.testing import BundledDataTestCase

GZIP = {"accept-encoding": "gzip, deflate, br"}


class PageCompressionTests(BundledDataTestCase):
    def test_a_rules_page_comes_compressed_and_reads_the_same(self):
        plain = self.client.get("/en/rules/702/")
        packed = self.client.get("/en/rules/702/", headers=GZIP)
        self.assertEqual((plain.status_code, packed.status_code), (200, 200))
        self.assertNotIn("Content-Encoding", plain)
        self.assertEqual(packed["Content-Encoding"], "gzip")
        self.assertIn("Accept-Encoding", packed["Vary"])
        self.assertEqual(gzip.decompress(packed.content), plain.content)
        self.assertEqual(int(packed["Content-Length"]), len(packed.content))
        self.assertLess(len(packed.content), len(plain.content) / 4)
        self.assertEqual(packed["ETag"], plain["ETag"])  # one page, in two encodings

    def test_a_revalidation_of_the_compressed_page_is_answered_304(self):
        first = self.client.get("/en/rules/702/", headers=GZIP)
        again = self.client.get("/en/rules/702/", headers={**GZIP, "if-none-match": first["ETag"]})
        self.assertEqual(again.status_code, 304)

    def test_the_api_comes_compressed(self):
        response = self.client.get("/api/rules/702/", headers=GZIP)
        self.assertEqual(response["Content-Encoding"], "gzip")
        self.assertIn(b'"number"', gzip.decompress(response.content))

    def test_a_page_carrying_a_csrf_token_is_not_compressed(self):
        response = self.client.get("/admin/login/", headers=GZIP)
        self.assertContains(response, 'name="csrfmiddlewaretoken"')
        self.assertNotIn("Content-Encoding", response)
        self.client.force_login(User.objects.create_superuser("editor", password="pw-for-tests"))
        response = self.client.get("/admin/", headers=GZIP)
        self.assertContains(response, 'name="csrfmiddlewaretoken"')  # the logout form
        self.assertNotIn("Content-Encoding", response)
