"""The rules search: a typed rule number opens its rule; words find the rules and glossary
terms that hold them all, matched without case or accents, with excerpts marking them.

Each edition's rules and glossary are read once into a folded index, kept in Django's cache
under the edition's stamp (an import that rewrites the edition changes it); a search then scans
it in memory.
"""

import re
from dataclasses import dataclass

from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.urls import reverse
from django.utils.translation import gettext as _

from common.dates import long_date
from common.text import fold
from oracle.models import is_italian_page
from rulings.models import GlossaryEntry, RuleSection, RulesEdition
from rulings.rules.editions import EditionChoices, italian_twin
from rulings.rules.numbers import MONTHS, Lookup, parse_lookup, resolve
from web import cache_errors
from web.pages.rules.excerpts import highlight, matches_all, query_words
from web.pages.rules.italian_search import Explanation, italian_findings, partial_italian_editions
from web.pages.rules.page import no_such_rule_message, rule_url
from web.paging import page_number

RESULTS_PER_PAGE = 25
GLOSSARY_RESULTS = 12
# What one search may ask: longer ones are refused (search_refusal).
MAX_QUERY = 200  # characters
MAX_WORDS = 20
# Words a typed rule lookup may hold beside the number and a date: "rule 702.37", "502.26b
# (May 2007)", "regola 502.26b del 1 maggio 2007".
# How long an edition's index stays kept: its key changes with the edition, so this only frees the
# room of editions no longer searched.
INDEX_SECONDS = 24 * 60 * 60
LOOKUP_WORDS = {
    "rule", "rules", "regola", "regole", "section", "sezione", "cr", "of", "the", "in",
    "del", "dal", "della", "delle", "di", *MONTHS,
}  # fmt: skip


# --- The indexes ------------------------------------------------------------------------------


def stamp(edition: RulesEdition) -> str:
    """Changes whenever an import rewrites the edition (its rules cannot be edited otherwise);
    keys the search's indexes."""
    return f"{edition.pk}/{edition.imported_at.isoformat()}/{edition.sha256}"


def rules_index(edition: RulesEdition) -> tuple[tuple[str, str, str], ...]:
    """(number, folded title, folded title + text + examples) for every rule of an edition."""

    def build():
        rows = (
            RuleSection.objects.filter(edition=edition)
            .order_by("position")
            .values_list("number", "title", "text", "examples")
        )
        return tuple(
            (number, fold(title), fold(" ".join([title, text, *examples])))
            for number, title, text, examples in rows
        )

    return cache_errors.kept(cache, f"rules-search:rules:{stamp(edition)}", build, INDEX_SECONDS)


def glossary_index(edition: RulesEdition) -> tuple[tuple[int, str, str], ...]:
    def build():
        rows = (
            GlossaryEntry.objects.filter(edition=edition)
            .order_by("position")
            .values_list("pk", "term", "text")
        )
        return tuple((pk, fold(term), fold(f"{term} {text}")) for pk, term, text in rows)

    key = f"rules-search:glossary:{stamp(edition)}"
    return cache_errors.kept(cache, key, build, INDEX_SECONDS)


def find_rules(index, words: list[str]) -> list[str]:
    """Numbers of the rules of ``index`` (``rules_index``) holding every word (their number
    counts: "702 morph"), those with more of the words in their number and title first, then in
    the rules' order."""
    found = []
    for number, title, haystack in index:
        if matches_all(f"{number} {haystack}", words):
            head = f"{number} {title}"
            found.append((-sum(matches_all(head, [word]) for word in words), number))
    found.sort(key=lambda score_and_number: score_and_number[0])  # stable: the rules' order
    return [number for _score, number in found]


def find_glossary(index, words: list[str]) -> list[int]:
    in_term, in_text = [], []
    for pk, term, haystack in index:
        if matches_all(haystack, words):
            (in_term if matches_all(term, words) else in_text).append(pk)
    return in_term + in_text


def search_refusal(q: str) -> str:
    """Why the search ``q`` asks more than a search may (MAX_QUERY, MAX_WORDS), or ""."""
    if len(q) > MAX_QUERY:
        return _(
            "The search is too long: it may have at most %(limit)d characters, this one has "
            "%(count)d."
        ) % {"limit": MAX_QUERY, "count": len(q)}
    words = len(query_words(q))
    if words > MAX_WORDS:
        return _(
            "The search has too many words: it may have at most %(limit)d, this one has %(count)d."
        ) % {"limit": MAX_WORDS, "count": words}
    return ""


# --- A typed rule number ----------------------------------------------------------------------


def typed_lookup(q: str) -> Lookup | None:
    """The rule a search means when it is only a number, maybe with a date ("502.26b 2007")."""
    lookup = parse_lookup(q)
    if lookup is None:
        return None
    rest = re.sub(rf"(?<![\w.]){re.escape(lookup.number)}(?!\w)", " ", q.lower(), count=1)
    words = re.findall(r"[^\W\d_]+", rest)
    return lookup if all(word in LOOKUP_WORDS for word in words) else None


@dataclass
class LookupAnswer:
    """Where a typed rule number leads: ``url`` to open, or why not and pages that may help
    (each a dict of edition, number and url)."""

    url: str | None
    message: str = ""
    suggestions: list[dict] | None = None


