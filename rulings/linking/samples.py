"""A few of the cards a page speaks of, with their count and the search that finds them all.

A rule page names a few of the cards linked to its rule, a keyword page a few of the cards
with its keyword. Finding them and counting them means going through every card's rules, so
it is done once, whenever the rule linker writes the cards' rule numbers (``CardRuleSearch``),
into ``SampleCard`` rows (``store_samples``); a page reads its sample and its count with one
indexed query. A keyword's cards per card type are counted then too (``KeywordCardType``).
"""

import heapq
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Count, Q
from django.urls import reverse

from common.links import url_maker
from common.text import fold
from common.upsert import BATCH_SIZE
from oracle.models import Card, CardType, joined_name, names_for_page
from rulings.models import CardRuleSearch, KeywordCardType, RuleSection, SampleCard
from rulings.rules.numbers import level_of, parent_number

CARDS_SHOWN = 8  # cards named on a rule or keyword page; the search link finds them all


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
    rule: str = ""  # on a rule page, the rule whose cards these are
    instead_of: str = ""  # the subrule no card is linked to, when they are its rule's cards


# --- Working the samples out ------------------------------------------------------------------


def simplest_cards(cards: Iterable[tuple[int, str]], shown: int = CARDS_SHOWN):
    """{subject: (how many cards, [the ids of the ``shown`` simplest])} from ``cards``, pairs
    of (subject, (card id, its rule numbers: ``CardRuleSearch.numbers``)). The simplest cards
    use the fewest rules (the shortest list of rule numbers), so a page shows plain examples of
    its rule or keyword; ties go by the list, then by id."""
    by_subject = defaultdict(list)
    for subject, (pk, search_rules) in cards:
        by_subject[subject].append((len(search_rules), search_rules, pk))
    return {
        subject: (len(keys), [key[2] for key in heapq.nsmallest(shown, keys)])
        for subject, keys in by_subject.items()
    }


def store_samples() -> int:
    """Write the ``SampleCard`` rows of every rule number that game cards use and of every
    keyword that game cards have, in place of the old ones; the number of rows written."""
    numbers = dict(CardRuleSearch.objects.values_list("card_id", "numbers").iterator(BATCH_SIZE))
    game_cards = Card.objects.game_cards().values_list("pk", flat=True)
    search_rules = {pk: numbers.get(pk, "") for pk in game_cards.iterator(BATCH_SIZE)}
    by_number = simplest_cards(
        (number, (pk, rules)) for pk, rules in search_rules.items() for number in rules.split()
    )
    keyword_links = Card.keywords.through.objects.values_list("keyword_id", "card_id")
    by_keyword = simplest_cards(
        (keyword_id, (card_id, search_rules[card_id]))
        for keyword_id, card_id in keyword_links.iterator(BATCH_SIZE)
        if card_id in search_rules
    )
    rows = [
        SampleCard(rule_number=number, rank=rank, card_id=pk, count=count)
        for number, (count, pks) in by_number.items()
        for rank, pk in enumerate(pks)
    ]
    rows += [
        SampleCard(keyword_id=keyword_id, rank=rank, card_id=pk, count=count)
        for keyword_id, (count, pks) in by_keyword.items()
        for rank, pk in enumerate(pks)
    ]
    SampleCard.objects.all().delete()
    SampleCard.objects.bulk_create(rows, batch_size=BATCH_SIZE)
    KeywordCardType.objects.all().delete()
    KeywordCardType.objects.bulk_create(keyword_card_types(), batch_size=BATCH_SIZE)
    return len(rows)


def keyword_card_types() -> list[KeywordCardType]:
    """For every keyword, how many of its cards (tokens too) have each card type on a face."""
    links = (
        Card.keywords.through.objects.filter(card__faces__card_types__kind=CardType.Kind.TYPE)
        .values("keyword_id", "card__faces__card_types")
        .annotate(count=Count("card_id", distinct=True))
        .order_by()
    )
    return [
        KeywordCardType(keyword_id=keyword_id, card_type_id=card_type_id, count=count)
        for keyword_id, card_type_id, count in links.values_list(
            "keyword_id", "card__faces__card_types", "count"
        )
    ]


# --- Reading them -----------------------------------------------------------------------------


def read_samples(wanted: Q) -> dict:
    """{rule number or keyword id: (count, {card id: (name, slug, [Italian face names])})} of
    the samples ``wanted`` picks, in one query (a row per face of each card)."""
    rows = (
        SampleCard.objects.filter(wanted)
        .order_by("rank", "card__faces__position")
        .values_list(
            "rule_number",
            "keyword_id",
            "count",
            "card_id",
            "card__name",
            "card__slug",
            "card__faces__name_it",
        )
    )
    samples = {}
    for number, keyword_id, count, card_id, name, slug, name_it in rows:
        _count, faces = samples.setdefault(keyword_id or number, (count, {}))
        faces.setdefault(card_id, (name, slug, []))[2].append(name_it or "")
    return samples


def sample_of(faces: dict, count: int, query: str, **about) -> CardSample:
    """The sample of the cards ``read_samples`` found, named in the page's language."""
    url = url_maker("cards:card-detail")
    links = []
    for name, slug, italian in faces.values():
        shown_name, other = names_for_page(name, joined_name(italian))
        links.append(CardLink(url(slug), shown_name, other))
    links.sort(key=lambda link: fold(link.name))
    search_url = reverse("cards:card-list") + "?" + urlencode({"q": query})
    return CardSample(count, links, search_url, query, **about)


def cards_with_keyword(keyword_id: int, query: str) -> CardSample:
    """The cards with the keyword (the cards the search ``query``, k:..., finds), in one
    query."""
    count, faces = read_samples(Q(keyword=keyword_id)).get(keyword_id, (0, {}))
    return sample_of(faces, count, query)


def cards_using_rule(number: str) -> CardSample:
    """The cards linked to rule ``number`` of the current rules or to a rule in it (the cards
    the search ``rule:<number>`` finds). Cards are mostly linked to a rule (702.37 Morph)
    rather than to its subrules: a subrule no card is linked to by itself (702.37c) shows the
    cards of its rule, still in one query."""
    rule = rule_of(number)
    samples = read_samples(Q(keyword__isnull=True, rule_number__in=sorted({number, rule})))
    own, faces = samples.get(number, (0, {}))
    total, rule_faces = samples.get(rule, (0, {}))
    if own or not total:
        return sample_of(faces, own, f"rule:{number}", rule=number)
    return sample_of(rule_faces, total, f"rule:{rule}", rule=rule, instead_of=number)


def rule_of(number: str) -> str:
    """The rule whose cards a page of ``number`` shows when none is linked to ``number``
    itself: a subrule's rule; any other number's own."""
    if level_of(number) == RuleSection.Level.SUBRULE:
        return parent_number(number)
    return number
