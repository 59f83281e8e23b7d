from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OracleConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "oracle"
    verbose_name = _("Oracle cards")

    def ready(self):
        from common.import_lock import answer_sqlite_json_check
        from oracle import data_version
        from oracle.search import receivers  # noqa: F401  (keeps the search columns of saved cards filled)

        data_version.register()
        answer_sqlite_json_check()
