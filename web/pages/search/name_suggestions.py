"""What the search page offers when a search by name finds nothing: the closest names, each
with a link to its card, or, when no name is close, that the name is not in the data and how
many sets the data holds.

    suggestions = name_suggestions(query)   # None when the query is more than a name
    suggestions.searched                    # "angelo eminnte"
    suggestions.close                       # [Suggestion("Angelo Eminente", "Exalted Angel",
                                            #   "/it/cards/exalted-angel/")]
    suggestions.set_count                   # when nothing is close: the sets loaded
"""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from common.links import url_maker
from oracle.models import Card, CardSet, joined_name
from oracle.search.close_names import close_names, searched_name
from oracle.search.tokens import quote
from web.pages.lists.rows import faces_by_card


@dataclass(frozen=True)
class Suggestion:
    name: str  # the name that was close, in its own language
    other_name: str  # the card's name in the other language, "" when the same or unknown
    url: str  # the card, or the cards that share the name


@dataclass(frozen=True)
class NameSuggestions:
    searched: str
    close: list[Suggestion]
    set_count: int = 0


def name_suggestions(query) -> NameSuggestions | None:
    searched = searched_name(query)
    if not searched:
        return None
    close = close_names(searched)
    if not close:
        return NameSuggestions(searched, [], CardSet.objects.count())
    card_ids = {card_id for found in close for card_id in found.card_ids}
    cards = {pk: (name, slug) for pk, name, slug in _cards(card_ids)}
    faces = faces_by_card(card_ids)
    card_url = url_maker("cards:card-detail")
    suggestions = []
    for found in close:
        if len(found.card_ids) == 1:
            (card_id,) = found.card_ids
            english, slug = cards[card_id]
            italian = joined_name(name_it for name_it, *_ in faces[card_id])
            other = english if found.name != english else italian
            url = card_url(slug)
        else:
            other = ""
            url = f"{reverse('cards:card-list')}?{urlencode({'q': f'!{quote(found.name)}'})}"
        suggestions.append(Suggestion(found.name, other if other != found.name else "", url))
    return NameSuggestions(searched, suggestions)


def _cards(card_ids):
    return Card.objects.filter(pk__in=card_ids).values_list("pk", "name", "slug")
