"""The Comprehensive Rules browser: contents, one rule with what it contains, glossary, search.

Every page reads one edition (``?edition=2007-05-01``; the current one by default). The text is
in the language of the edition; on Italian pages the Italian text is shown beside the English:
from the Italian edition of the same date, or else from a partial Italian edition read in it
(a release note or FAQ that quoted the rules of its time, dated between this edition and the
next; before the oldest edition for the oldest), labelled with its date and the document. On a
page of the current rules, a rule no Italian text numbers as today may still have one under its
old number (morph was 502.26 in May 2007), found through the old-number mappings. An edition
that is only such a translation (``?edition=2002-10-07``) leads to the edition it is read in.

A rule page costs five queries whatever the rule (a chapter, section 702 with its hundreds of
rules, or one subrule): the editions; the rule with the rules above it, the ones it contains and
its neighbours (one query, by position in reading order; the tree is built here); the old
numbers; one for the rest (the number in other editions, which cited numbers exist, the Italian
text); and the cards that use the rule (on an older edition's page, the current rule it became;
none, and no query, when no current rule matches it).
"""

import json
import re
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property, lru_cache, wraps
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db import connection
from django.db.models import F, Func, Q, Subquery
from django.db.models.functions import Length
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from oracle.diff import word_diff
from oracle.listing import url_maker
from oracle.models import Card, CardFace, is_italian_page, joined_name, names_for_page
from oracle.templatetags.oracle_tags import long_date
from oracle.text import fold

from .models import GlossaryEntry, Language, RuleMapping, RuleSection, RulesEdition
from .rendering import (
    RuleText,
    ancestors_of,
    candidate_numbers,
    comparable_quotes,
    comparable_text,
    confidence_words,
    edition_in_force,
    highlight,
    matches_all,
    query_words,
    render_glossary,
    render_rule_tree,
    rule_url_prefix,
    side_by_side,
)
from .rule_numbers import MONTHS, Lookup, normalise_number, parse_lookup, resolve

Level = RuleSection.Level
MAIN_LANGUAGE = Language.ENGLISH  # Wizards publishes the rules in English
RESULTS_PER_PAGE = 25
CARDS_SHOWN = 8  # cards named on a rule page; the search link finds them all
LIKELY_MATCH = 0.5  # an older rule less surely the same as today's lends it no Italian text
GLOSSARY_RESULTS = 12
LAST_POSITION = 2**31 - 1


# --- Editions ---------------------------------------------------------------------------------


@dataclass
class Editions:
    """Every rules edition (one query per request) and the choices a page offers from them."""

    rows: list[RulesEdition]

    @classmethod
    def load(cls):
        return cls(list(RulesEdition.objects.order_by("-effective_date", "language")))

    @cached_property
    def readable(self) -> list[RulesEdition]:
        """The editions one can read, newest first: the English ones (any, if none is)."""
        english = [e for e in self.rows if e.language == MAIN_LANGUAGE]
        return english or self.rows

    @cached_property
    def current(self) -> RulesEdition | None:
        complete = [e for e in self.readable if e.is_complete]
        return (complete or self.readable or [None])[0]

    def get(self, slug: str) -> RulesEdition | None:
        return next((e for e in self.readable if e.slug == slug), None)

    def by_pk(self, pk: int) -> RulesEdition | None:
        return next((e for e in self.rows if e.pk == pk), None)

    def twin(self, edition: RulesEdition, language: str) -> RulesEdition | None:
        """The edition of the same date in another language (the Italian translation)."""
        if edition.language == language:
            return None
        return next(
            (
                e
                for e in self.rows
                if e.language == language and e.effective_date == edition.effective_date
            ),
            None,
        )

    def query(self, edition: RulesEdition) -> str:
        """What links add to read ``edition``: nothing for the current one."""
        return "" if edition == self.current else f"?edition={edition.slug}"

    def read_in(self, edition: RulesEdition) -> RulesEdition:
        """The readable edition a translation of another date is read in: the one in force on
        its date (the Onslaught FAQ of October 2002 quotes the rules as Italian players read
        them then: that is the oldest edition here, May 2007)."""
        in_force = edition_in_force(
            edition.effective_date, [e.effective_date for e in self.readable]
        )
        return next(e for e in self.readable if e.effective_date == in_force)

    def unreadable(self, slug: str) -> RulesEdition | None:
        """An edition of that date that is only a translation (no English edition that day)."""
        return next((e for e in self.rows if e.slug == slug and e not in self.readable), None)

    def italian_sources(self, edition: RulesEdition) -> list[RulesEdition]:
        """The Italian editions whose text is shown beside ``edition``, best first: the one of
        the same date, then the partial ones read in it (release notes, FAQs quoting the rules
        of their time), newest first."""
        twin = self.twin(edition, Language.ITALIAN)
        read_here = [
            e
            for e in self.rows
            if e.language == Language.ITALIAN and e != twin and self.read_in(e) == edition
        ]
        return ([twin] if twin else []) + read_here


class EditionNotFound(Exception):
    def __init__(self, slug: str):
        self.slug = slug


def requested_edition(request, editions: Editions) -> RulesEdition:
    slug = request.GET.get("edition", "").strip()
    if not slug:
        return editions.current
    edition = editions.get(slug)
    if edition is None:
        raise EditionNotFound(slug)
    return edition


