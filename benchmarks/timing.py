"""What the benchmark scripts share: starting Django as production runs it, and timing pages.

Every script runs from the repository root as ``benchmarks/NAME.py``, so this module is
importable beside them. ``start_django()`` is the one start-up: the database (a SQLite file, or
``DATABASE_URL`` as it is, e.g. PostgreSQL from ``scripts/with-postgres``), production settings
(``DEBUG=0``: no SQL log, cached templates) with plain static storage, so that no collectstatic
manifest is needed (static files are not timed), and any host allowed for the test client.

``measure()`` times one page the way every table here is made: one request to warm up (and
check its status), one to count its SQL queries, then ``repeat`` timed requests; ``report()``
prints one line per kind of page with the three slowest pages.
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


@dataclass
class Timing:
    """One page's figures: milliseconds of wall time (and of this thread's CPU, which a loaded
    machine inflates less), and its SQL queries."""

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


def measure(client, url, repeat, ok_statuses=(200,)) -> Timing:
    """Time ``url``: one request to warm up (its status must be one of ``ok_statuses``), one to
    count the SQL queries, then ``repeat`` timed ones."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    response = client.get(url)
    if response.status_code not in ok_statuses:
        sys.exit(f"{url} answered {response.status_code}")
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    query_count = len(queries)  # read now: the next request empties the log
    times, cpu_times = [], []
    for _ in range(repeat):
        started, cpu_started = time.perf_counter(), time.thread_time()
        client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.thread_time() - cpu_started) * 1000)
    return Timing(times, cpu_times, query_count, response.status_code)


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
