"""Write the rules cards use: CardRule rows and CardRuleSearch rows, for all cards or some.

``link_cards(card_ids=None)`` reads every card in bulk (a handful of queries whatever the
number of cards), works out its links against the current English edition (``compute``), and
makes the table hold exactly them:

- computed rows (origin COMPUTED) are created, updated or deleted to match; rows left pointing
  into an older edition go, since their replacements point into the current one;
- hand-made rows (origin MANUAL) are never deleted. One that names the same section as a
  computed link takes its place (and with ``excluded`` set removes it). When the current
  edition changes, a hand-made row moves to the section its old one became (the old-number
  mapping, else the same number); one with nowhere to go stays and is reported, and one that
  would repeat a hand-made row already there goes. A row a rules import kept without its
  section (``missing_number``, see ``importers.hand_work``) goes back to that number as soon
  as the current edition has it, and is reported until then;
- ``CardRuleSearch.numbers`` lists the number of every section a card uses (hand-made links
  included, excluded ones left out) with every number above it: " 2 205 205.4 205.4d 3 302 " (a card
  that uses none has no row), for the search's ``rule:``; the few cards rule and keyword pages name
  are worked out again from it (``rulings.linking.samples``).

Keywords whose defining rule is still empty get it (``Keyword.rule_number``). Running it twice
changes nothing the second time. Call it inside a transaction, or let it open its own.
"""

import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.db import transaction

from common.upsert import (
    BATCH_SIZE,
    SyncStats,
    chunks,
    insert_values,
    refresh_planner_statistics,
    update_by_pk,
)
from oracle.models import Card, CardFace, Keyword
from rulings.linking.compute import CardFacts, FaceFacts, Link, RuleLinker
from rulings.linking.keyword_coverage import Coverage, coverage
from rulings.linking.rules_index import RulesIndex, Section
from rulings.linking.samples import store_samples
from rulings.models import (
    CardRule,
    CardRuleSearch,
    RuleMapping,
    RuleSection,
    RulesEdition,
    Ruling,
)
from rulings.rules.citations import TodaysNumbers, cited_numbers
from rulings.rules.numbers import NAMING_WORDS, RULE_NUMBER, ancestors_of, number_key

Origin = CardRule.Origin
# A quick look before the full search for references: "702.9", "rule 702", "section 7".
MAY_CITE_A_RULE = re.compile(rf"{RULE_NUMBER}|\b(?:{NAMING_WORDS})\b", re.I)
Row = SimpleNamespace  # what update_by_pk needs of a row: its pk and the fields to write


@dataclass
class LinkReport:
    edition: RulesEdition | None = None
    cards: int = 0
    cards_linked: int = 0
    links: SyncStats = field(default_factory=SyncStats)  # computed rows
    by_reason: Counter = field(default_factory=Counter)  # links in force, by reason
    manual: int = 0
    manual_moved: int = 0
    manual_stranded: list[str] = field(default_factory=list)  # "Card name → 502.26b"
    search_rules: SyncStats = field(default_factory=SyncStats)
    keyword_rules_filled: int = 0
    coverage: Coverage = field(default_factory=Coverage)
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return (
            self.links.changed
            or self.search_rules.changed
            or bool(self.manual_moved or self.keyword_rules_filled)
        )


def current_linker() -> tuple[RulesEdition | None, RuleLinker | None]:
    edition = RulesEdition.objects.official().in_force()
    if edition is None:
        return None, None
    rows = RuleSection.objects.filter(edition=edition).values_list(
        "pk", "number", "title", "text", "position"
    )
    return edition, RuleLinker(RulesIndex(Section(*row) for row in rows.iterator(BATCH_SIZE)))


def link_cards(
    card_ids: Iterable[int] | None = None, log: Callable[[str], None] | None = None
) -> LinkReport:
    """Link all cards (``card_ids`` None) or these; see the module docstring."""
    log = log or (lambda message: None)
    started = time.perf_counter()
    report = LinkReport()
    edition, linker = current_linker()
    if edition is None:
        log("No complete English rules edition: nothing to link.")
        return report
    report.edition = edition
    with transaction.atomic():
        log("Reading cards…")
        cards = _read_cards(card_ids)
        report.cards = len(cards)
        cited = TodaysNumbers(
            {
                (number, day)
                for card in cards.values()
                for day, text in card.facts.rulings
                for number in cited_numbers(text)
            }
        )
        log(f"Linking {len(cards)} cards to the rules of {edition}…")
        wanted = {pk: linker.links(card.facts, cited) for pk, card in cards.items()}
        numbers = {number: section.pk for number, section in linker.index.by_number.items()}
        in_force = _sync_rows(report, edition, cards, wanted, numbers)
        refresh_planner_statistics(CardRule)
        report.cards_linked = sum(1 for links in in_force.values() if links)
        _sync_search_rules(report, cards, in_force, linker.index)
        store_samples()
        report.keyword_rules_filled = _fill_keyword_rules(linker)
        report.coverage = coverage(linker.keywords, _data_keywords_of(cards))
    report.seconds = time.perf_counter() - started
    return report


