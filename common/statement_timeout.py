"""A time limit on each SQL statement a block runs, on both databases: a search that would run
too long is stopped, and its page says so, instead of holding a worker until the server kills
it.

    with statement_timeout(2.5):
        ...  # any statement still running after 2.5 s raises StatementTimeout

- PostgreSQL: ``SET LOCAL statement_timeout`` in a transaction (or a savepoint, inside one) of
  its own, so that the limit ends with the block; a cancelled statement rolls the block back.
- SQLite: a progress handler on the connection, which stops a statement once its time is up
  (each statement gets the whole time: ``execute_wrapper`` starts its clock).

Zero or less means no limit. Other databases run without one.
"""

import time
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, OperationalError, connections, transaction
from django.utils.formats import number_format

# PostgreSQL's code for a statement cancelled (by statement_timeout among others).
QUERY_CANCELED = "57014"
# SQLite calls the progress handler every so many steps of its virtual machine (often enough
# for a limit to be kept closely, rarely enough to cost nothing).
SQLITE_STEPS = 10_000


class StatementTimeout(Exception):
    """A statement ran longer than the limit and was stopped."""

    def __init__(self, seconds: float):
        super().__init__(f"a statement ran longer than {seconds:g} s and was stopped")
        self.seconds = seconds

    @property
    def limit_shown(self) -> str:
        """The limit as the page's language writes it: 3 as "3", 0.5 as "0.5" ("0,5")."""
        seconds = self.seconds
        return number_format(int(seconds) if seconds == int(seconds) else seconds)


@contextmanager
def statement_timeout(seconds: float, using: str = DEFAULT_DB_ALIAS):
    connection = connections[using]
    if seconds <= 0 or connection.vendor not in ("postgresql", "sqlite"):
        yield
        return
    limited = _postgresql if connection.vendor == "postgresql" else _sqlite
    with limited(connection, seconds):
        yield


@contextmanager
def _postgresql(connection, seconds: float):
    nested = connection.in_atomic_block
    milliseconds = max(1, round(seconds * 1000))
    with transaction.atomic(using=connection.alias):
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL statement_timeout = {milliseconds:d}")
        try:
            yield
        except OperationalError as error:
            if getattr(error.__cause__, "sqlstate", None) == QUERY_CANCELED:
                raise StatementTimeout(seconds) from error
            raise
        if nested:  # the savepoint released keeps the setting: the transaction goes on without
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL statement_timeout TO DEFAULT")


@contextmanager
def _sqlite(connection, seconds: float):
    connection.ensure_connection()
    database = connection.connection
    state = {"deadline": time.monotonic() + seconds, "stopped": False}

    def past_time() -> int:
        if time.monotonic() > state["deadline"]:
            state["stopped"] = True
            return 1  # SQLite stops the statement: OperationalError("interrupted")
        return 0

    def each_statement(execute, sql, params, many, context):
        state["deadline"] = time.monotonic() + seconds
        return execute(sql, params, many, context)

    database.set_progress_handler(past_time, SQLITE_STEPS)
    try:
        with connection.execute_wrapper(each_statement):
            yield
    except OperationalError as error:
        if state["stopped"]:
            raise StatementTimeout(seconds) from error
        raise
    finally:
        database.set_progress_handler(None, SQLITE_STEPS)
