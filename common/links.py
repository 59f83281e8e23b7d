"""Page URLs for long lists, built without a resolver walk per link.

``reverse()`` walks the resolver each time; a set page links 1,700 cards. Each helper here
reverses once with a placeholder and returns a function that fills in the value, so every link
is the URL ``reverse()`` would give, in the active language. A pattern holds placeholders only,
never data: it is a function of the code and the settings (the view, the language, the script
prefix and the URLconf), worked out once per process for each.
"""

from functools import cache
from urllib.parse import quote

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

PLACEHOLDER = "__placeholder__"


def pattern(view_name: str, *args) -> str:
    """``reverse(view_name, args=args)`` (args are placeholders, not values)."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _reversed(view_name, args, get_language(), get_script_prefix(), urlconf)


@cache
def _reversed(view_name: str, args: tuple, language: str, script_prefix: str, urlconf) -> str:
    # The language and script prefix are active already; they are arguments to key the cache.
    return reverse(view_name, args=list(args), urlconf=urlconf)


def url_maker(view_name: str, *fixed):
    """A function ``value -> URL`` for ``view_name`` whose last argument is ``value`` (the
    arguments before it are ``fixed``)."""
    places = [f"{PLACEHOLDER}{position}" for position in range(len(fixed) + 1)]
    made = pattern(view_name, *places)
    for place, value in zip(places, fixed, strict=False):
        made = made.replace(place, _quoted(value))
    return lambda value: made.replace(places[-1], _quoted(value))


def _quoted(value) -> str:
    return quote(str(value), safe="")


def url_maker2(view_name: str):
    """A function ``(first, second) -> URL`` for a view with two arguments (a printing: set
    code and collector number)."""
    first_at, second_at = PLACEHOLDER + "1", PLACEHOLDER + "2"
    made = pattern(view_name, first_at, second_at)
    return lambda first, second: made.replace(first_at, _quoted(first)).replace(
        second_at, _quoted(second)
    )


def url_prefix(view_name: str) -> str:
    """The part of ``view_name``'s URL before its one argument ("/it/rules/"), for code that
    appends many arguments itself (rule numbers in a long text)."""
    return pattern(view_name, PLACEHOLDER).split(PLACEHOLDER, 1)[0]
