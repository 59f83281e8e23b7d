"""Mana costs as the search reads them: symbols, their canonical order, and the cost words
``normalize`` stores in a card's ``search_flags`` for ``m:``.

A cost is a multiset of symbols. Generic mana counts as an amount ("{3}" is three generic, two
"{1}" are "{2}"); every other symbol counts as itself: "{W}", "{X}", "{C}", "{S}", hybrid
"{W/U}" (its colours in the Comprehensive Rules' order whichever way it is typed: "{U/W}" is
"{W/U}"), monocoloured hybrid "{2/W}", Phyrexian "{G/P}" and "{G/W/P}", half "{HW}".

``m:{2}{W}{W}`` asks for a face whose cost holds at least these symbols: at least two "{W}"
and at least two generic. Each face with a cost gets, in ``search_flags``:

- ``m:{w}{w}``: at least two W (one word per count: ``m:{w}`` too), ``m:{2}``: at least two
  generic (``m:{1}`` too; "{0}" only where the cost shows "{0}"),
- ``m={2}{w}{w}``: the whole cost, canonical, for ``m=``,
- on a card with several costed faces, the same "at least" words again with the face's
  position (``m1:{w}``), so that ``m:{1}{G}{U}`` is matched by one face, not by two together.

Generic amounts get words up to ``GENERIC_WORDS`` and for their own value beyond ("{1000000}").
"""

import re

from common.numbers import bounded_number, is_ascii_number
from oracle.models import COLOR_ORDER

SYMBOL = re.compile(r"\{([^{}]*)\}")
# Hybrid pairs in the order the Comprehensive Rules write them (rule 107.4e).
HYBRID_PAIRS = ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")
COLOURS = set(COLOR_ORDER)
SINGLE = {"W", "U", "B", "R", "G", "C", "S", "X", "Y", "Z"}
GENERIC_WORDS = 20
MAX_COSTED_FACES = 5  # Who // What // When // Where // Why
# The largest generic amount a search may ask for (no card costs more than {1000000}).
LARGEST_GENERIC = 999_999_999


def canonical_symbol(text: str) -> str | None:
    """ "u/w" -> "W/U", "p/g" -> "G/P", "3" -> "3"; None when it is no mana symbol (among them
    "{²}", "{①}", "{٣}": generic amounts are written in ASCII digits)."""
    text = text.strip().upper()
    if text.isdigit():
        amount = bounded_number(text, LARGEST_GENERIC)
        return None if amount is None else str(amount)
    if text in SINGLE or text in ("HW", "HU", "HB", "HR", "HG"):
        return text
    parts = text.split("/")
    if any(part not in COLOURS | {"P", "2"} for part in parts):
        return None
    phyrexian = "P" in parts
    colours = [part for part in parts if part != "P"]
    if len(parts) != len(set(parts)) or len(colours) not in (1, 2) or len(parts) > 3:
        return None
    if len(colours) == 1:
        if colours[0] in COLOURS and phyrexian:
            return f"{colours[0]}/P"
        return None
    first, second = colours
    if first == "2" and second in COLOURS and not phyrexian:
        return f"2/{second}"
    if first in COLOURS and second in COLOURS:
        pair = f"{first}/{second}"
        if pair not in HYBRID_PAIRS:
            pair = f"{second}/{first}"
        return f"{pair}/P" if phyrexian else pair
    return None


def _order(symbol: str) -> tuple:
    """Where a symbol goes in a canonical cost: X first, then generic, then the rest by kind
    and colour: {X}{2}{C}{2/W}{W/U}{G/P}{W}{U}."""
    if symbol in ("X", "Y", "Z"):
        return (0, symbol)
    if is_ascii_number(symbol):
        return (1, "")
    kind = 2 if symbol in ("C", "S") else 6 if symbol in COLOR_ORDER else 7
    if "/" in symbol:
        kind = 3 if symbol.startswith("2/") else 5 if symbol.endswith("/P") else 4
    colour = next((COLOR_ORDER.index(ch) for ch in symbol if ch in COLOR_ORDER), 9)
    return (kind, f"{colour}{symbol}")


def counted(symbols: list[str]) -> tuple[int | None, dict[str, int]]:
    """(generic amount, or None without a number; {other symbol: how many})."""
    generic = None
    others: dict[str, int] = {}
    for symbol in symbols:
        if is_ascii_number(symbol):
            generic = (generic or 0) + int(symbol)
        else:
            others[symbol] = others.get(symbol, 0) + 1
    return generic, others


def canonical_cost(symbols: list[str]) -> str:
    """ "{2}{W}{W}": the symbols, generic added up, in canonical order."""
    generic, others = counted(symbols)
    parts = [] if generic is None else [str(generic)]
    for symbol, count in others.items():
        parts += [symbol] * count
    return "".join(f"{{{symbol}}}" for symbol in sorted(parts, key=_order))


def cost_symbols(cost: str) -> list[str]:
    """A stored cost's symbols, canonical ("{1}{G/W}{G/W}" -> ["1", "G/W", "G/W"]); symbols
    the search does not know are kept as written."""
    return [canonical_symbol(text) or text.upper() for text in SYMBOL.findall(cost or "")]


def at_least_words(symbols: list[str]) -> list[str]:
    """ "{2}", "{1}", "{w}{w}", "{w}" for {2}{W}{W}: one word per count the cost reaches."""
    generic, others = counted(symbols)
    words = []
    if generic is not None:
        amounts = range(1, min(generic, GENERIC_WORDS) + 1)
        words += [f"{{{amount}}}" for amount in amounts] + [f"{{{generic}}}"]
    for symbol, count in others.items():
        words += [f"{{{symbol.lower()}}}" * times for times in range(1, count + 1)]
    return list(dict.fromkeys(words))


def wanted_words(symbols: list[str]) -> list[str]:
    """The words a face's cost must have to hold at least these symbols."""
    generic, others = counted(symbols)
    words = [] if generic is None else [f"{{{generic}}}"]
    return words + [f"{{{symbol.lower()}}}" * count for symbol, count in others.items()]


def exact_word(symbols: list[str]) -> str:
    return canonical_cost(symbols).lower()


def cost_words(costs: list[str]) -> list[str]:
    """The ``search_flags`` words of a card whose faces have these costs (blank: none)."""
    costed = [cost_symbols(cost) for cost in costs if cost]
    words = []
    for position, symbols in enumerate(costed):
        words += [f"m:{word}" for word in at_least_words(symbols)]
        words.append(f"m={exact_word(symbols)}")
        if len(costed) > 1:
            words += [f"m{position}:{word}" for word in at_least_words(symbols)]
    return words
