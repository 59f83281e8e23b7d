"""Django's SQLite backend, except that it never creates the project's own database file
(``db.sqlite3`` beside the code, used when ``DATABASE_URL`` is not set) by accident.

SQLite creates a missing file on first use. A command run in a shell without the instances'
environment (no ``DATABASE_URL``) would open a new, empty ``db.sqlite3`` beside the code and
fail later with "no such table", or a server would start on it. So only the commands that
create and fill a database (``prepare_data``, ``migrate``, but not their ``--check``; ``test``
works in memory) may create the file; any other stops when it first opens the database, saying
why and what to do.
"""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

CREATING_COMMANDS = ("prepare_data", "migrate", "test")


def creating() -> bool:
    """Whether this process runs a command that creates the database (not just its --check)."""
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    return command in CREATING_COMMANDS and "--check" not in sys.argv


class MissingDatabase(CommandError, OperationalError):
    """A CommandError, so that a command says it in one line; an OperationalError, so that
    what tolerates a database it cannot reach (``makemigrations --check``) goes on without."""


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        path = Path(conn_params["database"])
        if path == Path(settings.BASE_DIR) / "db.sqlite3" and not path.exists() and not creating():
            raise MissingDatabase(
                f"{path} does not exist (and DATABASE_URL is not set). Beside "
                "running instances, set DATABASE_URL (and the rest of their environment) as "
                "they have it; on a new machine, run `make prepare` (or `make run`) first, "
                "which creates the database and loads the bundled data."
            )
        return super().get_new_connection(conn_params)
