"""Conditions on how a card was printed: ``a:`` artist, ``ft:`` flavour text, ``wm:``
watermark, ``b:`` block, ``st:`` set type, ``frame:`` and ``border:``.

Each holds when some printing of the card has it (like ``s:`` and ``r:``). Artists, flavour
texts and watermarks are in the card's search row (``printing_words``); the artists and
flavour texts, which the covering indexes leave out, are found by a subquery that reads only
their own column's index, so a results page walking the name index reads no row. Frames,
borders, set types and blocks are looked up among the printings, through their indexes.
"""

import difflib
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext

from common.text import fold, fold_line
from oracle.models import CardSearch, CardSet
from oracle.search.conditions.lookups import cards_with_printings, nothing
from oracle.search.conditions.tree import Condition
from oracle.search.conditions.value_problems import unknown_value
from oracle.search.printing_words import flag, watermark_word
from oracle.search.problems import Problem
from oracle.search.tokens import quote


def _cards_where(condition: Q) -> Q:
    return Q(pk__in=CardSearch.objects.filter(condition).values("pk"))


@dataclass(frozen=True)
class ArtistCondition(Condition):
    """``a:`` words of an artist's name ("a:avon" finds John Avon's cards)."""

    value: str

    @classmethod
    def from_term(cls, key, op, value):
        return cls(value.lower())

    def to_q(self) -> Q:
        return _cards_where(Q(search_artists__contains=fold_line(self.value)))

    def __str__(self):
        return f"a:{quote(self.value)}"


@dataclass(frozen=True)
class FlavorCondition(Condition):
    """``ft:`` words of a flavour text, English or Italian."""

    value: str

    @classmethod
    def from_term(cls, key, op, value):
        return cls(value.lower())

    def to_q(self) -> Q:
        return _cards_where(Q(search_flavor__contains=fold_line(self.value)))

    def __str__(self):
        return f"ft:{quote(self.value)}"


# The watermarks of MTGJSON's data (guilds, clans, factions, events); another value is still
# looked for, but one close to these is taken for a typing mistake ("wm:orzov").
WATERMARKS = (
    "abzan", "agentsofsneak", "arena", "atarka", "azorius", "boros", "brokers", "cabaretti",
    "colorpie", "conspiracy", "crossbreedlabs", "dci", "dengekimaoh", "dimir", "dromoka",
    "flavor", "foretell", "goblinexplosioneers", "golgari", "grandprix", "gruul", "herospath",
    "izzet", "japanjunior", "jeskai", "judgeacademy", "junior", "juniorapac", "junioreurope",
    "kolaghan", "leagueofdastardlydoom", "lorehold", "maestros", "mardu", "mirran", "mps", "mtg",
    "mtg10", "mtg15", "nerf", "obscura", "ojutai", "orderofthewidget", "orzhov", "phyrexian",
    "planeswalker", "prismari", "protour", "quandrix", "rakdos", "riveteers", "scholarship",
    "selesnya", "set", "silumgar", "silverquill", "simic", "sultai", "tarkir", "temur",
    "transformers", "witherbloom", "wotc", "wpn",
)  # fmt: skip


@dataclass(frozen=True)
class WatermarkCondition(Condition):
    """``wm:`` a printing's watermark (``wm:orzhov``, ``wm:set``)."""

    watermark: str

    @classmethod
    def from_term(cls, key, op, value):
        word = watermark_word(value)
        if not word:
            return Problem(
                f"wm{op}{value}", gettext("“%(value)s” is not a watermark") % {"value": value}
            )
        if word not in WATERMARKS:
            close = difflib.get_close_matches(word, WATERMARKS, n=1, cutoff=0.8)
            if close:
                return Problem(
                    f"wm{op}{value}",
                    gettext("no watermark is called “%(value)s”") % {"value": value},
                    f"wm:{close[0]}",
                )
        return cls(word)

    def to_q(self) -> Q:
        return Q(search_flags__contains=f" {flag('wm', self.watermark)} ")

    def __str__(self):
        return f"wm:{self.watermark}"


