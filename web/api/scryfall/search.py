"""``/cards/search``, ``/cards/autocomplete`` and ``/cards/random``.

The search reads ``q`` with Oracolo's query language (``oracle.search``: Scryfall's keys, with
English and Italian aliases), so its problems come back as ``warnings`` in the request's
language, and a query no part of which can be used is a 400 error naming them. ``order``
(Scryfall's names: name, set, released, rarity, color, cmc, power, toughness, edhrec, artist;
the price orders, ``review`` and ``spoiled`` are not known here and are named in a warning)
and ``dir`` (auto, asc, desc) replace an ``order:``/``dir:`` of the query.

``unique=cards`` (the default) gives each card once, as the printing ``printings.
chosen_printings`` picks: of the sets the query names with ``s:``/``e:``, Italian when it says
``lang:it``. ``unique=prints`` gives every printing of the cards found (only those of the
named sets, only Italian ones with ``lang:it``), newest first, card by card in the search's
order; ``include_multilingual=true`` adds each printing's Italian card after its English one.
``unique=art`` gives one printing per artwork of each card (Scryfall's illustration id; an artwork
two cards share, as an Alchemy rebalance shares its original's, shows under both). Pages hold 175
cards, with ``has_more`` and ``next_page``. ``include_extras=true`` searches tokens too;
``include_variations`` changes nothing (variations are printings like any other here).
"""

import random

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from common.text import key_words
from oracle.models import CardSearch, Printing, searched_kinds
from oracle.search import conditions as c
from oracle.search import parse
from oracle.search.completions import completions
from rulings.search_terms import SEARCH_TERMS
from web.api.scryfall.cards import card_answer, card_objects
from web.api.scryfall.printings import (
    Entry,
    chosen_printings,
    facts_by_card,
    first_of_each_artwork,
    with_printings,
)
from web.api.scryfall.responses import answer, api_view, bad_request, error, not_found, refusal
from web.http_caching import page_parameters
from web.paging import requested_page
from web.search_limits import time_limited

PAGE_SIZE = 175
ORDERS = {
    "name": "name", "set": "set", "released": "released", "rarity": "rarity", "color": "color",
    "cmc": "mv", "power": "power", "toughness": "toughness", "edhrec": "edhrec",
    "artist": "artist",
}  # fmt: skip
UNKNOWN_ORDERS = ("usd", "tix", "eur", "penny", "review", "spoiled")
DIRECTIONS = ("auto", "asc", "desc")
UNIQUE = ("cards", "art", "prints")
MAX_QUERY = 1000
AUTOCOMPLETE_MIN = 2


def flag(request, name) -> bool:
    return str(request.GET.get(name, "")).strip().lower() in ("true", "1", "yes")


def problem_text(problem) -> str:
    return f"{problem.part}: {problem.message}" if problem.part else str(problem.message)


def top_level(query) -> list:
    """The conditions every card found meets: the terms of the top-level AND, or the tree."""
    tree = query.tree
    if isinstance(tree, c.And):
        return list(tree.children)
    return [] if tree is None else [tree]


def printing_terms(query) -> tuple[list[str], bool]:
    """(the set codes the query asks for, whether it asks for Italian): what narrows the
    printings shown of each card."""
    terms = top_level(query)
    codes = [term.code for term in terms if isinstance(term, c.SetCondition)]
    italian = any(
        isinstance(term, c.FlagCondition) and term.key == "lang" and term.value == "it"
        for term in terms
    )
    return codes, italian


def query_text(request, warnings: list[str]):
    text = str(request.GET.get("q", ""))[:MAX_QUERY]
    order = str(request.GET.get("order", "")).strip().lower()
    direction = str(request.GET.get("dir", "")).strip().lower()
    if order in ORDERS:
        text += f" order:{ORDERS[order]}"
    elif order in UNKNOWN_ORDERS:
        warnings.append(
            _("The order “%(order)s” is not known here: cards are by name.") % {"order": order}
        )
    elif order:
        return None, _("“%(order)s” is not an order.") % {"order": order}
    if direction in ("asc", "desc"):
        text += f" dir:{direction}"
    elif direction and direction not in DIRECTIONS:
        return None, _("“%(dir)s” is not a direction: auto, asc or desc.") % {"dir": direction}
    return text, ""


@page_parameters("q", "unique", "order", "dir", "page", "include_extras", "include_multilingual")
@api_view("GET")
@time_limited(refusal)
def search(request):
    if not str(request.GET.get("q", "")).strip():
        return bad_request(_("Give a query with q=."))
    unique = str(request.GET.get("unique", "cards")).strip().lower() or "cards"
    if unique not in UNIQUE:
        return bad_request(
            _("“%(unique)s” is not a unique mode: cards, art or prints.") % {"unique": unique}
        )
    page = requested_page(request.GET.get("page"))
    if page is None:
        return bad_request(_("The page must be a whole number from 1."))
    warnings: list[str] = []
    text, refusal = query_text(request, warnings)
    if text is None:
        return bad_request(refusal)
    query = parse(text, SEARCH_TERMS)
    warnings += [problem_text(problem) for problem in [*query.problems, *query.unknown_names()]]
    if not query.is_usable:
        return bad_request(_("The search could not be run: no part of it could be used."), warnings)
    set_codes, italian = printing_terms(query)
    cards = with_printings(query.filter(CardSearch.objects.all(), flag(request, "include_extras")))
    with translation.override("it" if italian else "en"):
        cards = cards.order_by(*(query.ordering or c.ordering("name", "asc")))
    if unique == "cards":
        total, entries = _cards_page(cards, page, set_codes, italian)
    else:
        multilingual = flag(request, "include_multilingual")
        total, entries = _prints_page(cards, page, unique, set_codes, italian, multilingual)
    if not total:
        return error(404, "not_found", _("Your query didn’t match any cards."), warnings)
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    if page > pages:
        return not_found(
            _("There is no page %(page)s; the last page is %(pages)s.")
            % {"page": page, "pages": pages}
        )
    body = {"object": "list", "total_cards": total, "has_more": page < pages}
    if page < pages:
        body["next_page"] = _page_url(request, page + 1)
    body["data"] = card_objects(request, entries)
    if warnings:
        body["warnings"] = warnings
    return answer(body)


