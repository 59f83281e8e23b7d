"""What the data cache kept beside the page cache saves (docs/architecture.md, "Caching").

    .venv/bin/python benchmarks/bench_caches.py --database /tmp/all.sqlite3

The rules search's index of the current edition's rules and glossary
(``web.pages.rules.search``): built from the database and folded, against read back from
Django's cache (this process's memory, or Redis with ``CACHE_URL``). Medians of ``--repeat``
runs, in milliseconds. Read-only: nothing is written to the database.
"""

import argparse
import statistics
import time
from pathlib import Path

import timing


def median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, help="SQLite file (default: DATABASE_URL)")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    timing.start_django(args.database)

    from django.core.cache import cache

    from rulings.models import RulesEdition
    from web.pages.rules.search import glossary_index, rules_index

    edition = RulesEdition.objects.official().in_force()
    for name, index in (("rules", rules_index), ("glossary", glossary_index)):
        built = median_ms(lambda: (cache.clear(), index(edition)), args.repeat)  # noqa: B023
        kept = median_ms(lambda: index(edition), args.repeat)  # noqa: B023
        rows = len(index(edition))
        print(f"{name} index of {edition} ({rows} rows): built {built:.1f} ms, kept {kept:.2f} ms")


if __name__ == "__main__":
    main()