@dataclass(frozen=True)
class BlockCondition(Condition):
    """``b:`` a block by its English or Italian name, or by the code of any set in it
    (``b:"time spiral"``, ``b:"spirale temporale"``, ``b:fut``)."""

    value: str  # folded as typed

    @classmethod
    def from_term(cls, key, op, value):
        return cls(fold_line(value))

    def blocks(self) -> list[str]:
        """The English names of the blocks this value names (reads the set table)."""
        found = []
        for code, block, block_it in CardSet.objects.exclude(block="").values_list(
            "code", "block", "block_it"
        ):
            if self.value in (fold(code), fold_line(block), fold_line(block_it)):
                found.append(block)
        return list(dict.fromkeys(found))

    def to_q(self) -> Q:
        blocks = self.blocks()
        return cards_with_printings(Q(card_set__block__in=blocks)) if blocks else nothing()

    def __str__(self):
        return f"b:{quote(self.value)}"


def set_type_word(value: str) -> str:
    return "_".join(fold(value).replace("-", " ").split())


def plain_word(value: str) -> str:
    return "".join(fold(value).split())


# MTGJSON's set types (the "type" of a set), with the Italian words players use for some.
SET_TYPES = (
    "alchemy", "archenemy", "arsenal", "box", "commander", "core", "draft_innovation",
    "duel_deck", "expansion", "from_the_vault", "funny", "masterpiece", "masters", "memorabilia",
    "minigame", "planechase", "premium_deck", "promo", "spellbook", "starter", "token",
    "treasure_chest", "vanguard",
)  # fmt: skip
SET_TYPE_ALIASES = {
    "base": "core", "setbase": "core", "espansione": "expansion", "promozionale": "promo",
    "pedine": "token", "pedina": "token", "duel": "duel_deck", "duels": "duel_deck",
    "ftv": "from_the_vault",
}  # fmt: skip
FRAMES = ("1993", "1997", "2003", "2015", "future")
FRAME_ALIASES = {"93": "1993", "97": "1997", "03": "2003", "15": "2015", "futura": "future"}
BORDERS = ("black", "white", "borderless", "silver", "gold")
BORDER_ALIASES = {
    "nero": "black", "nera": "black", "bianco": "white", "bianca": "white",
    "senzabordo": "borderless", "senzabordi": "borderless", "none": "borderless",
    "argento": "silver", "argentato": "silver", "oro": "gold", "dorato": "gold",
}  # fmt: skip
# key -> (the values, their aliases, how a value is written, the printing's field)
WORD_KEYS = {
    "st": (SET_TYPES, SET_TYPE_ALIASES, set_type_word, "card_set__set_type"),
    "frame": (FRAMES, FRAME_ALIASES, plain_word, "frame_version"),
    "border": (BORDERS, BORDER_ALIASES, plain_word, "border_color"),
}


@dataclass(frozen=True)
class PrintedWordCondition(Condition):
    """``st:``, ``frame:`` and ``border:``, each with a value from a fixed list."""

    key: str
    value: str

    @classmethod
    def from_term(cls, key, op, value):
        values, aliases, to_word, _field = WORD_KEYS[key]
        word = to_word(value)
        word = aliases.get(word.replace("_", ""), aliases.get(word, word))
        if word not in values:
            compact = {v.replace("_", ""): v for v in values}
            word = compact.get(word.replace("_", ""), word)
        if word not in values:
            known = {**{v: v for v in values}, **aliases}
            return unknown_value(f"{key}{op}{value}", key, value, values, known)
        return cls(key, word)

    def to_q(self) -> Q:
        return cards_with_printings(Q(**{WORD_KEYS[self.key][3]: self.value}))

    def __str__(self):
        return f"{self.key}:{self.value}"


# key -> the condition; every one takes ``from_term(key, op, value)``.
PRINTED_CONDITIONS = {
    "a": ArtistCondition,
    "ft": FlavorCondition,
    "wm": WatermarkCondition,
    "b": BlockCondition,
    "st": PrintedWordCondition,
    "frame": PrintedWordCondition,
    "border": PrintedWordCondition,
}
