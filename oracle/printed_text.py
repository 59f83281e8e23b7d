"""English card text as printed (MTGJSON's ``originalText``, ``PrintingFace.original_text``):
its mana symbols mended where the old data damaged them, and the form two wordings are compared
in.

The printed texts of the older sets (Alpha to Onslaught) lost their mana symbols in a
conversion long ago: "{2}{U}, {T}:" reads "o2o\\nU, oc\\nT:", an "o" before each symbol, a line
break inside the coloured ones, sometimes a second "o" ("{1}{W}" as "o1oo\\nW").
``mend_symbols`` puts the symbols back. It reads only what cannot be a word: an "o" that does
not follow a lower-case letter, then a number, a mana letter that no lower-case letter follows,
or "c" and the tap or untap letter.

``wording_key`` is what two wordings are compared by: symbols mended, reminder text left out
(it is not rules text: a printing with or without it says the same), white space made one
space, typographic apostrophes and quotes made plain, every dash (em, en, minus, hyphen) one
hyphen with no space around it ("Grandeur — Discard" is "Grandeur—Discard"). Case and every
other word count.
"""

import re

_NEXT = r"(?=[^a-z]|o{1,2}[\ncWUBRGXYZ\d]|$)"  # no word goes on, but the next symbol may
SYMBOL_REMAINS = re.compile(
    r"(?<![a-z])(?:"
    rf"oc\n?(?P<tap>[TQ]){_NEXT}"
    rf"|o{{1,2}}\n?(?P<letter>[WUBRGXYZ]){_NEXT}"
    rf"|o(?P<generic>\d+)(?!\d){_NEXT}"
    r")"
)
REMINDER_TEXT = re.compile(r"\s*\([^()]*\)")
PLAIN_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
DASH = re.compile(r"\s*[—–−-]\s*")


def mend_symbols(text: str) -> str:
    """``text`` with the remains of mana symbols made symbols again: "o2o\\nU, oc\\nT:" ->
    "{2}{U}, {T}:"; a text without such remains comes back unchanged."""
    if "o" not in text:
        return text
    return SYMBOL_REMAINS.sub(_symbol, text)


def _symbol(match: re.Match) -> str:
    return "{%s}" % (match["tap"] or match["letter"] or match["generic"])


def wording_key(text: str) -> str:
    """What a wording is compared by (see the module docstring)."""
    without_reminders = REMINDER_TEXT.sub("", mend_symbols(text))
    plain = " ".join(without_reminders.translate(PLAIN_QUOTES).split())
    return DASH.sub("-", plain)
