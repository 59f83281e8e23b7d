"""Card names close to a mistyped one, for "Did you mean": "angelo eminnte" -> Angelo Eminente.

A search that is nothing but a name (words, a "phrase", ``!"exact"``) and finds no card is
compared with every name a card goes by, in both languages (the name index, ``CardName``), by
RapidFuzz's ratio (the Levenshtein distance with insertions and deletions, made 0-100) over
the folded names, so accents and case do not count. The names are read once per process and
kept in memory: about 45,000 names on the whole catalogue. They are
read again when the index has new rows or a card import was recorded since (two lookups of a
highest id, where counting the rows would cost more than the comparison), and at the latest
after ``MAX_AGE`` seconds, for rows deleted one by one (an editor's change). RapidFuzz's
weighted ratio, which also matches a name typed in part, was measured and left out: much
slower, and it offers short names such as "X" for anything.

The same index finds the cards a name means however it is spaced, accented and punctuated
(``cards_named``: "gaeas cradle", "SUSSULTO/TURBOLENZA"), for the decklists
(``oracle.decks.resolve``).
"""

import threading
import time
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Max
from rapidfuzz import fuzz, process

from common.text import fold_compact, fold_line
from oracle.models import CardDataImport, CardName
from oracle.search import conditions as c

# Ratio from 0 to 100: below CUTOFF a name has too little in common to be offered, and one
# more than BEHIND points behind the closest is not worth offering beside it.
CUTOFF = 75
BEHIND = 15
LIMIT = 3
MAX_AGE = 600


@dataclass(frozen=True)
class CloseName:
    name: str  # as the card is called, in the language it was close in
    card_ids: tuple[int, ...]  # the cards with that name (usually one)
    score: float


def searched_name(query) -> str:
    """The name a query asks for when it is nothing but a name, else ""."""
    tree = query.tree
    nodes = tree.children if isinstance(tree, c.And) else (tree,)
    if tree is None or not all(isinstance(node, c.NameCondition) for node in nodes):
        return ""
    return " ".join(node.value for node in nodes)


def close_names(text: str, limit: int = LIMIT) -> list[CloseName]:
    """The names closest to ``text``, closest first, one per card (the names of one card in
    two languages are one suggestion), at most ``limit``."""
    folded = fold_line(text)
    if not folded.strip():
        return []
    index = _index()
    matches = process.extract(
        folded,
        index.folded,
        scorer=fuzz.ratio,
        processor=None,
        score_cutoff=CUTOFF,
        limit=limit * 4,
    )
    found, seen = [], set()
    for _, score, position in matches:
        if score < matches[0][1] - BEHIND:
            break
        card_ids = index.card_ids[position]
        if seen.issuperset(card_ids):
            continue
        seen.update(card_ids)
        found.append(CloseName(index.names[position], card_ids, score))
        if len(found) == limit:
            break
    return found


def cards_named(texts) -> dict[str, tuple[int, ...]]:
    """For each of ``texts``, the cards with a name that is the text but for case, accents,
    spaces and punctuation, in the order of their ids (none, one, or a few that share a
    name)."""
    compact = _index().compact
    return {text: compact.get(fold_compact(text), ()) for text in texts}


@dataclass(frozen=True)
class _NameIndex:
    version: tuple
    read_at: float
    folded: list[str]
    names: list[str]
    card_ids: list[tuple[int, ...]]
    compact: dict[str, tuple[int, ...]]  # fold_compact(name) -> the cards with such a name


_cached: _NameIndex | None = None
_lock = threading.Lock()


def _index() -> _NameIndex:
    global _cached
    version = (
        CardName.objects.aggregate(last=Max("pk"))["last"],
        CardDataImport.objects.aggregate(last=Max("pk"))["last"],
    )
    cached = _cached
    if (
        cached is not None
        and cached.version == version
        and time.monotonic() - cached.read_at < MAX_AGE
    ):
        return cached
    with _lock:
        cards = defaultdict(set)
        for name, card_id in CardName.objects.whole().values_list("name", "card_id"):
            cards[name].add(card_id)
        names = sorted(cards)
        compact = defaultdict(set)
        for name, card_ids in cards.items():
            compact[fold_compact(name)].update(card_ids)
        _cached = _NameIndex(
            version,
            time.monotonic(),
            [fold_line(name) for name in names],
            names,
            [tuple(sorted(cards[name])) for name in names],
            {key: tuple(sorted(card_ids)) for key, card_ids in compact.items()},
        )
        return _cached
