"""The search form's facets: the words they offer (types, colours, orders) and the long lists
of its selects (sets, keywords, types), read from the database and kept in the cache.

Reading the long lists (``CardFilter.long_options`` keeps them in the cache under the
fingerprint) costs more than the rest of a results page.
The fingerprint (``data_fingerprint``: the data version and the highest ids of the tables the
lists come from, one small query) changes with an import or an admin change, so new sets and
new names show at once.
"""

from django.core.cache import cache
from django.db.models import Count, Exists, Max, OuterRef, Subquery
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.text import fold
from oracle.models import (
    Card,
    CardFace,
    CardSet,
    CardType,
    DataVersion,
    Keyword,
    is_italian_page,
)
from oracle.type_words import italian_type_name
from web import cache_errors

OPTIONS_TTL = 10 * 60  # seconds

# The query language's order:/dir: values, offered as two selects beside the box.
ORDER_CHOICES = [
    ("name", _("Name")),
    ("mv", _("Mana value")),
    ("set", pgettext_lazy("card set", "Set")),
    ("released", _("Release date")),
    ("rarity", _("Rarity")),
    ("power", _("Power")),
    ("toughness", _("Toughness")),
    ("color", _("Colour")),
    ("edhrec", _("EDHREC rank")),
]
DIRECTION_CHOICES = [("asc", _("Ascending")), ("desc", _("Descending"))]
# The one sort menu beside the box: each order both ways ("mv-desc" is order:mv dir:desc).
SORT_CHOICES = [("relevance", _("Relevance"))] + [
    (f"{key}-{direction}", format_lazy("{}, {}", label, words))
    for key, label in ORDER_CHOICES
    for direction, words in (("asc", _("ascending")), ("desc", _("descending")))
]

# Card types and supertypes (Comprehensive Rules 205.2a and 205.4a) offered in the type facet.
# The data also records Un-set jokes ("Eaturecray") as types; those are not offered.
# CardType.name_it wins where the importer filled it; oracle.type_words' names are the fallback.
CARD_TYPES = [
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal",
    "Vanguard",
]  # fmt: skip
SUPERTYPES = ["Basic", "Legendary", "Ongoing", "Snow", "World"]
TYPE_NAMES = {name.lower(): name for name in CARD_TYPES + SUPERTYPES}

COLORLESS = "C"
COLOR_CHOICES = [
    ("W", _("White")),
    ("U", _("Blue")),
    ("B", _("Black")),
    ("R", _("Red")),
    ("G", _("Green")),
    (COLORLESS, _("Colourless")),
]


class ColorMode:
    INCLUDING = "including"
    EXACTLY = "exactly"
    AT_MOST = "at-most"
    CHOICES = [
        (INCLUDING, _("including these")),
        (EXACTLY, _("exactly these")),
        (AT_MOST, _("at most these")),
    ]


def type_label(english: str) -> str:
    """A type facet's value in the page's language (``oracle.type_words``' Italian name)."""
    return italian_type_name(english) if is_italian_page() else english


# --- The long lists, from the database


def data_fingerprint() -> str:
    """The data version (every import and admin change raises it) and the highest ids of the
    tables the lists come from (rows added any other way), in one query of index lookups:
    counting the rows would read the whole card table on PostgreSQL."""
    version = DataVersion.objects.filter(pk=1).values("number")
    highest = [
        Subquery(model.objects.order_by("-pk").values("pk")[:1])
        for model in (CardSet, Keyword, CardType)
    ]
    # The highest card's row, with the rest beside it.
    row = Card.objects.order_by("-pk").values_list(Subquery(version), "pk", *highest).first()
    if row is None:  # no card: the set list shows sets all the same
        highest_set = CardSet.objects.aggregate(highest=Max("pk"))["highest"]
        row = ("no cards", *version.values_list("number", flat=True), highest_set)
    return "-".join(str(value) for value in row)


def cached(kind: str, build, fingerprint: str):
    """``build()``, kept in the cache under ``kind`` and the data's fingerprint."""
    key = f"oracle:search-facets:{kind}:{fingerprint}"
    value = cache_errors.read(cache, key)
    if value is None:
        value = build()
        cache_errors.write(cache, key, value, OPTIONS_TTL)
    return value


def set_choices() -> list[tuple[str, str]]:
    """(code, "name (code)") for every set but the token sets, in the page's language."""
    sets = CardSet.objects.exclude(set_type="token").values_list("code", "name", "name_it")
    italian = is_italian_page()
    return [
        (code, f"{name_it if italian and name_it else name} ({code})")
        for code, name, name_it in sets
    ]


def keyword_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """(kind, [(slug, name)]) for the keywords some card has, by kind (abilities, actions,
    ability words), each sorted by its name in the page's language; empty kinds left out."""
    used = Card.keywords.through.objects.filter(keyword_id=OuterRef("pk"))
    keywords = Keyword.objects.filter(Exists(used)).values_list("slug", "name", "name_it", "kind")
    italian = is_italian_page()
    groups = {kind: [] for kind, _ in Keyword.Kind.choices}
    for slug, name, name_it, kind in keywords:
        groups.setdefault(kind, []).append((slug, name_it if italian and name_it else name))
    return _sorted_groups((label, groups[kind]) for kind, label in Keyword.Kind.choices)


def type_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """("Card types", [...]) and ("Supertypes", [...]): (value, name) for the types of
    TYPE_NAMES some face has, sorted by name in the page's language; an empty group left out."""
    used = CardFace.card_types.through.objects.filter(cardtype_id=OuterRef("pk"))
    types = (
        CardType.objects.filter(
            kind__in=[CardType.Kind.TYPE, CardType.Kind.SUPERTYPE],
            name__in=list(TYPE_NAMES.values()),
        )
        .filter(Exists(used))
        .values_list("kind", "name", "name_it")
    )
    italian = is_italian_page()
    groups = {CardType.Kind.TYPE: [], CardType.Kind.SUPERTYPE: []}
    for kind, name, name_it in types:
        label = (name_it or type_label(name)) if italian else name
        groups[kind].append((name.lower(), label))
    return _sorted_groups(
        [
            (_("Card types"), groups[CardType.Kind.TYPE]),
            (_("Supertypes"), groups[CardType.Kind.SUPERTYPE]),
        ]
    )


def type_sizes() -> dict[str, int]:
    """English type name -> how many faces have it; "" -> how many cards there are."""
    links = CardFace.card_types.through.objects.filter(
        cardtype__kind__in=[CardType.Kind.TYPE, CardType.Kind.SUPERTYPE]
    )
    sizes = dict(
        links.values("cardtype__name").annotate(n=Count("pk")).values_list("cardtype__name", "n")
    )
    return sizes | {"": Card.objects.count()}


def _sorted_groups(groups):
    return [
        (str(label), sorted(choices, key=lambda choice: fold(choice[1])))
        for label, choices in groups
        if choices
    ]