@dataclass
class _Card:
    facts: CardFacts
    search_rules: str


def _read_cards(card_ids) -> dict[int, _Card]:
    scope = None if card_ids is None else list(card_ids)
    faces, keyword_ids, rulings = {}, {}, {}
    cards = Card.objects.values_list("pk", "name", "layout")
    rows = list(_for_cards(cards, "pk", scope))
    numbers = CardRuleSearch.objects.values_list("card_id", "numbers")
    search_rules = dict(_for_cards(numbers, "card_id", scope))
    face_rows = CardFace.objects.order_by("card_id", "position").values_list(
        "card_id", "name", "type_line", "oracle_text"
    )
    for card_id, *face in _for_cards(face_rows, "card_id", scope):
        faces.setdefault(card_id, []).append(FaceFacts(*face))
    links = Card.keywords.through.objects.values_list("card_id", "keyword_id")
    for card_id, keyword_id in _for_cards(links, "card_id", scope):
        keyword_ids.setdefault(card_id, []).append(keyword_id)
    ruling_rows = (
        Ruling.objects.public().filter(card__isnull=False).values_list("card_id", "date", "text")
    )
    for card_id, day, text in _for_cards(ruling_rows, "card_id", scope):
        if MAY_CITE_A_RULE.search(text):
            rulings.setdefault(card_id, []).append((day, text))
    keywords = {
        pk: (name, kind) for pk, name, kind in Keyword.objects.values_list("pk", "name", "kind")
    }
    return {
        pk: _Card(
            CardFacts(
                name=name,
                layout=layout,
                faces=faces.get(pk, []),
                keywords=[keywords[keyword_id] for keyword_id in keyword_ids.get(pk, [])],
                rulings=rulings.get(pk, []),
            ),
            search_rules.get(pk, ""),
        )
        for pk, name, layout in rows
    }


def _for_cards(query, field_name: str, scope: list[int] | None):
    """The rows of ``query`` for the cards in ``scope`` (every card when it is None)."""
    if scope is None:
        yield from query.iterator(BATCH_SIZE)
        return
    for batch in chunks(scope):
        yield from query.filter(**{f"{field_name}__in": batch}).iterator(BATCH_SIZE)


def _data_keywords_of(cards: dict[int, _Card]) -> set[tuple[str, str]]:
    """The (name, kind) of every keyword the card data lists for these cards; a keyword known
    from a document only (an Italian term a release note defines) is not one."""
    from_documents = set(
        Keyword.objects.filter(known_from_document__isnull=False).values_list("name", "kind")
    )
    listed = {keyword for card in cards.values() for keyword in card.facts.keywords}
    return listed - from_documents


def _sync_rows(
    report: LinkReport,
    edition: RulesEdition,
    cards: dict[int, _Card],
    wanted: dict[int, dict[str, Link]],
    numbers: dict[str, int],
) -> dict[int, set[str]]:
    """Write the computed rows; return the section numbers in force for each card."""
    manual, computed = _existing_rows(cards)
    _move_manual_rows(report, edition, manual, computed, numbers, cards)
    report.manual = len(manual)
    hand_made = {(row["card_id"], row["section_id"]) for row in manual}
    in_force: dict[int, set[str]] = {pk: set() for pk in cards}
    to_create, to_update = [], []
    for card_id, links in wanted.items():
        for number, link in links.items():
            place = (card_id, numbers[number])
            if place in hand_made:  # a hand-made row decides
                continue
            in_force[card_id].add(number)
            report.by_reason[link.reason] += 1
            row = computed.pop(place, None)
            values = (link.reason, link.detail, False)  # reason, detail, excluded
            if row is None:
                to_create.append((*place, link.reason, link.detail, Origin.COMPUTED, False))
            elif (row["reason"], row["detail"], row["excluded"]) != values:
                to_update.append(
                    Row(pk=row["pk"], reason=link.reason, detail=link.detail, excluded=False)
                )
            else:
                report.links.unchanged += 1
    for row in manual:
        if not row["excluded"] and row["section__edition_id"] == edition.pk:
            in_force[row["card_id"]].add(row["section__number"])
            report.by_reason[row["reason"]] += 1
    _delete_rows([row["pk"] for row in computed.values()])  # computed rows no longer wanted
    update_by_pk(CardRule, to_update, ["reason", "detail", "excluded"])
    insert_values(CardRule, NEW_ROW_FIELDS, to_create)
    report.links.created, report.links.updated = len(to_create), len(to_update)
    report.links.deleted += len(computed)
    return in_force


def make_room_for(link: CardRule) -> None:
    """Delete the computed link at the hand-made ``link``'s card and section, whose place it
    takes (one restored from its history, where the linker made a computed link since): as
    the linker deletes rows, without history."""
    _delete_rows(
        CardRule.objects.filter(
            card_id=link.card_id, section_id=link.section_id, origin=Origin.COMPUTED
        )
        .exclude(pk=link.pk)
        .values_list("pk", flat=True)
    )


