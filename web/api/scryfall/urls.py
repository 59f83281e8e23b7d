"""The Scryfall-compatible API's URLs, included under ``api/scryfall/`` (no language prefix) in
the ``scryfall-api`` namespace. Scryfall's paths have no trailing slash; any other path under
the prefix is answered with a 404 error object."""

from django.urls import path, re_path

from web.api.scryfall import (
    bulk,
    cards,
    catalogs,
    collection,
    named,
    rulings,
    search,
    sets,
    symbology,
)
from web.api.scryfall.responses import unknown_endpoint

OUTSIDE_IDS = "mtgo|arena|tcgplayer|cardmarket"

urlpatterns = [
    path("", unknown_endpoint, name="root"),
    path("cards/search", search.search, name="card-search"),
    path("cards/named", named.named, name="card-named"),
    path("cards/autocomplete", search.autocomplete, name="card-autocomplete"),
    path("cards/random", search.random_card, name="card-random"),
    path("cards/collection", collection.collection, name="card-collection"),
    path("cards/multiverse/<str:number>", cards.card_by_multiverse_id, name="card-multiverse"),
    path(
        "cards/multiverse/<str:number>/rulings",
        rulings.rulings_by_multiverse_id,
        name="rulings-multiverse",
    ),
    re_path(
        rf"^cards/(?P<kind>{OUTSIDE_IDS})/(?P<number>[^/]+)$",
        cards.card_by_outside_id,
        name="card-outside-id",
    ),
    re_path(
        r"^cards/(?P<kind>mtgo|arena)/(?P<number>[^/]+)/rulings$",
        rulings.rulings_by_outside_id,
        name="rulings-outside-id",
    ),
    path("cards/<str:card_id>", cards.card_by_id, name="card"),
    path("cards/<str:card_id>/rulings", rulings.rulings_by_id, name="rulings"),
    path("cards/<str:code>/<str:number>/rulings", rulings.rulings_by_number, name="rulings-number"),
    path("cards/<str:code>/<str:number>", cards.card_by_number, name="card-number"),
    path("cards/<str:code>/<str:number>/<str:lang>", cards.card_by_number, name="card-number-lang"),
    path("sets", sets.set_list, name="sets"),
    path("sets/<str:key>", sets.set_detail, name="set"),
    path("symbology", symbology.symbol_list, name="symbology"),
    path("symbology/parse-mana", symbology.parse_mana, name="parse-mana"),
    path("catalog/<str:name>", catalogs.catalog, name="catalog"),
    path("bulk-data", bulk.bulk_list, name="bulk-data"),
    path("bulk-data/<str:key>", bulk.bulk_detail, name="bulk-data-item"),
    path("bulk-data/<str:key>/<str:filename>", bulk.bulk_file, name="bulk-data-file"),
    re_path(r"^(?P<rest>.*)$", unknown_endpoint),
]
