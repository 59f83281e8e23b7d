"""The Comprehensive Rules browser: contents, one rule with what it contains, glossary, search.

Every page reads one edition (``?edition=2007-05-01``; the current one by default: see
``rulings.rules.editions``). The text is in the language of the edition; on Italian pages the
Italian
text is shown beside the English: from the Italian edition of the same date, or else from a
partial Italian edition read in it (a release note or FAQ that quoted the rules of its time),
labelled with its date and the document. On a page of the current rules, a rule no Italian text
numbers as today may still have one under its old number (morph was 502.26 in May 2007): that
text is shown after today's English, collapsed under a banner that says it is superseded.

A rule page costs the same queries whatever the rule (``web.pages.rules.page``).
"""

from datetime import date
from urllib.parse import urlencode

from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from common.links import url_prefix
from oracle.models import is_italian_page
from rulings.models import RuleSection, RulesEdition
from rulings.rules.editions import (
    EditionChoices,
    edition_context,
    italian_twin,
    not_found,
    reads_an_edition,
)
from rulings.rules.italian_titles import italian_title
from rulings.rules.numbers import normalise_number
from web.http_caching import page_parameters
from web.pages.rules.comparison import compare_context
from web.pages.rules.confidence import confidence_words
from web.pages.rules.excerpts import query_words
from web.pages.rules.glossary import glossary_by_letter
from web.pages.rules.page import build_rule_page, no_such_rule_message, rule_url
from web.pages.rules.search import (
    MAX_QUERY,
    answer_lookup,
    search_refusal,
    search_words,
    typed_lookup,
)
from web.paging import page_number
from web.search_limits import page_refusal, rate_limited, time_limited

Level = RuleSection.Level


# --- A rule and what it contains --------------------------------------------------------------


@page_parameters("edition", "page", "compare", "cited")
@reads_an_edition
def rule_detail(request, editions: EditionChoices, edition: RulesEdition, number: str):
    canonical = normalise_number(number)
    if canonical is None:
        return not_found(request, _("“%(number)s” is not a rule number.") % {"number": number})
    if canonical != number:
        query = request.META.get("QUERY_STRING", "")
        return redirect(rule_url(canonical, f"?{query}" if query else ""), permanent=True)
    asked = page_number(request.GET.get("page"))
    page = build_rule_page(editions, edition, number, asked)
    if page is None:
        return rule_elsewhere(request, editions, edition, number)
    current = editions.current
    context = {
        **edition_context(editions, edition),
        "page": page,
        "cited_on": cited_date(request, edition),
        "node": page.node,
        "today": page.today,
        "current_same_number": any(
            v.edition == current and v.number == number for v in page.versions
        )
        or any(v.edition == current for v in page.other_rules),
        **compare_context(page, request.GET.get("compare", "").strip()),
        "section_pages": page.section_pages,
    }
    return render(request, "rules/rule_detail.html", context, using="jinja2")


def cited_date(request, edition: RulesEdition) -> date | None:
    """``?cited=2023-06-16`` (set by a lookup such as "307.1 (2023)"): the date the number was
    cited on, when the edition read is an older one; anything else is ignored."""
    try:
        cited = date.fromisoformat(request.GET.get("cited", ""))
    except ValueError:
        return None
    return cited if cited > edition.effective_date else None


def rule_elsewhere(request, editions: EditionChoices, edition: RulesEdition, number: str):
    """A number that is not in the edition asked for: the editions where it is, if any."""
    found = list(
        RuleSection.objects.filter(number=number, edition__in=editions.readable)
        .select_related("parent")
        .prefetch_related("mappings__current_section")
        .order_by("-edition__effective_date")
    )
    if not found:
        return not_found(request, no_such_rule_message(number), editions)
    explicit = bool(request.GET.get("edition"))
    if len(found) == 1 and not explicit:
        return redirect(rule_url(number, f"?edition={editions.by_pk(found[0].edition_id).slug}"))
    choices = []
    italian_page = is_italian_page()
    for row in found:
        row_edition = editions.by_pk(row.edition_id)
        mapping = next(iter(row.mappings.all()), None)
        # A subrule has no title of its own: it is named by its rule's.
        titled = row if row.title or not row.parent_id else row.parent
        title_it = italian_page and italian_title(titled.number, titled.title)
        choices.append(
            {
                "edition": row_edition,
                "section": row,
                "title": title_it or titled.title,
                "title_language": "it" if title_it else row_edition.language,
                "url": rule_url(number, f"?edition={row_edition.slug}"),
                "mapping": mapping,
                "words": mapping
                and confidence_words(mapping.confidence, mapping.current_section_id),
            }
        )
    context = {"number": number, "edition": edition, "choices": choices}
    return render(
        request,
        "rules/rule_elsewhere.html",
        context,
        status=404 if explicit else 200,
        using="jinja2",
    )


