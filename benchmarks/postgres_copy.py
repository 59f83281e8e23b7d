"""Copy a SQLite database of Oracolo into the PostgreSQL database Django is set up with.

The page benchmark times PostgreSQL on the same data as SQLite. Importing the full catalogue,
the rules and the documents again into PostgreSQL takes many minutes; ``dumpdata``/``loaddata``
go through the ORM row by row. This copies each table's rows with PostgreSQL's ``COPY``
instead (about half a million rows in well under a minute): ``migrate`` first makes the schema
(the same migrations, so the same columns), every table the migrations made is emptied, then
filled from the SQLite table of the same name, and the id sequences are moved past the copied
ids. Values go over as SQLite stores them (0/1 booleans, hex UUIDs, ISO dates, JSON text),
which PostgreSQL reads as the column's type.
"""

import io
import sqlite3
import time
from pathlib import Path


def copy_sqlite_to_postgres(sqlite_file: Path) -> None:
    from django.apps import apps
    from django.core.management import call_command
    from django.core.management.color import no_style
    from django.db import connection, transaction

    if connection.vendor != "postgresql":
        raise SystemExit("--copy-from needs DATABASE_URL to be a PostgreSQL database")
    started = time.perf_counter()
    call_command("migrate", verbosity=0, stdout=io.StringIO())
    source = sqlite3.connect(f"file:{Path(sqlite_file).resolve()}?mode=ro", uri=True)
    source_tables = {
        name for (name,) in source.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    models = list(apps.get_models(include_auto_created=True))
    tables = sorted(
        {model._meta.db_table for model in models} & set(connection.introspection.table_names())
    )
    rows = 0
    with transaction.atomic(), connection.cursor() as cursor:
        quoted = ", ".join(connection.ops.quote_name(table) for table in tables)
        cursor.execute(f"TRUNCATE {quoted} CASCADE")
        raw = cursor.cursor  # psycopg's own cursor, for COPY
        for table in tables:
            if table not in source_tables:
                continue
            source_columns = {row[1] for row in source.execute(f'PRAGMA table_info("{table}")')}
            columns = [
                column.name
                for column in connection.introspection.get_table_description(cursor, table)
                if column.name in source_columns
            ]
            names = ", ".join(connection.ops.quote_name(column) for column in columns)
            select = ", ".join(f'"{column}"' for column in columns)
            with raw.copy(f"COPY {connection.ops.quote_name(table)} ({names}) FROM STDIN") as copy:
                for row in source.execute(f'SELECT {select} FROM "{table}"'):
                    copy.write_row(row)
                    rows += 1
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    # As autovacuum leaves a database soon after an import: statistics for the planner, and the
    # visibility map that lets a count read an index alone.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    source.close()
    print(
        f"Copied {rows:,} rows of {len(tables)} tables from {sqlite_file} into PostgreSQL "
        f"in {time.perf_counter() - started:.0f} s"
    )
