"""The decklist pages (``web.views.decks``) and API (``web.api.decks``): the form, what a
checked list shows (``listing``) and the judge's sheet (``sheet``). Reading, resolving and
checking a list is oracle's (``oracle.decks``)."""
