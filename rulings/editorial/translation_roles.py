"""The two translation roles: "translators" propose Italian for the English ruling texts of the
translation memory; "reviewers" may do the same and also approve or send back what others
proposed (``rulings.translations.review``). Only an approved translation is public.

Like the "editors" group (``rulings.editorial.editors``), both groups are made and repaired
after every migrate."""

from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions

TRANSLATORS_GROUP = "translators"
REVIEWERS_GROUP = "reviewers"
APPROVE_PERMISSION = "rulings.approve_rulingtranslation"

# (app label, model): the actions a translator may take on it. RulingText is written by
# imports only: translators read it (and open its page in the translators' queue).
TRANSLATOR_PERMISSIONS = {
    ("rulings", "rulingtranslation"): ("view", "add", "change"),
    ("rulings", "rulingtext"): ("view", "change"),
    ("rulings", "historicalrulingtranslation"): ("view",),
    # The cards, keywords and types a text serves or names, and the rulings that have it.
    ("rulings", "ruling"): ("view",),
    ("oracle", "card"): ("view",),
    ("oracle", "keyword"): ("view",),
    ("oracle", "cardtype"): ("view",),
}
REVIEWER_EXTRA = {("rulings", "rulingtranslation"): ("approve",)}


def permissions_of(wanted: dict, using: str, Permission):
    found = []
    for (app_label, model), actions in wanted.items():
        codenames = [f"{action}_{model}" for action in actions]
        found += Permission.objects.using(using).filter(
            content_type__app_label=app_label, codename__in=codenames
        )
    return found


def ensure_translation_groups(app_config, apps=global_apps, using="default", **kwargs):
    """Create or repair both groups after every migrate; idempotent."""
    for label in ("oracle", "rulings"):
        create_permissions(global_apps.get_app_config(label), verbosity=0, using=using, apps=apps)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    translators, _ = Group.objects.using(using).get_or_create(name=TRANSLATORS_GROUP)
    translators.permissions.set(permissions_of(TRANSLATOR_PERMISSIONS, using, Permission))
    reviewers, _ = Group.objects.using(using).get_or_create(name=REVIEWERS_GROUP)
    reviewer_permissions = {**TRANSLATOR_PERMISSIONS}
    for key, actions in REVIEWER_EXTRA.items():
        reviewer_permissions[key] = (*reviewer_permissions.get(key, ()), *actions)
    reviewers.permissions.set(permissions_of(reviewer_permissions, using, Permission))
