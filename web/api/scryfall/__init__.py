"""A Scryfall-compatible API under ``/api/scryfall/``: Scryfall's paths, parameters, objects and
field names, answered from Oracolo's data, so that a Scryfall client works against Oracolo by
changing its base URL to ``http://HOST/api/scryfall``. Italian printings are cards of their
own, with ``lang: "it"`` and Scryfall's ``printed_name``, ``printed_type_line`` and
``printed_text``. docs/scryfall-api.md lists the endpoints and what is left out.

- ``responses``: JSON answers, error objects, CORS, the method guard;
- ``identities``: the ids Oracolo gives what Scryfall names and the data does not (Italian
  printings, sets) and the absolute URLs of the API;
- ``printings``: reading printings with everything a card object shows, and choosing a
  card's printing; ``card_objects``: the card object; ``other_objects``: sets, rulings;
- views: ``cards`` (one card), ``named`` (by name), ``search`` (search, autocomplete,
  random), ``collection``, ``rulings``, ``sets``, ``symbology``, ``catalogs``, ``bulk``;
- ``bulk_files``: the bulk data files a command writes after an import;
- ``urls``: the URLconf.
"""
