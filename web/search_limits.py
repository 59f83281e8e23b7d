"""What a costly request may cost the site: how many one client may send and run at once
(``rate_limited``), and how long each of their SQL statements may run (``time_limited``).

Costly is anything more than a cached read: the card and rules searches, the cards and rules
APIs, the name suggestions, every address of the Scryfall-compatible API, the deck pages (the
check, the sheet, the exports) and the decks API. A page answered from the page cache costs
nothing and is not counted.

- **Rate**: each client's requests are counted in two fixed windows, a minute and ten minutes,
  with the cache's atomic ``add`` and ``incr`` (Redis, or common/instance_cache.py): at most
  ``SEARCH_RATE_LIMIT`` + ``SEARCH_RATE_BURST`` in one minute, and ``SEARCH_RATE_LIMIT`` a
  minute over ten. So a room of players sharing one address may search in bursts (up to 120
  in a minute with the defaults) as long as they average the rate (600 in ten minutes), while
  one address hammering is refused from its 121st request of a minute. A request refused by
  the minute's window does not count in the ten minutes', so a refusal never outlasts its
  window. The name suggestions, asked as a name is typed, have their own count
  (``AUTOCOMPLETE_RATE_LIMIT``, ``AUTOCOMPLETE_RATE_BURST``). 0 turns a rate off.
- **At once**: at most ``SEARCH_CONCURRENT_LIMIT`` costly requests of one client run at the
  same time (0: no cap); one more is refused at once, so that many connections from one
  address cannot hold every worker while the rate lets them through. Running requests are
  counted in slots of ``RUNNING_SLOT`` seconds: a request adds one to its slot's count and
  takes it back when it ends, and the count is its slot's and the previous one's, so a worker
  killed in the middle of a request leaves a count that stops mattering within two slots.
- Over a limit, the answer is 429 with Retry-After (the seconds to the end of the window, 1
  for the cap) and a message in the page's language: a page for the pages, ``{"error": ...}``
  for the APIs, a Scryfall error object on that API (``web.api.scryfall.responses``).
- The client is the one the login throttling counts failures against
  (``CLIENT_ADDRESS_CALLABLE``: behind ``TRUSTED_PROXIES`` proxies, the address the nearest
  one was reached from). With ``CACHE_URL`` every instance shares the counts; without it the
  workers of one instance share them.
- **Time**: the statements of a search run under ``SEARCH_TIME_LIMIT`` seconds each
  (``common.statement_timeout``); a statement still running then is stopped, and the answer
  says so (``timed_out_message``) with status 503.
"""

import hashlib
import math
import time
from contextlib import contextmanager
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.shortcuts import render
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.statement_timeout import StatementTimeout, statement_timeout
from web import cache_errors
from web.json_views import json_response

MINUTE = 60
TEN_MINUTES = 600
RUNNING_SLOT = 30  # seconds
clock = time.time  # what the windows are counted by (tests set it)
RATES = {
    "search": ("SEARCH_RATE_LIMIT", "SEARCH_RATE_BURST"),
    "autocomplete": ("AUTOCOMPLETE_RATE_LIMIT", "AUTOCOMPLETE_RATE_BURST"),
}