def answer_lookup(editions: EditionChoices, edition: RulesEdition, lookup: Lookup):
    """The page of the rule typed, read in the edition in force at its date; or, when there
    is no page to open, why, and the pages that may help.

    Without a date the number is read in the edition being browsed (its page offers the other
    editions when it is not there). A date older than every edition we have opens nothing by
    itself: the number may have meant another rule then, so the page says so and offers the
    oldest edition's rule and today's."""
    number = lookup.number
    if lookup.on is None:
        if RuleSection.objects.filter(number=number, edition__in=editions.readable).exists():
            return LookupAnswer(rule_url(number, editions.query(edition)))
        return LookupAnswer(None, no_such_rule_message(number))
    found = resolve(number, on=lookup.on)
    if not found.in_force and found.found:
        message = _(
            "The oldest rules here are those effective from %(date)s: rule %(number)s as "
            "cited in %(year)s may have had another number or meaning then."
        ) % {
            "date": long_date(found.edition.effective_date),
            "number": number,
            "year": lookup.on.year,
        }
        suggestions = []
        if found.section is not None:
            url = rule_url(number, editions.query(found.edition))
            suggestions.append({"edition": found.edition, "number": number, "url": url})
        if found.current is not None and found.current != found.section:
            today = found.current.number
            suggestions.append(
                {"edition": editions.current, "number": today, "url": rule_url(today)}
            )
        return LookupAnswer(None, message, suggestions)
    if found.section is not None:
        query = editions.query(found.edition)
        if found.edition.effective_date.year != lookup.on.year:
            # No edition of that year here: the page says which one it is read in.
            cited = f"cited={lookup.on.isoformat()}"
            query = f"{query}&{cited}" if query else f"?{cited}"
        return LookupAnswer(rule_url(number, query))
    if found.current is not None:
        return LookupAnswer(rule_url(found.current.number))
    return LookupAnswer(None, no_such_rule_message(number))


# --- Words ------------------------------------------------------------------------------------


@dataclass
class SearchResults:
    page: Page  # of rule numbers
    rules: list[dict]  # the rules of that page, with excerpts
    glossary: list[dict]  # the first glossary terms found, with excerpts
    glossary_count: int
    twin: RulesEdition | None  # the Italian edition searched too, on Italian pages
    explanations: list[Explanation]  # which Italian words led to which rules


def search_words(
    editions: EditionChoices, edition: RulesEdition, words, page: str | None, query: str = ""
):
    """The rules holding every word, ``page`` of them, and the glossary terms holding them.

    The words are looked for in the edition, in the English words of the Italian names and terms the
    query holds (``web.pages.rules.italian_search``), and on Italian pages in the edition's Italian
    translation and the older Italian texts the documents quote. The rules the Italian words name
    come first, then those holding the words in their title."""
    twin = italian_twin(editions, edition)
    partial = partial_italian_editions(editions, edition, twin) if is_italian_page() else []
    indexes = {}  # each edition's index, read from the cache once for this search

    def index_of(each: RulesEdition):
        if each.pk not in indexes:
            indexes[each.pk] = rules_index(each)
        return indexes[each.pk]

    italian = italian_findings(
        query=query or " ".join(words),
        words=words,
        edition=edition,
        current=editions.current,
        italian_editions=partial,
        index_of=index_of,
        rule_url=lambda number: rule_url(number, editions.query(edition)),
    )
    english_words = italian.english_words
    numbers = italian.first + find_rules(index_of(edition), words)
    if english_words != words:
        numbers += find_rules(index_of(edition), english_words)
    if twin is not None:
        numbers += find_rules(index_of(twin), words)
    numbers = list(dict.fromkeys(numbers + italian.italian_text))
    found = Paginator(numbers, RESULTS_PER_PAGE).get_page(page_number(page))
    marked = list(dict.fromkeys(words + english_words))
    rules = rule_results(editions, edition, twin, list(found.object_list), words, marked)
    glossary = glossary_index(edition)
    glossary_ids = find_glossary(glossary, words)
    if english_words != words:
        glossary_ids = list(dict.fromkeys(glossary_ids + find_glossary(glossary, english_words)))
    return SearchResults(
        page=found,
        rules=rules,
        glossary=glossary_results(editions.query(edition), glossary_ids, marked),
        glossary_count=len(glossary_ids),
        twin=twin,
        explanations=italian.explanations,
    )


def rule_results(editions, edition, twin, numbers: list[str], words, marked=None) -> list[dict]:
    """The rules numbered ``numbers``, each with an excerpt from the text that holds the
    words: the English, or the Italian; ``marked`` (the words, by default) are marked in it."""
    marked = marked or words
    in_editions = [edition] if twin is None else [edition, twin]
    found, italian = {}, {}
    rows = RuleSection.objects.filter(edition__in=in_editions, number__in=numbers)
    for row in rows.select_related("parent"):
        (found if row.edition_id == edition.pk else italian)[row.number] = row
    query = editions.query(edition)
    results = []
    for number in numbers:
        english, translated = found.get(number), italian.get(number)
        row = english or translated
        if row is None:
            continue
        source = row
        if translated is not None and not matches_all(fold(row_text(row)), words):
            source = translated
        results.append(
            {
                "number": number,
                "title": highlight(row.title, marked, width=300) if row.title else "",
                "title_language": twin.language if row is translated else edition.language,
                "context": row.parent.title if row.parent_id and not row.title else "",
                "snippet": highlight(" ".join([source.text, *source.examples]), marked),
                "language": twin.language if source is translated else edition.language,
                "url": rule_url(number, query),
            }
        )
    return results


def glossary_results(query: str, glossary_ids: list[int], words) -> list[dict]:
    shown = glossary_ids[:GLOSSARY_RESULTS]
    entries = {entry.pk: entry for entry in GlossaryEntry.objects.filter(pk__in=shown)}
    glossary_url = reverse("rules:glossary") + query
    return [
        {
            "term": highlight(entries[pk].term, words, width=300),
            "snippet": highlight(entries[pk].text, words),
            "url": f"{glossary_url}#{entries[pk].slug}",
        }
        for pk in shown
        if pk in entries
    ]


def row_text(row: RuleSection) -> str:
    return " ".join([row.title, row.text, *row.examples])
