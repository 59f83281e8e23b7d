"""What every JSON view of the site shares: UTF-8 JSON responses and a GET-only guard."""

from functools import wraps

from django.http import JsonResponse
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
