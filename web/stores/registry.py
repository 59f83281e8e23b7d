"""Every kind of markup stored rendered, so that one command brings all of it up to date
(``manage.py store_markup``, after migrating to a new release or on a database written before a
store existed).

Each store is kept in step by the imports and the admin by itself, and a page renders live what
its store no longer holds; this is for an operator who wants every page fast again at once.
An app adds its own stores from ``AppConfig.ready()``::

    from web.stores.registry import MarkupStore, add_store

    add_store(MarkupStore("rulings", position=10, store=lambda every: store_rulings(every)))

``store(every)`` stores what no longer holds or was never made (everything with ``every``) and
says how many items it stored.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MarkupStore:
    name: str  # what its items are, for the command's report: "rulings"
    position: int  # its turn: a store may render what an earlier one stored
    store: Callable[[bool], int]


STORES: dict[str, MarkupStore] = {}


def add_store(store: MarkupStore) -> None:
    STORES[store.name] = store


def stores() -> list[MarkupStore]:
    return sorted(STORES.values(), key=lambda store: store.position)
