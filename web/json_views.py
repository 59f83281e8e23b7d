"""What every JSON view of the site shares: UTF-8 JSON responses, a GET-only guard, and the
one reader of a posted JSON body (``json_body``).

A JSON body is read whole only when it is small enough, and refused with a message (400, 413
for its size) when Python or the database could not take it: nesting past ``MAX_DEPTH`` (the
parser's recursion), an integer past ``LARGEST_INTEGER`` (``int()`` refuses more than 4,300
digits, the database's columns hold 64 bits), a lone surrogate ("\\ud800": no UTF-8 for it, in
the database or the answer) or a NUL ("\\u0000": PostgreSQL refuses it in any text).
"""

import json
import re
from functools import wraps

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt


def json_response(data, status=200):
    """JSON with accents as they are ("Volare", not "\\u00e0"), declared as UTF-8."""
    return JsonResponse(
        data,
        status=status,
        json_dumps_params={"ensure_ascii": False},
        content_type="application/json; charset=utf-8",
    )


def get_only(view):
    """GET and HEAD only; any other method is a JSON 405. Exempt from the CSRF check, which
    would otherwise answer a POST with its HTML 403 page before the 405 (nothing here changes
    anything)."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            response = json_response({"error": _("Only GET is allowed here.")}, status=405)
            response["Allow"] = "GET, HEAD"
            return response
        return view(request, *args, **kwargs)

    return wrapper


MAX_DEPTH = 20  # the collection's identifiers are three deep, a list check one
LARGEST_INTEGER = 2**63 - 1
SURROGATE = re.compile("[\ud800-\udfff]")


class UnreadableBody(ValueError):
    """Why a posted JSON body cannot be read, in words for the client; ``status`` is 400, or
    413 for a body over the size limit."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def json_body(request, nul_allowed: bool = False):
    """The value a posted JSON body holds, every part of it checked (``UnreadableBody`` with
    the reason otherwise). Django refuses a body over DATA_UPLOAD_MAX_MEMORY_SIZE before
    reading it; ``nul_allowed`` for a view that drops NULs itself before anything stores or
    shows them."""
    try:
        body = request.body
    except RequestDataTooBig:
        raise UnreadableBody(
            _("The body is too large: at most %(bytes)s bytes are read.")
            % {"bytes": number_format(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, force_grouping=True)},
            status=413,
        ) from None
    try:
        value = json.loads(
            body.decode("utf-8"), parse_int=_bounded_integer, parse_constant=_not_json
        )
    except RecursionError:
        raise UnreadableBody(_too_deep()) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UnreadableBody(_("The body is not JSON (UTF-8 text).")) from None
    _check_parts(value, nul_allowed)
    return value


def _bounded_integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > len(str(LARGEST_INTEGER)) or int(digits) > LARGEST_INTEGER:
        raise UnreadableBody(
            _("The number %(start)s… is too large: at most %(largest)s.")
            % {"start": text[:20], "largest": LARGEST_INTEGER}
        )
    return int(text)


def _not_json(text: str):
    """NaN and Infinity, which Python's reader takes and JSON has not."""
    raise json.JSONDecodeError("not JSON", text, 0)


def _too_deep() -> str:
    return _("The JSON is nested too deep: at most %(depth)s levels.") % {"depth": MAX_DEPTH}


def _check_parts(value, nul_allowed: bool) -> None:
    """Every list, object and text of the body, one at a time (no recursion)."""
    waiting = [(value, 1)]
    while waiting:
        part, depth = waiting.pop()
        if isinstance(part, str):
            if SURROGATE.search(part):
                raise UnreadableBody(
                    _(
                        "The body holds a lone surrogate (\\ud800 to \\udfff), which is no "
                        "character: the text must be valid Unicode."
                    )
                )
            if "\x00" in part and not nul_allowed:
                raise UnreadableBody(
                    _("The body holds a NUL character (\\u0000), which no text here may have.")
                )
        elif isinstance(part, dict | list):
            if depth > MAX_DEPTH:
                raise UnreadableBody(_too_deep())
            items = [*part.keys(), *part.values()] if isinstance(part, dict) else part
            waiting.extend((item, depth + 1) for item in items)
