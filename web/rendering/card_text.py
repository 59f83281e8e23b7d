"""Words about card text, in the page's language: what a screen reader says for each mana
symbol and its mana-font class (``web.rendering.text_pieces`` names the symbols it reads with
them; the Scryfall API's symbology too), colour names, and the Italian article elided before
a date ("dall’11 luglio").

Plain functions, tested without a database.
"""

import re

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from common.numbers import bounded_number
from common.text import ITALIAN_MONTHS

COLOR_NAMES = {
    "W": lambda: _("white"),
    "U": lambda: _("blue"),
    "B": lambda: _("black"),
    "R": lambda: _("red"),
    "G": lambda: _("green"),
    "C": lambda: _("colorless"),
}
# Generic amounts a screen reader says as words ("six generic"); larger ones stay digits.
NUMBER_WORDS = (
    pgettext_lazy("number", "zero"),
    pgettext_lazy("number", "one"),
    pgettext_lazy("number", "two"),
    pgettext_lazy("number", "three"),
    pgettext_lazy("number", "four"),
    pgettext_lazy("number", "five"),
    pgettext_lazy("number", "six"),
    pgettext_lazy("number", "seven"),
    pgettext_lazy("number", "eight"),
    pgettext_lazy("number", "nine"),
    pgettext_lazy("number", "ten"),
    pgettext_lazy("number", "eleven"),
    pgettext_lazy("number", "twelve"),
    pgettext_lazy("number", "thirteen"),
    pgettext_lazy("number", "fourteen"),
    pgettext_lazy("number", "fifteen"),
    pgettext_lazy("number", "sixteen"),
    pgettext_lazy("number", "seventeen"),
    pgettext_lazy("number", "eighteen"),
    pgettext_lazy("number", "nineteen"),
    pgettext_lazy("number", "twenty"),
)
# Symbols that are not mana.
OTHER_SYMBOLS = {
    "T": pgettext_lazy("mana symbol", "tap"),
    "Q": pgettext_lazy("mana symbol", "untap"),
    "S": pgettext_lazy("mana symbol", "snow"),
    "E": pgettext_lazy("mana symbol", "energy"),
    "CHAOS": pgettext_lazy("mana symbol", "chaos"),
    "PW": pgettext_lazy("mana symbol", "planeswalker"),
    "TK": pgettext_lazy("mana symbol", "ticket"),
    "A": pgettext_lazy("mana symbol", "acorn"),
}


def describe_symbol(symbol: str) -> str:
    """What a screen reader says for a symbol, in the page's language: {6} "six generic",
    {W} "white", {2/W} "two generic or white", {W/U/P} "Phyrexian white or blue", {T} "tap";
    an unknown symbol is read as written."""
    symbol = symbol.upper()
    if symbol in OTHER_SYMBOLS:
        return str(OTHER_SYMBOLS[symbol])
    if symbol == "P":
        return pgettext("mana symbol", "Phyrexian")
    if symbol.endswith("/P"):
        mana = _mana_words(symbol[:-2])
        return _("Phyrexian %(mana)s") % {"mana": mana} if mana else symbol
    return _mana_words(symbol) or symbol


def _mana_words(symbol: str) -> str:
    """ "2/W" -> "two generic or white"; "" when a part is not mana."""
    words = [_mana_part(part) for part in symbol.split("/")]
    if not all(words):
        return ""
    spoken = words[0]
    for word in words[1:]:
        spoken = _("%(first)s or %(second)s") % {"first": spoken, "second": word}
    return spoken


def _mana_part(part: str) -> str:
    amount = bounded_number(part, 10**9)  # "{²}" in an editor's text is no generic mana
    if amount is not None:
        amount = NUMBER_WORDS[amount] if amount < len(NUMBER_WORDS) else amount
        return _("%(amount)s generic") % {"amount": amount}
    if part in {"X", "Y", "Z", "∞"}:
        amount = pgettext("mana symbol", "infinite") if part == "∞" else part
        return _("%(amount)s generic") % {"amount": amount}
    if part in {"½", "H"}:
        return _("half generic")
    if part in COLOR_NAMES:
        return COLOR_NAMES[part]()
    if len(part) == 2 and part[0] == "H" and part[1] in COLOR_NAMES:
        return _("half %(mana)s") % {"mana": COLOR_NAMES[part[1]]()}
    return ""


def symbol_class(symbol: str) -> str:
    """mana-font class of a symbol: {W} -> ms-w, {2/W} -> ms-2w, {W/P} -> ms-wp, {T} -> ms-tap."""
    symbol = symbol.lower()
    special = {"t": "tap", "q": "untap", "½": "1-2", "∞": "infinity", "chaos": "chaos"}
    if symbol in special:
        return f"ms-{special[symbol]}"
    if symbol.startswith("h") and len(symbol) == 2:
        return f"ms-{symbol[1]} ms-half"
    return "ms-" + symbol.replace("/", "")


def color_names(letters: str) -> str:
    """ "UR" -> "blue, red" in the page's language."""
    return ", ".join(COLOR_NAMES[letter]() for letter in letters if letter in COLOR_NAMES)


# "del 11 luglio" is wrong Italian: before otto and undici the article elides ("dell’11
# luglio", "l’8 maggio"). Sentences are translated with a plain "del %(date)s", so the
# elision is made on the rendered page, only where a preposition meets a full date.
_ELIDED = {"il": "l’", "del": "dell’", "dal": "dall’", "al": "all’", "nel": "nell’", "sul": "sull’"}
# Starts with a plain space so that the scan is fast on long pages; the preposition before it
# is checked by hand (a look-behind cannot take words of different lengths).
_DAY_BEFORE_MONTH = re.compile(rf" (8|11) (?=(?:{'|'.join(ITALIAN_MONTHS)})\b)")
_PREPOSITION_BEFORE = re.compile(r"(?:^|\W)(il|del|dal|al|nel|sul)$", re.IGNORECASE)


def elide_italian_dates(html: str) -> str:
    """'dal 11 luglio 2009' -> 'dall’11 luglio 2009'; keeps the text safe if it was safe."""
    pieces = []
    done = 0
    for match in _DAY_BEFORE_MONTH.finditer(html):
        before = _PREPOSITION_BEFORE.search(html, max(done, match.start() - 4), match.start())
        if not before:
            continue
        preposition = before[1]
        elided = _ELIDED[preposition.lower()]
        if preposition[0].isupper():
            elided = elided.capitalize()
        pieces += [html[done : before.start(1)], elided, match[1]]
        done = match.end(1)
    if not pieces:
        return html
    result = "".join([*pieces, html[done:]])
    return mark_safe(result) if isinstance(html, SafeString) else result
