"""Request bodies over ``MAX_REQUEST_BODY`` bytes are refused with 413 before anything reads them.

Django keeps a posted form's fields under ``DATA_UPLOAD_MAX_MEMORY_SIZE`` but writes an uploaded
file to disk whatever its size, and gunicorn hands the body on as it comes: a 400 MB "decklist"
was written whole before the form refused it. No address of the site takes more than a few
kilobytes (a decklist is read up to 50,000 bytes; the admin imports nothing), so one limit
covers every path:

- a body whose ``Content-Length`` is over the limit is refused unread;
- a body sent in chunks, without a length, is refused unread with 411 (Length Required): Django
  reads a body by its declared length, so it would have read nothing of it. Only a client
  reaching gunicorn directly can send one: nginx reads the body and sends its length.

The refusal is JSON under ``/api/`` and text elsewhere, in the path's language (or the one the
client asks for). gunicorn then closes the connection, or reads at most 64 KB more of the
body before its next request on it.
"""

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from web.json_views import json_response


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
            return refusal(request, 411, length_required)
        return self.get_response(request)


def chunked(request) -> bool:
    """A body sent in chunks, still to be read: under ASGI (config/asgi.py) the server has read
    every body before Django sees it, and there is no ``wsgi.input``."""
    return "wsgi.input" in request.META and "chunked" in (
        request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
    )


def too_large(request, limit: int) -> HttpResponse:
    return refusal(
        request,
        413,
        lambda: (
            _("The request is too large: at most %(bytes)s bytes are accepted.")
            % {"bytes": number_format(limit, force_grouping=True)}
        ),
    )


def length_required() -> str:
    return _("Send the body with its length (Content-Length): a body in chunks is not read.")


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