def _delete_rows(pks: Iterable[int]):
    # A plain DELETE: no per-row signals, so no history record for rows the linker rebuilds
    # (CardRule's history records editors' changes; nothing points to a CardRule row).
    for batch in chunks(sorted(pks)):
        rows = CardRule.objects.filter(pk__in=batch)
        rows._raw_delete(rows.db)


def _existing_rows(cards: dict[int, _Card]) -> tuple[list[dict], dict[tuple[int, int], dict]]:
    """The hand-made rows of these cards, and their computed rows by (card, section)."""
    existing = []
    for batch in chunks(cards):
        existing += CardRule.objects.filter(card_id__in=batch).values(
            "pk",
            "card_id",
            "section_id",
            "section__number",
            "section__edition_id",
            "reason",
            "detail",
            "origin",
            "excluded",
            "missing_number",
        )
    for row in existing:
        if row["section_id"] is None:  # kept by a rules import that dropped its rule
            row["section__number"] = row["missing_number"]
    manual = [row for row in existing if row["origin"] == Origin.MANUAL]
    computed = {
        (row["card_id"], row["section_id"]): row
        for row in existing
        if row["origin"] == Origin.COMPUTED
    }
    return manual, computed


def _move_manual_rows(report, edition, manual, computed, numbers, cards):
    """Hand-made rows still pointing into an older edition follow their section to the current
    one: where its old-number mapping leads, else the same number. A moved row replaces the
    computed row in its new place; one that repeats a hand-made row already there goes."""
    stranded = [row for row in manual if row["section__edition_id"] != edition.pk]
    if not stranded:
        return
    mapped = {}
    for batch in chunks([row["section_id"] for row in stranded if row["section_id"]]):
        mapped.update(
            RuleMapping.objects.filter(
                old_section_id__in=batch, current_section__edition=edition
            ).values_list("old_section_id", "current_section_id")
        )
    number_of = {pk: number for number, pk in numbers.items()}
    taken = {(row["card_id"], row["section_id"]) for row in manual}
    moved, repeated, replaced = [], [], []
    for row in stranded:
        target = mapped.get(row["section_id"]) or numbers.get(row["section__number"])
        if target is None:
            name = cards[row["card_id"]].facts.name
            report.manual_stranded.append(f"{name} → {row['section__number']}")
            continue
        place = (row["card_id"], target)
        if place in taken:  # the same hand-made link already exists in the current edition
            repeated.append(row["pk"])
            manual.remove(row)
            continue
        if place in computed:
            replaced.append(computed.pop(place)["pk"])
        taken.add(place)
        row.update(
            section_id=target, section__number=number_of[target], section__edition_id=edition.pk
        )
        moved.append(Row(pk=row["pk"], section_id=target, missing_number=""))
    _delete_rows(repeated + replaced)  # first: a moved row takes a replaced row's place
    update_by_pk(CardRule, moved, ["section", "missing_number"])
    report.manual_moved = len(moved)
    report.links.deleted += len(replaced)


def _sync_search_rules(
    report: LinkReport, cards: dict[int, _Card], in_force: dict[int, set[str]], index: RulesIndex
):
    """Make each card's ``CardRuleSearch`` row hold its numbers (no row when it has none)."""
    to_create, to_update, to_delete = [], [], []
    for pk, card in cards.items():
        value = search_rules_for(in_force.get(pk, ()), index.order)
        if value == card.search_rules:
            report.search_rules.unchanged += 1
        elif not value:
            to_delete.append(pk)
        elif not card.search_rules:
            to_create.append(CardRuleSearch(card_id=pk, numbers=value))
        else:
            to_update.append(Row(pk=pk, numbers=value))
    for batch in chunks(to_delete):
        CardRuleSearch.objects.filter(card_id__in=batch).delete()
    CardRuleSearch.objects.bulk_create(to_create, batch_size=BATCH_SIZE)
    update_by_pk(CardRuleSearch, to_update, ["numbers"])
    report.search_rules.updated = len(to_create) + len(to_update) + len(to_delete)


def search_rules_for(numbers: Iterable[str], order: dict[str, int] | None = None) -> str:
    """ " 2 205 205.4 205.4d 3 302 ": each number with those above it, once, in the rules'
    order (``order``: number -> position, when known), between spaces so that " 702.37 "
    matches a whole number."""
    every = {above for number in numbers for above in [*ancestors_of(number), number]}
    if not every:
        return ""
    if order is not None and every <= order.keys():
        ordered = sorted(every, key=order.__getitem__)
    else:
        ordered = sorted(every, key=number_key)
    return " " + " ".join(ordered) + " "


NEW_ROW_FIELDS = ["card", "section", "reason", "detail", "origin", "excluded"]


def _fill_keyword_rules(linker: RuleLinker) -> int:
    """Give keywords without a defining rule the one the rules text names."""
    filled = []
    for keyword in Keyword.objects.filter(rule_number="").only("pk", "name", "kind"):
        rule = linker.keywords.lookup(keyword.name, keyword.kind)
        if rule is not None:
            keyword.rule_number = rule.number
            filled.append(keyword)
    update_by_pk(Keyword, filled, ["rule_number"])
    return len(filled)
