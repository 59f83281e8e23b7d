"""The timing table the page benchmarks print: median, 95th percentile, maximum and SQL queries.

Shared by bench_pages.py and bench_rules.py (both run from the repository root as
``benchmarks/NAME.py``, so this module is importable beside them).
"""

import statistics
import sys
import time

from django.db import connection
from django.test.utils import CaptureQueriesContext

HEADER = f"{'page':28} {'pages':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'queries':>8}"


def report(label, urls, client, repeat, ok_statuses=(200,)):
    """Time each (name, url) of ``urls``: one request to warm up (and check the status), one to
    count the SQL queries, then ``repeat`` timed ones. Prints one line for the kind of page and,
    for several pages, the three slowest."""
    timings, query_counts, per_page = [], set(), []
    for name, url in urls:
        response = client.get(url)
        if response.status_code not in ok_statuses:
            sys.exit(f"{url} answered {response.status_code}")
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        query_counts.add(len(queries))
        page_times = []
        for _ in range(repeat):
            start = time.perf_counter()
            client.get(url)
            page_times.append((time.perf_counter() - start) * 1000)
        timings += page_times
        per_page.append((statistics.median(page_times), name))
    timings.sort()
    p95 = timings[min(len(timings) - 1, int(len(timings) * 0.95))]
    counts = "/".join(str(n) for n in sorted(query_counts))
    print(
        f"{label:28} {len(urls):>6} {statistics.median(timings):>10.1f} {p95:>8.1f} "
        f"{timings[-1]:>8.1f} {counts:>8}"
    )
    if len(urls) > 1:
        slowest = ", ".join(f"{name} {ms:.1f}" for ms, name in sorted(per_page)[-3:])
        print(f"{'':28} slowest (median ms): {slowest}")
