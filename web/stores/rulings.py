"""The rules app's stores in ``web.stores.registry`` (``manage.py store_markup``): the rulings'
items, the sections' rule trees and the documents' sections."""

from web.stores.registry import MarkupStore, add_store


def register() -> None:
    from web.pages.documents.page import store_document_sections
    from web.pages.rules.stored_trees import store_rule_trees
    from web.rendering.rulings import store_ruling_markup

    add_store(MarkupStore("rulings", 10, lambda every: store_ruling_markup(stale_only=not every)))
    # Neither tells stale from held: the trees are all made again (seconds), the document
    # sections written where they changed.
    add_store(MarkupStore("section pages", 20, lambda every: store_rule_trees()))
    add_store(MarkupStore("document sections", 30, lambda every: store_document_sections()))