# --- Contents ---------------------------------------------------------------------------------


@page_parameters("edition")
@reads_an_edition
def contents(request, editions: EditionChoices, edition: RulesEdition):
    query = editions.query(edition)
    rows = edition.sections.filter(level__lte=Level.SECTION).only("number", "title", "level")
    twin = italian_twin(editions, edition)
    italian = {}
    if twin is not None:
        italian = dict(
            twin.sections.filter(level__lte=Level.SECTION).values_list("number", "title")
        )
    chapters = []
    italian_page = is_italian_page()  # the curated titles are for the Italian pages only
    prefix = url_prefix("rules:rule-detail")
    for row in rows:
        item = {
            "number": row.number,
            "title": row.title,
            "title_it": italian.get(row.number)
            or (italian_page and italian_title(row.number, row.title)),
            "url": f"{prefix}{row.number}/{query}",
            "sections": [],
        }
        if row.level == Level.CHAPTER:
            chapters.append(item)
        elif chapters:
            chapters[-1]["sections"].append(item)
    context = {**edition_context(editions, edition), "twin": twin, "chapters": chapters}
    return render(request, "rules/contents.html", context, using="jinja2")


# --- Glossary ---------------------------------------------------------------------------------


@page_parameters("edition")
@reads_an_edition
def glossary(request, editions: EditionChoices, edition: RulesEdition):
    letters = glossary_by_letter(edition, edition == editions.current)
    context = {
        **edition_context(editions, edition),
        "letters": letters,
        "count": sum(len(terms) for terms in letters.values()),
        "language": edition.language,
    }
    return render(request, "rules/glossary.html", context, using="jinja2")


# --- Search -----------------------------------------------------------------------------------


@page_parameters("edition", "q", "page")
@rate_limited("search", page_refusal)
@time_limited(page_refusal)
@reads_an_edition
def search(request, editions: EditionChoices, edition: RulesEdition):
    """A rule number opens its rule; words find the rules that hold them all. A query longer
    than MAX_QUERY characters or MAX_WORDS words is refused (400), saying so."""
    q = request.GET.get("q", "").strip()
    refusal = search_refusal(q)
    q = q[:MAX_QUERY]
    context = {
        **edition_context(editions, edition),
        "q": q,
        "current_url": request.path + (f"?{urlencode({'q': q})}" if q else ""),
        "message": "",
        "suggestions": [],
        "words": [],
        "page_obj": None,
        "results": [],
        "glossary_results": [],
        "glossary_count": 0,
        "explanations": [],
    }
    if refusal:
        context["message"] = refusal
        return render(request, "rules/search.html", context, status=400, using="jinja2")
    lookup = typed_lookup(q)
    if lookup is not None:
        answer = answer_lookup(editions, edition, lookup)
        if answer.url:
            return redirect(answer.url)
        context.update(message=answer.message, suggestions=answer.suggestions or [])
        return render(request, "rules/search.html", context, using="jinja2")
    words = query_words(q)
    context["words"] = words
    if not words:
        return render(request, "rules/search.html", context, using="jinja2")
    found = search_words(editions, edition, words, request.GET.get("page"), q)
    context.update(
        explanations=found.explanations,
        page_obj=found.page,
        results=found.rules,
        glossary_count=found.glossary_count,
        glossary_results=found.glossary,
        twin=found.twin,
    )
    return render(request, "rules/search.html", context, using="jinja2")
