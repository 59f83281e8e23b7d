"""``/cards/named``: one card by its name, ``exact`` or ``fuzzy``, in a set with ``set``.

Names are looked up in the name index (``CardName``: every name a card goes by, English and
Italian, each face's too), accents, case and punctuation ignored. A name that is only Italian
("Angelo Eminente") finds the card's Italian printing, so a client shows what was asked for.

``exact`` wants the whole name of the card or of a face. ``fuzzy`` tries, in turn: the whole
name; names that start with the text; names whose words start with the text's words, in order
("jac bel" finds Jace Beleren); the names closest to a mistyped one (the search's "Did you
mean", ``oracle.search.close_names``). When a step finds several cards the name is ambiguous
(404, ``type: "ambiguous"``), as on Scryfall; a step that finds none leaves it to the next.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from common.text import key_range, key_words
from oracle.models import CardName, Printing
from oracle.search.close_names import close_names
from web.api.scryfall.cards import card_answer
from web.api.scryfall.printings import chosen_printings
from web.api.scryfall.responses import api_view, bad_request, not_found, refusal
from web.http_caching import page_parameters
from web.search_limits import time_limited

MAX_NAME = 200
# Names read for the word-by-word step: enough for any real name's first word.
WORD_CANDIDATES = 2000
# A mistyped name goes to the closest card only when the next is this many points behind.
CLEAR_LEAD = 5


@dataclass(frozen=True)
class Found:
    card_ids: tuple[int, ...]
    italian_only: bool = False


def whole_name(text: str) -> Found:
    words = key_words(text)
    if not words:
        return Found(())
    rows = CardName.objects.whole().filter(key="0".join(words)).values_list("card_id", "language")
    return _found(rows)


def starting_with(text: str) -> Found:
    words = key_words(text)
    if not words:
        return Found(())
    lowest, highest = key_range("0".join(words))
    rows = CardName.objects.whole().starting_with(lowest, highest)
    return _found(rows.values_list("card_id", "language")[:WORD_CANDIDATES])


def by_word_starts(text: str) -> Found:
    words = key_words(text)
    if len(words) < 2:
        return Found(())
    lowest, highest = key_range(words[0])
    rows = CardName.objects.starting_with(lowest, highest).values_list(
        "card_id", "language", "name"
    )
    matching = [
        (card_id, language)
        for card_id, language, name in rows[:WORD_CANDIDATES]
        if _words_start(words, key_words(name))
    ]
    return _found(matching)


def closest(text: str) -> Found:
    names = close_names(text, limit=2)
    if not names:
        return Found(())
    if len(names) > 1 and names[0].score - names[1].score < CLEAR_LEAD:
        return Found(tuple(sorted({*names[0].card_ids, *names[1].card_ids})))
    return whole_name(names[0].name) if len(names[0].card_ids) == 1 else Found(names[0].card_ids)


def _words_start(wanted: list[str], words: list[str]) -> bool:
    """Whether each of ``wanted`` starts a word of ``words``, in order."""
    position = 0
    for part in wanted:
        while position < len(words) and not words[position].startswith(part):
            position += 1
        if position == len(words):
            return False
        position += 1
    return True


def _found(rows) -> Found:
    languages: dict[int, set[str]] = {}
    for card_id, language in rows:
        languages.setdefault(card_id, set()).add(language)
    italian_only = bool(languages) and all(found == {"it"} for found in languages.values())
    return Found(tuple(sorted(languages)), italian_only)


def find_card(text: str, fuzzy: bool) -> Found:
    steps = (whole_name, starting_with, by_word_starts, closest) if fuzzy else (whole_name,)
    for step in steps:
        found = step(text)
        if found.card_ids:
            return found
    return Found(())


@page_parameters("exact", "fuzzy", "set")
@api_view("GET")
@time_limited(refusal)
def named(request):
    exact = str(request.GET.get("exact", "")).strip()
    fuzzy = str(request.GET.get("fuzzy", "")).strip()
    text = (exact or fuzzy)[:MAX_NAME]
    if not text:
        return bad_request(
            _("Give the name of a card to look up: its whole name or an approximate one.")
        )
    found = find_card(text, fuzzy=not exact)
    if not found.card_ids:
        return not_found(_("No card found named “%(name)s”.") % {"name": text})
    if len(found.card_ids) > 1:
        return not_found(
            _("Too many cards match the name “%(name)s”: add more words to find one.")
            % {"name": text},
            kind="ambiguous",
        )
    card_id = found.card_ids[0]
    set_code = str(request.GET.get("set", "")).strip()
    in_set = Printing.objects.filter(card_id=card_id, card_set__code__iexact=set_code)
    if set_code and not in_set.exists():
        return not_found(
            _("The card named “%(name)s” has no printing in the set “%(set)s”.")
            % {"name": text, "set": set_code}
        )
    chosen = chosen_printings([card_id], [set_code] if set_code else (), found.italian_only)
    return card_answer(
        request, chosen.get(card_id), _("No card found named “%(name)s”.") % {"name": text}
    )
