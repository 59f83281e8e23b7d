"""Page URLs for long lists, built without a resolver walk per link.

``reverse()`` walks the resolver each time; a set page links 1,700 cards. Each helper here
reverses once with a placeholder and returns a function that fills in the value, so every link
is the URL ``reverse()`` would give, in the active language. The patterns are kept (by view,
language, script prefix and URLconf): storing thousands of cards' pages asks for the same few.
"""

from urllib.parse import quote

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

PLACEHOLDER = "__placeholder__"
_patterns: dict[tuple, str] = {}


def pattern(view_name: str, *args) -> str:
    """``reverse(view_name, args=args)``, worked out once per language, script prefix and
    URLconf (args are placeholders, not values)."""
    key = (view_name, args, get_language(), get_script_prefix(), get_urlconf())
    found = _patterns.get(key)
    if found is None:
        found = _patterns[key] = reverse(view_name, args=list(args))
    return found


@receiver(setting_changed)
def _forget_patterns(setting, **kwargs):
    if setting in {"ROOT_URLCONF", "LANGUAGES", "LANGUAGE_CODE", "FORCE_SCRIPT_NAME"}:
        _patterns.clear()


def url_maker(view_name: str, *fixed):
    """A function ``value -> URL`` for ``view_name`` whose last argument is ``value`` (the
    arguments before it are ``fixed``)."""
    made = pattern(view_name, *fixed, PLACEHOLDER)
    return lambda value: made.replace(PLACEHOLDER, quote(str(value), safe=""))


def url_maker2(view_name: str):
    """A function ``(first, second) -> URL`` for a view with two arguments (a printing: set
    code and collector number)."""
    first_at, second_at = PLACEHOLDER + "1", PLACEHOLDER + "2"
    made = pattern(view_name, first_at, second_at)
    return lambda first, second: made.replace(first_at, quote(str(first), safe="")).replace(
        second_at, quote(str(second), safe="")
    )


def url_prefix(view_name: str) -> str:
    """The part of ``view_name``'s URL before its one argument ("/it/rules/"), for code that
    appends many arguments itself (rule numbers in a long text)."""
    return pattern(view_name, PLACEHOLDER).split(PLACEHOLDER, 1)[0]
