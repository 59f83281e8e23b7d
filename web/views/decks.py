"""The decklist pages.

    /it/decks/                  the form; a posted list (or one in the address, ``?d=``)
                                checked, with its problems, its unread lines and their
                                suggestions, the exports and the share address
    /it/decks/sheet/            the judge's sheet of a list, for printing
    /it/decks/registration/     the registration sheet of a list, in English whatever the
                                address's language
    /it/decks/export/<kind>/    an export (mtgo, arena, italian) as a .txt file; while lines
                                are not read, MTGO and Arena are refused (422, the page again
                                with the lines named), the Italian one carries them as comments

Each takes the list posted from the form (a pasted list or a .txt file, with ``pick=LINE:NAME``
when the player picked a suggestion for a line) or packed in its address (``?format=...&d=...``,
``oracle.decks.sharing``). Checking a list changes nothing, so the forms post without a CSRF
token (one would set a cookie on every visitor of the form's page, which the shared page cache
then could not keep); the forms work without JavaScript, which only adds copy and print buttons.

A list that cannot be read (empty, over the limits, not text, a damaged address) is answered
with the form again and why, status 400 (413 for a request over Django's upload limit). Each
counts against the client's costly requests, and its statements run under the search time
limit (``web.search_limits``).
"""

from dataclasses import dataclass

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from common.numbers import bounded_number
from oracle.decks import DeckCheck, ListError, check_list, limits, sharing
from oracle.decks.parse import with_name
from web import data_age
from web.http_caching import page_parameters
from web.pages.decks.forms import DEFAULT_FORMAT, DeckListForm, format_choices
from web.pages.decks.listing import parts, shared_address
from web.pages.decks.sheet import judge_sheet
from web.pages.decks.summary import sheet_details, summary_sections
from web.search_limits import page_refusal, rate_limited, time_limited

EXPORTS = {"mtgo": "MTGO", "arena": "Arena", "italian": gettext_lazy("Italian")}


@dataclass
class ListRequest:
    """What a request asks to check: the form as bound (or blank), the list's text when it can
    be read, why it cannot, and the answer's status."""

    form: DeckListForm
    text: str | None = None
    error: str = ""
    status: int = 200

    @property
    def format_key(self) -> str:
        return self.form.cleaned_data["format"]


def read_request(request) -> ListRequest:
    if request.method == "POST":
        try:
            data, files = request.POST, request.FILES
        except RequestDataTooBig:
            return ListRequest(DeckListForm(), error=too_big(), status=413)
        form = DeckListForm(without_nul(data), files)
    elif "d" in request.GET:
        try:
            text = sharing.decode(str(request.GET["d"]))
        except ListError as error:
            return ListRequest(blank_form(request), error=str(error), status=400)
        form = DeckListForm(
            without_nul({"list": text, "format": request.GET.get("format", DEFAULT_FORMAT)})
        )
    else:
        return ListRequest(blank_form(request))
    if not form.is_valid():
        return ListRequest(form, status=400)
    text = form.cleaned_data["text"]
    pick = str(request.POST.get("pick", "")) if request.method == "POST" else ""
    picked = picked_name(pick) if pick else None
    if pick and picked is None:
        return ListRequest(form, error=unreadable_pick(), status=400)
    if picked or form.cleaned_data.get("file"):
        # The box shows the list as checked: the file's text, the picked name in place.
        if picked:
            text = with_name(text, *picked)
        form = DeckListForm({"list": text, "format": form.cleaned_data["format"]})
        if not form.is_valid():
            return ListRequest(form, status=400)
    return ListRequest(form, text)


def without_nul(data):
    """The form's data with the NUL characters out of the list: no card name has one, Django
    would refuse the list for it, and the page would show it back."""
    data = data.copy()
    data["list"] = str(data.get("list") or "").replace("\x00", "")
    return data


def blank_form(request) -> DeckListForm:
    wanted = request.GET.get("format", "")
    known = {key for key, _name in format_choices()}
    return DeckListForm(initial={"format": wanted if wanted in known else DEFAULT_FORMAT})


def picked_name(value: str) -> tuple[int, str] | None:
    """(line, name) of a suggestion picked for a line ("12:Angelo Eminente"); None when the
    value is not one a suggestion's button sends. A line the list does not have (edited after
    the check) changes nothing (``with_name``)."""
    line, _, name = value.partition(":")
    number = bounded_number(line, limits.MAX_LINES)
    if not number or not name.strip():
        return None
    return number, name.strip()[: limits.MAX_LINE_CHARS]


