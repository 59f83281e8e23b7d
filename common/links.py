"""Page URLs for long lists, built without a resolver walk per link.

``reverse()`` walks the resolver each time; a set page links 1,700 cards. Each helper here
reverses once with a placeholder and returns a function that fills in the value, so every link
is the URL ``reverse()`` would give, in the active language and under the active script prefix.
"""

from urllib.parse import quote

from django.urls import reverse

PLACEHOLDER = "__placeholder__"


def url_maker(view_name: str, *fixed):
    """A function ``value -> URL`` for ``view_name`` whose last argument is ``value`` (the
    arguments before it are ``fixed``)."""
    made = reverse(view_name, args=[*fixed, PLACEHOLDER])
    return lambda value: made.replace(PLACEHOLDER, _quoted(value))


def url_maker2(view_name: str):
    """A function ``(first, second) -> URL`` for a view with two arguments (a printing: set
    code and collector number)."""
    first_at, second_at = PLACEHOLDER + "1", PLACEHOLDER + "2"
    made = reverse(view_name, args=[first_at, second_at])
    return lambda first, second: made.replace(first_at, _quoted(first)).replace(
        second_at, _quoted(second)
    )


def url_prefix(view_name: str) -> str:
    """The part of ``view_name``'s URL before its one argument ("/it/rules/"), for code that
    appends many arguments itself (rule numbers in a long text)."""
    return reverse(view_name, args=[PLACEHOLDER]).split(PLACEHOLDER, 1)[0]


def _quoted(value) -> str:
    return quote(str(value), safe="")
