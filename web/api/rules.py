"""The rules as JSON: ``/api/rules/`` (the editions) and ``/api/rules/<number>/`` (one rule).

``?edition=YYYY-MM-DD`` reads another edition (English unless ``?language=it``). A rule of an
older edition carries ``current``: where it is in the current rules (or null when nothing
matches). Errors are JSON too: ``{"error": "..."}`` with status 400 or 404, in the language of
``?lang=`` or Accept-Language, as the cards API's.
"""

from datetime import date

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from rulings.models import Language, RuleMapping, RuleSection, RulesEdition
from rulings.rules.citations import cited_numbers
from rulings.rules.numbers import normalise_number
from web.api.cards import in_requested_language
from web.http_caching import page_parameters
from web.json_views import get_only, json_response
from web.search_limits import json_refusal, rate_limited

LEVELS = {
    RuleSection.Level.CHAPTER: "chapter",
    RuleSection.Level.SECTION: "section",
    RuleSection.Level.RULE: "rule",
    RuleSection.Level.SUBRULE: "subrule",
}


def error(message, status=404, **extra):
    return json_response({"error": message, **extra}, status=status)


def edition_json(edition):
    return {
        "language": edition.language,
        "effective_date": edition.slug,
        "is_complete": edition.is_complete,
    }


def page_url(request, number, edition, current):
    """The address of a rule's HTML page: in English for an English edition; for an Italian
    one, the Italian page, which shows the Italian text beside the English of the same date."""
    language = "it" if edition.language == Language.ITALIAN else settings.LANGUAGE_CODE
    with translation.override(language):
        url = reverse("rules:rule-detail", args=[number])
    if edition.effective_date != current.effective_date:
        url += f"?edition={edition.slug}"
    return request.build_absolute_uri(url)


@get_only
@in_requested_language
@rate_limited("search", json_refusal)
def rules_index(request):
    editions = RulesEdition.objects.order_by("-effective_date", "language")
    current = RulesEdition.objects.official().in_force()
    return json_response(
        {
            "current": edition_json(current) if current else None,
            "editions": [edition_json(edition) for edition in editions],
        }
    )


@page_parameters("language", "edition")
@get_only
@in_requested_language
@rate_limited("search", json_refusal)
def rule_detail(request, number):
    canonical = normalise_number(number)
    if canonical is None:
        return error(
            _("“%(number)s” is not a rule number (examples: 7, 702, 702.37, 702.37c).")
            % {"number": number}
        )
    language = request.GET.get("language", Language.ENGLISH)
    if language not in Language.values:
        return error(
            _("Unknown language “%(language)s”; use one of: %(languages)s.")
            % {"language": language, "languages": ", ".join(Language.values)},
            400,
        )
    current = RulesEdition.objects.official().in_force()
    if current is None:
        return error(_("No rules have been imported."))
    in_language = list(RulesEdition.objects.filter(language=language).order_by("-effective_date"))
    slug = request.GET.get("edition", "").strip()
    if slug:
        try:
            day = date.fromisoformat(slug)
        except ValueError:
            return error(_("“%(date)s” is not a date like 2026-04-17.") % {"date": slug}, 400)
        edition = next((e for e in in_language if e.effective_date == day), None)
        if edition is None:
            return error(
                _("There is no %(language)s edition of the rules dated %(date)s.")
                % {"language": language, "date": slug}
            )
    else:
        complete = [e for e in in_language if e.is_complete]
        edition = (complete or in_language or [None])[0]
        if edition is None:
            return error(
                _("There is no %(language)s edition of the rules.") % {"language": language}
            )

    section = (
        RuleSection.objects.filter(edition=edition, number=canonical)
        .select_related("parent")
        .order_by()
        .first()
    )
    if section is None:
        elsewhere = list(
            RuleSection.objects.filter(number=canonical, edition__in=in_language)
            .order_by("-edition__effective_date")
            .values_list("edition__effective_date", flat=True)
        )
        return error(
            _("There is no rule %(number)s in the rules of %(date)s.")
            % {"number": canonical, "date": edition.slug},
            editions=[day.isoformat() for day in elsewhere],
        )
    children = list(section.children.order_by("position").values_list("number", flat=True))
    cited = []
    for text in (section.text, *section.examples):
        cited += cited_numbers(text)
    data = {
        "number": section.number,
        "title": section.title,
        "text": section.text,
        "examples": section.examples,
        "level": LEVELS[section.level],
        "parent": section.parent.number if section.parent_id else None,
        "children": children,
        "references": list(dict.fromkeys(cited)),
        "edition": edition_json(edition),
        "url": page_url(request, section.number, edition, current),
    }
    if edition.effective_date < current.effective_date:
        # Old numbers are mapped in the English editions; an Italian rule goes where the
        # English rule with its number and date went.
        if edition.language == Language.ENGLISH:
            old_section = Q(old_section=section)
        else:
            old_section = Q(
                old_section__edition__language=Language.ENGLISH,
                old_section__edition__effective_date=edition.effective_date,
                old_section__number=section.number,
            )
        mapping = (
            RuleMapping.objects.filter(old_section)
            .select_related("current_section__edition")
            .order_by()
            .first()
        )
        data["current"] = (
            {
                "number": mapping.current_section.number,
                "title": mapping.current_section.title,
                "confidence": mapping.confidence,
                "method": mapping.method,
                "url": page_url(
                    request,
                    mapping.current_section.number,
                    mapping.current_section.edition,
                    current,
                ),
            }
            if mapping and mapping.current_section_id
            else None
        )
    return json_response(data)
