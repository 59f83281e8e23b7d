"""The same pages on SQLite and on PostgreSQL, in turns: is each page on PostgreSQL within 1.5x
of its time on SQLite?

    scripts/with-postgres .venv/bin/python benchmarks/bench_databases.py \\
        --database /tmp/all.sqlite3 --rounds 3

``bench_pages.py`` runs ``--rounds`` times on each database, alternating (SQLite, PostgreSQL,
SQLite, ...), each run in its own process. A page's time on a database is the median of its
medians over the rounds, so that a burst of load on a shared machine, which moves one run's
figures by a third, moves neither database's alone. PostgreSQL is ``DATABASE_URL`` (a
throwaway cluster from ``scripts/with-postgres``), filled by copying ``--database`` into it on
the first round (``--no-copy`` when it holds the same data already). The table gives both
medians, the ratio of wall times and of CPU times (the serving thread's, and on PostgreSQL its
backend's too), and the verdict of the pages with a budget on the wall-time ratio.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_pages import POSTGRES_RATIO_BUDGET

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, required=True, help="the SQLite file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=9, help="requests per page and run")
    parser.add_argument("--no-copy", action="store_true", help="PostgreSQL holds the data")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("DATABASE_URL names no PostgreSQL database: run this under scripts/with-postgres.")
    if not args.database.exists():
        sys.exit(f"{args.database}: no such SQLite file (make data, or import the full catalogue).")
    runs = {"sqlite": [], "postgresql": []}
    with tempfile.TemporaryDirectory(prefix="oracolo-bench-databases-") as folder:
        for number in range(1, args.rounds + 1):
            for vendor in runs:
                saved = Path(folder) / f"{vendor}-{number}.json"
                command = [sys.executable, str(HERE / "bench_pages.py"), "--save", str(saved)]
                command += ["--repeat", str(args.repeat)]
                if vendor == "sqlite":
                    command += ["--database", str(args.database)]
                elif number == 1 and not args.no_copy:
                    command += ["--copy-from", str(args.database)]
                print(f"round {number} of {args.rounds}: {vendor}", flush=True)
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                runs[vendor].append(json.loads(saved.read_text()))
    missed = report(runs)
    return 1 if missed else 0


def report(runs: dict[str, list[dict]]) -> bool:
    """Print the table; True when a page with a budget is over the ratio."""
    rounds = len(runs["sqlite"])
    print(f"\nMedians of {rounds} rounds' medians (ms); ratio PostgreSQL / SQLite")
    header = (
        f"{'page':42} {'SQLite':>8} {'Postgres':>9} {'wall':>6} {'SQLite':>7} {'Postgres':>9}"
        f" {'CPU':>6}"
    )
    print(f"{'':42} {'wall':>8} {'wall':>9} {'':>6} {'CPU':>7} {'CPU':>9}")
    print(header + "\n" + "-" * (len(header) + 6))
    missed, ratios = False, []
    for page, first in runs["sqlite"][0].items():
        if "median" not in first or page not in runs["postgresql"][0]:
            continue
        sqlite = [statistics.median(run[page][key] for run in runs["sqlite"]) for key in TIMES]
        postgres = [
            statistics.median(run[page][key] for run in runs["postgresql"]) for key in TIMES
        ]
        wall_ratio, cpu_ratio = postgres[0] / sqlite[0], postgres[1] / sqlite[1]
        verdict = ""
        if first.get("budget"):
            ratios.append(wall_ratio)
            verdict = "pass" if wall_ratio <= POSTGRES_RATIO_BUDGET else "FAIL"
            missed |= verdict == "FAIL"
        print(
            f"{page[:42]:42} {sqlite[0]:>8.1f} {postgres[0]:>9.1f} {wall_ratio:>5.2f}x"
            f" {sqlite[1]:>7.1f} {postgres[1]:>9.1f} {cpu_ratio:>5.2f}x {verdict}"
        )
    if ratios:
        print(
            f"\nPages with a budget: {sum(r <= POSTGRES_RATIO_BUDGET for r in ratios)} of "
            f"{len(ratios)} within {POSTGRES_RATIO_BUDGET}x; median ratio "
            f"{statistics.median(ratios):.2f}x, highest {max(ratios):.2f}x"
        )
    return missed


TIMES = ("median", "cpu")

if __name__ == "__main__":
    sys.exit(main())
