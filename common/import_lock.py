"""One import at a time: the lock every command that writes imported data takes.

Two imports at once would fight over the database (on SQLite the second one dies with a raw
"database is locked" well into its work). So each import command takes this lock first: a second one
says that an import is running and stops, exit code 1, before touching anything, or waits for
it with ``--wait``.

- PostgreSQL: a session advisory lock (``pg_try_advisory_lock``), held by the command's
  database session; it protects any number of machines sharing the database and goes away
  with the session if the process dies.
- SQLite: an exclusive ``flock`` on a file beside the database (``db.sqlite3.import-lock``),
  which the system releases when the process ends, however it ends. The file says who holds
  it.

A command that runs other import commands (``update_data``, ``load_bundled_*``) holds the lock
once; the commands it runs find it held by their own thread and go on.

Other commands go on while an import runs. On SQLite, Django's system checks ask whether the
database can store JSON by running a query inside a transaction; the settings begin every
transaction IMMEDIATE (taking the write lock), so while an import writes, that question waited
five seconds, failed with "database is locked", and every command stopped with a misleading
"fields.E180 SQLite does not support JSONFields". The JSON functions are part of SQLite since
3.38, so ``answer_sqlite_json_check`` answers the question without a transaction.
"""

import atexit
import fcntl
import hashlib
import os
import sqlite3
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

# pg_advisory_lock's key: any fixed 64-bit number no other code of this database uses.
ADVISORY_KEY = 7_301_016_2026
WAIT_POLL_SECONDS = 0.5

_held = threading.local()  # how many times this thread holds the lock
_process_lock_files: set[Path] = set()  # lock files of in-memory databases, this process's


# SQLite has the JSON functions built in since this version (before, an optional extension).
SQLITE_JSON_BUILT_IN = (3, 38, 0)


def answer_sqlite_json_check() -> None:
    """Tell each SQLite connection of this thread that it stores JSON, when the library has the
    JSON functions built in, so that the system checks do not ask the database (see above)."""
    if sqlite3.sqlite_version_info < SQLITE_JSON_BUILT_IN:
        return
    for connection in connections.all():
        if connection.vendor == "sqlite":
            connection.features.supports_json_field = True


class ImportRunning(CommandError):
    pass


def lock_path(alias: str = DEFAULT_DB_ALIAS) -> Path:
    """The SQLite lock file: beside the database file, or in the temporary folder for an
    in-memory database (the tests'), which only its own process sees."""
    name = str(connections[alias].settings_dict["NAME"])
    if name and ":memory:" not in name and "mode=memory" not in name:
        return Path(f"{name}.import-lock")
    digest = hashlib.sha256(f"{name} {os.getpid()}".encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"oracolo-{digest}.import-lock"
    if path not in _process_lock_files:
        # No other process can use it: removed when this one ends, not left in the folder.
        _process_lock_files.add(path)
        atexit.register(path.unlink, missing_ok=True)
    return path


@contextmanager
def import_lock(command: str, *, wait: bool = False, alias: str = DEFAULT_DB_ALIAS):
    """Hold the import lock while the block runs; ImportRunning when another process (or
    thread) holds it and ``wait`` is false."""
    depth = getattr(_held, "depth", 0)
    if depth:
        _held.depth = depth + 1
        try:
            yield
        finally:
            _held.depth -= 1
        return
    connection = connections[alias]
    lock = _advisory_lock if connection.vendor == "postgresql" else _file_lock
    with lock(connection, command, wait, alias):
        _held.depth = 1
        try:
            yield
        finally:
            _held.depth = 0


def _running(holder: str) -> ImportRunning:
    return ImportRunning(
        f"An import is already running{holder}; nothing was done. Run this again when it has "
        "finished, or add --wait to wait for it."
    )


@contextmanager
def _advisory_lock(connection, command, wait, alias):
    with connection.cursor() as cursor:
        while True:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [ADVISORY_KEY])
            if cursor.fetchone()[0]:
                break
            if not wait:
                # A bigint key is held as two halves: classid (high), objid (low).
                cursor.execute(
                    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                    "AND classid::bigint * 4294967296 + objid::bigint = %s",
                    [ADVISORY_KEY],
                )
                row = cursor.fetchone()
                raise _running(f" (database session {row[0]})" if row else "")
            time.sleep(WAIT_POLL_SECONDS)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_KEY])


@contextmanager
def _file_lock(connection, command, wait, alias):
    path = lock_path(alias)
    with path.open("a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip()
            raise _running(f" ({holder})" if holder else "") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{command}, process {os.getpid()}, since {time.strftime('%H:%M:%S')}")
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            fcntl.flock(handle, fcntl.LOCK_UN)


def import_running(alias: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether another process (or thread) holds the import lock now; takes nothing."""
    if getattr(_held, "depth", 0):
        return False
    connection = connections[alias]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [ADVISORY_KEY])
            if not cursor.fetchone()[0]:
                return True
            cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_KEY])
            return False
    path = lock_path(alias)
    if not path.exists():
        return False
    with path.open("a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


class ImportCommand(BaseCommand):
    """A command that writes imported data: it runs under the import lock and takes
    ``--wait``."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--wait",
            action="store_true",
            help="If another import is running, wait for it to finish instead of stopping.",
        )
        return parser

    def execute(self, *args, **options):
        name = type(self).__module__.rsplit(".", 1)[-1]
        with import_lock(name, wait=options.get("wait", False)):
            return super().execute(*args, **options)
