"""The answers of the errors no view answers itself (Django's ``handler400``, ``handler403``,
``handler404`` and ``handler500``, named in ``web/urls.py``): under ``/api/`` JSON in the API's
own error format (``{"error": ...}``; a Scryfall error object under ``/api/scryfall/``), so a
client reading JSON never gets an HTML page; elsewhere Django's pages (``404.html`` in the
site's frame, ``500.html``, which needs no database).

An error because the database cannot be reached (restarted, failed over: a lost or refused
connection) is no fault of the request's: it answers 503 with Retry-After, the same way, and
``503.html`` says to try again in a few seconds."""

import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.template import loader
from django.urls import resolve
from django.utils.http import escape_leading_slashes
from django.utils.translation import gettext as _
from django.views import defaults

from web.api.scryfall.responses import error as scryfall_error
from web.http_caching import page_parameters
from web.json_views import json_response
from web.languages import API_PREFIX

SCRYFALL_PREFIX = f"{API_PREFIX}scryfall/"
SCRYFALL_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    500: "internal_server_error",
    503: "service_unavailable",
}
RETRY_AFTER_SECONDS = 5


def _message(status: int) -> str:
    return {
        400: _("The request cannot be read."),
        403: _("This request is not allowed."),
        404: _("There is no such endpoint in this API."),
        500: _("Something went wrong on our side. Please try again in a few minutes."),
        503: _("The database is not answering for a moment. Please try again in a few seconds."),
    }[status]


def _api_error(request, status: int):
    """The error ``status`` as the API under the request's address answers it, or None for
    an address outside the API."""
    path = request.path_info
    if path.startswith(SCRYFALL_PREFIX):
        return scryfall_error(status, SCRYFALL_CODES[status], _message(status))
    if path.startswith(API_PREFIX):
        return json_response({"error": _message(status)}, status=status)
    return None


def bad_request(request, exception):
    answer = _api_error(request, 400)
    return defaults.bad_request(request, exception) if answer is None else answer


def permission_denied(request, exception):
    answer = _api_error(request, 403)
    return defaults.permission_denied(request, exception) if answer is None else answer


def page_not_found(request, exception):
    answer = _api_error(request, 404)
    return defaults.page_not_found(request, exception) if answer is None else answer


@page_parameters(cache=False)  # as an address no view answers: nothing dropped, nothing kept
def api_not_found(request, rest=""):
    """Every address under ``/api/`` no endpoint answers (the last pattern there), so that it
    answers the API's JSON 404 even with DEBUG on, where Django would show its own HTML page.
    An address that names an endpoint but for its final slash is redirected to it, as
    ``APPEND_SLASH`` does elsewhere."""
    path = request.path_info
    if settings.APPEND_SLASH and not path.endswith("/") and request.method in ("GET", "HEAD"):
        match = resolve(f"{path}/")
        if match.func is not api_not_found:
            return HttpResponsePermanentRedirect(
                escape_leading_slashes(request.get_full_path(force_append_slash=True))
            )
    return json_response({"error": _message(404)}, status=404)


def server_error(request):
    if database_unreachable(sys.exception()):
        answer = _api_error(request, 503) or HttpResponse(
            loader.get_template("503.html").render(), status=503
        )
        answer["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return answer
    answer = _api_error(request, 500)
    return defaults.server_error(request) if answer is None else answer


def database_unreachable(error: BaseException | None) -> bool:
    """Whether ``error``, being handled, came from a database that cannot be reached (rather
    than from a statement it refused): the connection could not be made, or the server broke
    it off (psycopg says ``broken``)."""
    if not isinstance(error, OperationalError | InterfaceError):
        return False
    raw = connection.connection
    return raw is None or getattr(raw, "broken", False) or getattr(raw, "closed", False)
