"""Request bodies over ``MAX_REQUEST_BODY`` bytes are refused with 413 before anything reads them.

Django keeps a posted form's fields under ``DATA_UPLOAD_MAX_MEMORY_SIZE`` but writes an uploaded
file to disk whatever its size, and gunicorn hands the body on as it comes: a 400 MB "decklist"
was written whole before the form refused it. No address of the site takes more than a few
kilobytes (a decklist is read up to 50,000 bytes; the admin imports nothing), so one limit
covers every path:

- a body whose ``Content-Length`` is over the limit is refused unread;
- a body sent in chunks, without a length (only a client reaching gunicorn directly can send
  one: nginx buffers the body and sends its length), is read as it streams and refused as soon
  as it passes the limit; one within it is handed on as if it had been sent with its length.

The refusal is JSON under ``/api/`` and text elsewhere, in the path's language (or the one the
client asks for). gunicorn then closes the connection, or reads at most 64 KB more of the
body before its next request on it.
"""

import io

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from web.json_views import json_response

CHUNK = 64 * 1024


class RequestBodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.MAX_REQUEST_BODY
        declared = (request.META.get("CONTENT_LENGTH") or "").strip()
        if declared:
            if not (declared.isascii() and declared.isdigit()):
                return refusal(request, 400, not_a_number)
            if int(declared) > limit:
                return too_large(request, limit)
        elif chunked(request):
            body = read_at_most(request.META["wsgi.input"], limit + 1)
            if len(body) > limit:
                return too_large(request, limit)
            # Django reads a body by its declared length: give it the one just read.
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = io.BytesIO(body)
        return self.get_response(request)


def chunked(request) -> bool:
    """A body sent in chunks, still to be read: under ASGI (config/asgi.py) the server has read
    every body before Django sees it, and there is no ``wsgi.input``."""
    return "wsgi.input" in request.META and "chunked" in (
        request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
    )


def read_at_most(stream, size: int) -> bytes:
    parts, read = [], 0
    while read < size:
        part = stream.read(min(CHUNK, size - read))
        if not part:
            break
        parts.append(part)
        read += len(part)
    return b"".join(parts)


def too_large(request, limit: int) -> HttpResponse:
    return refusal(
        request,
        413,
        lambda: (
            _("The request is too large: at most %(bytes)s bytes are accepted.")
            % {"bytes": number_format(limit, force_grouping=True)}
        ),
    )


def not_a_number() -> str:
    return _("The Content-Length header is not a number.")


def refusal(request, status: int, message) -> HttpResponse:
    """``message()``, the text, in the request's language: JSON under /api/, else text."""
    with translation.override(language_of(request)):
        text = message()
    if request.path_info.startswith("/api/"):
        return json_response({"error": text}, status=status)
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


def language_of(request) -> str:
    """The path's language; under /api/, the one ``?lang=`` names; else the one the client
    asks for."""
    asked = request.GET.get("lang", "")
    if asked in dict(settings.LANGUAGES):
        return asked
    return translation.get_language_from_path(
        request.path_info
    ) or translation.get_language_from_request(request)
