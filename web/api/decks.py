"""The decklist API: a list checked against a format.

    POST /api/decks/check/    {"list": "4 Angelo Eminente\\n...", "format": "modern"}
                              (JSON, or a form: list=...&format=...)

answers::

    {"format": "modern", "legal": false,
     "main": [{"line": 1, "lines": [1, 9], "count": 4, "name": "Exalted Angel",
               "name_it": "Angelo Eminente", "url": "https://.../en/cards/exalted-angel/"}, ...],
     "sideboard": [...], "commander": [...], "companion": [...],
     "unresolved": [{"line": 7, "text": "4 Angelo Emnente", "reason": "...",
                     "suggestions": ["Angelo Eminente"]}],
     "problems": [{"kind": "banned", "card": "Dread Return", "detail": "..."}],
     "notes": [...], "data_date": "2022-04-25",
     "export": {"mtgo": "...", "arena": "...", "italian": "..."},
     "export_notes": {"mtgo": "Not written: ...", ...},
     "share_url": "https://.../en/decks/?format=modern&d=..." (null when too long),
     "limits": {"lines": 500, "bytes": 50000, "count": 999}}

One card named on several lines of a section is one record: ``count`` sums them, ``line`` is
the first, ``lines`` all of them. While a line is not read, the MTGO and Arena exports are null
and the Italian one carries it as a "#" comment, each saying so in ``export_notes`` (empty when
every line is read). ``kind`` is one of ``oracle.decks.checks.Kind``; ``card`` is the Oracle
name ("" for the deck as a whole). Messages follow ``?lang=it`` (or Accept-Language), links
point at the English pages, as the cards API does. A list that cannot be read (empty, over the
limits), an unknown format or a body that is not JSON get status 400 with ``"error"`` and the
limits; a body over Django's upload limit 413; any method but POST 405. Nothing is stored: the
POST needs no CSRF token. A client over its costly requests gets 429 with Retry-After, a check
stopped by the search time limit 503, both as ``{"error": "..."}`` (``web.search_limits``).
"""

from django.core.exceptions import RequestDataTooBig
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from common.links import url_maker
from oracle.decks import DeckCheck, ListError, limits
from oracle.decks import check_list as checked_list
from oracle.decks.parse import Section
from web import data_age
from web.api.cards import HTML_LANGUAGE, in_requested_language
from web.http_caching import page_parameters
from web.json_views import UnreadableBody, json_body, json_response
from web.pages.decks.listing import shared_address
from web.search_limits import json_refusal, rate_limited, time_limited

LIMITS = {"lines": limits.MAX_LINES, "bytes": limits.MAX_BYTES, "count": limits.MAX_COUNT}


def error(message: str, status: int = 400):
    return json_response({"error": message, "limits": LIMITS}, status=status)


@page_parameters(cache=False)
@csrf_exempt
@in_requested_language
@rate_limited("search", json_refusal)
@time_limited(json_refusal)
def check_list(request):
    if request.method != "POST":
        response = error(_("Only POST is allowed here."), status=405)
        response["Allow"] = "POST"
        return response
    try:
        data = read_body(request)
    except RequestDataTooBig:
        return too_big()
    except UnreadableBody as problem:
        return too_big() if problem.status == 413 else error(str(problem))
    if not isinstance(data, dict):
        return error(_('The body is not JSON: send {"list": "...", "format": "..."}.'))
    text, format_key = data.get("list"), data.get("format")
    if not isinstance(text, str) or not isinstance(format_key, str):
        return error(_('Send the list and the format, both as text: "list" and "format".'))
    try:
        result = checked_list(text, format_key)
    except ListError as problem:
        return error(str(problem))
    return json_response(record(request, result))


def too_big():
    return error(
        _("The body is too large: at most %(bytes)s bytes and %(lines)s lines are read.")
        % {"bytes": limits.grouped(limits.MAX_BYTES), "lines": limits.MAX_LINES},
        status=413,
    )


def read_body(request):
    """The fields of a JSON body (``UnreadableBody`` when it cannot be read) or of a form. A
    NUL is let through: the list's reader drops it, as from a pasted list."""
    if request.content_type == "application/json":
        return json_body(request, nul_allowed=True)
    return {key: request.POST.get(key) for key in ("list", "format")}


def record(request, result: DeckCheck) -> dict:
    deck = result.deck
    with translation.override(HTML_LANGUAGE):
        share_url = shared_address(request, "decks:check", result) or None
        card_url = url_maker("cards:card-detail")
        lines = {
            section: [line_record(request, line, card_url) for line in deck.in_section(section)]
            for section in Section
        }
    return {
        "format": result.rules.key,
        "legal": result.legal,
        "main": lines[Section.MAIN],
        "sideboard": lines[Section.SIDEBOARD],
        "commander": lines[Section.COMMANDER],
        "companion": lines[Section.COMPANION],
        "unresolved": [
            {
                "line": unresolved.line,
                "text": unresolved.text,
                "reason": unresolved.reason,
                "suggestions": [suggestion.name for suggestion in unresolved.suggestions],
            }
            for unresolved in deck.unresolved
        ],
        "problems": [problem.as_json() for problem in result.problems],
        "notes": deck.notes,
        "data_date": data_age.api_dates(request)["cards"],
        "export": result.exports,
        "export_notes": result.export_notes,
        "share_url": share_url,
        "limits": LIMITS,
    }


def line_record(request, line, card_url) -> dict:
    card = line.card
    record = {
        "line": line.entry.line,
        "lines": [entry.line for entry in line.entries],
        "count": line.count,
        "name": card.name,
        "name_it": card.name_it,
        "url": request.build_absolute_uri(card_url(card.slug)),
    }
    if line.pin:
        record["set"], record["number"] = line.pin.set_code, line.pin.number
    return record
