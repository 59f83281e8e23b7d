"""``is:``, ``has:`` and ``lang:``: kinds of card, what a card has, its languages, each from a
fixed list of values (a layer above may add values to a query: ``oracle.search.added_terms``)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Q

from common.text import fold_line
from oracle.models import TOKEN_LAYOUTS, Erratum, Layout, tokens_only
from oracle.search.conditions.card_text import TypeCondition
from oracle.search.conditions.lookups import everything
from oracle.search.conditions.printed import PrintedWordCondition
from oracle.search.conditions.tree import Condition
from oracle.search.conditions.value_problems import unknown_value

DOUBLE_FACED = (
    Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD, Layout.DOUBLE_FACED_TOKEN,
    Layout.REVERSIBLE_CARD,
)  # fmt: skip


def _flag(word: str) -> Q:
    return Q(search_flags__contains=f" {word} ")


def _related_exists(model) -> Q:
    """EXISTS rather than IN: a name-ordered page stops after 50 cards with errata."""
    return Q(Exists(model.objects.filter(card_id=OuterRef("pk"))))


IS_VALUES = {
    "dfc": lambda: Q(layout__in=DOUBLE_FACED),
    "mdfc": lambda: Q(layout=Layout.MODAL_DFC),
    "split": lambda: Q(layout__in=(Layout.SPLIT, Layout.AFTERMATH)),
    "permanent": lambda: _flag("permanent"),
    "spell": lambda: _flag("spell"),
    "token": tokens_only,
    "futureshifted": lambda: _flag("futureshifted"),
    "timeshifted": lambda: _flag("timeshifted"),
    "reprint": lambda: _flag("reprint"),
    "vanilla": lambda: _flag("vanilla"),
    "historic": lambda: _flag("historic"),
    "commander": lambda: _flag("commander"),
    # The formats whose decks the card may lead, as MTGJSON says (Card.leadership).
    "brawl": lambda: Q(card__leadership__contains="brawl"),
    "oathbreaker": lambda: Q(card__leadership__contains="oathbreaker"),
    "reserved": lambda: _flag("reserved"),
    "promo": lambda: _flag("promo"),
    "digital": lambda: _flag("digital"),
    "funny": lambda: _flag("funny"),
    **{
        layout: (lambda layout=layout: Q(layout=layout))
        for layout in Layout.values
        if layout not in ("normal", "split", "modal_dfc", "token")
    },
}
IS_ALIASES = {
    "doublefaced": "dfc", "bifronte": "dfc", "modaldfc": "mdfc", "modal_dfc": "mdfc",
    "permanente": "permanent", "magia": "spell", "pedina": "token", "ristampa": "reprint",
    "avventura": "adventure", "cronotraslata": "timeshifted", "cronotraslato": "timeshifted",
    "storico": "historic", "storica": "historic", "storici": "historic", "storiche": "historic",
    "comandante": "commander",
    "reservedlist": "reserved", "riservata": "reserved", "listariservata": "reserved",
    "promozionale": "promo", "digitale": "digital", "online": "digital", "umoristica": "funny",
    "divertente": "funny", "un": "funny",
}  # fmt: skip
HAS_VALUES = {
    "errata": lambda: _related_exists(Erratum),
}
HAS_ALIASES = {"erratum": "errata"}
LANG_VALUES = {
    "it": lambda: _flag("italian"),
    "en": everything,
}
LANG_ALIASES = {
    "ita": "it", "italian": "it", "italiano": "it", "eng": "en", "english": "en",
    "inglese": "en",
}  # fmt: skip
FLAGS = {
    "is": (IS_VALUES, IS_ALIASES),
    "has": (HAS_VALUES, HAS_ALIASES),
    "lang": (LANG_VALUES, LANG_ALIASES),
}


# is: values that name tokens: a query with one of them searches the tokens too.
TOKEN_VALUES = {"token", *TOKEN_LAYOUTS}


@dataclass(frozen=True)
class FlagCondition(Condition):
    """``is:``, ``has:`` and ``lang:`` with a value from a fixed list; ``matches`` returns the
    Q of the cards that have it."""

    key: str
    value: str
    matches: Callable[[], Q] = field(compare=False, repr=False)

    @classmethod
    def from_term(cls, key, op, value, written="", added=()):
        """``written`` is the key as problems name it, when not ``key`` (``not:`` for ``is:``);
        ``added``: the FlagValues of ``key`` the query's language adds to FLAGS."""
        values, aliases = FLAGS[key]
        if added:
            values = {**values, **{flag.value: flag.matches for flag in added}}
            aliases = {**aliases, **{a: flag.value for flag in added for a in flag.aliases}}
        word = fold_line(value).replace(" ", "").replace("-", "")
        word = aliases.get(word, word)
        if word not in values:
            written = written or key
            return unknown_value(
                f"{written}{op}{value}",
                written,
                value,
                values,
                {**{v: v for v in values}, **aliases},
            )
        return cls(key, word, values[word])

    def to_q(self) -> Q:
        return self.matches()

    def __str__(self):
        return f"{self.key}:{self.value}"


TOKEN_TYPE_WORDS = {"token", "pedina", "pedine", "emblem", "emblema"}


def asks_for_tokens(node) -> bool:
    """Whether a term names tokens (``is:token``, ``is:emblem``, ``t:token``, ``t:pedina``,
    ``st:token``): searches leave tokens out unless a term does."""
    if isinstance(node, FlagCondition):
        return node.key == "is" and node.value in TOKEN_VALUES
    if isinstance(node, TypeCondition):
        return bool(TOKEN_TYPE_WORDS & set(fold_line(node.value).split()))
    if isinstance(node, PrintedWordCondition):
        return node.key == "st" and node.value == "token"
    return False
