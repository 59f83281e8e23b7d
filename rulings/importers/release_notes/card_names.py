"""Card names in a document's text: which card "Tarox Alaspada" or "l'Angelo Eminente" means.

Names are matched word by word: the text and every known name (Italian as printed, on any
printing, and English) are cut into words the same way, and runs of words are looked up in a
dictionary, longest run first. Case, accents and the kind of apostrophe do not matter to the
dictionary; capitals do matter in prose, where a card name is written capitalised ("paura" is
the ability, "Paura" may be the card).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from common.text import fold_apostrophes
from oracle.models import Card, CardFace, CardSet, CardType, Keyword, Layout, Printing, PrintingFace

# A word with its elision apostrophe ("dell'", "d’"), a word, or one punctuation mark.
_TOKEN = re.compile(r"\w+['’ʼ](?=\w)|\w+|[^\w\s]")

# Leading articles a name may be written with ("la Lama ad Arco", "l'Angelo Eminente"), and the
# articulated prepositions that elide into the name's first word ("dell'Angelo Eminente").
ARTICLES = {"il", "lo", "la", "l'", "i", "gli", "le"}
ELIDED = {"l'", "d'", "dell'", "all'", "dall'", "nell'", "sull'", "coll'", "un'"}

# After these (or after a rule number: "502.4a Volare è ...") a capitalised word starts a
# sentence or a quotation, so it is capitalised anyway: a one-word name there is more likely
# the common word ("Volare è ...", "Ciclo").
_SENTENCE_OPENERS = {".", "!", "?", ":", ";", "•", "(", "[", '"', "“", "«", "*", "—", "–", "-"}

# Cards that are not game pieces (Vanguard's "Oracle", planes, tokens, Un-sets' "X"): looked
# up when a document lists them, never found in prose.
NOT_IN_PROSE_LAYOUTS = [
    Layout.PLANAR,
    Layout.SCHEME,
    Layout.VANGUARD,
    Layout.TOKEN,
    Layout.DOUBLE_FACED_TOKEN,
    Layout.EMBLEM,
    Layout.ART_SERIES,
]
JOKE_SET_TYPES = ["funny"]

# Where a name comes from, best first: one name meaning two cards is settled by the better
# source (the Oracle name over an old Italian printing), or is left unmatched if still a tie.
RANKS = ORACLE_NAME, FACE_NAME, ITALIAN_NAME, PRINTED_ITALIAN_NAME = range(4)


@dataclass(frozen=True)
class NameHit:
    start: int
    end: int
    name: str  # as written in the text
    card_id: int


@dataclass(frozen=True)
class _Token:
    start: int
    end: int
    text: str
    key: str  # folded, apostrophes made plain
    line: int


@dataclass
class _Entry:
    card_id: int | None  # None when two cards share the name at the same rank
    rank: int
    capitals: tuple[bool, ...]  # which words every registered spelling writes capitalised


def _tokens(text: str) -> list[_Token]:
    tokens = []
    line = 0
    last = 0
    for match in _TOKEN.finditer(text):
        line += text.count("\n", last, match.start())
        last = match.start()
        word = match.group()
        tokens.append(_Token(match.start(), match.end(), word, fold_apostrophes(word), line))
    return tokens


def _key(name: str) -> tuple[str, ...]:
    """A name's words, folded: how the index knows a name however it is written."""
    return tuple(fold_apostrophes(word) for word in _TOKEN.findall(name))


def _is_capitalised(word: str) -> bool:
    return word[:1].isupper()


