"""``/symbology`` (every symbol of the game's cards, Scryfall's card symbol objects) and
``/symbology/parse-mana?cost=`` (a mana cost written loosely, "2ww" or "{2}{W}{W}", as
Scryfall's mana cost object).

``english`` says each symbol in English words as the card pages read it to a screen reader
(``web.rendering.card_text.describe_symbol``), and ``italian``, beside Scryfall's fields, in
Italian. The costs are read by the query language's mana cost reader (``m:``), so its
problems explain a cost that is not one, in the request's language.
"""

from django.utils import translation
from django.utils.translation import gettext as _

from common.numbers import is_ascii_number
from oracle.models import COLOR_ORDER
from oracle.search import conditions as c
from oracle.search.mana_costs import HYBRID_PAIRS, canonical_cost
from oracle.search.problems import Problem
from web.api.scryfall.responses import answer, api_view, bad_request
from web.http_caching import page_parameters
from web.rendering.card_text import describe_symbol

SYMBOL_IMAGES = "https://svgs.scryfall.io/card-symbols/{}.svg"
OTHER = ["T", "Q", "E", "PW", "CHAOS", "A", "TK"]
VARIABLE = ["X", "Y", "Z"]
GENERIC = [str(n) for n in range(21)] + ["100", "1000000", "∞", "½"]
COLOURED = list(COLOR_ORDER) + ["C", "S"]
HALF = ["HW", "HU", "HB", "HR", "HG"]
MONO_HYBRID = [f"2/{colour}" for colour in COLOR_ORDER]
PHYREXIAN = [f"{colour}/P" for colour in COLOR_ORDER]
HYBRID_PHYREXIAN = [f"{pair}/P" for pair in HYBRID_PAIRS]
FUNNY = {"CHAOS", "A", "TK", "100", "1000000", "∞", "½", *HALF}
ALL_SYMBOLS = (
    OTHER + VARIABLE + GENERIC + COLOURED + HALF + list(HYBRID_PAIRS) + MONO_HYBRID + PHYREXIAN
    + HYBRID_PHYREXIAN + ["P"]
)  # fmt: skip


def mana_value(symbol: str) -> float:
    if is_ascii_number(symbol):
        return float(symbol)
    if symbol in ("½", *HALF):
        return 0.5
    if symbol.startswith("2/"):
        return 2.0
    if symbol in ("∞",):
        return float("inf")
    if symbol in COLOURED or "/" in symbol:
        return 0.0 if symbol == "S" else 1.0
    return 0.0


def symbol_colors(symbol: str) -> list[str]:
    parts = [symbol[1]] if symbol in HALF else symbol.split("/")
    return [colour for colour in COLOR_ORDER if colour in parts]


def symbol_object(symbol: str) -> dict:
    represents_mana = symbol not in OTHER and symbol != "P"
    value = mana_value(symbol)
    with translation.override("en"):
        english = describe_symbol(symbol)
    with translation.override("it"):
        italian = describe_symbol(symbol)
    obj = {
        "object": "card_symbol",
        "symbol": f"{{{symbol}}}",
        "svg_uri": SYMBOL_IMAGES.format(symbol.replace("/", "")),
        "loose_variant": symbol
        if is_ascii_number(symbol) or symbol in COLOURED + VARIABLE
        else None,
        "english": english,
        "italian": italian,
        "transposable": False,
        "represents_mana": represents_mana,
        "appears_in_mana_costs": represents_mana and symbol not in ("∞",),
        "mana_value": value if value != float("inf") else None,
        "cmc": value if value != float("inf") else None,
        "funny": symbol in FUNNY,
        "colors": symbol_colors(symbol),
        "hybrid": "/" in symbol and not (symbol.endswith("/P") and symbol.count("/") == 1),
        "phyrexian": symbol == "P" or symbol.endswith("/P"),
        "gatherer_alternates": None,
    }
    return obj


@api_view("GET")
def symbol_list(request):
    data = [symbol_object(symbol) for symbol in ALL_SYMBOLS]
    return answer({"object": "list", "has_more": False, "data": data})


@page_parameters("cost")
@api_view("GET")
def parse_mana(request):
    text = str(request.GET.get("cost", "")).strip()[:200]
    if not text:
        return bad_request(_("Give a mana cost with cost=."))
    condition = c.ManaCostCondition.from_term(":", text)
    if isinstance(condition, Problem):
        return bad_request(condition.message)
    symbols = list(condition.symbols)
    colours = [
        colour for colour in COLOR_ORDER if any(colour in s.replace("P", "") for s in symbols)
    ]
    value = sum(mana_value(symbol) for symbol in symbols)
    return answer(
        {
            "object": "mana_cost",
            "cost": canonical_cost(symbols),
            "cmc": value,
            "mana_value": value,
            "colors": colours,
            "colorless": not colours,
            "monocolored": len(colours) == 1,
            "multicolored": len(colours) > 1,
        }
    )
