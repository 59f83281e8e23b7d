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

``prepare_data`` (the migrations and the first data load, before instances start) takes a
second lock of the same two kinds first (``prepare_lock``: another advisory key, the file
``db.sqlite3.prepare-lock``), which every other ``prepare_data`` waits on, saying so, for a
limited time.

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
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections

# pg_advisory_lock's key: any fixed 64-bit number no other code of this database uses.
ADVISORY_KEY = 7_301_016_2026
PREPARE_ADVISORY_KEY = ADVISORY_KEY + 1  # prepare_data's (migrations and the first data load)
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


class LockTimeout(CommandError):
    pass


def lock_path(alias: str = DEFAULT_DB_ALIAS, suffix: str = ".import-lock") -> Path:
    """The SQLite lock file: beside the database file, or in the temporary folder for an
    in-memory database (the tests'), which only its own process sees."""
    name = str(connections[alias].settings_dict["NAME"])
    if name and ":memory:" not in name and "mode=memory" not in name:
        return Path(f"{name}{suffix}")
    digest = hashlib.sha256(f"{name} {os.getpid()}".encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"oracolo-{digest}{suffix}"
    if path not in _process_lock_files:
        # No other process can use it: removed when this one ends, not left in the folder.
        _process_lock_files.add(path)
        atexit.register(path.unlink, missing_ok=True)
    return path


@contextmanager
def import_lock(
    command: str,
    *,
    wait: bool = False,
    timeout: float | None = None,
    waiting: Callable[[str], None] | None = None,
    alias: str = DEFAULT_DB_ALIAS,
):
    """Hold the import lock while the block runs; ImportRunning when another process (or
    thread) holds it and ``wait`` is false. Waiting, ``waiting`` is told who holds it, once, and
    LockTimeout ends the wait after ``timeout`` seconds (none: no end)."""
    depth = getattr(_held, "depth", 0)
    if depth:
        _held.depth = depth + 1
        try:
            yield
        finally:
            _held.depth -= 1
        return
    lock = _Lock(IMPORT, command, wait, timeout, waiting)
    with lock.held(connections[alias], alias):
        _held.depth = 1
        try:
            yield
        finally:
            _held.depth = 0


@contextmanager
def prepare_lock(
    command: str,
    *,
    timeout: float | None,
    waiting: Callable[[str], None] | None = None,
    alias: str = DEFAULT_DB_ALIAS,
):
    """Hold the lock of the database's preparation (its migrations and first data load) while
    the block runs: another process asking for it waits, telling ``waiting`` once, for
    ``timeout`` seconds at most (then LockTimeout). It needs no table, so it protects the
    migrations of an empty database too."""
    with _Lock(PREPARE, command, True, timeout, waiting).held(connections[alias], alias):
        yield


class _Kind(NamedTuple):
    advisory_key: int
    file_suffix: str
    running: str  # "An import is running"
    ended_by: str  # "it has finished"


IMPORT = _Kind(ADVISORY_KEY, ".import-lock", "An import is running", "it has finished")
PREPARE = _Kind(
    PREPARE_ADVISORY_KEY, ".prepare-lock", "Another process is preparing the database", "it is done"
)


class _Lock:
    """One attempt at a lock of ``kind``: at once, or waiting (see ``import_lock``)."""

    def __init__(self, kind: _Kind, command, wait, timeout, waiting):
        self.kind, self.command = kind, command
        self.wait, self.timeout, self.waiting = wait, timeout, waiting

    def _take(self, try_once, holder) -> None:
        started = time.monotonic()
        told = False
        while not try_once():
            if not self.wait:
                raise _running(holder())
            if self.timeout is not None and time.monotonic() - started >= self.timeout:
                raise LockTimeout(
                    f"{self.kind.running}{holder()}: waited {self.timeout:g} seconds for it, "
                    "in vain; nothing was done. Run this again when "
                    f"{self.kind.ended_by}, or with a longer --timeout."
                )
            if self.waiting and not told:
                self.waiting(f"{self.kind.running}{holder()}: waiting until {self.kind.ended_by}…")
                told = True
            time.sleep(WAIT_POLL_SECONDS)

    @contextmanager
    def held(self, connection, alias):
        if connection.vendor == "postgresql":
            with self._advisory(connection):
                yield
        else:
            with self._file(lock_path(alias, self.kind.file_suffix)):
                yield

    @contextmanager
    def _advisory(self, connection):
        key = self.kind.advisory_key
        with connection.cursor() as cursor:

            def try_once():
                cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
                return cursor.fetchone()[0]

            def holder():
                # A bigint key is held as two halves: classid (high), objid (low).
                cursor.execute(
                    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                    "AND classid::bigint * 4294967296 + objid::bigint = %s",
                    [key],
                )
                row = cursor.fetchone()
                return f" (database session {row[0]})" if row else ""

            self._take(try_once, holder)
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])

    @contextmanager
    def _file(self, path: Path):
        with path.open("a+") as handle:

            def try_once():
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    return False
                return True

            def holder():
                handle.seek(0)
                text = handle.read().strip()
                return f" ({text})" if text else ""

            self._take(try_once, holder)
            handle.seek(0)
            handle.truncate()
            handle.write(
                f"{self.command}, process {os.getpid()}, since {time.strftime('%H:%M:%S')}"
            )
            handle.flush()
            try:
                yield
            finally:
                handle.seek(0)
                handle.truncate()
                fcntl.flock(handle, fcntl.LOCK_UN)


def _running(holder: str) -> ImportRunning:
    return ImportRunning(
        f"An import is already running{holder}; nothing was done. Run this again when it has "
        "finished, or add --wait to wait for it."
    )


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
