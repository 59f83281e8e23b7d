from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SearchConfig(AppConfig):
    """The query language. An app only so that its receivers are always connected."""

    name = "oracle.search"
    label = "oracle_search"
    verbose_name = _("Card search")

    def ready(self):
        from . import receivers  # noqa: F401  (keeps the search columns of saved cards filled)
