"""The "editors" group: people who correct errata, rulings and the rules cards use, and nothing
else."""

from django.apps import apps as global_apps
from django.contrib.auth.management import create_permissions

EDITORS_GROUP = "editors"
# (app label, model): the actions editors may take on it.
EDITOR_PERMISSIONS = {
    ("oracle", "erratum"): ("view", "add", "change", "delete"),
    ("rulings", "ruling"): ("view", "add", "change", "delete"),
    ("rulings", "cardrule"): ("view", "add", "change", "delete"),
    # Needed to pick a card, keyword, type, rule or document in the forms, and to read the
    # change history.
    ("oracle", "card"): ("view",),
    ("oracle", "cardface"): ("view",),
    ("oracle", "keyword"): ("view",),
    ("oracle", "cardtype"): ("view",),
    ("rulings", "rulesection"): ("view",),
    ("rulings", "sourcedocument"): ("view",),
    ("oracle", "historicalerratum"): ("view",),
    ("rulings", "historicalruling"): ("view",),
    ("rulings", "historicalcardrule"): ("view",),
}


def ensure_editors_group(app_config, apps=global_apps, using="default", **kwargs):
    """Create or repair the group after every migrate; idempotent."""
    # Permissions are normally made by auth's own post_migrate handler; make sure of them here.
    for label in ("oracle", "rulings"):
        create_permissions(global_apps.get_app_config(label), verbosity=0, using=using, apps=apps)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.using(using).get_or_create(name=EDITORS_GROUP)
    wanted = []
    for (app_label, model), actions in EDITOR_PERMISSIONS.items():
        codenames = [f"{action}_{model}" for action in actions]
        wanted += Permission.objects.using(using).filter(
            content_type__app_label=app_label, codename__in=codenames
        )
    group.permissions.set(wanted)


def create_editor(username: str, password: str, email: str = ""):
    """A staff account in the editors group, without superuser rights: it may do what the group
    allows and nothing else. Raises ValidationError for a password the validators refuse."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.contrib.auth.password_validation import validate_password

    User = get_user_model()
    user = User(username=username, email=email, is_staff=True, is_superuser=False)
    validate_password(password, user)
    user.set_password(password)
    user.save()
    user.groups.add(Group.objects.get(name=EDITORS_GROUP))
    return user
