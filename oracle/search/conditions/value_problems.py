"""Problems with a term's value: the closest known value as a suggestion, a key that takes
``:`` only."""

import difflib

from django.utils.translation import gettext

from common.text import fold
from oracle.search.problems import Problem
from oracle.search.tokens import quote


def suggest(word: str, choices, template: str) -> str:
    """``template`` filled with the closest of ``choices`` to ``word``, or "".

    ``choices`` is a list, or a dict of aliases -> canonical values: canonical values are
    tried first, and an alias found is suggested as its canonical value.
    """
    word = fold(word)
    if isinstance(choices, dict):
        canonical = list(dict.fromkeys(choices.values()))
        match = difflib.get_close_matches(word, canonical, n=1, cutoff=0.6)
        if not match:
            match = [choices[m] for m in difflib.get_close_matches(word, choices, n=1, cutoff=0.6)]
    else:
        match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return template.format(match[0]) if match else ""


def unknown_value(part: str, key: str, value: str, values, aliases: dict) -> Problem:
    """``value`` is not one of ``values`` for ``key:``: the closest one as the suggestion, or,
    when none is close, the values it takes in the message."""
    suggestion = suggest(value, aliases, f"{key}:{{}}")
    if suggestion:
        message = gettext("unknown value “%(value)s” for “%(key)s:”")
    else:
        message = gettext("unknown value “%(value)s” for “%(key)s:”; it takes %(values)s")
    known = ", ".join(dict.fromkeys(values))
    return Problem(part, message % {"value": value, "key": key, "values": known}, suggestion)


def needs_colon(key: str, op: str, value: str) -> Problem:
    return Problem(
        f"{key}{op}{value}",
        gettext("“%(key)s” takes “:”, not “%(op)s”") % {"key": key, "op": op},
        f"{key}:{quote(value)}",
    )
