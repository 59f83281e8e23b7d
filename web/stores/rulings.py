"""The rules app's store in ``web.stores.registry`` (``manage.py store_markup``): the sections'
rule trees, before oracle's set rows and card pages."""

from web.stores.registry import MarkupStore, add_store


def register() -> None:
    from web.pages.rules.stored_trees import store_rule_trees

    # It does not tell stale from held: the trees are all made again (seconds).
    add_store(MarkupStore("section pages", 20, lambda every: store_rule_trees()))
