from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = _("Rules and rulings")

    def ready(self):
        from oracle import data_version
        from rulings import receivers  # noqa: F401  (connects the card import's signal)
        from rulings.editorial.editors import ensure_editors_group
        from rulings.editorial.translation_roles import ensure_translation_groups
        from rulings.models import CardRule, RuleMapping, Ruling, RulingTranslation

        # Editors' work raises the data version (pages' ETags, the page cache); link_rules
        # deletes computed links in bulk, so those two watch saves only.
        data_version.watch_model(Ruling)
        data_version.watch_model(RulingTranslation)  # an approved one shows on card pages
        data_version.watch_model(CardRule, deletions=False)
        data_version.watch_model(RuleMapping, deletions=False)

        post_migrate.connect(
            ensure_editors_group, sender=self, dispatch_uid="rulings.editorial.editors"
        )
        post_migrate.connect(
            ensure_translation_groups,
            sender=self,
            dispatch_uid="rulings.editorial.translation_roles",
        )
