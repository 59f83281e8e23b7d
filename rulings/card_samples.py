"""A few of the cards a page speaks of, with their count and the search that finds them all."""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.db.models import F, Func, Subquery
from django.db.models.functions import Length
from django.urls import reverse

from oracle.links import url_maker
from oracle.models import Card, CardFace, joined_name, names_for_page
from oracle.text import fold

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
