"""``order:`` and ``dir:``: the order_by() of a query."""

from django.db.models import (
    BooleanField,
    Case,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Greatest, Length, StrIndex, Substr

from oracle.models import COLOR_ORDER, CardFace, is_italian_page
from oracle.search.conditions.numbers import CARD_NUMBER_COLUMNS

ORDER_ALIASES = {
    "name": "name", "nome": "name",
    "mv": "mv", "cmc": "mv", "vm": "mv", "manavalue": "mv",
    "set": "set", "s": "set", "e": "set", "espansione": "set",
    "released": "released", "release": "released", "date": "released", "data": "released",
    "uscita": "released", "year": "released", "anno": "released",
    "rarity": "rarity", "r": "rarity", "rarita": "rarity",
    "power": "power", "pow": "power", "forza": "power",
    "toughness": "toughness", "tou": "toughness", "costituzione": "toughness",
    "color": "color", "colour": "color", "c": "color", "colore": "color", "colori": "color",
    "artist": "artist", "a": "artist", "artista": "artist", "illustratore": "artist",
    "edhrec": "edhrec", "edhrecrank": "edhrec",
    "relevance": "relevance", "rilevanza": "relevance", "pertinenza": "relevance",
}  # fmt: skip
DIR_ALIASES = {
    "asc": "asc", "ascending": "asc", "cresc": "asc", "crescente": "asc",
    "desc": "desc", "descending": "desc", "decr": "desc", "decrescente": "desc",
}  # fmt: skip


def name_key() -> F:
    """The name the page shows, as it files: the Italian name's sort key on an Italian page
    (``CardSearch.sort_name_it``: "Àncora" with the A's, "L'Angelo" before "La Bestia"), else the
    English name's; the API orders by it when asked in Italian."""
    return F("sort_name_it") if is_italian_page() else F("sort_name")


def ordering(order: str, direction: str) -> list:
    """order_by() expressions for ``order:`` and ``dir:``; the name the page shows, then the
    Oracle name and the id, break ties."""
    descending = direction == "desc"

    def directed(expression, nullable=False):
        if nullable:  # cards without a dated printing come last either way
            return (
                expression.desc(nulls_last=True) if descending else expression.asc(nulls_last=True)
            )
        # Plain ASC/DESC, which an index on the column can give without sorting.
        return expression.desc() if descending else expression.asc()

    return [
        *_order_keys(order, directed),
        directed(name_key()),
        directed(F("name")),
        directed(F("pk")),
    ]


def _order_keys(order: str, directed) -> list:
    """The keys of ``order`` before the tie-breakers (each order's expressions are built only
    when asked for: a results page sorted by name builds none of the others)."""
    if order in ("name", "relevance"):  # the rank of relevance comes from the query's words
        return []
    if order == "mv":
        return [directed(F("mana_value"))]
    if order == "set":
        # search_printings starts with the oldest printing: " fut:rare:2007-05-04 ...".
        first_set = Substr(
            "search_printings", 2, Greatest(StrIndex("search_printings", Value(":")) - 2, Value(0))
        )
        return [directed(first_set)]
    if order == "released":
        return [directed(F("first_released"), nullable=True)]
    if order == "rarity":
        return [directed(F("rarity_rank"))]
    if order in ("power", "toughness"):
        return [directed(front_face(f"{order}_value"), nullable=True)]
    if order in CARD_NUMBER_COLUMNS:
        return [directed(F(CARD_NUMBER_COLUMNS[order]), nullable=True)]
    if order == "color":
        return [directed(color_rank()), directed(F("colors"))]
    if order == "artist":
        # search_artists starts with the oldest printing's artist: "\njohn avon\n...".
        first_artist = Substr(
            "search_artists",
            2,
            Greatest(StrIndex(Substr("search_artists", 2), Value("\n")) - 1, Value(0)),
        )
        # Cards without an artist (known from a document only) come last either way.
        return [
            ExpressionWrapper(Q(search_artists=""), output_field=BooleanField()).asc(),
            directed(first_artist),
        ]
    raise KeyError(order)


def front_face(column: str) -> Subquery:
    """A number of the card's front face (``order:power``: cards without one come last)."""
    faces = CardFace.objects.filter(card_id=OuterRef("pk"), position=0)
    return Subquery(faces.values(column)[:1])


def color_rank() -> Case:
    """White, blue, black, red, green, then multicoloured (two colours before three, ...),
    then colourless, as Scryfall's ``order:color``."""
    return Case(
        *(When(colors=letter, then=Value(rank)) for rank, letter in enumerate(COLOR_ORDER)),
        When(colors="", then=Value(10)),
        default=Value(len(COLOR_ORDER)) + Length("colors"),
    )
