"""Card text to HTML: mana symbols as icons with a text alternative, lines as paragraphs.

Plain functions, tested without a database; the template filters in
``templatetags/oracle_tags.py`` are one-line wrappers. Everything is escaped first.
"""

import re
from functools import lru_cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from .text import ITALIAN_MONTHS

SYMBOL = re.compile(r"\{([^{}]{1,12})\}")
REMINDER = re.compile(r"\(([^()]*)\)")

COLOR_NAMES = {
    "W": lambda: _("white"),
    "U": lambda: _("blue"),
    "B": lambda: _("black"),
    "R": lambda: _("red"),
    "G": lambda: _("green"),
    "C": lambda: _("colorless"),
}


def describe_symbol(symbol: str) -> str:
    """Words a screen reader says for a symbol: "{2/W}" -> "two generic or one white mana"."""
    symbol = symbol.upper()
    parts = symbol.split("/")
    if symbol == "T":
        return _("tap")
    if symbol == "Q":
        return _("untap")
    if symbol == "S":
        return _("snow mana")
    if symbol == "E":
        return _("energy counter")
    if symbol == "CHAOS":
        return _("chaos")
    if symbol in {"X", "Y", "Z"}:
        return _("%(letter)s generic mana") % {"letter": symbol}
    if symbol.isdigit():
        amount = int(symbol)
        return ngettext("%(n)s generic mana", "%(n)s generic mana", amount) % {"n": amount}
    if symbol == "½" or symbol == "H":
        return _("half a generic mana")
    if len(parts) == 1 and symbol in COLOR_NAMES:
        return _("one %(color)s mana") % {"color": COLOR_NAMES[symbol]()}
    if len(parts) == 1 and symbol.startswith("H") and symbol[1:] in COLOR_NAMES:
        return _("half a %(color)s mana") % {"color": COLOR_NAMES[symbol[1:]]()}
    if parts[-1] == "P" and len(parts) >= 2:
        colors = " / ".join(COLOR_NAMES[p]() for p in parts[:-1] if p in COLOR_NAMES)
        return _("Phyrexian %(color)s mana") % {"color": colors}
    if len(parts) == 2:
        first, second = (
            _("two generic") if p == "2" else COLOR_NAMES[p]() if p in COLOR_NAMES else p
            for p in parts
        )
        return _("hybrid mana: %(first)s or %(second)s") % {"first": first, "second": second}
    return symbol


def symbol_class(symbol: str) -> str:
    """mana-font class of a symbol: {W} -> ms-w, {2/W} -> ms-2w, {W/P} -> ms-wp, {T} -> ms-tap."""
    symbol = symbol.lower()
    special = {"t": "tap", "q": "untap", "½": "1-2", "∞": "infinity", "chaos": "chaos"}
    if symbol in special:
        return f"ms-{special[symbol]}"
    if symbol.startswith("h") and len(symbol) == 2:
        return f"ms-{symbol[1]} ms-half"
    return "ms-" + symbol.replace("/", "")


def render_symbol(symbol: str) -> SafeString:
    return format_html(
        '<abbr class="ms ms-cost {}" title="{}"><span class="visually-hidden">{{{}}}</span></abbr>',
        symbol_class(symbol),
        describe_symbol(symbol),
        symbol,
    )


def render_mana(text: str) -> SafeString:
    """Escape everything, then turn {W}, {2/U}, {T} into symbols."""
    if not text:
        return mark_safe("")
    return _render_mana(text, get_language())


@lru_cache(maxsize=4096)
def _render_mana(text: str, language: str) -> SafeString:
    # Costs repeat endlessly ({1}{G}, {T}); the symbols' spoken names depend on the language.
    return mark_safe(_with_symbols(text))


def _with_symbols(text: str) -> str:
    return SYMBOL.sub(lambda match: render_symbol(match[1]), escape(text))


def render_rules_text(text: str) -> SafeString:
    """Each line a paragraph, symbols as icons, reminder text in italics."""
    if not text:
        return mark_safe("")
    paragraphs = []
    for line in text.splitlines():
        if not line.strip():
            continue
        html = _with_symbols(line)
        html = REMINDER.sub(r'<i class="reminder">(\1)</i>', html)
        paragraphs.append(f"<p>{html}</p>")
    return mark_safe("".join(paragraphs))


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
