from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = _("Rules and rulings")

    def ready(self):
        from . import (
            card_page,
            card_record,
            data_source,
            receivers,  # noqa: F401  (connects the import signal)
            search_terms,
        )
        from .editors import ensure_editors_group

        search_terms.register()
        card_page.register()
        card_record.register()
        data_source.register()

        post_migrate.connect(ensure_editors_group, sender=self, dispatch_uid="rulings.editors")