def italian_twin(editions: Editions, edition: RulesEdition) -> RulesEdition | None:
    """The Italian text to show beside the English, on Italian pages only."""
    return editions.twin(edition, Language.ITALIAN) if is_italian_page() else None


def italian_sources(editions: Editions, edition: RulesEdition) -> list[RulesEdition]:
    """Every Italian edition a rule page may take its Italian text from, on Italian pages."""
    return editions.italian_sources(edition) if is_italian_page() else []


def not_found(request, message: str, editions: Editions | None = None):
    context = {"message": message, "editions": editions.readable if editions else []}
    return render(request, "rulings/rule_not_found.html", context, status=404)


def edition_not_found(request, error: EditionNotFound, editions: Editions):
    message = _("There is no edition of the rules dated “%(date)s”.") % {"date": error.slug}
    return not_found(request, message, editions)


def no_rules(request):
    return render(request, "rulings/no_rules.html", status=404)


def redirect_to_edition(request, editions: Editions, edition: RulesEdition):
    """The same page in ``edition``: where a translation of a date with no English edition
    (``?edition=2002-10-07``) is read, with its text beside the English on Italian pages."""
    params = request.GET.copy()
    if edition == editions.current:
        params.pop("edition", None)
    else:
        params["edition"] = edition.slug
    query = params.urlencode()
    return redirect(f"{request.path}?{query}" if query else request.path)


def reads_an_edition(view):
    """Call ``view(request, editions, edition, ...)`` with the edition asked for
    (``?edition=2007-05-01``, the current one by default), or answer instead when there are
    no rules yet or no edition of that date."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        editions = Editions.load()
        if editions.current is None:
            return no_rules(request)
        try:
            edition = requested_edition(request, editions)
        except EditionNotFound as error:
            translation = editions.unreadable(error.slug)
            if translation is not None:
                return redirect_to_edition(request, editions, editions.read_in(translation))
            return edition_not_found(request, error, editions)
        return view(request, editions, edition, *args, **kwargs)

    return wrapper


# --- A rule and what it contains --------------------------------------------------------------


@dataclass(slots=True)
class Row:
    """A rule as the tree query reads it: lighter than a model instance (a section holds
    hundreds), with the same attribute names."""

    id: int
    edition_id: int
    number: str
    level: int
    parent_id: int | None
    title: str
    text: str
    examples: list
    position: int

    @property
    def pk(self):
        return self.id


ROW_COLUMNS = ", ".join(f"s.{name}" for name in Row.__dataclass_fields__)

# The rule, the rules above it (by number), what it contains (from just after it to the next
# rule at its level or above; for a chapter, only its sections, by parent) and its neighbours
# at the same level in reading order. The bounds are worked out once, in the "bounds" row, and
# each part reads a range of an index. Written in SQL because the ORM's version (nested
# subqueries) took ten times longer to build than to run.
TREE_SQL = """
WITH here AS (
    SELECT id, position, level FROM {table}
    WHERE edition_id = %(edition)s AND number = %(number)s
), bounds AS MATERIALIZED (
    SELECT here.id AS id, here.position AS position, here.level AS level,
        COALESCE((
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position > here.position
                AND t.level <= here.level
            ORDER BY t.position LIMIT 1
        ), %(last)s) AS end_position,
        (
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position < here.position
                AND t.level = here.level
            ORDER BY t.position DESC LIMIT 1
        ) AS previous_position,
        (
            SELECT t.position FROM {table} t
            WHERE t.edition_id = %(edition)s AND t.position > here.position
                AND t.level = here.level
            ORDER BY t.position LIMIT 1
        ) AS next_position
    FROM here
)
SELECT {columns} FROM {table} s
WHERE s.edition_id = %(edition)s AND s.number IN ({numbers})
UNION ALL
SELECT {columns} FROM {table} s, bounds b
WHERE b.level <> {chapter} AND s.edition_id = %(edition)s
    AND s.position > b.position AND s.position < b.end_position
