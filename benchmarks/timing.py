"""What the benchmark scripts share: starting Django as production runs it, and timing pages.

Every script runs from the repository root as ``benchmarks/NAME.py``, so this module is
importable beside them. ``start_django()`` is the one start-up: the database (a SQLite file, or
``DATABASE_URL`` as it is, e.g. PostgreSQL from ``scripts/with-postgres``), production settings
(``DEBUG=0``: no SQL log, cached templates) with plain static storage, so that no collectstatic
manifest is needed (static files are not timed), and any host allowed for the test client.

``measure()`` times one page the way every table here is made: one request to warm up (which
checks its status), one to count its SQL queries, then ``repeat`` timed requests; ``report()``
prints one line per kind of page with the three slowest pages.

CPU time is the serving thread's, and on PostgreSQL also the server's: the CPU time of the
backend process that serves Django's connection, read from ``/proc/<pg_backend_pid()>`` when the
server runs on this machine (``ServerClock``). On SQLite the database works inside the thread,
so the thread's time holds it already; on a PostgreSQL server elsewhere (or a ``/proc`` that
cannot be read) only the thread's is counted, and ``ServerClock.describe()`` says so. The
backend's parallel workers, which a page's small queries do not start, are not counted.
"""

import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HEADER = f"{'page':28} {'pages':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'queries':>8}"


def database_environment(database: Path | None) -> dict:
    """The environment variables that point Django at ``database`` (a SQLite file) with
    production settings; without ``database``, ``DATABASE_URL`` (or db.sqlite3) stays. The test
    client speaks plain HTTP with no TLS proxy in front, so the redirect to HTTPS is off: the
    pages are timed, not the redirect."""
    env = {
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "benchmark-only"),
        "SECURE_SSL_REDIRECT": "0",
    }
    if database is not None:
        env["DATABASE_URL"] = f"sqlite:///{Path(database).resolve()}"
    return env


def start_django(
    database: Path | None = None, persistent_connections: bool = False, must_exist: bool = True
):
    """Set up Django for in-process timing (see the module's docstring). With
    ``persistent_connections``, one database connection serves every request, as a production
    server keeps them (``CONN_MAX_AGE``): opening one per request costs a few milliseconds on
    PostgreSQL, which is not the page's cost. ``must_exist=False`` for a file the caller is
    about to build."""
    if must_exist and database is not None and not Path(database).exists():
        sys.exit(f"{database} does not exist")
    os.environ.update(database_environment(database))
    if persistent_connections:
        os.environ["CONN_MAX_AGE"] = "600"
    # Pages are timed as rendered; bench_pages.py --warm turns the page cache on itself.
    os.environ["PAGE_CACHE_SECONDS"] = "0"
    # Every request comes from one client here: with the search rate limits on, all but the
    # first 60 searches of a minute would be timed as 429 refusals instead of searches.
    os.environ["SEARCH_RATE_LIMIT"] = "0"
    os.environ["AUTOCOMPLETE_RATE_LIMIT"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # WhiteNoise warns about a missing STATIC_ROOT; an empty one is enough.
    os.environ["STATIC_ROOT"] = tempfile.mkdtemp(prefix="oracolo-bench-static-")

    import django

    django.setup()
    from django.conf import settings

    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )


class ServerClock:
    """The CPU time of the local PostgreSQL backend serving Django's connection, in
    milliseconds: nanoseconds from ``/proc/PID/schedstat``, else clock ticks (10 ms) from
    ``/proc/PID/stat``. ``read()`` is None when it cannot be read (SQLite, a server on another
    machine, no ``/proc``)."""

    def __init__(self):
        self.pid, self.path, self.why = None, None, ""
        from django.db import connection

        if connection.vendor != "postgresql":
            self.why = f"{connection.vendor}: the database works in the serving thread"
            return
        host = connection.settings_dict.get("HOST") or ""
        if host not in ("", "localhost", "127.0.0.1", "::1") and not host.startswith("/"):
            self.why = f"PostgreSQL on {host}: its CPU time is not counted"
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.pid = cursor.fetchone()[0]
        for name in ("schedstat", "stat"):
            path = Path(f"/proc/{self.pid}/{name}")
            try:
                path.read_text()
                command = Path(f"/proc/{self.pid}/comm").read_text().strip()
            except OSError:
                continue
            if command.startswith("postgres"):
                self.path = path
                break
        if self.path is None:
            self.why = f"PostgreSQL backend {self.pid} not readable in /proc: not counted"

    def read(self) -> float | None:
        if self.path is None:
            return None
        try:
            text = self.path.read_text()
        except OSError:  # the connection was opened again: another backend
            return None
        if self.path.name == "schedstat":
            return int(text.split()[0]) / 1e6
        fields = text.rsplit(")", 1)[1].split()  # utime and stime, in clock ticks
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def describe(self) -> str:
        if self.path is None:
            return f"the serving thread's alone ({self.why})"
        if self.path.name == "schedstat":
            return f"the serving thread's + the PostgreSQL backend's ({self.path})"
        return f"the serving thread's + the PostgreSQL backend's ({self.path}: in clock ticks)"


