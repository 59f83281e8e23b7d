"""What every answer of the Scryfall-compatible API shares.

Answers are UTF-8 JSON, open to every origin (``Access-Control-Allow-Origin: *``), and a
browser's preflight (OPTIONS) is answered for the POST of ``/cards/collection``. Errors are
Scryfall's error objects::

    {"object": "error", "code": "not_found", "status": 404, "details": "...",
     "type": "ambiguous", "warnings": ["..."]}

``details`` and ``warnings`` are in the request's language (Accept-Language: Italian or
English). The successful answers of GET are cached by ``web.http_caching`` like every public
answer under ``/api/`` (ETag on the data version). Every other request counts against the
client's costly requests (``web.search_limits``): past them, a ``too_many_requests`` error
(429, with Retry-After); a search stopped by the time limit is a ``timed_out`` error (503).
"""

from functools import wraps

from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from web.json_views import json_response
from web.search_limits import rate_limited

ALLOW_ORIGIN = "Access-Control-Allow-Origin"


def answer(data, status: int = 200):
    response = json_response(data, status=status)
    response[ALLOW_ORIGIN] = "*"
    return response


def error(status: int, code: str, details, warnings=(), kind: str = ""):
    body = {"object": "error", "code": code, "status": status, "details": str(details)}
    if kind:
        body["type"] = kind
    if warnings:
        body["warnings"] = [str(warning) for warning in warnings]
    return answer(body, status=status)


def not_found(details, kind: str = ""):
    return error(404, "not_found", details, kind=kind)


def bad_request(details, warnings=()):
    return error(400, "bad_request", details, warnings)


def refusal(request, message: str, status: int):
    """An error object for a client over a limit (429) or a search stopped by the time limit
    (503): ``web.search_limits``."""
    return error(status, "too_many_requests" if status == 429 else "timed_out", message)


def api_view(*methods: str, rate: str = "search"):
    """Let the view answer ``methods`` (GET brings HEAD); any other method gets a 405 error
    object. No CSRF check: nothing here changes anything, and POST /cards/collection comes
    from other sites' scripts. Every request a view answers counts against the client's
    ``rate`` ("search", or "autocomplete" for the name suggestions): past it, 429."""
    allowed = {*methods, "HEAD"} if "GET" in methods else set(methods)

    def decorate(view):
        limited = rate_limited(rate, refusal)(view)

        @csrf_exempt
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "OPTIONS":
                response = answer({}, status=200)
                response["Access-Control-Allow-Methods"] = ", ".join(sorted(allowed))
                response["Access-Control-Allow-Headers"] = "Content-Type, Accept"
                response["Access-Control-Max-Age"] = "86400"
                return response
            if request.method not in allowed:
                response = error(
                    405,
                    "method_not_allowed",
                    _("This endpoint answers %(methods)s only.")
                    % {"methods": ", ".join(sorted(allowed))},
                )
                response["Allow"] = ", ".join(sorted(allowed))
                return response
            return limited(request, *args, **kwargs)

        return wrapper

    return decorate


@api_view("GET", "POST")
def unknown_endpoint(request, rest=""):
    return not_found(_("There is no such endpoint in this API."))
