"""The cards JSON API: search (the query language and the facets of the search page) and a
card's whole record.

    GET /api/cards/?q=t:creature+k:flying&page=2    a page of results (a query over the cost
                                                    limit: 400, {"error": "too many terms..."})
    GET /api/cards/<Oracle id>/                     one card: faces, printings, rulings
                                                    (``card_rulings``; with ?lang=it, those
                                                    the editors translated in Italian),
                                                    errata
    GET /api/cards/autocomplete/?q=angelo+em        up to 20 cards with a name in either
                                                    language that starts with the text, or
                                                    has a word that does, each by both names:
                                                    {"total": 1, "data": [...], "cards": [...]}

Both answer with ``"data": {"cards": "2022-04-25", "rules": "2026-04-17"}``, the date of each
kind of data (``web.data_age``). Answers are UTF-8 JSON with readable accents. Cards are named
by their Oracle id, which stays the same across imports. HTML links point at the English pages
(/en/...); messages and the order by name follow the request's language: ``?lang=it`` or
``lang=en``, else Accept-Language (English unless it asks for Italian). In Italian, results
are in the order of their Italian names.

What a search may cost (``web.search_limits``): a query over the length or term limit answers
400 with the limit named in ``"error"``; a statement stopped by the time limit, 503; a client
over its requests a minute, 429 with Retry-After. Every answer over a limit is
``{"error": "..."}``.
"""

import uuid
from decimal import Decimal
from functools import wraps

from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from common.links import url_maker
from common.statement_timeout import StatementTimeout
from oracle.models import CardSearch, Printing
from oracle.search.completions import completions
from oracle.wording_history import history_record
from web import data_age
from web.api.card_rulings import rulings_json, unknown_language
from web.http_caching import page_parameters
from web.json_views import get_only, json_response
from web.pages.card.detail import card_by_oracle_id
from web.pages.search.filters import CardFilter
from web.paging import requested_page
from web.search_limits import json_refusal, rate_limited, search_time_limit, timed_out_message

RESULTS_PER_PAGE = 50
HTML_LANGUAGE = "en"
LANGUAGES = ("en", "it")
# Completions change only with an import: browsers and proxies may keep them a while.
COMPLETIONS_MAX_AGE = 300


def requested_language(request) -> str:
    """The language ``?lang=`` names, lower case; "" when not given."""
    return str(request.GET.get("lang", "")).strip().lower()


