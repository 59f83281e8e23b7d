"""What a card's printings and legalities say, as search words: written by ``normalize`` into
``Card.search_flags``, ``search_artists`` and ``search_flavor``, read by the conditions of
``conditions.printed`` and ``conditions.formats``.

``search_flags`` gets plain words for what the card is or some printing is ("reserved", "promo",
"digital", "funny"), a "wm:" word for each watermark ("wm:orzhov"; "set (LEA)" is "wm:set"), and
one word for the card's status in every format, a letter each in the order of
``SEARCH_FORMATS`` ("l" legal, "r" restricted, "b" banned, "-" not legal): "formats:ll-lb...".
These columns are read by every search (the covering indexes hold them), so they stay short:
frames, borders, set types and blocks are looked up among the printings instead.

``search_artists`` has each artist's name once, oldest printing first, one per line with a
newline before and after; ``search_flavor`` each flavour text once, English and Italian, folded
line by line.
"""

from common.text import fold, fold_line, fold_lines

# The formats of the "formats:" word, a letter each, in this order: new formats go at the end
# (a card's letters are written again at its next import).
SEARCH_FORMATS = (
    "standard", "pioneer", "modern", "legacy", "vintage", "commander", "pauper", "oathbreaker",
    "paupercommander", "duel", "predh", "premodern", "oldschool", "penny", "future", "brawl",
    "standardbrawl", "historicbrawl", "historic", "timeless", "alchemy", "explorer", "gladiator",
)  # fmt: skip
FORMATS_WORD = "formats:"
# MTGJSON's statuses -> their letters.
STATUS_LETTERS = {"legal": "l", "restricted": "r", "banned": "b"}
NOT_LEGAL = "-"


def flag(kind: str, value: str) -> str:
    """The word of search_flags for ``kind`` with ``value`` (already in its word form)."""
    return f"{kind}:{value}"


def watermark_word(watermark: str) -> str:
    return "".join(fold(watermark).split("(")[0].split())


def formats_word(legalities: dict) -> str:
    statuses = {fold(key): fold(status) for key, status in (legalities or {}).items()}
    letters = (STATUS_LETTERS.get(statuses.get(key, ""), NOT_LEGAL) for key in SEARCH_FORMATS)
    return FORMATS_WORD + "".join(letters)


def printing_flags(printings: list[dict], legalities: dict, reserved: bool) -> list[str]:
    """The words of search_flags from the card's printings (dicts with the keys of
    ``normalize.PRINTING_SOURCE``), its legalities and whether it is on the reserved list."""
    words = ["reserved"] if reserved else []
    for kind, test in (
        ("promo", lambda p: p["is_promo"]),
        ("digital", lambda p: p["is_online_only"] or p["card_set__is_online_only"]),
        ("funny", lambda p: p["is_funny"]),
    ):
        if any(test(p) for p in printings):
            words.append(kind)
    watermarks = dict.fromkeys(watermark_word(p["watermark"] or "") for p in printings)
    words += [flag("wm", word) for word in watermarks if word]
    return [*words, formats_word(legalities)]


def artist_lines(printings: list[dict]) -> str:
    """search_artists: each artist once, in the order of ``printings`` (oldest first)."""
    names = dict.fromkeys(fold_line(p["artist"] or "") for p in printings)
    names.pop("", None)
    return "\n" + "\n".join(names) + "\n" if names else ""


def flavor_lines(texts) -> str:
    """search_flavor: each flavour text once, folded line by line."""
    folded = dict.fromkeys(fold_lines(text) for text in texts if text)
    folded.pop("", None)
    return "\n".join(folded)
