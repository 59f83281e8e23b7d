from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OracleConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "oracle"
    verbose_name = _("Oracle cards")

    def ready(self):
        from . import card_data_source, card_markup, data_version, stored_markup
        from .import_lock import answer_sqlite_json_check
        from .search import receivers  # noqa: F401  (keeps the search columns of saved cards filled)

        card_data_source.register()
        card_markup.register()
        data_version.register()
        stored_markup.register()
        answer_sqlite_json_check()
