"""The few worked searches shown where a search starts (the home page, an empty results
page), in English and Italian; the help page has many more (``web.pages.search.help``)."""

from django.utils.translation import gettext_lazy as _

# Queries shown where a search starts (the home page, an empty results page): English, Italian.
SEARCH_EXAMPLES = [
    (
        "t:creature k:flying s:fut",
        "t:creatura k:volare s:fut",
        _("Creatures with flying from Future Sight"),
    ),
    (
        't:instant o:"draw a card" mv<=3',
        't:istantaneo testo:"pesca una carta" mv<=3',
        _("Instants that draw a card, mana value 3 or less"),
    ),
    ("k:morph c:g", "k:metamorfosi c:verde", _("Green cards with morph")),
    (
        "t:legendary -t:creature",
        "t:leggendario -t:creatura",
        _("Legendary cards that are not creatures"),
    ),
    (
        "is:futureshifted order:mv",
        "is:futureshifted order:mv",
        _("Futureshifted cards, cheapest first"),
    ),
    ('!"Tarox Bladewing"', '!"Tarox Bladewing"', _("One card by its exact name")),
]
