"""make serve accepts the request line of the longest shared decklist address the site makes
(docs/decks.md promises 6,000 characters of list), and so does the nginx example of
docs/deploy.md: gunicorn's default, 4,094 bytes, answered such an address 414."""

import re
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode

from oracle.decks import OFFERED, limits

GUNICORN_MOST = 8190  # gunicorn refuses a larger --limit-request-line


def longest_request_line() -> str:
    """GET of the sheet (the longer path) in Italian, with the longest format and a full d=."""
    query = urlencode({"format": max(OFFERED, key=len), "d": "A" * limits.MAX_SHARED_CHARS})
    with translation.override("it"):
        path = reverse("decks:sheet")
    return f"GET {path}?{query} HTTP/1.1"


class ServeRequestLineTests(SimpleTestCase):
    def test_make_serve_accepts_the_longest_shared_address(self):
        makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
        found = re.search(r"--limit-request-line (\d+)", makefile)
        self.assertIsNotNone(found, "make serve leaves gunicorn's default of 4,094 bytes")
        limit = int(found.group(1))
        self.assertLessEqual(limit, GUNICORN_MOST)
        self.assertGreater(limit, len(longest_request_line()))

    def test_the_nginx_example_takes_it_in_one_buffer(self):
        deploy = (Path(settings.BASE_DIR) / "docs" / "deploy.md").read_text()
        found = re.search(r"large_client_header_buffers \d+ (\d+)k;", deploy)
        self.assertIsNotNone(found)
        self.assertGreater(int(found.group(1)) * 1024, len(longest_request_line()))