def in_requested_language(view):
    """Run the view in the language ``?lang=`` names (en, it), if it names one; else in the
    one LocaleMiddleware chose from Accept-Language."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        language = requested_language(request)
        if language not in LANGUAGES:
            return view(request, *args, **kwargs)
        with translation.override(language):
            response = view(request, *args, **kwargs)
        response.headers["Content-Language"] = language
        return response

    return page_parameters("lang")(wrapper)


@page_parameters("q")
@get_only
@in_requested_language
@rate_limited("autocomplete", json_refusal)
def card_autocomplete(request):
    try:
        with search_time_limit():
            total, found = completions(str(request.GET.get("q", ""))[:200])
    except StatementTimeout as stopped:
        return json_response({"error": timed_out_message(stopped)}, status=503)
    card_url = url_maker("cards:card-detail")
    cards = [
        {"name": card.name, "other_name": card.other_name, "url": card_url(card.slug)}
        for card in found
    ]
    response = json_response(
        {"total": total, "data": [card.name for card in found], "cards": cards}
    )
    patch_cache_control(response, public=True, max_age=COMPLETIONS_MAX_AGE)
    return response


@page_parameters(*CardFilter.base_filters, "page")
@get_only
@in_requested_language
@rate_limited("search", json_refusal)
def card_search(request):
    try:
        with search_time_limit():
            return _card_search(request)
    except StatementTimeout as stopped:
        return json_response({"error": timed_out_message(stopped)}, status=503)


def _card_search(request):
    card_filter = CardFilter(request.GET, queryset=CardSearch.objects.all())
    warnings = [problem.as_json() for problem in card_filter.problems]
    if card_filter.is_unusable:
        refusal = card_filter.query.refusal
        return json_response(
            {
                "error": refusal.message
                if refusal
                else _("The search could not be run: no part of it could be used."),
                "warnings": warnings,
                "query": card_filter.canonical,
            },
            status=400,
        )
    number = requested_page(request.GET.get("page"))
    if number is None:
        return json_response(
            {
                "error": _("The page must be a whole number from 1."),
                "warnings": warnings,
                "query": card_filter.canonical,
            },
            status=400,
        )
    page = card_filter.results_page(number, RESULTS_PER_PAGE)
    pages = page.paginator.num_pages
    if page.number != number:  # past the end
        return json_response(
            {
                "error": _("There is no page %(page)s; the last page is %(pages)s.")
                % {"page": number, "pages": pages},
                "pages": pages,
                "warnings": warnings,
                "query": card_filter.canonical,
            },
            status=404,
        )
    return json_response(
        {
            "data": _data_dates(request),
            "total": page.paginator.count,
            "page": number,
            "pages": pages,
            "next": _page_url(request, number + 1) if page.has_next() else None,
            "previous": _page_url(request, number - 1) if page.has_previous() else None,
            "warnings": warnings,
            "query": card_filter.canonical,
            "results": _results(request, page.object_list),
        }
    )


@get_only
@in_requested_language
@rate_limited("search", json_refusal)
def card_detail(request, oracle_id):
    language = requested_language(request)
    if language and language not in LANGUAGES:
        return json_response({"error": unknown_language(language)}, status=400)
    try:
        key = uuid.UUID(oracle_id)
    except ValueError:
        key = uuid.UUID(int=0)  # no card has it: the same 404 as an unknown id
    card = card_by_oracle_id(key)
    if card is None:
        return json_response(
            {"error": _("No card has the Oracle id “%(id)s”.") % {"id": oracle_id}}, status=404
        )
    record = _card_record(request, card, italian=language == "it")
    return json_response({"data": _data_dates(request)} | record)


def _results(request, cards):
    """The JSON of a page of cards found (``found_cards.FoundCard``: its search row's)."""
    with translation.override(HTML_LANGUAGE):
        card_url = url_maker("cards:card-detail")
    results = []
    for card in cards:
        names_it = [face[0] for face in card.faces]
        results.append(
            {
                "id": str(card.oracle_id),
                "name": card.name,
                "name_it": " // ".join(names_it) if all(names_it) and names_it else "",
                "mana_cost": " // ".join(face[1] for face in card.faces if face[1]),
                "type_line": " // ".join(face[2] for face in card.faces),
                "set_codes": [code for code, *_ in card.sets],
                "url": request.build_absolute_uri(card_url(card.slug)),
            }
        )
    return results


def _data_dates(request) -> dict[str, str | None]:
    return data_age.api_dates(request)


def _page_url(request, number):
    params = request.GET.copy()
    params["page"] = number
    return request.build_absolute_uri(f"{request.path}?{params.urlencode()}")


def _card_record(request, card, italian: bool = False):
    faces = list(card.faces.all())
    positions = {face.pk: face.position for face in faces}
    with translation.override(HTML_LANGUAGE):
        url = request.build_absolute_uri(card.get_absolute_url())
        printings = [_printing_record(request, p, positions) for p in card.printings.all()]
    return {
        "id": str(card.oracle_id),
        "name": card.name,
        "name_it": card.italian_name,
        "url": url,
        "layout": card.layout,
        "mana_value": _number(card.mana_value),
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "legalities": card.legalities,
        "edhrec_rank": card.edhrec_rank,
        "leadership": [key for key in card.leadership.split(",") if key],
        "set_count": card.set_count,
        "keywords": [
            {"slug": k.slug, "name": k.name, "name_it": k.name_it, "kind": k.kind}
            for k in card.keywords.all()
        ],
        "faces": [
            {
                "position": face.position,
                "name": face.name,
                "name_it": face.name_it,
                "mana_cost": face.mana_cost,
                "mana_value": _number(face.mana_value),
                "type_line": face.type_line,
                "type_line_it": face.type_line_it,
                "oracle_text": face.oracle_text,
                "printed_text_it": face.printed_text_it,
                "power": face.power,
                "toughness": face.toughness,
                "loyalty": face.loyalty,
                "defense": face.defense,
                "colors": list(face.colors),
                "color_indicator": list(face.color_indicator),
            }
            for face in faces
        ],
        "history": history_record(card, data_age.dates(request)["cards"]),
        "printings": printings,
        "rulings": rulings_json(card, italian),
        "errata": [
            {
                "date": erratum.date.isoformat(),
                "face": erratum.face.name if erratum.face else "",
                "field": erratum.field,
                "old": erratum.old_text,
                "new": erratum.new_text,
                "reason": erratum.reason,
                "reason_it": erratum.reason_it,
                "source": erratum.source,
            }
            for erratum in card.errata.all()
        ],
    }


def _printing_record(request, printing: Printing, positions):
    card_set = printing.card_set
    return {
        "set": card_set.code,
        "set_name": card_set.name,
        "set_name_it": card_set.name_it,
        "released": card_set.release_date.isoformat() if card_set.release_date else None,
        "collector_number": printing.collector_number,
        "rarity": printing.rarity,
        "name_it": printing.name_it,
        "url": request.build_absolute_uri(printing.get_absolute_url()),
        "faces": [
            {
                "position": positions.get(printed.face_id, printed.position),
                "name_it": printed.name_it,
                "type_line_it": printed.type_line_it,
                "text_it": printed.text_it,
                "flavor_text": printed.flavor_text,
                "flavor_text_it": printed.flavor_text_it,
            }
            for printed in printing.printed_faces
        ],
    }


def _number(value: Decimal):
    """JSON numbers: 3 for a whole mana value, 0.5 for half of one."""
    return int(value) if value == int(value) else float(value)
