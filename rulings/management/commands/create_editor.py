import getpass
import os

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rulings.editorial.editors import EDITORS_GROUP, create_editor

PASSWORD_VARIABLE = "ORACOLO_EDITOR_PASSWORD"


class Command(BaseCommand):
    help = (
        f"Create an editor: a staff account in the “{EDITORS_GROUP}” group, not a superuser. "
        "Editors correct errata, rulings (their statuses included) and the rules cards use in "
        "the admin, and nothing else. The password is asked for twice, or read from the "
        f"{PASSWORD_VARIABLE} environment variable (for scripts; --no-input requires it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", help="The editor's login name.")
        parser.add_argument("--email", default="", help="The editor's email address.")
        parser.add_argument(
            "--no-input",
            action="store_false",
            dest="interactive",
            help=f"Ask nothing: the password comes from {PASSWORD_VARIABLE}.",
        )

    def handle(self, username, email, interactive, **options):
        if get_user_model().objects.filter(username=username).exists():
            raise CommandError(f"A user named “{username}” already exists; nothing was changed.")
        password = os.environ.get(PASSWORD_VARIABLE)
        if password is None:
            if not interactive:
                raise CommandError(f"Set {PASSWORD_VARIABLE} to the password (--no-input).")
            password = self.ask_password()
        try:
            with transaction.atomic():
                create_editor(username, password, email)
        except ValidationError as error:
            raise CommandError("Password refused: " + " ".join(error.messages)) from error
        self.stdout.write(
            self.style.SUCCESS(
                f"Editor “{username}” created: staff, in the “{EDITORS_GROUP}” group, "
                "not a superuser."
            )
        )

    def ask_password(self) -> str:
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            raise CommandError("The two passwords differ; nothing was changed.")
        if not password:
            raise CommandError("An empty password is not allowed; nothing was changed.")
        return password
