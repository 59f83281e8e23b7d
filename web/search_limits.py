"""What searches may cost the site: how many one client may send (``rate_limited``), and how
long each of their SQL statements may run (``search_time_limit``).

- **Rate**: the card and rules searches and every API address count the requests of each
  client in Django's cache, per minute: ``SEARCH_RATE_LIMIT`` a minute (the search pages and
  the API), ``AUTOCOMPLETE_RATE_LIMIT`` for the name suggestions, which the search box asks for
  as a name is typed; 0 turns a limit off. One more is answered 429, with Retry-After (the
  seconds to the next minute) and a message in the page's language. The client is the one the
  login throttling counts failures against (``CLIENT_ADDRESS_CALLABLE``: behind
  ``TRUSTED_PROXIES`` proxies, the address the nearest one was reached from). With
  ``CACHE_URL`` every instance shares the counts; without it each process keeps its own. A page
  answered from the page cache costs nothing and is not counted.
- **Time**: a search's statements run under ``SEARCH_TIME_LIMIT`` seconds each
  (``common.statement_timeout``); a statement still running then is stopped, and the page says
  so (``timed_out_message``) with status 503.
"""

import hashlib
import math
import time
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.shortcuts import render
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.statement_timeout import StatementTimeout, statement_timeout
from web.json_views import json_response

WINDOW = 60  # seconds: the limits are per minute
clock = time.time  # what the windows are counted by (tests set it)
LIMITS = {"search": "SEARCH_RATE_LIMIT", "autocomplete": "AUTOCOMPLETE_RATE_LIMIT"}


def rate_limited(kind: str, refuse):
    """A view decorator: the client's requests of ``kind`` ("search" or "autocomplete") are
    counted, and one over the limit gets ``refuse(request, message)``, made a 429 with
    Retry-After."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            limit = getattr(settings, LIMITS[kind])
            wait = _seconds_to_wait(request, kind, limit) if limit > 0 else 0
            if not wait:
                return view(request, *args, **kwargs)
            response = refuse(request, too_many_message(limit, wait))
            response.status_code = 429
            response["Retry-After"] = str(wait)
            return response

        return wrapper

    return decorator


def _seconds_to_wait(request, kind: str, limit: int) -> int:
    """0 when this request is within the limit, else the seconds until the next window."""
    now = clock()
    window = int(now // WINDOW)
    client = import_string(settings.CLIENT_ADDRESS_CALLABLE)(request)
    digest = hashlib.sha256(client.encode()).hexdigest()[:32]
    key = f"rate:{kind}:{digest}:{window}"
    counters = caches["limits"]
    counters.add(key, 0, WINDOW + 5)
    try:
        count = counters.incr(key)
    except ValueError:  # gone between add and incr (culled, or the window ran out)
        counters.set(key, 1, WINDOW + 5)
        count = 1
    if count <= limit:
        return 0
    return max(1, math.ceil((window + 1) * WINDOW - now))


def too_many_message(limit: int, wait: int) -> str:
    return ngettext(
        "Too many requests from your address: at most %(limit)d a minute. Try again in "
        "%(seconds)d second.",
        "Too many requests from your address: at most %(limit)d a minute. Try again in "
        "%(seconds)d seconds.",
        wait,
    ) % {"limit": limit, "seconds": wait}


def search_time_limit():
    """The time limit of each statement of a search (``SEARCH_TIME_LIMIT`` seconds)."""
    return statement_timeout(settings.SEARCH_TIME_LIMIT)


def timed_out_message(stopped: StatementTimeout) -> str:
    return _(
        "This search took longer than %(seconds)s seconds and was stopped. Try fewer or "
        "narrower terms, or try again in a moment."
    ) % {"seconds": stopped.limit_shown}


def page_refusal(request, message: str):
    """What a search page answers a client over its limit: a page saying so."""
    return render(request, "too_many_requests.html", {"message": message}, using="jinja2")


def json_refusal(request, message: str):
    """What the API answers a client over its limit, as its other errors: {"error": ...}."""
    return json_response({"error": message})
