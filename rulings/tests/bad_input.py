"""Running an import command as ``manage.py`` does, for the bad-input tests: its exit code, what
it printed, and a fingerprint of the database to tell that nothing was written."""

import contextlib
import functools
from dataclasses import dataclass
from importlib import import_module
from io import StringIO
from unittest import mock

from django.core.management import get_commands
from django.db import connection, connections

from web.testing import project_tables


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str


def run_command(name: str, *argv: str) -> Outcome:
    """Run command ``name`` with command-line arguments ``argv`` through ``run_from_argv``, the
    path ``manage.py`` takes: a CommandError becomes a message on stderr and its exit code, a
    bad option argparse's exit code 2. Any other exception propagates: the traceback a user
    would see. The connection is kept open (``run_from_argv`` closes it when done), so the
    test's transaction goes on."""
    out, err = StringIO(), StringIO()
    module = import_module(f"{get_commands()[name]}.management.commands.{name}")
    command = module.Command(stdout=out, stderr=err)
    code = 0
    with (
        mock.patch.object(connections, "close_all"),
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(out),
    ):
        try:
            command.run_from_argv(["manage.py", name, *argv])
        except SystemExit as exit:
            code = exit.code
    return Outcome(code, out.getvalue(), err.getvalue())


def database_fingerprint() -> dict[str, tuple[int, int]]:
    """(row count, highest id) of every table of the project's models, in one query."""
    tables, sql = _fingerprint_query()
    with connection.cursor() as cursor:
        cursor.execute(sql)
        row = cursor.fetchone()
    return {table: (row[2 * i], row[2 * i + 1] or 0) for i, table in enumerate(tables)}


@functools.cache
def _fingerprint_query() -> tuple[list[str], str]:
    tables = project_tables(connection)
    quote = connection.ops.quote_name
    parts = []
    with connection.cursor() as cursor:
        for table in tables:
            columns = {
                column.name
                for column in connection.introspection.get_table_description(cursor, table)
            }
            highest = f"(SELECT MAX(id) FROM {quote(table)})" if "id" in columns else "0"
            parts.append(f"(SELECT COUNT(*) FROM {quote(table)}), {highest}")
    return tables, "SELECT " + ", ".join(parts)
