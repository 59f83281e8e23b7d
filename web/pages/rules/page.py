"""Everything a rule page shows, read in the same queries whatever the rule.

A chapter, section 702 with its hundreds of rules, or one subrule all cost the same: the editions
(``EditionChoices``: two queries); the rule with the rules above it, the ones it contains and its
neighbours (``web.pages.rules.tree.read_tree``: two); the old-number mappings of the rules shown
(``web.pages.rules.mappings``); one query for the rest (``web.pages.rules.related``: the number in
other editions, which cited numbers exist, the Italian texts, where an old rule went); and the
cards that use the rule (``rulings.linking.samples.cards_using_rule``). On an older edition's page
the cards are those of the current rule it became (none, and no query, when no current rule
matches it).

``build_rule_page`` runs ``RulePageBuilder``'s steps in order; each step reads what the ones
before it left on the builder.
"""

from django.utils.translation import gettext as _

from common.links import url_maker, url_prefix
from oracle.models import is_italian_page
from rulings.linking.samples import cards_using_rule
from rulings.models import Language, RuleSection, RulesEdition
from rulings.rules.citations import rule_shaped_numbers
from rulings.rules.editions import EditionChoices, italian_sources
from web.pages.rules.italian_texts import (
    ItalianLabels,
    italian_note,
    superseded_translation,
)
from web.pages.rules.mappings import read_page_mappings
from web.pages.rules.related import Wanted, read_related
from web.pages.rules.section_pages import split_section
from web.pages.rules.shown import Node, OldNumber, RulePage, Today, Version
from web.pages.rules.tree import Row, read_tree
from web.pages.rules.versions import italian_under_old_numbers, same_rule_elsewhere
from web.rendering.markup import RuleTextRenderer, side_by_side

Level = RuleSection.Level


def rule_url(number: str, query: str = "") -> str:
    """The address of rule ``number``'s page, with ``query`` ("?edition=2007-05-01")."""
    return url_maker("rules:rule-detail")(number) + query


def build_rule_page(
    editions: EditionChoices,
    edition: RulesEdition,
    number: str,
    page_number: int = 1,
    with_cards: bool = True,
):
    """The page of rule ``number`` in ``edition`` (page ``page_number`` of a section too long
    for one page); None when that edition has no such rule. Without ``with_cards``, the cards
    that use the rule are not read (``cards`` is None)."""
    rule, tree_rows = read_tree(edition, number)
    if rule is None:
        return None
    builder = RulePageBuilder(editions, edition, rule, tree_rows, page_number)
    builder.with_cards = with_cards
    return builder.build()