def _cards_page(cards, page, set_codes, italian) -> tuple[int, list[Entry]]:
    paginator = Paginator(cards.values_list("pk", flat=True), PAGE_SIZE)
    total = paginator.count
    if not total or page > paginator.num_pages:
        return total, []
    card_ids = list(paginator.page(page).object_list)
    chosen = chosen_printings(card_ids, set_codes, italian)
    return total, [chosen[card_id] for card_id in card_ids if card_id in chosen]


def _prints_page(cards, page, unique, set_codes, italian, multilingual):
    """(how many entries, this page's entries) of ``unique=prints`` or ``unique=art``.

    The printings are counted per card in the database, and only the cards this page reaches
    are read printing by printing: the whole list of a broad search is tens of thousands of
    printings."""
    printings = Printing.objects.filter(card_id__in=cards.order_by().values("pk"))
    codes = {code.upper() for code in set_codes}
    if codes:
        printings = printings.filter(card_set__code__in=codes)
    if unique == "art":
        printings = first_of_each_artwork(printings)
    with_italian = Count("pk", filter=Q(name_it__gt=""))
    counts = {
        card_id: (0 if italian else every) + (italian_ones if italian or multilingual else 0)
        for card_id, every, italian_ones in printings.order_by()
        .values("card_id")
        .annotate(every=Count("pk"), italian_ones=with_italian)
        .values_list("card_id", "every", "italian_ones")
    }
    start, end = (page - 1) * PAGE_SIZE, page * PAGE_SIZE
    total, skipped, on_page = 0, 0, []
    for card_id in cards.values_list("pk", flat=True):
        entries = counts.get(card_id, 0)
        if total + entries > start and total < end:
            if not on_page:
                skipped = total
            on_page.append(card_id)
        total += entries
    by_card = facts_by_card(printings.filter(card_id__in=on_page))
    entries = []
    for card_id in on_page:
        for facts in by_card.get(card_id, ()):
            if not italian:
                entries.append(Entry(facts.pk))
            if facts.has_italian and (italian or multilingual):
                entries.append(Entry(facts.pk, "it"))
    return total, entries[start - skipped : end - skipped]


def _page_url(request, number: int) -> str:
    params = request.GET.copy()
    params["page"] = number
    return request.build_absolute_uri(f"{request.path}?{params.urlencode()}")


@page_parameters("q")
@api_view("GET", rate="autocomplete")
@time_limited(refusal)
def autocomplete(request):
    """Up to 20 names that start with ``q`` or have a word that does, English or Italian: the
    English name, unless only the Italian one matches what was typed."""
    text = str(request.GET.get("q", ""))[:200]
    names = []
    if len("".join(key_words(text))) >= AUTOCOMPLETE_MIN:
        with translation.override("en"):
            _total, found = completions(text)
        names = [
            found.other_name
            if found.other_name
            and _starts(text, found.other_name)
            and not _starts(text, found.name)
            else found.name
            for found in found
        ]
    return answer({"object": "catalog", "total_values": len(names), "data": names})


def _starts(text: str, name: str) -> bool:
    typed = "0".join(key_words(text))
    words = key_words(name)
    return any("0".join(words[start:]).startswith(typed) for start in range(len(words)))


@page_parameters("q")
@api_view("GET")
@time_limited(refusal)
def random_card(request):
    """A card at random, among those ``q`` finds when given. Never cached."""
    cards = with_printings(CardSearch.objects.filter(searched_kinds()))
    set_codes, italian = [], False
    text = str(request.GET.get("q", "")).strip()[:MAX_QUERY]
    if text:
        query = parse(text, SEARCH_TERMS)
        if not query.is_usable:
            return bad_request(
                _("The search could not be run: no part of it could be used."),
                [problem_text(problem) for problem in query.problems],
            )
        set_codes, italian = printing_terms(query)
        cards = with_printings(query.filter(CardSearch.objects.all()))
    card_ids = cards.order_by("pk").values_list("pk", flat=True)
    count = card_ids.count()
    if not count:
        return not_found(_("Your query didn’t match any cards."))
    card_id = card_ids[random.randrange(count)]
    chosen = chosen_printings([card_id], set_codes, italian)
    response = card_answer(request, chosen.get(card_id), _("Your query didn’t match any cards."))
    patch_cache_control(response, no_store=True)
    return response
