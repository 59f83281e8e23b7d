"""The Content-Security-Policy: the site's own files and the card image hosts, nothing else;
no template relies on inline script or style."""

import base64
import hashlib
import re
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

from config.csp import ERROR_PAGE_STYLE_HASH, content_security_policy
from web.testing import BundledDataTestCase

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.IGNORECASE)


# The pages that need no database (a failure, the database unreachable) carry their style
# inline: the policy allows that one style by its hash.
ERROR_PAGES = ("500.html", "503.html")


class PolicyTests(SimpleTestCase):
    def test_pictures_off_leaves_only_the_site_itself(self):
        policy = content_security_policy([])
        self.assertEqual(policy["img-src"], ["'self'"])
        self.assertEqual(policy["script-src"], ["'self'"])

    def test_image_hosts_by_origin(self):
        policy = content_security_policy(
            ["https://cards.scryfall.io", "https://api.scryfall.com", "http://127.0.0.1:8001/x"]
        )
        self.assertEqual(
            policy["img-src"],
            [
                "'self'",
                "http://127.0.0.1:8001",
                "https://api.scryfall.com",
                "https://cards.scryfall.io",
            ],
        )

    def test_the_error_pages_style_is_the_one_allowed(self):
        for name in ERROR_PAGES:
            page = (TEMPLATES / "jinja2" / name).read_text(encoding="utf-8")
            (style,) = re.findall(r"<style>(.*?)</style>", page, re.DOTALL)
            digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
            self.assertEqual(ERROR_PAGE_STYLE_HASH, f"'sha256-{digest}'", name)

    def test_no_template_has_inline_script_or_style(self):
        for path in TEMPLATES.rglob("*.html"):
            text = path.read_text(encoding="utf-8")
            with self.subTest(template=str(path.relative_to(TEMPLATES))):
                self.assertIsNone(INLINE_SCRIPT.search(text))
                self.assertIsNone(INLINE_HANDLER.search(text))
                if path.name not in ERROR_PAGES:
                    self.assertIsNone(STYLE_ATTRIBUTE.search(text))
                    self.assertNotIn("<style", text)


class HeaderTests(BundledDataTestCase):
    def test_every_page_carries_the_policy(self):
        for url in ("/en/", "/it/cards/?q=t:creatura", "/it/sets/fut/123/", "/api/cards/"):
            with self.subTest(url=url):
                policy = self.client.get(url).headers["Content-Security-Policy"]
                self.assertIn(
                    "img-src 'self' https://api.scryfall.com https://cards.scryfall.io", policy
                )
                self.assertIn("script-src 'self';", policy)
                self.assertIn("default-src 'self';", policy)
                self.assertNotIn("unsafe-inline", policy)
