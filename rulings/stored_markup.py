"""The rules app's stores in ``oracle.stored_markup`` (``manage.py store_markup``): the rulings'
items, the sections' rule trees and the documents' sections, before oracle's set rows and card
pages."""

from oracle.stored_markup import MarkupStore, add_store


def register() -> None:
    from .document_page import store_document_sections
    from .rule_trees import store_rule_trees
    from .ruling_markup import store_ruling_markup

    add_store(MarkupStore("rulings", 10, lambda every: store_ruling_markup(stale_only=not every)))
    # Neither tells stale from held: the trees are all made again (seconds), the document
    # sections written where they changed.
    add_store(MarkupStore("section pages", 20, lambda every: store_rule_trees()))
    add_store(MarkupStore("document sections", 30, lambda every: store_document_sections()))
