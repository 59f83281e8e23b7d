"""A few of the cards a page speaks of, with their count and the search that finds them all."""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import Case, F, Func, Subquery, Value, When
from django.db.models.functions import Length
from django.urls import reverse

from oracle.links import url_maker
from oracle.models import Card, CardFace, joined_name, names_for_page
from oracle.text import fold

from .models import RuleSection
from .rule_numbers import level_of, parent_number

CARDS_SHOWN = 8  # cards named on a rule page; the search link finds them all


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


def card_sample(cards, query: str, shown: int = CARDS_SHOWN) -> CardSample:
    """A few of ``cards`` (a Card queryset), with their count and their names in the page's
    language, in one query: the faces of those few cards, each row with its card's name and
    the count of all the cards (a subquery the database runs once).

    The few are the simplest: the cards that use the fewest rules (the shortest list of rule
    numbers), so a rule page shows plain examples of its rule. That order also reads only the
    index of the rules column on SQLite, where ordering by name would read the card table."""
    first = cards.order_by(Length("search_rules"), "search_rules", "pk")
    faces, counts = read_sample(first.values("pk")[:shown], {"total": cards})
    return sample_of(faces, counts["total"], query)


def read_sample(first, counted: dict) -> tuple[dict, dict]:
    """The faces of the ``first`` cards (a sliced ``values("pk")`` queryset) as {card id:
    (name, slug, search_rules, [Italian face names])}, and {name: count} of each queryset in
    ``counted``, in one query."""
    totals = {
        name: Subquery(cards.order_by().values(n=Func(F("pk"), function="COUNT")))
        for name, cards in counted.items()
    }
    rows = (
        CardFace.objects.filter(card__in=Subquery(first))
        .annotate(**totals)
        .order_by("card__name", "card_id", "position")
        .values_list(
            "card_id", "card__name", "card__slug", "card__search_rules", "name_it", *totals
        )
    )
    faces, counts = {}, dict.fromkeys(counted, 0)
    for card_id, name, slug, search_rules, name_it, *row_counts in rows:
        counts = dict(zip(counted, row_counts, strict=True))
        faces.setdefault(card_id, (name, slug, search_rules, []))[3].append(name_it)
    return faces, counts


def sample_of(faces: dict, count: int, query: str, **about) -> CardSample:
    """The sample of the cards ``read_sample`` found, named in the page's language."""
    url = url_maker("oracle:card-detail")
    links = []
    for name, slug, _search_rules, italian in faces.values():
        shown_name, other = names_for_page(name, joined_name(italian))
        links.append(CardLink(url(slug), shown_name, other))
    links.sort(key=lambda link: fold(link.name))
    search_url = reverse("oracle:card-list") + "?" + urlencode({"q": query})
    return CardSample(count, links, search_url, query, **about)


def linked_to(number: str):
    """The cards linked to rule ``number`` of the current rules or to a rule in it: those
    whose search column lists the number (the same cards as the search ``rule:<number>``,
    which leaves tokens and art-series objects out)."""
    return Card.objects.game_cards().filter(search_rules__contains=f" {number} ")


def cards_using_rule(number: str) -> CardSample:
    """The cards linked to rule ``number`` or to a rule in it. Cards are mostly linked to a
    rule (702.37 Morph) rather than to its subrules: a subrule no card is linked to by itself
    (702.37c) shows the cards of its rule, still in one query."""
    if level_of(number) != RuleSection.Level.SUBRULE:
        sample = card_sample(linked_to(number), f"rule:{number}")
        sample.rule = number
        return sample
    rule = parent_number(number)
    own = f" {number} "
    first = linked_to(rule).order_by(
        Case(When(search_rules__contains=own, then=Value(0)), default=Value(1)),
        Length("search_rules"),
        "search_rules",
        "pk",
    )
    counted = {"total": linked_to(rule), "own": linked_to(number)}
    faces, counts = read_sample(first.values("pk")[:CARDS_SHOWN], counted)
    if counts["own"] or not counts["total"]:
        faces = {pk: face for pk, face in faces.items() if own in face[2]}
        return sample_of(faces, counts["own"], f"rule:{number}", rule=number)
    return sample_of(faces, counts["total"], f"rule:{rule}", rule=rule, instead_of=number)
