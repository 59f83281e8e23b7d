"""Time the search box's name suggestions and "Did you mean" at full scale.

    .venv/bin/python benchmarks/bench_autocomplete.py                # bench_search's database
    .venv/bin/python benchmarks/bench_autocomplete.py --database /tmp/all.sqlite3

The database is ``bench_search.py``'s (built from the full MTGJSON AllPrintings file when it
does not exist, brought up to date with ``migrate`` when it does); without the AllPrintings
file and without a database the benchmark says so and exits with status 0.

Two tables, each row requested once to warm up and then ``--repeat`` times, in-process with
Django's test client (server time: routing, the queries, the JSON or the page):

- ``GET /api/cards/autocomplete/?q=...`` for prefixes from one letter to whole names, English
  and Italian, with accents, apostrophes and words inside names. Target: every median under
  10 ms.
- The search page for a mistyped name (``GET /it/cards/?q=angelo+eminnte``: no card, so the
  closest names are offered) and, beside it, the closest-name lookup alone
  (``close_names``). Target: the lookup's median under 50 ms, the page's under 200 ms. The
  names are read once per process (shown as "first lookup").

Beside each wall-clock median, the median CPU time of the process ("cpu ms"): on a machine
shared with other work the wall time grows with the load and the CPU time does not, so the
CPU time is what the same request costs on a quiet machine. Exits with status 1 when a target
is missed by the wall-clock medians.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_search  # noqa: E402  (the database, its building and the timing helpers)
import timing  # noqa: E402

TARGET_AUTOCOMPLETE_MS = 10
TARGET_LOOKUP_MS = 50
TARGET_PAGE_MS = 200

PREFIXES = [
    "a", "s", "an", "ta", "ang", "tar", "serr", "llan", "light", "fulmi", "angelo", "tarox",
    "eminen", "dell'", "l’ang", "scià", "aether", "jace, ", "lightning bolt", "angelo em",
    "goblin", "elfi di", "zzzz",
]  # fmt: skip
TYPOS = [
    "angelo eminnte", "exalted angle", "lightnig bolt", "tarox alasapda", "llanowar elfs",
    "serra angle", "fulmne", "qwxzrtplk",
]  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=bench_search.DEFAULT_DATABASE)
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    database = args.database.resolve()
    env = {**os.environ, **timing.database_environment(database)}
    if not database.exists():
        if not bench_search.ALL_PRINTINGS.exists():
            print(
                f"Autocomplete benchmark skipped: {database} and "
                f"{bench_search.ALL_PRINTINGS.resolve()} do not exist (see benchmarks/README.md)."
            )
            return 0
        print(f"Building {database} (once; about 90 s)…", flush=True)
        bench_search.manage(env, "migrate", "-v", "0")
        bench_search.manage(env, "import_mtgjson", "-v", "0", str(bench_search.ALL_PRINTINGS))
    else:
        bench_search.manage(env, "migrate", "-v", "0")
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["STATIC_ROOT"] = tempfile.mkdtemp(prefix="oracolo-bench-static-")
    return run(args.repeat)


def run(repeat) -> int:
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from oracle.models import Card, CardName
    from oracle.search.close_names import close_names

    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    cards = Card.objects.count()
    if cards < 10_000:
        print(f"Only {cards:,} cards in {connection.settings_dict['NAME']}: not a full import.")
        return 1
    client = Client()
    names = CardName.objects.whole().values("name").distinct().count()
    print(
        f"Database: {connection.settings_dict['NAME']} ({cards:,} cards, {names:,} names), "
        f"{repeat} runs each\n"
    )
    print(
        f"{'autocomplete q':20} {'total':>6} {'shown':>5} {'median ms':>9} {'p95 ms':>7} "
        f"{'cpu ms':>7}"
    )
    ok, medians, cpu_medians = True, [], []
    for prefix in PREFIXES:
        url = "/api/cards/autocomplete/?" + urlencode({"q": prefix})
        data = client.get(url).json()
        times, cpu = timed(lambda url=url: client.get(url), repeat)
        median = statistics.median(times)
        medians.append(median)
        cpu_medians.append(statistics.median(cpu))
        ok = ok and median < TARGET_AUTOCOMPLETE_MS
        print(
            f"{prefix:20} {data['total']:>6} {len(data['data']):>5} {median:>9.2f} "
            f"{bench_search.percentile(times, 95):>7.2f} {cpu_medians[-1]:>7.2f}"
        )
    print(
        f"\nautocomplete: median of medians {statistics.median(medians):.2f} ms (cpu "
        f"{statistics.median(cpu_medians):.2f}), slowest median {max(medians):.2f} ms (cpu "
        f"{max(cpu_medians):.2f}); target: every median < {TARGET_AUTOCOMPLETE_MS} ms\n"
    )

    start = time.perf_counter()
    close_names("warm up")
    print(f"first lookup (reads the names): {(time.perf_counter() - start) * 1000:.0f} ms\n")
    print(
        f"{'mistyped name':18} {'closest':26} {'lookup ms':>9} {'cpu ms':>7} {'page ms':>8} "
        f"{'cpu ms':>7}"
    )
    lookups, pages, lookup_cpus, page_cpus = [], [], [], []
    for typo in TYPOS:
        found = close_names(typo)
        times, cpu = timed(lambda t=typo: close_names(t), repeat)
        lookups.append(statistics.median(times))
        lookup_cpus.append(statistics.median(cpu))
        url = "/it/cards/?" + urlencode({"q": typo})
        assert client.get(url).status_code == 200
        times, cpu = timed(lambda url=url: client.get(url), repeat)
        pages.append(statistics.median(times))
        page_cpus.append(statistics.median(cpu))
        closest = found[0].name if found else "(none: not in the data)"
        print(
            f"{typo:18} {closest[:26]:26} {lookups[-1]:>9.2f} {lookup_cpus[-1]:>7.2f} "
            f"{pages[-1]:>8.1f} {page_cpus[-1]:>7.1f}"
        )
    ok = ok and max(lookups) < TARGET_LOOKUP_MS and max(pages) < TARGET_PAGE_MS
    print(
        f"\nclosest names: median {statistics.median(lookups):.2f} ms (cpu "
        f"{statistics.median(lookup_cpus):.2f}), slowest {max(lookups):.2f}, target < "
        f"{TARGET_LOOKUP_MS}; page median {statistics.median(pages):.1f} ms (cpu "
        f"{statistics.median(page_cpus):.1f}), slowest {max(pages):.1f}, target < "
        f"{TARGET_PAGE_MS}: " + ("targets met" if ok else "TARGET MISSED")
    )
    return 0 if ok else 1


def timed(function, repeat) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each of ``repeat`` calls."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


if __name__ == "__main__":
    sys.exit(main())