UNION ALL
SELECT {columns} FROM {table} s, bounds b
WHERE b.level = {chapter} AND s.parent_id = b.id
UNION ALL
SELECT {columns} FROM {table} s, bounds b
WHERE s.edition_id = %(edition)s AND s.position IN (b.previous_position, b.next_position)
"""


def fetch_tree(edition: RulesEdition, number: str) -> tuple[Row | None, list[Row]]:
    """The rule and, in reading order, the rows its page shows (see TREE_SQL). One query."""
    numbers = [*ancestors_of(number), number]
    params = {"edition": edition.pk, "number": number, "last": LAST_POSITION}
    params.update({f"n{index}": value for index, value in enumerate(numbers)})
    sql = TREE_SQL.format(
        table=connection.ops.quote_name(RuleSection._meta.db_table),
        columns=ROW_COLUMNS,
        numbers=", ".join(f"%(n{index})s" for index in range(len(numbers))),
        chapter=Level.CHAPTER,
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = [Row(*values) for values in cursor.fetchall()]
    for row in rows:
        if isinstance(row.examples, str):  # SQLite hands JSON back as text
            row.examples = json.loads(row.examples)
    # Sorted here: an ORDER BY would make SQLite walk each part in position order.
    rows.sort(key=lambda row: row.position)
    section = next((row for row in rows if row.number == number), None)
    return section, rows


@dataclass
class OldNumber:
    """A number of an older edition that leads to a rule of this one."""

    number: str
    edition: RulesEdition
    url: str
    confidence: float

    @property
    def words(self):
        return confidence_words(self.confidence)


@dataclass
class Node:
    """One rule as a page shows it: its row, its link and its rendered text."""

    section: Row
    url: str
    html: SafeString = SafeString("")  # its text (beside the Italian text when there is one)
    italian: RuleSection | None = None
    italian_as: str = ""  # the number the Italian text gives the rule, when not this one
    children: list["Node"] = field(default_factory=list)
    old_numbers: list[OldNumber] = field(default_factory=list)

    @property
    def number(self):
        return self.section.number

    @property
    def level(self):
        return self.section.level

    @property
    def level_label(self):
        return Level(self.section.level).label

    @property
    def title(self):
        return self.section.title

    @property
    def italian_title(self):
        return self.italian.title if self.italian and self.italian.title != self.title else ""

    @property
    def label(self):
        """ "7. Additional Rules", "702. Keyword Abilities", "702.37 Morph", "702.37c"."""
        dot = "." if self.level <= Level.SECTION else ""
        return f"{self.number}{dot} {self.title}".strip()


@dataclass
class Today:
    """Where a rule of an older edition is in the current rules."""

    section: RuleSection | None  # None when nothing matches
    url: str
    title: str  # its title, or the title of the rule it belongs to
    confidence: float
    method: str
    language: str = MAIN_LANGUAGE  # the language of the current rules

    @property
    def words(self):
        return confidence_words(self.confidence, self.section is not None)

    @property
    def link_text(self) -> SafeString:
        """ "702.37c <span lang="en">(Morph)</span>": the number, and the title if there is one."""
        if not self.title:
            return format_html("{}", self.section.number)
        return format_html(
            '{} <span lang="{}">({})</span>', self.section.number, self.language, self.title
        )

    @property
    def percent(self):
        return round(self.confidence * 100)

    @property
    def method_label(self):
        return RuleMapping.Method(self.method).label if self.method in RuleMapping.Method else ""


@dataclass(frozen=True)
class CardLink:
    url: str
    name: str  # in the page's language when the card has an Italian name
    other_name: str


@dataclass
class CardSample:
    """How many cards a page speaks of, a few of them, and the search that finds them all."""

    count: int
    cards: list[CardLink]
    search_url: str
    query: str  # the search, as query text


def card_sample(cards, query: str, shown: int = CARDS_SHOWN) -> CardSample:
    """A few of ``cards`` (a Card queryset), with their count and their names in the page's
    language, in one query: the faces of those few cards, each row with its card's name and
    the count of all the cards (a subquery the database runs once).

    The few are the simplest: the cards that use the fewest rules (the shortest list of rule
    numbers), so a rule page shows plain examples of its rule. That order also reads only the
    index of the rules column on SQLite, where ordering by name would read the card table."""
    first = cards.order_by(Length("search_rules"), "search_rules", "pk").values("pk")[:shown]
    total = cards.order_by().values(n=Func(F("pk"), function="COUNT"))
    rows = (
        CardFace.objects.filter(card__in=Subquery(first))
        .annotate(total=Subquery(total))
        .order_by("card__name", "card_id", "position")
        .values_list("card_id", "card__name", "card__slug", "name_it", "total")
    )
    count, faces = 0, {}
    for card_id, name, slug, name_it, total in rows:
        count = total
        faces.setdefault(card_id, (name, slug, []))[2].append(name_it)
    url = url_maker("oracle:card-detail")
    links = []
    for name, slug, italian in faces.values():
        shown_name, other = names_for_page(name, joined_name(italian))
        links.append(CardLink(url(slug), shown_name, other))
    links.sort(key=lambda link: fold(link.name))
    search_url = reverse("oracle:card-list") + "?" + urlencode({"q": query})
    return CardSample(count, links, search_url, query)


def cards_using_rule(number: str) -> CardSample:
    """The cards linked to rule ``number`` of the current rules or to a rule in it: those whose
    search column lists the number (the same cards as the search ``rule:<number>``)."""
    cards = Card.objects.filter(search_rules__contains=f" {number} ")
    return card_sample(cards, f"rule:{number}")


@dataclass
class RulePage:
    """Everything a rule page shows (see the module docstring for its five queries)."""

    edition: RulesEdition
    editions: Editions
    node: Node
    ancestors: list[Node]
    previous: Node | None
    next: Node | None
    versions: list["Version"]  # this rule in every edition that has it, newest first
    other_rules: list["Version"]  # the same number in other editions, where it is another rule
    today: Today | None
    context_title: str
    tree: SafeString
    # The cards that use the rule (on an old edition's page, the current rule it became).
    cards: CardSample | None = None
    cards_rule: str = ""

    @cached_property
    def versions_by_edition(self) -> dict[int, "Version"]:
        return {version.edition.pk: version for version in self.versions}


@dataclass
class Version:
    """A rule as one edition words it: the page's own rule, or the rule that is the same rule
    in another edition (by the old-number mappings, so under its number of that edition)."""

    edition: RulesEdition
    section: Row | RuleSection
    confidence: float | None = None  # how sure the match with the current rule is

    @property
    def number(self):
        return self.section.number

    @property
    def words(self):
        return "" if self.confidence is None else confidence_words(self.confidence)


def same_rule_elsewhere(edition, section, here, mappings, readable, is_current):
    """{section id: confidence} of the same rule in the other editions, one per edition: on a
    page of the current rules, the old rules mapped to it; on a page of an older edition, the
    current rule it maps to and the rules of the other old editions mapped there too."""
    target = section.id if is_current else here and here["current_section_id"]
    if not target:
        return {}
    found = {}
    if here is not None:
        found[target] = (here["current_section__edition_id"], here["confidence"])
    for mapping in mappings:
        old_edition = mapping["old_section__edition_id"]
        if (
            mapping["current_section_id"] != target
            or old_edition == edition.pk
            or old_edition not in readable
        ):
            continue
        best = next((c for e, c in found.values() if e == old_edition), None)
        if best is None or mapping["confidence"] > best:
            found = {pk: v for pk, v in found.items() if v[0] != old_edition}
            found[mapping["old_section_id"]] = (old_edition, mapping["confidence"])
    return {pk: confidence for pk, (_edition, confidence) in found.items()}


def rule_url(number: str, query: str) -> str:
    return reverse("rulings:rule-detail", args=[number]) + query


MAPPING_FIELDS = [
    "old_section_id",
    "old_section__number",
    "old_section__edition_id",
    "old_section__position",
    "current_section_id",
    "current_section__edition_id",
    "current_section__parent_id",
    "confidence",
    "method",
]


def build_rule_page(editions: Editions, edition: RulesEdition, number: str) -> RulePage | None:
    section, rows = fetch_tree(edition, number)
    if section is None:
        return None
    query = editions.query(edition)
    prefix = rule_url_prefix()

    def node_for(row):
        return Node(row, f"{prefix}{row.number}/{query}")

    level = section.level
    ancestors = [node_for(row) for row in rows if row.level < level]
    neighbours = [row for row in rows if row.level == level and row.id != section.id]
    previous = next((node_for(r) for r in neighbours if r.position < section.position), None)
    following = next((node_for(r) for r in neighbours if r.position > section.position), None)
    node = node_for(section)
    nodes = {section.id: node}
    for row in rows:
        if row.position > section.position and row.level > level:
            nodes[row.id] = node_for(row)
            parent = nodes.get(row.parent_id)
            if parent is not None:
                parent.children.append(nodes[row.id])

    # Old numbers: those that lead to the rules shown, and where this one went (old editions).
    # Asked by position range rather than by a list of hundreds of ids (cheaper to build).
    last = max(row.position for row in rows if row.id in nodes)
    on_page = RuleSection.objects.filter(
        edition=edition, position__gte=section.position, position__lte=last
    ).order_by()
    if level == Level.CHAPTER:
        on_page = on_page.filter(level__lte=Level.SECTION)
    wanted_mappings = Q(current_section__in=on_page.values("id")) | Q(old_section=section.id)
    is_current = edition == editions.current
    if not is_current:
        # The same rule in the other old editions: what maps to where this one went.
        went = RuleMapping.objects.filter(old_section=section.id).values("current_section")
        wanted_mappings |= Q(current_section__in=went)
    mapped = RuleMapping.objects.filter(wanted_mappings).order_by().values_list(*MAPPING_FIELDS)
    newest_first = {e.pk: index for index, e in enumerate(editions.rows)}
    here = None
    mappings = []
    for values in sorted(mapped, key=lambda v: (newest_first.get(v[2], 0), v[3])):
        mapping = dict(zip(MAPPING_FIELDS, values, strict=True))
        mappings.append(mapping)
        if mapping["old_section_id"] == section.id:
            here = mapping
        elif mapping["current_section_id"] in nodes:
            old_edition = editions.by_pk(mapping["old_section__edition_id"])
            old_number = mapping["old_section__number"]
            nodes[mapping["current_section_id"]].old_numbers.append(
                OldNumber(
                    number=old_number,
                    edition=old_edition,
                    url=f"{prefix}{old_number}/?edition={old_edition.slug}",
                    confidence=mapping["confidence"],
                )
            )

    # One query for the rest: the number in every edition (to compare), the numbers the text
    # cites (to link those that exist), the Italian text, and where an old rule went.
    cited = set()
    for each in nodes.values():
        for text in (each.section.text, *each.section.examples):
            cited |= candidate_numbers(text)
    sources = italian_sources(editions, edition)
    rank = {source.pk: index for index, source in enumerate(sources)}
    readable = {e.pk for e in editions.readable}
    same_rule = same_rule_elsewhere(edition, section, here, mappings, readable, is_current)
    wanted = Q(number=number, edition_id__in=readable)
    wanted |= Q(edition=edition, number__in=cited)
    if sources:
        numbers = [n.number for n in nodes.values()] + [a.number for a in ancestors]
        wanted |= Q(edition__in=sources, number__in=numbers)
    old_italian = {}
    if is_current and is_italian_page():
        old_italian = italian_under_old_numbers(editions, mappings, nodes)
        editions_then = {edition_id for edition_id, _number in old_italian}
        numbers_then = {old_number for _edition_id, old_number in old_italian}
        wanted |= Q(edition_id__in=editions_then, number__in=numbers_then)
    today_ids = [here["current_section_id"], here["current_section__parent_id"]] if here else []
    wanted |= Q(pk__in=[pk for pk in [*today_ids, *same_rule] if pk])
    known, italian, by_pk, same_number, earlier = set(), {}, {}, [], {}
    rows = RuleSection.objects.filter(wanted).select_related("source_document").order_by()
    for row in rows:
        by_pk[row.pk] = row
        if row.edition_id == edition.pk:
            known.add(row.number)
        if row.edition_id in rank:
            # The Italian text from the best edition that has the number.
            best = italian.get(row.number)
            if best is None or rank[row.edition_id] < rank[best.edition_id]:
                italian[row.number] = row
        elif row.number == number and row.edition_id in readable and row.edition_id != edition.pk:
            same_number.append(row)
        for current_id, confidence in old_italian.get((row.edition_id, row.number), []):
            newer = editions.by_pk(row.edition_id).effective_date.toordinal()
            earlier.setdefault(current_id, []).append(((confidence, newer), row))
    versions = [Version(edition, section)]
    versions += [
        Version(editions.by_pk(by_pk[pk].edition_id), by_pk[pk], confidence)
        for pk, confidence in same_rule.items()
        if pk in by_pk
    ]
    versions.sort(key=lambda version: version.edition.effective_date, reverse=True)
    in_versions = {version.section.pk for version in versions}
    other_rules = sorted(
        (
            Version(editions.by_pk(row.edition_id), row)
            for row in same_number
            if row.pk not in in_versions
        ),
        key=lambda version: version.edition.effective_date,
        reverse=True,
    )
    for each in [*nodes.values(), *ancestors]:
        each.italian = italian.get(each.number)
        if each.italian is None and each.section.id in earlier:
            # The surest match, then the newest text.
            each.italian = max(earlier[each.section.id], key=lambda pair: pair[0])[1]
            each.italian_as = each.italian.number

    # Links in an old edition's text open that edition: "rule 504" in 2007 is 2007's rule 504.
    rule_text = RuleText(known, edition.slug if query else None)
    labels = ItalianLabels(edition.effective_date)
    for each in nodes.values():  # in reading order
        row = each.section
        if row.level <= Level.RULE:
            labels.restart()  # each rule of a section says where its Italian text comes from
        body = rule_text.body(row.text, row.examples, edition.language)
        italian_body = ""
        translated = each.italian
        if translated is not None:
            translated_in = editions.by_pk(translated.edition_id)
            # An old number's text cites the numbers of its time: they open the rules then.
            cited_in = rule_text
            if each.italian_as:
                cited_in = RuleText(edition=editions.read_in(translated_in).slug)
            italian_body = cited_in.body(translated.text, translated.examples, Language.ITALIAN)
            if italian_body:
                label = labels(translated, translated_in.effective_date, each.italian_as)
                italian_body = label + italian_body + italian_note(translated)
        each.html = side_by_side(italian_body, body, edition.language)

    today = None
    if here is not None:
        current = by_pk.get(here["current_section_id"])
        parent = by_pk.get(here["current_section__parent_id"])
        today = Today(
            section=current,
            url=rule_url(current.number, editions.query(editions.by_pk(current.edition_id)))
            if current
            else "",
            title=(current.title or (parent.title if parent else "")) if current else "",
            confidence=here["confidence"],
            method=here["method"],
            language=editions.current.language,
        )
    titled = [a for a in ancestors if a.title]
    cards_rule = number if is_current else (today.section.number if today and today.section else "")
    return RulePage(
        cards=cards_using_rule(cards_rule) if cards_rule else None,
        cards_rule=cards_rule,
        edition=edition,
        editions=editions,
        node=node,
        ancestors=ancestors,
        previous=previous,
        next=following,
        versions=versions,
        other_rules=other_rules,
        today=today,
        context_title=titled[-1].title if titled else "",
        tree=render_rule_tree(node.children, edition.language) if level > Level.CHAPTER else "",
    )


def italian_under_old_numbers(editions: Editions, mappings: list[dict], nodes: dict) -> dict:
    """{(Italian edition id, old number): [(current section id, confidence)]}: where the rules
    on a page of the current rules may find an Italian text under the number they had in an
    older edition (morph was 502.26 in May 2007), by the old-number mappings that are likely
    right. The Italian editions are those read in that older edition."""
    read_in = {}
    for each in editions.rows:
        if each.language == Language.ITALIAN:
            read_in.setdefault(editions.read_in(each).pk, []).append(each.pk)
    found = {}
    for mapping in mappings:
        if mapping["current_section_id"] not in nodes or mapping["confidence"] < LIKELY_MATCH:
            continue
        for italian_edition in read_in.get(mapping["old_section__edition_id"], []):
            key = (italian_edition, mapping["old_section__number"])
            found.setdefault(key, []).append((mapping["current_section_id"], mapping["confidence"]))
    return found


class ItalianLabels:
    """Says where each Italian text of a page comes from, in reading order: in full where
    the source changes; after that, only the number the text gives the rule, if another."""

    def __init__(self, page_date: date):
        self.page_date = page_date
        self.previous = None

    def restart(self):
        self.previous = None

    def __call__(self, translated: RuleSection, translated_on: date, old_number: str = "") -> str:
        source = (translated.edition_id, translated.source_document_id)
        changed, self.previous = source != self.previous, source
        if changed:
            return italian_source(translated, translated_on, self.page_date, old_number)
        if old_number:
            message = _("As rule %(number)s") % {"number": old_number}
            return format_html('<p class="rule-source">{}</p>', message)
        return ""


def italian_source(
    translated: RuleSection, translated_on: date, page_date: date, old_number: str = ""
) -> str:
    """Where an Italian text comes from, when it is not simply the translation of the rules
    read (``translated_on`` is the date of its edition, ``page_date`` that of the rules read):
    its date, its number then, the document that quoted it ("Italian text of 7 October 2002,
    quoted in the Onslaught FAQ")."""
    document = translated.source_document
    same_date = translated_on == page_date and not old_number
    if same_date and document is None:
        return ""
    values = {"date": escape(long_date(translated_on)), "number": escape(old_number)}
    if document is not None:
        values["document"] = format_html(
            '<a href="{}">{}</a>', document.get_absolute_url(), document.title
        )
    if same_date:
        message = _("Italian text quoted in %(document)s")
    elif old_number and document is not None:
        message = _("Italian text of %(date)s, as rule %(number)s, quoted in %(document)s")
    elif old_number:
        message = _("Italian text of %(date)s, as rule %(number)s")
    elif document is not None:
        message = _("Italian text of %(date)s, quoted in %(document)s")
    else:
        message = _("Italian text of %(date)s")
    return f'<p class="rule-source">{escape(message) % values}</p>'


def italian_note(translated: RuleSection) -> str:
    """What the quoting document says changed in the rule ("La terza frase è nuova.")."""
    if not translated.note:
        return ""
    return format_html(
        '<p class="rule-change-note"><strong>{}</strong> {}</p>',
        _("The document notes:"),
        translated.note,
    )


def compare_context(request, page: RulePage) -> dict:
    """The wording of the rule in every edition that has it (under the number it had there),
    and a word diff between this edition and another."""
    this = page.versions_by_edition.get(page.edition.pk)
    own_query = page.editions.query(page.edition)
    separator = "&" if own_query else "?"
    versions = [
        {
            "edition": version.edition,
            "number": version.number,
            "words": version.words,
            "wording": wording(version.section),
            "url": rule_url(version.number, page.editions.query(version.edition)),
            "compare_url": rule_url(
                page.node.number,
                f"{own_query}{separator}compare={version.edition.slug}#compare",
            ),
        }
        for version in page.versions
    ]
    others = [version for version in page.versions if version.edition != page.edition]
    context = {
        "versions": versions,
        "other_rules": [
            {
                "edition": version.edition,
                "title": version.section.title,
                "url": rule_url(version.number, page.editions.query(version.edition)),
            }
            for version in page.other_rules
        ],
        "compare_with": None,
        "compare_choices": [version.edition for version in others],
        "compare_default": others[0].edition if others else None,
        "compare_error": "",
    }
    slug = request.GET.get("compare", "").strip()
    if not slug:
        return context
    if slug == "today":
        # An old rule against the current rule it became, whatever its number now (on a page
        # of the current rules, that is the page itself: "choose two different editions").
        current = page.today.section if page.today else page.node.section
        slug = page.editions.current.slug if current is not None else slug
    other = next((v for v in page.versions if v.edition.slug == slug), None)
    if other is None:
        context["compare_error"] = _(
            "Rule %(number)s is not in the rules dated “%(date)s”: nothing to compare."
        ) % {"number": page.node.number, "date": slug}
        return context
    if other.edition == page.edition:
        context["compare_error"] = _("Choose two different editions to compare.")
        return context
    older, newer = sorted([this, other], key=lambda version: version.edition.effective_date)
    context.update(
        compare_with=other.edition,
        compare_default=other.edition,
        compare_from=(older.edition, older.number),
        compare_to=(newer.edition, newer.number),
        compare_diff=word_diff(
            comparable_quotes(wording(older.section)), comparable_quotes(wording(newer.section))
        ),
    )
    return context


def wording(section) -> str:
    return comparable_text(section.title, section.text, section.examples)


@reads_an_edition
def rule_detail(request, editions: Editions, edition: RulesEdition, number: str):
    canonical = normalise_number(number)
    if canonical is None:
        return not_found(request, _("“%(number)s” is not a rule number.") % {"number": number})
    if canonical != number:
        query = request.META.get("QUERY_STRING", "")
        return redirect(rule_url(canonical, f"?{query}" if query else ""), permanent=True)
    page = build_rule_page(editions, edition, number)
    if page is None:
        return rule_elsewhere(request, editions, edition, number)
    context = {
        "page": page,
        "cited_on": cited_date(request, edition),
        "node": page.node,
        "today": page.today,
        "edition": edition,
        "editions": editions.readable,
        "current_edition": editions.current,
        "is_current": edition == editions.current,
        "query": editions.query(edition),
        "current_same_number": any(
            v.edition == editions.current and v.number == number for v in page.versions
        )
        or any(v.edition == editions.current for v in page.other_rules),
        **compare_context(request, page),
    }
    return render(request, "rulings/rule_detail.html", context)


def cited_date(request, edition: RulesEdition) -> date | None:
    """``?cited=2023-06-16`` (set by a lookup such as "307.1 (2023)"): the date the number was
    cited on, when the edition read is an older one; anything else is ignored."""
    try:
        cited = date.fromisoformat(request.GET.get("cited", ""))
    except ValueError:
        return None
    return cited if cited > edition.effective_date else None


def rule_elsewhere(request, editions: Editions, edition: RulesEdition, number: str):
    """A number that is not in the edition asked for: the editions where it is, if any."""
    found = list(
        RuleSection.objects.filter(number=number, edition__in=editions.readable)
        .select_related("parent")
        .prefetch_related("mappings__current_section")
        .order_by("-edition__effective_date")
    )
    if not found:
        message = _("There is no rule %(number)s in the Comprehensive Rules.") % {"number": number}
        return not_found(request, message, editions)
    explicit = bool(request.GET.get("edition"))
    if len(found) == 1 and not explicit:
        return redirect(rule_url(number, f"?edition={editions.by_pk(found[0].edition_id).slug}"))
    choices = []
    for row in found:
        row_edition = editions.by_pk(row.edition_id)
        mapping = next(iter(row.mappings.all()), None)
        choices.append(
            {
                "edition": row_edition,
                "section": row,
                "url": rule_url(number, f"?edition={row_edition.slug}"),
                "mapping": mapping,
                "words": mapping
                and confidence_words(mapping.confidence, mapping.current_section_id),
            }
        )
    context = {"number": number, "edition": edition, "choices": choices}
    return render(request, "rulings/rule_elsewhere.html", context, status=404 if explicit else 200)


# --- Contents ---------------------------------------------------------------------------------


@reads_an_edition
def contents(request, editions: Editions, edition: RulesEdition):
    query = editions.query(edition)
    rows = edition.sections.filter(level__lte=Level.SECTION).only("number", "title", "level")
    twin = italian_twin(editions, edition)
    italian = {}
    if twin is not None:
        italian = dict(
            twin.sections.filter(level__lte=Level.SECTION).values_list("number", "title")
        )
    chapters = []
    prefix = rule_url_prefix()
    for row in rows:
        item = {
            "number": row.number,
            "title": row.title,
            "title_it": italian.get(row.number, ""),
            "url": f"{prefix}{row.number}/{query}",
            "sections": [],
        }
        if row.level == Level.CHAPTER:
            chapters.append(item)
        elif chapters:
            chapters[-1]["sections"].append(item)
    context = {
        "edition": edition,
        "editions": editions.readable,
        "current_edition": editions.current,
        "is_current": edition == editions.current,
        "twin": twin,
        "chapters": chapters,
        "query": query,
    }
    return render(request, "rulings/contents.html", context)


# --- Glossary ---------------------------------------------------------------------------------


@reads_an_edition
def glossary(request, editions: Editions, edition: RulesEdition):
    entries = sorted(
        (fold(term), term, slug, text)
        for term, slug, text in edition.glossary.order_by().values_list("term", "slug", "text")
    )
    cited = set()
    for *_rest, text in entries:
        cited |= candidate_numbers(text)
    known = set(
        edition.sections.filter(number__in=cited).order_by().values_list("number", flat=True)
    )
    query = editions.query(edition)
    letters = {}
    for folded, term, slug, text in entries:
        initial = folded[:1].upper() if folded[:1].isalpha() else "#"
        letters.setdefault(initial, []).append((term, slug, text))
    rule_text = RuleText(known, edition.slug if query else None)
    context = {
        "edition": edition,
        "editions": editions.readable,
        "current_edition": editions.current,
        "is_current": edition == editions.current,
        "letters": list(letters),
        "glossary": render_glossary(letters, rule_text, edition.language),
        "count": len(entries),
        "query": query,
    }
    return render(request, "rulings/glossary.html", context)


# --- Search -----------------------------------------------------------------------------------

# Words a typed rule lookup may hold beside the number and a date: "rule 702.37", "502.26b
# (May 2007)", "regola 502.26b del 1 maggio 2007".
LOOKUP_WORDS = {
    "rule", "rules", "regola", "regole", "section", "sezione", "cr", "of", "the", "in",
    "del", "dal", "della", "delle", "di", *MONTHS,
}  # fmt: skip
MAX_QUERY = 200


def stamp(edition: RulesEdition) -> str:
    """Changes whenever an import rewrites the edition; keys the search caches."""
    return f"{edition.imported_at.isoformat()}/{edition.sha256}"


@lru_cache(maxsize=16)
def rules_index(edition_pk: int, version: str) -> tuple[tuple[str, str, str], ...]:
    """(number, folded title, folded title + text + examples) for every rule of an edition."""
    rows = (
        RuleSection.objects.filter(edition_id=edition_pk)
        .order_by("position")
        .values_list("number", "title", "text", "examples")
    )
    return tuple(
        (number, fold(title), fold(" ".join([title, text, *examples])))
        for number, title, text, examples in rows
    )


@lru_cache(maxsize=16)
def glossary_index(edition_pk: int, version: str) -> tuple[tuple[int, str, str], ...]:
    rows = (
        GlossaryEntry.objects.filter(edition_id=edition_pk)
        .order_by("position")
        .values_list("pk", "term", "text")
    )
    return tuple((pk, fold(term), fold(f"{term} {text}")) for pk, term, text in rows)


def find_rules(edition: RulesEdition, words: list[str]) -> list[str]:
    """Numbers of the rules holding every word; those with all the words in the title first."""
    in_title, in_text = [], []
    for number, title, haystack in rules_index(edition.pk, stamp(edition)):
        if matches_all(haystack, words):
            (in_title if matches_all(title, words) else in_text).append(number)
    return in_title + in_text


def find_glossary(edition: RulesEdition, words: list[str]) -> list[int]:
    in_term, in_text = [], []
    for pk, term, haystack in glossary_index(edition.pk, stamp(edition)):
        if matches_all(haystack, words):
            (in_term if matches_all(term, words) else in_text).append(pk)
    return in_term + in_text


def typed_lookup(q: str) -> Lookup | None:
    """The rule a search means when it is only a number, maybe with a date ("502.26b 2007")."""
    lookup = parse_lookup(q)
    if lookup is None:
        return None
    rest = re.sub(rf"(?<![\w.]){re.escape(lookup.number)}(?!\w)", " ", q.lower(), count=1)
    words = re.findall(r"[^\W\d_]+", rest)
    return lookup if all(word in LOOKUP_WORDS for word in words) else None


def lookup_redirect(editions: Editions, edition: RulesEdition, lookup: Lookup):
    """(url, message, suggestions): the page of the rule typed, read in the edition in force at
    its date; or, when there is no page to open, why, and the pages that may help.

    Without a date the number is read in the edition being browsed (its page offers the other
    editions when it is not there). A date older than every edition we have opens nothing by
    itself: the number may have meant another rule then, so the page says so and offers the
    oldest edition's rule and today's."""
    number = lookup.number
    nowhere = _("There is no rule %(number)s in the Comprehensive Rules.") % {"number": number}
    if lookup.on is None:
        if RuleSection.objects.filter(number=number, edition__in=editions.readable).exists():
            return rule_url(number, editions.query(edition)), "", []
        return None, nowhere, []
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
            suggestions.append(
                (found.edition, number, rule_url(number, editions.query(found.edition)))
            )
        if found.current is not None and found.current != found.section:
            suggestions.append(
                (editions.current, found.current.number, rule_url(found.current.number, ""))
            )
        return None, message, suggestions
    if found.section is not None:
        query = editions.query(found.edition)
        if found.edition.effective_date.year != lookup.on.year:
            # No edition of that year here: the page says which one it is read in.
            cited = f"cited={lookup.on.isoformat()}"
            query = f"{query}&{cited}" if query else f"?{cited}"
        return rule_url(number, query), "", []
    if found.current is not None:
        return rule_url(found.current.number, ""), "", []
    return None, nowhere, []


@reads_an_edition
def search(request, editions: Editions, edition: RulesEdition):
    q = request.GET.get("q", "").strip()[:MAX_QUERY]
    context = {
        "q": q,
        "edition": edition,
        "editions": editions.readable,
        "current_edition": editions.current,
        "is_current": edition == editions.current,
        "query": editions.query(edition),
        "current_url": request.path + (f"?{urlencode({'q': q})}" if q else ""),
        "message": "",
        "suggestions": [],
        "words": [],
        "page_obj": None,
        "results": [],
        "glossary_results": [],
        "glossary_count": 0,
    }
    lookup = typed_lookup(q)
    if lookup is not None:
        url, message, suggestions = lookup_redirect(editions, edition, lookup)
        if url:
            return redirect(url)
        context["message"] = message
        context["suggestions"] = [
            {"edition": found_in, "number": found_number, "url": found_url}
            for found_in, found_number, found_url in suggestions
        ]
        return render(request, "rulings/search.html", context)
    words = query_words(q)
    context["words"] = words
    if not words:
        return render(request, "rulings/search.html", context)

    numbers = find_rules(edition, words)
    twin = italian_twin(editions, edition)
    if twin is not None:
        seen = set(numbers)
        numbers += [number for number in find_rules(twin, words) if number not in seen]
    page = Paginator(numbers, RESULTS_PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    in_editions = [edition] if twin is None else [edition, twin]
    found, italian = {}, {}
    for row in RuleSection.objects.filter(edition__in=in_editions, number__in=shown).select_related(
        "parent"
    ):
        (found if row.edition_id == edition.pk else italian)[row.number] = row
    query = editions.query(edition)
    results = []
    for number in shown:
        english, translated = found.get(number), italian.get(number)
        row = english or translated
        # The excerpt comes from the text that holds the words: the English, or the Italian.
        source = row
        if translated is not None and not matches_all(fold(row_text(row)), words):
            source = translated
        results.append(
            {
                "number": number,
                "title": highlight(row.title, words, width=300) if row.title else "",
                "title_language": twin.language if row is translated else edition.language,
                "context": row.parent.title if row.parent_id and not row.title else "",
                "snippet": highlight(" ".join([source.text, *source.examples]), words),
                "language": twin.language if source is translated else edition.language,
                "url": rule_url(number, query),
            }
        )
    glossary_ids = find_glossary(edition, words)
    entries = {
        e.pk: e for e in GlossaryEntry.objects.filter(pk__in=glossary_ids[:GLOSSARY_RESULTS])
    }
    glossary_url = reverse("rulings:glossary") + query
    context.update(
        page_obj=page,
        results=results,
        glossary_count=len(glossary_ids),
        glossary_results=[
            {
                "term": highlight(entries[pk].term, words, width=300),
                "snippet": highlight(entries[pk].text, words),
                "url": f"{glossary_url}#{entries[pk].slug}",
            }
            for pk in glossary_ids[:GLOSSARY_RESULTS]
            if pk in entries
        ],
        twin=twin,
    )
    return render(request, "rulings/search.html", context)


def row_text(row: RuleSection) -> str:
    return " ".join([row.title, row.text, *row.examples])