_server_clocks: dict = {}


def server_clock() -> ServerClock:
    """The ``ServerClock`` of Django's connection now (made again when it was opened again)."""
    from django.db import connection

    connection.ensure_connection()
    key = id(connection.connection)
    if key not in _server_clocks:
        _server_clocks[key] = ServerClock()
    return _server_clocks[key]


@dataclass
class Timing:
    """One page's figures: milliseconds of wall time (and of CPU time, which a loaded machine
    inflates less: this thread's, with the local PostgreSQL backend's, ``ServerClock``), and
    its SQL queries."""

    times: list[float]
    cpu_times: list[float]
    queries: int
    status: int

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def p95(self) -> float:
        return percentile(self.times, 95)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_times)


def percentile(values, p) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def warm_up_requests() -> int:
    """How many requests warm a page up: one (what a process reads once is read then)."""
    return 1


def measure(client, url, repeat, ok_statuses=(200,)) -> Timing:
    """Time ``url``: requests to warm up (``warm_up_requests``; their status must be one of
    ``ok_statuses``), one to count the SQL queries, then ``repeat`` timed ones."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(warm_up_requests()):
        response = client.get(url)
        if response.status_code not in ok_statuses:
            sys.exit(f"{url} answered {response.status_code}")
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    query_count = len(queries)  # read now: the next request empties the log
    statuses = set()
    times, cpu_times = time_calls(lambda: statuses.add(client.get(url).status_code), repeat)
    if not statuses <= set(ok_statuses):
        sys.exit(f"{url} answered {', '.join(map(str, sorted(statuses)))} while timed")
    return Timing(times, cpu_times, query_count, response.status_code)


def time_calls(call, repeat) -> tuple[list[float], list[float]]:
    """Milliseconds of wall time and of CPU time (this thread's, with the local PostgreSQL
    backend's: ``ServerClock``) of each of ``repeat`` calls of ``call()``."""
    clock = server_clock()
    times, cpu_times, server_times = [], [], []
    for _ in range(repeat):
        server_started = clock.read()
        started, cpu_started = time.perf_counter(), time.thread_time()
        call()
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.thread_time() - cpu_started) * 1000)
        server_ended = clock.read()
        if server_started is not None and server_ended is not None:
            server_times.append(server_ended - server_started)
    if clock.path is not None and len(server_times) < repeat:
        sys.exit(f"The PostgreSQL backend changed while timing: {clock.describe()}")
    if clock.path is not None and clock.path.name == "stat":  # ticks: only their mean tells
        cpu_times = [cpu + statistics.mean(server_times) for cpu in cpu_times]
    elif clock.path is not None:
        cpu_times = [cpu + server for cpu, server in zip(cpu_times, server_times, strict=True)]
    return times, cpu_times


def report(label, urls, client, repeat, ok_statuses=(200,)):
    """Time each (name, url) of ``urls`` (``measure``). Prints one line for the kind of page
    and, for several pages, the three slowest."""
    timings, query_counts, per_page = [], set(), []
    for name, url in urls:
        timing = measure(client, url, repeat, ok_statuses)
        query_counts.add(timing.queries)
        timings += timing.times
        per_page.append((timing.median, name))
    counts = "/".join(str(n) for n in sorted(query_counts))
    print(
        f"{label:28} {len(urls):>6} {statistics.median(timings):>10.1f} "
        f"{percentile(timings, 95):>8.1f} {max(timings):>8.1f} {counts:>8}"
    )
    if len(urls) > 1:
        slowest = ", ".join(f"{name} {ms:.1f}" for ms, name in sorted(per_page)[-3:])
        print(f"{'':28} slowest (median ms): {slowest}")
