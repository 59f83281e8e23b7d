"""The answers of the errors no view answers itself (Django's ``handler400``, ``handler403``,
``handler404`` and ``handler500``, named in ``web/urls.py``): under ``/api/`` JSON in the API's
own error format (``{"error": ...}``; a Scryfall error object under ``/api/scryfall/``), so a
client reading JSON never gets an HTML page; elsewhere Django's pages (``404.html`` in the
site's frame, ``500.html``, which needs no database)."""

from django.utils.translation import gettext as _
from django.views import defaults

from web.api.scryfall.responses import error as scryfall_error
from web.json_views import json_response
from web.languages import API_PREFIX

SCRYFALL_PREFIX = f"{API_PREFIX}scryfall/"
SCRYFALL_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    500: "internal_server_error",
}


def _message(status: int) -> str:
    return {
        400: _("The request cannot be read."),
        403: _("This request is not allowed."),
        404: _("There is no such endpoint in this API."),
        500: _("Something went wrong on our side. Please try again in a few minutes."),
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


def server_error(request):
    answer = _api_error(request, 500)
    return defaults.server_error(request) if answer is None else answer
