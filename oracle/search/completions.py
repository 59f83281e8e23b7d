"""Cards for the search box as it is typed: the cards with a name in the page's language that
starts with the text, then those with a name in the other language that does, then those with a
name that has a word that does (in the page's language first); accents, case and punctuation
ignored. Each card once, by its name in the page's language with the other beside (so a card
found by its other name shows that name beside its own, after the cards whose own name starts
with the text).

    completions("angelo emi")  ->  (1, [Completion("Angelo Eminente", "Exalted Angel", ...)])
    completions("angel")       ->  (389, [Completion("Angel of Flight Alabaster", ...), ...])

Each answer reads the name index (``CardName``) through its (key, word, name) index: a key
range, never a table scan, then the found cards' names, so its cost does not grow with the
catalogue.
"""

from dataclasses import dataclass

from common.text import key_range, key_words
from oracle.models import CardFace, CardName, is_italian_page, joined_name, names_for_page
from oracle.search.card_names import ENGLISH, ITALIAN

LIMIT = 20


@dataclass(frozen=True)
class Completion:
    name: str  # in the page's language where the card has one
    other_name: str  # in the other language ("" when the same or none)
    slug: str


def completions(text: str, limit: int = LIMIT) -> tuple[int, list[Completion]]:
    """(how many cards match, the first ``limit`` of them): cards with a whole name in the
    page's language that starts with ``text`` first, then with one in the other language, then
    cards with a later word that does (the page's language first), each in the order its
    matching name files."""
    words = key_words(text or "")
    if not words:
        return 0, []
    rows = CardName.objects.starting_with(*key_range("0".join(words)))
    total = rows.values("card_id").distinct().count()
    if not total:
        return 0, []
    page_language = ITALIAN if is_italian_page() else ENGLISH
    card_ids = []
    words = rows.filter(word__gt=0)
    for group in (
        rows.whole().filter(language=page_language),
        rows.whole().exclude(language=page_language),
        words.filter(language=page_language),
        words.exclude(language=page_language),
    ):
        if len(card_ids) < limit:
            card_ids = _first_cards(group, limit, card_ids)
    return total, _named(card_ids)


def _first_cards(rows, limit, card_ids):
    """``card_ids`` with the cards of ``rows`` that it lacks, in key order, up to ``limit``."""
    found = rows.order_by("key", "name").values_list("card_id", flat=True)[: limit * 3]
    card_ids = list(card_ids)
    for card_id in dict.fromkeys(found):
        if card_id not in card_ids and len(card_ids) < limit:
            card_ids.append(card_id)
    return card_ids


def _named(card_ids: list[int]) -> list[Completion]:
    """The cards, in this order, by both their names (the Italian one where every face has
    one): one query."""
    faces = (
        CardFace.objects.filter(card_id__in=card_ids)
        .order_by("card_id", "position")
        .values_list("card_id", "card__name", "card__slug", "name_it")
    )
    cards = {}
    for card_id, name, slug, name_it in faces:
        cards.setdefault(card_id, (name, slug, []))[2].append(name_it)
    completions = []
    for card_id in card_ids:
        if card_id in cards:
            name, slug, names_it = cards[card_id]
            shown, other = names_for_page(name, joined_name(names_it))
            completions.append(Completion(shown, other, slug))
    return completions
