from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = _("Rules and rulings")

    def ready(self):
        from oracle import data_version

        from . import (
            card_page,
            card_record,
            data_source,
            document_page,  # noqa: F401  (keeps the stored document sections in step)
            receivers,  # noqa: F401  (connects the import signal)
            rule_trees,  # noqa: F401  (keeps the stored rule trees in step)
            search_terms,
            stored_markup,
        )
        from .editors import ensure_editors_group
        from .models import CardRule, RuleMapping, Ruling

        search_terms.register()
        card_page.register()
        card_record.register()
        data_source.register()
        stored_markup.register()
        # Editors' work raises the data version (pages' ETags, the page cache); link_rules
        # deletes computed links in bulk, so those two watch saves only.
        data_version.watch_model(Ruling)
        data_version.watch_model(CardRule, deletions=False)
        data_version.watch_model(RuleMapping, deletions=False)

        post_migrate.connect(ensure_editors_group, sender=self, dispatch_uid="rulings.editors")
