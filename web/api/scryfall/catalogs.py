"""``/catalog/:name``: Scryfall's catalogs, from the card data and the Comprehensive Rules.

The lists of types come from the rules in force (205.2a the card types, 205.3g-205.3q the
subtypes of each kind, 205.4a the supertypes), which name every type of the game, not only
those the data's cards happen to have. The others come from the card data: names of cards
(with a printing, no tokens), artists, words of card names, powers, toughnesses, loyalties,
watermarks, and the keywords by kind.
"""

import re

from django.utils.translation import gettext as _

from oracle.models import CardFace, CardSearch, Keyword, Printing, searched_kinds
from rulings.models import RuleSection, RulesEdition
from web.api.scryfall.identities import Addresses
from web.api.scryfall.printings import with_printings
from web.api.scryfall.responses import answer, api_view, not_found

# Catalog -> (rule number, the words before the list) in the Comprehensive Rules.
RULE_LISTS = {
    "card-types": ("205.2a", "The card types are "),
    "artifact-types": ("205.3g", "The artifact types are "),
    "enchantment-types": ("205.3h", "The enchantment types are "),
    "land-types": ("205.3i", "The land types are "),
    "planeswalker-types": ("205.3j", "The planeswalker types are "),
    "spell-types": ("205.3k", "The spell types are "),
    "creature-types": ("205.3m", "creature types are one word long: "),
    "battle-types": ("205.3q", "That battle type is "),
    "supertypes": ("205.4a", "The supertypes are "),
}
SEE_RULE = re.compile(r"\s*\((?:see|See) [^)]*\)")
KEYWORD_KINDS = {
    "keyword-abilities": Keyword.Kind.ABILITY,
    "keyword-actions": Keyword.Kind.ACTION,
    "ability-words": Keyword.Kind.ABILITY_WORD,
}
FACE_NUMBERS = {"powers": "power", "toughnesses": "toughness", "loyalties": "loyalty"}
NAME_WORD = re.compile(r"[^\s,:!?\"]+")


def rule_list(number: str, opening: str) -> list[str]:
    """The names a rule lists after ``opening`` ("Attraction, Blood, ..., and Treasure.")."""
    edition = RulesEdition.objects.official().in_force()
    text = (
        RuleSection.objects.filter(edition=edition, number=number)
        .values_list("text", flat=True)
        .first()
        if edition
        else None
    )
    if not text or opening not in text:
        return []
    listed = SEE_RULE.sub("", text.split(opening, 1)[1]).split(".")[0]
    names = re.split(r",\s*(?:and\s+)?|\s+and\s+", listed)
    extra = ["Time Lord"] if number == "205.3m" else []
    names = [name.strip() for name in names if name.strip()] + extra
    if number in ("205.2a", "205.4a"):
        names = [name.capitalize() for name in names]
    return sorted(set(names))


def data_list(name: str) -> list[str]:
    if name == "card-names":
        cards = with_printings(CardSearch.objects.filter(searched_kinds()))
        return sorted(set(cards.values_list("name", flat=True)))
    if name == "artist-names":
        artists = Printing.objects.exclude(artist="").values_list("artist", flat=True)
        return sorted({part.strip() for value in artists for part in value.split("&")})
    if name == "word-bank":
        names = with_printings(CardSearch.objects.filter(searched_kinds())).values_list(
            "name", flat=True
        )
        return sorted({word for value in names for word in NAME_WORD.findall(value)} - {"//"})
    if name in KEYWORD_KINDS:
        keywords = Keyword.objects.filter(kind=KEYWORD_KINDS[name])
        return sorted(set(keywords.values_list("name", flat=True)))
    if name in FACE_NUMBERS:
        field = FACE_NUMBERS[name]
        values = CardFace.objects.exclude(**{field: ""}).values_list(field, flat=True)
        return sorted(set(values), key=_number_order)
    if name == "watermarks":
        marks = Printing.objects.exclude(watermark="").values_list("watermark", flat=True)
        return sorted(set(marks))
    return None


def _number_order(value: str):
    try:
        return (0, float(value), value)
    except ValueError:
        return (1, 0.0, value)


@api_view("GET")
def catalog(request, name):
    values = rule_list(*RULE_LISTS[name]) if name in RULE_LISTS else data_list(name)
    if values is None:
        return not_found(_("There is no catalog named “%(name)s”.") % {"name": name})
    return answer(
        {
            "object": "catalog",
            "uri": Addresses.from_request(request).api(f"catalog/{name}"),
            "total_values": len(values),
            "data": values,
        }
    )