def rate_limited(kind: str, refuse):
    """A view decorator: the client's requests of ``kind`` ("search" or "autocomplete") are
    counted and capped, and one over a limit gets ``refuse(request, message, 429)`` with
    Retry-After."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            client = client_key(request)
            try:
                over = over_rate(client, kind)
            except cache_errors.CACHE_ERRORS as error:
                uncounted(error)
                return view(request, *args, **kwargs)
            if over:
                return refused(request, refuse, *over)
            with running(client) as allowed:
                if not allowed:
                    message = too_many_at_once_message(settings.SEARCH_CONCURRENT_LIMIT)
                    return refused(request, refuse, message, 1)
                return view(request, *args, **kwargs)

        return wrapper

    return decorator


def refused(request, refuse, message: str, wait: int):
    response = refuse(request, message, 429)
    response["Retry-After"] = str(wait)
    return response


def client_key(request) -> str:
    client = import_string(settings.CLIENT_ADDRESS_CALLABLE)(request)
    return hashlib.sha256(client.encode()).hexdigest()[:32]


def counted(key: str, timeout: int) -> int:
    """One more in the counter ``key`` (made, expiring in ``timeout`` seconds, at the first)."""
    counters = caches["limits"]
    counters.add(key, 0, timeout)
    try:
        return counters.incr(key)
    except ValueError:  # gone between add and incr (culled, or expired)
        counters.set(key, 1, timeout)
        return 1


def over_rate(client: str, kind: str) -> tuple[str, int] | None:
    """None when this request is within the client's rate, else (the message, the seconds
    until the window that refused it ends)."""
    rate, burst = (getattr(settings, name) for name in RATES[kind])
    if rate <= 0:
        return None
    now = clock()
    for seconds, allowed, message in (
        (MINUTE, rate + burst, too_many_message),
        (TEN_MINUTES, rate * TEN_MINUTES // MINUTE, too_many_in_ten_minutes_message),
    ):
        window = int(now // seconds)
        if counted(f"rate:{kind}:{seconds}:{client}:{window}", seconds + 5) > allowed:
            wait = max(1, math.ceil((window + 1) * seconds - now))
            return message(allowed, wait), wait
    return None


@contextmanager
def running(client: str):
    """Count the request as running while the block runs; yields whether the client's requests
    running now (this one included) are within the cap."""
    limit = settings.SEARCH_CONCURRENT_LIMIT
    if limit <= 0:
        yield True
        return
    counters = caches["limits"]
    slot = int(clock() // RUNNING_SLOT)
    key = f"running:{client}:{slot}"
    try:
        count = counted(key, 3 * RUNNING_SLOT) + counters.get(f"running:{client}:{slot - 1}", 0)
    except cache_errors.CACHE_ERRORS as error:
        uncounted(error)
        yield True
        return
    try:
        yield count <= limit
    finally:
        try:
            counters.decr(key)
        except ValueError:  # expired or culled: nothing left to take back
            pass
        except cache_errors.CACHE_ERRORS as error:
            uncounted(error)


def uncounted(error: Exception) -> None:
    """A limits cache that refuses (the counters' folder cannot be written; Redis answers its
    own failures, counting in the process's memory) lets the request through uncounted, rather
    than failing every search: the log says so, and /healthz answers "degraded" naming it."""
    cache_errors.logger.warning(
        "The limits cache cannot count a request (%s: %s): let through uncounted.",
        type(error).__name__,
        error,
    )


def too_many_message(limit: int, wait: int) -> str:
    return ngettext(
        "Too many requests from your address: at most %(limit)d a minute. Try again in "
        "%(seconds)d second.",
        "Too many requests from your address: at most %(limit)d a minute. Try again in "
        "%(seconds)d seconds.",
        wait,
    ) % {"limit": limit, "seconds": wait}


def too_many_in_ten_minutes_message(limit: int, wait: int) -> str:
    return ngettext(
        "Too many requests from your address: at most %(limit)d in ten minutes. Try again in "
        "%(seconds)d second.",
        "Too many requests from your address: at most %(limit)d in ten minutes. Try again in "
        "%(seconds)d seconds.",
        wait,
    ) % {"limit": limit, "seconds": wait}


def too_many_at_once_message(limit: int) -> str:
    return ngettext(
        "Too many requests from your address at once: at most %(limit)d at a time. Try again "
        "when the one running has been answered.",
        "Too many requests from your address at once: at most %(limit)d at a time. Try again "
        "when those running have been answered.",
        limit,
    ) % {"limit": limit}


def search_time_limit():
    """The time limit of each statement of a search (``SEARCH_TIME_LIMIT`` seconds)."""
    return statement_timeout(settings.SEARCH_TIME_LIMIT)


def time_limited(refuse):
    """A view decorator: the view runs under the search time limit, and a statement stopped
    by it makes the answer ``refuse(request, message, 503)``."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            try:
                with search_time_limit():
                    return view(request, *args, **kwargs)
            except StatementTimeout as stopped:
                return refuse(request, timed_out_message(stopped), 503)

        return wrapper

    return decorator


def timed_out_message(stopped: StatementTimeout) -> str:
    return _(
        "This search took longer than %(seconds)s seconds and was stopped. Try fewer or "
        "narrower terms, or try again in a moment."
    ) % {"seconds": stopped.limit_shown}


def page_refusal(request, message: str, status: int):
    """What a page answers over a limit: a page saying so."""
    title = _("Too many requests") if status == 429 else _("The search was stopped")
    context = {"title": title, "message": message}
    return render(request, "over_limit.html", context, status=status, using="jinja2")


def json_refusal(request, message: str, status: int):
    """What the API answers over a limit, as its other errors: {"error": ...}."""
    return json_response({"error": message}, status=status)