class CardNameIndex:
    """Every known card name, by its words. Build it with ``load()`` (from the database) or
    from ``(name, card_id, rank)`` triples."""

    def __init__(
        self,
        names: Iterable[tuple[str, int, int]],
        *,
        common: Iterable[str] = (),
        not_in_prose: Iterable[int] = (),
    ):
        self._entries: dict[tuple[str, ...], _Entry] = {}
        self.longest = 1
        best: dict[tuple[str, int], int] = {}  # the same name comes from faces and printings
        for name, card_id, rank in names:
            if name and rank < best.get((name, card_id), len(RANKS)):
                best[(name, card_id)] = rank
        for (name, card_id), rank in best.items():
            self._add(name, card_id, rank)
        self._common: set[tuple[str, ...]] = set()
        self.add_common_words(common)
        self._not_in_prose = set(not_in_prose)

    @classmethod
    def load(cls) -> "CardNameIndex":
        """Every card's names in the database; set, keyword and type names as common words."""
        names = [(name, pk, ORACLE_NAME) for pk, name in Card.objects.values_list("pk", "name")]
        card_of_face = {}
        for face_id, card_id, name, name_it in CardFace.objects.values_list(
            "pk", "card_id", "name", "name_it"
        ):
            card_of_face[face_id] = card_id
            names.append((name, card_id, FACE_NAME))
            names.append((name_it, card_id, ITALIAN_NAME))
        printed = Printing.objects.exclude(name_it="").values_list("card_id", "name_it").distinct()
        names.extend((name_it, card_id, PRINTED_ITALIAN_NAME) for card_id, name_it in printed)
        # Faces by id rather than a join: one table a query, whatever the planner believes.
        printed_faces = PrintingFace.objects.exclude(name_it="").values_list("face_id", "name_it")
        names.extend(
            (name_it, card_of_face[face_id], PRINTED_ITALIAN_NAME)
            for face_id, name_it in printed_faces.distinct()
        )
        common = [
            name
            for model in (CardSet, Keyword, CardType)
            for pair in model.objects.values_list("name", "name_it")
            for name in pair
        ]
        return cls(names, common=common, not_in_prose=_not_game_pieces())

    def add_common_words(self, words: Iterable[str]) -> None:
        """Names that mean something else in prose: a set ("Visione Futura" is the set far
        more often than the Onslaught card), a keyword ("Legame vitale"), a type, a heading of
        the document ("Catene": the cycle, not the card Shackles). Found only in the card's
        own section."""
        for name in words:
            key = _key(name)
            if key:
                self._common.add(key)

    def _add(self, name: str, card_id: int, rank: int) -> None:
        words = _TOKEN.findall(name)
        if not words:
            return
        key = _key(name)
        capitals = tuple(_is_capitalised(word) for word in words)
        entry = self._entries.get(key)
        if entry is None or rank < entry.rank:
            self._entries[key] = _Entry(card_id, rank, capitals)
            self.longest = max(self.longest, len(key))
            return
        entry.capitals = tuple(a and b for a, b in zip(entry.capitals, capitals, strict=True))
        if rank == entry.rank and entry.card_id != card_id:
            entry.card_id = None

    def lookup(self, name: str) -> int | None:
        """The card a name means, written with or without a leading article; None if unknown
        (or if two cards share it)."""
        key = _key(name)
        entry = self._entries.get(key)
        if entry is None and len(key) > 1 and key[0] in ARTICLES | ELIDED:
            entry = self._entries.get(key[1:])
        return entry.card_id if entry else None

    def find(
        self, text: str, *, own_card: int | None = None, heading: bool = False
    ) -> list[NameHit]:
        """Every card name written in ``text``, left to right, the longest at each place.

        A one-word name is skipped where it would be capitalised anyway (opening a sentence,
        anywhere in a ``heading``), and common words (see ``add_common_words``) are skipped,
        except for ``own_card``: the card whose section this is.
        """
        tokens = _tokens(text)
        hits = []
        index = 0
        while index < len(tokens):
            hit = self._longest_at(tokens, index, own_card, heading)
            if hit is None:
                index += 1
                continue
            length, card_id = hit
            first, last = tokens[index], tokens[index + length - 1]
            hits.append(NameHit(first.start, last.end, text[first.start : last.end], card_id))
            index += length
        return hits

    def _longest_at(self, tokens, index, own_card, heading) -> tuple[int, int] | None:
        first = tokens[index]
        if not _is_capitalised(first.text):
            return None
        for length in range(min(self.longest, len(tokens) - index), 0, -1):
            run = tokens[index : index + length]
            if run[-1].line != first.line:
                continue
            key = tuple(token.key for token in run)
            entry = self._entries.get(key)
            if entry is None or entry.card_id is None:
                continue
            if not all(
                _is_capitalised(token.text) or not capital
                for token, capital in zip(run, entry.capitals, strict=True)
            ):
                continue
            if entry.card_id != own_card and (
                entry.card_id in self._not_in_prose
                or key in self._common
                or (length == 1 and (heading or _opens_sentence(tokens, index)))
            ):
                continue
            return length, entry.card_id
        return None


def _not_game_pieces() -> set[int]:
    """Cards found only when a document lists them: tokens, planes, Vanguard, Un-sets."""
    odd = set(
        Card.objects.filter(layout__in=NOT_IN_PROSE_LAYOUTS).values_list("pk", flat=True)
    ) | set(Card.objects.filter(is_token=True).values_list("pk", flat=True))
    jokes = set(
        Printing.objects.filter(card_set__set_type__in=JOKE_SET_TYPES).values_list(
            "card_id", flat=True
        )
    )
    if jokes:
        jokes -= set(
            Printing.objects.exclude(card_set__set_type__in=JOKE_SET_TYPES).values_list(
                "card_id", flat=True
            )
        )
    return odd | jokes


def _opens_sentence(tokens: list[_Token], index: int) -> bool:
    if index == 0:
        return True
    before = tokens[index - 1]
    return (
        before.line != tokens[index].line
        or before.text in _SENTENCE_OPENERS
        or any(character.isdigit() for character in before.text)
    )