def unreadable_pick() -> str:
    return _(
        "The suggestion picked cannot be read: a line number from 1 to %(lines)s, a colon "
        "and a card name were expected."
    ) % {"lines": limits.MAX_LINES}


def too_big() -> str:
    return _("The list is too large: at most %(bytes)s bytes and %(lines)s lines are read.") % {
        "bytes": limits.grouped(limits.MAX_BYTES),
        "lines": limits.MAX_LINES,
    }


def checked(asked: ListRequest) -> tuple[DeckCheck | None, str]:
    try:
        return check_list(asked.text, asked.format_key), ""
    except ListError as error:
        return None, str(error)


@page_parameters(cache=False)
@csrf_exempt
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
def deck_check(request):
    asked = read_request(request)
    context = {"form": asked.form, "error": asked.error, "limits": limits}
    status = asked.status
    if asked.text is not None:
        result, context["error"] = checked(asked)
        if result is None:
            status = 400
        else:
            context |= result_context(request, result)
    return render(request, "decks/check.html", context, status=status, using="jinja2")


def checked_page(request, asked: ListRequest, result: DeckCheck, error: str, status: int):
    """The checked list's page with ``error`` above the form."""
    context = {"form": asked.form, "error": error, "limits": limits}
    context |= result_context(request, result)
    return render(request, "decks/check.html", context, status=status, using="jinja2")


def result_context(request, result: DeckCheck) -> dict:
    return {
        "result": result,
        "parts": parts(result),
        "data_date": data_age.dates(request)["cards"],
        "share_url": shared_address(request, "decks:check", result),
        "sheet_url": shared_address(request, "decks:sheet", result),
        "exports": [
            (kind, label, result.exports[kind], result.export_notes.get(kind, ""))
            for kind, label in EXPORTS.items()
        ],
    }


@page_parameters(cache=False)
@csrf_exempt
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
def deck_sheet(request):
    asked = read_request(request)
    result, error = checked(asked) if asked.text is not None else (None, asked.error)
    if result is None:
        return form_again(request, asked, error)
    details = sheet_details(request, result)
    dates = data_age.dates(request)
    sheet = judge_sheet(result, dates["cards"])
    context = {
        "result": result,
        "sections": summary_sections(result),
        "details": details,
        "cards": sheet.cards,
        "shared_rulings": sheet.shared_rulings,
        "data_date": dates["cards"],
        "rules_date": dates["rules"],
        "share_url": shared_address(request, "decks:sheet", result),
        "check_url": shared_address(request, "decks:check", result),
    }
    status = 200 if details.is_valid() else 400
    return render(request, "decks/sheet.html", context, status=status, using="jinja2")


@page_parameters(cache=False)
@csrf_exempt
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
def deck_export(request, kind):
    if kind not in EXPORTS:
        raise Http404("No such export.")
    asked = read_request(request)
    result, error = checked(asked) if asked.text is not None else (None, asked.error)
    if result is None:
        return form_again(request, asked, error)
    if result.exports[kind] is None:  # refused while lines are not read: the page says which
        return checked_page(request, asked, result, result.export_notes[kind], status=422)
    response = HttpResponse(result.exports[kind], content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="decklist-{kind}.txt"'
    return response


def form_again(request, asked: ListRequest, error: str):
    """The form with why the list could not be read (the sheet and the exports need one)."""
    if not error and not asked.form.is_bound:
        error = _("The list is empty: paste a list or choose a file.")
    context = {"form": asked.form, "error": error, "limits": limits}
    status = asked.status if asked.status != 200 else 400
    return render(request, "decks/check.html", context, status=status, using="jinja2")


@page_parameters(cache=False)
@csrf_exempt
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
def deck_registration(request):
    """The registration sheet: the list as a tournament decklist, in English whatever the
    address's language (the names as English lists write them, the words of the form too)."""
    asked = read_request(request)
    result, error = checked(asked) if asked.text is not None else (None, asked.error)
    if result is None:
        return form_again(request, asked, error)
    details = sheet_details(request, result)
    status = 200 if details.is_valid() else 400
    back = shared_address(request, "decks:sheet", result)
    with translation.override("en"):
        context = {
            "result": result,
            "sections": summary_sections(result),
            "details": details,
            "format_name": str(result.rules.name),
            "sheet_url": back,
        }
        return render(request, "decks/registration.html", context, status=status, using="jinja2")