class RulePageBuilder:
    """The steps that make a ``RulePage``, in the order ``build`` runs them."""

    def __init__(
        self, editions: EditionChoices, edition: RulesEdition, rule: Row, rows, page_number=1
    ):
        self.page_number = page_number
        self.with_cards = True
        self.editions = editions
        self.edition = edition
        self.rule = rule
        self.rows = rows  # the rule, the rules above it, in it, and its neighbours
        self.is_current = edition == editions.current
        self.query = editions.query(edition)
        self.url_prefix = url_prefix("rules:rule-detail")

    def build(self) -> RulePage:
        self.arrange_tree()
        self.read_mappings()
        self.list_old_numbers()
        self.read_related_rules()
        self.choose_italian_texts()
        self.render_texts()
        today = self.where_the_rule_is_today()
        cards_rule = self.rule.number if self.is_current else ""
        if not self.is_current and today and today.section:
            cards_rule = today.section.number
        cards = None
        if cards_rule and self.with_cards:
            cards = cards_using_rule(cards_rule)
        titled = [ancestor for ancestor in self.ancestors if ancestor.title]
        context = titled[-1] if titled else None  # names a subrule, which has no title
        in_italian = context is not None and context.label_in_italian
        context_title = (context.italian_title if in_italian else context.title) if context else ""
        return RulePage(
            cards=cards,
            cards_rule=cards.rule if cards else "",
            edition=self.edition,
            editions=self.editions,
            node=self.node,
            ancestors=self.ancestors,
            previous=self.previous,
            next=self.next,
            versions=self.versions_of_the_rule(),
            other_rules=self.other_rules_with_its_number(),
            today=today,
            context_title=context_title,
            context_language="it" if in_italian else self.edition.language,
            section_pages=self.section_pages,
        )

    def node_for(self, row: Row) -> Node:
        return Node(row, f"{self.url_prefix}{row.number}/{self.query}")

    def arrange_tree(self):
        """The rule's node with the rules it contains as its children, the rules above it and
        its neighbours at its level."""
        rule, level = self.rule, self.rule.level
        self.ancestors = [self.node_for(row) for row in self.rows if row.level < level]
        neighbours = [row for row in self.rows if row.level == level and row.id != rule.id]
        before = [row for row in neighbours if row.position < rule.position]
        after = [row for row in neighbours if row.position > rule.position]
        self.previous = self.node_for(before[0]) if before else None
        self.next = self.node_for(after[0]) if after else None
        self.neighbours = [node for node in (self.previous, self.next) if node is not None]
        self.node = self.node_for(rule)
        self.shown = {rule.id: self.node}  # the rule and every rule in it, in reading order
        self.headings = []  # a long section's rules shown on its other pages: headings only
        self.section_pages = None
        inside = [row for row in self.rows if row.position > rule.position and row.level > level]
        if level == Level.SECTION:
            rules = [row.number for row in inside if row.parent_id == rule.id]
            self.section_pages = split_section(rules, self.page_number, self.node.url)
        pages = self.section_pages
        for row in inside:
            parent = self.shown.get(row.parent_id)
            if pages is not None and row.parent_id == rule.id:
                page = pages.page_of[row.number]
                if page != pages.current:
                    heading = self.node_for(row)
                    heading.page_url = page.url
                    self.headings.append(heading)
                    self.node.children.append(heading)
                    continue
            if parent is not None:
                self.shown[row.id] = self.node_for(row)
                parent.children.append(self.shown[row.id])

    def read_mappings(self):
        """The old-number mappings of the rules shown, newest edition first; on an older edition's
        page also where the rule went (``rule_mapping``) and the rules of the other old editions
        mapped there (``web.pages.rules.mappings``). Asked by position range rather than by a list
        of hundreds of ids."""
        rule = self.rule
        shown = [row.position for row in self.rows if row.id in self.shown and row.id != rule.id]
        first, last = (min(shown), max(shown)) if shown else (rule.position, rule.position)
        deepest = Level.SECTION if rule.level == Level.CHAPTER else max(Level.values)
        rows = read_page_mappings(self.edition.pk, rule.id, first, last, deepest, self.is_current)
        newest_first = {e.pk: index for index, e in enumerate(self.editions.rows)}
        rows.sort(
            key=lambda row: (
                newest_first.get(row["old_section__edition_id"], 0),
                row["old_section__position"],
            )
        )
        self.mappings = rows
        self.rule_mapping = next((m for m in rows if m["old_section_id"] == rule.id), None)

    def list_old_numbers(self):
        """Under each rule shown, the numbers of older editions that lead to it."""
        for mapping in self.mappings:
            node = self.shown.get(mapping["current_section_id"])
            if node is None or mapping is self.rule_mapping:  # where the rule itself went
                continue
            old_edition = self.editions.by_pk(mapping["old_section__edition_id"])
            old_number = mapping["old_section__number"]
            node.old_numbers.append(
                OldNumber(
                    number=old_number,
                    edition=old_edition,
                    url=f"{self.url_prefix}{old_number}/?edition={old_edition.slug}",
                    confidence=mapping["confidence"],
                )
            )

    def read_related_rules(self):
        """One query for the rest: the number in every edition (to compare), the numbers the
        texts cite (to link those that exist), the Italian texts, and where an old rule went."""
        editions, edition, number = self.editions, self.edition, self.rule.number
        self.readable = {e.pk for e in editions.readable}
        self.same_rule = same_rule_elsewhere(
            edition, self.rule, self.rule_mapping, self.mappings, self.readable, self.is_current
        )
        cited = set()
        for node in self.shown.values():
            for text in (node.section.text, *node.section.examples):
                cited |= rule_shaped_numbers(text)
        wanted = Wanted(edition.pk, cited=cited, same_number=(number, sorted(self.readable)))
        sources = italian_sources(editions, edition)
        if sources:
            nodes = [*self.shown.values(), *self.ancestors, *self.headings, *self.neighbours]
            wanted.numbers_in.append(([e.pk for e in sources], {node.number for node in nodes}))
        older_italian = {}
        if self.is_current and is_italian_page():
            older_italian = italian_under_old_numbers(editions, self.mappings, self.shown)
            wanted.numbers_in.append(
                (
                    sorted({edition_id for edition_id, _number in older_italian}),
                    {old_number for _edition_id, old_number in older_italian},
                )
            )
        mapping = self.rule_mapping
        today_ids = []
        if mapping is not None:
            today_ids = [mapping["current_section_id"], mapping["current_section__parent_id"]]
        wanted.ids = sorted({pk for pk in [*today_ids, *self.same_rule] if pk})
        related = read_related(wanted)

        source_rank = {source.pk: index for index, source in enumerate(sources)}
        self.numbers_here = related.numbers_here  # the numbers cited that this edition has
        self.italian = {}  # number -> the Italian text from the best source that has it
        self.by_pk = {}
        self.same_number = []  # the rule's number in the other readable editions
        self.italian_then = {}  # current rule id -> [((confidence, date), older Italian text)]
        for row in related.rows:
            self.by_pk[row.pk] = row
            if row.edition_id == edition.pk:
                self.numbers_here.add(row.number)
            if row.edition_id in source_rank:
                best = self.italian.get(row.number)
                if best is None or source_rank[row.edition_id] < source_rank[best.edition_id]:
                    self.italian[row.number] = row
            elif (
                row.number == number
                and row.edition_id in self.readable
                and row.edition_id != edition.pk
            ):
                self.same_number.append(row)
            for current_id, confidence in older_italian.get((row.edition_id, row.number), []):
                newer = editions.by_pk(row.edition_id).effective_date.toordinal()
                self.italian_then.setdefault(current_id, []).append(((confidence, newer), row))

    def choose_italian_texts(self):
        """Each rule's Italian text: under its own number from the best source; else, on a
        page of the current rules, one under an old number (the surest match, then the
        newest text)."""
        for node in [*self.shown.values(), *self.ancestors, *self.headings, *self.neighbours]:
            node.italian = self.italian.get(node.number)
            if node.italian is None and node.section.id in self.italian_then:
                found = self.italian_then[node.section.id]
                node.italian = max(found, key=lambda pair: pair[0])[1]
                node.italian_as = node.italian.number

    def render_texts(self):
        """Each rule's text (``node.html``), with the Italian text beside it and where that
        comes from, or after it when it translates an older edition's text (on a page of the
        current rules); the template lays out the tree (``rules/_rule_tree.html``).
        Links in an old edition's text open that edition: "rule 504" in 2007 is 2007's rule
        504; an old number's Italian text cites the numbers of its time."""
        edition = self.edition
        rule_text = RuleTextRenderer(self.numbers_here, edition.slug if self.query else None)
        labels = ItalianLabels(edition.effective_date)
        renderers = {}  # the edition an old number's Italian text is read in -> its renderer
        for node in self.shown.values():  # in reading order
            row = node.section
            if row.level <= Level.RULE:
                labels.restart()  # each rule of a section says where its Italian text comes from
            english = rule_text.body(row.text, row.examples, edition.language)
            italian = ""
            translated = node.italian
            if translated is not None:
                translated_in = self.editions.by_pk(translated.edition_id)
                read_in = self.editions.read_in(translated_in)
                cited_in = rule_text
                if node.italian_as:
                    cited_in = renderers.get(read_in.slug)
                    if cited_in is None:
                        cited_in = renderers[read_in.slug] = RuleTextRenderer(edition=read_in.slug)
                italian = cited_in.body(translated.text, translated.examples, Language.ITALIAN)
                if italian and read_in != edition:  # a text since superseded: after today's
                    node.html = english + superseded_translation(
                        translated,
                        italian,
                        translated_in.effective_date,
                        node.italian_as or node.number,
                        read_in,
                        node.number,
                        f"{self.url_prefix}{node.italian_as or node.number}/",
                    )
                    continue
                if italian:
                    label = labels(translated, translated_in.effective_date, node.italian_as)
                    italian = label + italian + italian_note(translated)
            node.html = side_by_side(italian, english, edition.language)

    def where_the_rule_is_today(self) -> Today | None:
        """On an older edition's page, the current rule this one became."""
        mapping = self.rule_mapping
        if mapping is None:
            return None
        current = self.by_pk.get(mapping["current_section_id"])
        language = self.editions.current.language
        if current is None:
            return Today(None, "", "", mapping["confidence"], mapping["method"], language)
        parent = self.by_pk.get(mapping["current_section__parent_id"])
        current_edition = self.editions.by_pk(current.edition_id)
        return Today(
            section=current,
            url=rule_url(current.number, self.editions.query(current_edition)),
            title=current.title or (parent.title if parent else ""),
            confidence=mapping["confidence"],
            method=mapping["method"],
            language=language,
        )

    def versions_of_the_rule(self) -> list[Version]:
        """The rule in every edition that has it, newest first."""
        versions = [Version(self.edition, self.rule)]
        versions += [
            Version(self.editions.by_pk(self.by_pk[pk].edition_id), self.by_pk[pk], confidence)
            for pk, confidence in self.same_rule.items()
            if pk in self.by_pk
        ]
        versions.sort(key=lambda version: version.edition.effective_date, reverse=True)
        return versions

    def other_rules_with_its_number(self) -> list[Version]:
        """The rule's number in other editions where it is another rule, newest first."""
        same_rule = {pk for pk in self.same_rule if pk in self.by_pk} | {self.rule.pk}
        others = [
            Version(self.editions.by_pk(row.edition_id), row)
            for row in self.same_number
            if row.pk not in same_rule
        ]
        return sorted(others, key=lambda version: version.edition.effective_date, reverse=True)


def no_such_rule_message(number: str) -> str:
    return _("There is no rule %(number)s in the Comprehensive Rules.") % {"number": number}
