"""A request body over MAX_REQUEST_BODY is refused with 413 before anything reads it; a chunked
body without a length is refused unread with 411."""

import json

from django.conf import settings
from django.test.client import FakePayload

from web.testing import BundledDataTestCase

TEN_MB = 10 * 1024 * 1024
CHUNKED = {"CONTENT_LENGTH": "", "HTTP_TRANSFER_ENCODING": "chunked"}
LIST = "4 Tarox Bladewing\n56 Mountain\n"


class Stream:
    """A body sent in chunks: ``size`` bytes, and how many of them were read."""

    def __init__(self, content: bytes):
        self.content, self.read_bytes = content, 0

    def read(self, size=-1):
        if size < 0:
            size = len(self.content) - self.read_bytes
        part = self.content[self.read_bytes : self.read_bytes + size]
        self.read_bytes += len(part)
        return part

    def readline(self, size=-1):
        raise AssertionError("a body is not read by lines")


class RequestBodyLimitTests(BundledDataTestCase):
    def test_the_default_matches_djangos_upload_limits(self):
        self.assertEqual(settings.MAX_REQUEST_BODY, 2_621_440)
        self.assertEqual(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.MAX_REQUEST_BODY)
        # An uploaded file within the limit stays in memory: nothing is written to disk.
        self.assertEqual(settings.FILE_UPLOAD_MAX_MEMORY_SIZE, settings.MAX_REQUEST_BODY)

    def test_a_declared_10_mb_body_to_the_api_is_refused_unread(self):
        payload = FakePayload(b"x" * TEN_MB)
        response = self.client.post(
            "/api/decks/check/",
            content_type="application/json",
            **{"wsgi.input": payload, "CONTENT_LENGTH": str(TEN_MB)},
        )
        self.assertEqual(response.status_code, 413)
        self.assertEqual(
            json.loads(response.content),
            {"error": "The request is too large: at most 2,621,440 bytes are accepted."},
        )
        self.assertFalse(payload.read_started)

    def test_a_declared_10_mb_upload_to_the_deck_page_is_refused_unread_in_its_language(self):
        payload = FakePayload(b"x" * TEN_MB)
        response = self.client.post(
            "/it/decks/",
            content_type="multipart/form-data; boundary=BoUnDaRy",
            **{"wsgi.input": payload, "CONTENT_LENGTH": str(TEN_MB)},
        )
        self.assertEqual(response.status_code, 413)
        self.assertEqual(response["Content-Type"], "text/plain; charset=utf-8")
        self.assertEqual(
            response.content.decode(),
            "La richiesta è troppo grande: si accettano al massimo 2.621.440 byte.",
        )
        self.assertFalse(payload.read_started)

    def test_a_body_within_the_limit_is_answered_as_before(self):
        response = self.client.post(
            "/api/decks/check/", {"list": LIST, "format": "modern"}, content_type="application/json"
        )
        self.assertEqual(response.status_code, 200)
        self.assertEqual(json.loads(response.content)["main"][0]["name"], "Tarox Bladewing")

    def test_a_content_length_that_is_not_a_number_is_refused(self):
        response = self.client.post(
            "/api/decks/check/", "{}", content_type="application/json", CONTENT_LENGTH="１２"
        )
        self.assertEqual(response.status_code, 400)
        self.assertEqual(
            json.loads(response.content), {"error": "The Content-Length header is not a number."}
        )

    def test_a_chunked_body_is_refused_unread_with_length_required(self):
        for size in (TEN_MB, 10):
            stream = Stream(b"x" * size)
            response = self.client.post(
                "/api/decks/check/?lang=it",
                content_type="application/json",
                **{"wsgi.input": stream, **CHUNKED},
            )
            self.assertEqual(response.status_code, 411)
            self.assertEqual(stream.read_bytes, 0)
            self.assertIn("Content-Length", json.loads(response.content)["error"])
