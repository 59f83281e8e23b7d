"""The same pages on SQLite and on PostgreSQL, request for request: are the pages on PostgreSQL
within 2x of their time on SQLite when rendered (cold), and within 1.5x when served from the
page cache (``--warm``), at the median of the pages (issue 30)?

    scripts/with-postgres .venv/bin/python benchmarks/bench_databases.py \\
        --database /tmp/all.sqlite3 --repeat 21 [--warm]

Two serving processes, one on the SQLite file (``--database``) and one on PostgreSQL
(``DATABASE_URL``: a throwaway cluster from ``scripts/with-postgres``, filled by copying the
SQLite file into it unless ``--no-copy`` says it holds the same data already), each as
``bench_pages.py`` sets Django up (``timing.start_django``: production settings, no page cache
unless ``--warm``, one persistent connection). They take turns: each page is warmed up on both,
then every page is timed once on each in turn, round after round (``--repeat``). A burst of load
on a shared machine, which moves a run's figures by a third when the two databases are timed
minutes apart, then falls on both alike, and a slow spell spreads over many pages instead of one
page's every turn. In each turn a process serves the page twice and the second request is timed:
the first finds the processor's caches full of the other process's work, a cost that would
narrow the ratio, and a server serving page after page does not pay. The pages are
``bench_pages.py``'s (the budget's, then the search page over its queries). The table gives each
page's median wall and CPU time on both (CPU: the serving thread's, and on PostgreSQL its
backend's too), the ratio of the medians, and the median of each turn's ratio (the two requests
of a turn are milliseconds apart, so it is the steadiest of the figures from one run to the
next); the search page as a whole by the median over every turn of every query. The run passes
when the median of the pages with a budget is within the ratio; each page is marked too.
"""

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import timing
from bench_pages import (
    POSTGRES_COLD_RATIO_BUDGET,
    POSTGRES_WARM_RATIO_BUDGET,
    SEARCH_MAX_BUDGET,
    SEARCH_QUERIES,
    search_url,
)

HERE = Path(__file__).resolve()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, help="the SQLite file")
    parser.add_argument("--repeat", type=int, default=21, help="timed requests per page and side")
    parser.add_argument("--cards", type=int, default=20, help="how many random card pages")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-copy", action="store_true", help="PostgreSQL holds the data")
    parser.add_argument(
        "--warm",
        action="store_true",
        help="pages served from the page cache (filled by the warm-up requests)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a worker
    args = parser.parse_args()
    if args.serve:
        return serve(args)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("DATABASE_URL names no PostgreSQL database: run this under scripts/with-postgres.")
    if args.database is None or not args.database.exists():
        sys.exit(f"{args.database}: no such SQLite file (make data, or import the full catalogue).")
    sqlite = Worker("SQLite", args.database, args.warm)
    postgres = Worker("PostgreSQL", None, args.warm)
    try:
        if not args.no_copy:
            print(f"Copying {args.database} into PostgreSQL...", flush=True)
            postgres.ask("copy", str(args.database.resolve()))
        pages = sqlite.ask("pages", json.dumps([args.cards, args.seed]))
        budget = POSTGRES_WARM_RATIO_BUDGET if args.warm else POSTGRES_COLD_RATIO_BUDGET
        missed = compare(pages, sqlite, postgres, args.repeat, budget)
    finally:
        sqlite.stop()
        postgres.stop()
    return 1 if missed else 0


class Worker:
    """A serving process on one database, answering one command at a time."""

    def __init__(self, name: str, database: Path | None, warm: bool):
        self.name = name
        command = [sys.executable, str(HERE), "--serve"]
        if database is not None:
            command += ["--database", str(database.resolve())]
        if warm:
            command.append("--warm")
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=timing.ROOT
        )

    def ask(self, verb: str, argument: str = ""):
        try:
            self.process.stdin.write(f"{verb} {argument}\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            sys.exit(f"The {self.name} worker stopped (its error is above).")
        line = self.process.stdout.readline()
        if not line:
            sys.exit(f"The {self.name} worker stopped (its error is above).")
        return json.loads(line)

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


def serve(args) -> int:
    """A worker: Django on ``--database`` (else ``DATABASE_URL``), one command per line in, one
    JSON answer per line out."""
    timing.start_django(args.database, persistent_connections=True)
    from django.test import Client

    if args.warm:
        from django.conf import settings
        from django.core.cache import cache

        settings.PAGE_CACHE_SECONDS = 3600
        cache.clear()

    client = Client()
    for line in sys.stdin:
        verb, _, argument = line.rstrip("\n").partition(" ")
        if verb == "copy":
            from postgres_copy import copy_sqlite_to_postgres

            with contextlib.redirect_stdout(sys.stderr):  # its progress, not an answer
                copy_sqlite_to_postgres(Path(argument))
            answer = True
        elif verb == "pages":
            answer = pages_to_time(*json.loads(argument))
        elif verb == "warm":
            for _ in range(timing.warm_up_requests()):
                status = client.get(argument).status_code
                if status != 200:
                    sys.exit(f"{argument} answered {status}")
            answer = True
        else:  # "time": one request untimed, to warm the caches the other process used, then one
            client.get(argument)
            times, cpu_times = timing.time_calls(lambda url=argument: client.get(url), 1)
            answer = [times[0], cpu_times[0]]
        print(json.dumps(answer), flush=True)
    return 0


def pages_to_time(cards: int, seed: int) -> list[tuple[str, str, int | None]]:
    """(page, address, budget in ms or None) of ``bench_pages.py``'s table: the random cards
    share one page name."""
    from bench_pages import budget_pages, random_cards

    pages = [(f"card: {cards} at random", url, 12) for _name, url in random_cards(cards, seed)]
    pages += budget_pages()
    pages += [
        (f"search: {query}", search_url(query), SEARCH_MAX_BUDGET) for query in SEARCH_QUERIES
    ]
    return pages


def compare(pages, sqlite: Worker, postgres: Worker, repeat: int, budget: float) -> bool:
    """Time every page on both, in turns; print the table. True when the median of the pages
    with a budget is over the ratio ``budget``."""
    names, measured = [], {}
    started = time.perf_counter()
    for name, url, page_budget in pages:
        if name not in measured:
            names.append(name)
            measured[name] = {"budget": page_budget, "sqlite": [], "postgres": [], "ratios": []}
        sqlite.ask("warm", url)
        postgres.ask("warm", url)
    # Round after round over every page, so that a slow spell of the machine falls on many
    # pages a little rather than on one page's every turn.
    for turn in range(repeat):
        for name, url, _budget in pages:
            # Each goes first half of the time: neither always follows the other's request.
            first, second = (sqlite, postgres) if turn % 2 == 0 else (postgres, sqlite)
            timed = {}
            for worker in (first, second):
                key = "sqlite" if worker is sqlite else "postgres"
                timed[key] = worker.ask("time", url)
                measured[name][key].append(timed[key])
            measured[name]["ratios"].append(timed["postgres"][0] / timed["sqlite"][0])
    print(
        f"{len(pages)} pages, {repeat} rounds over them, each page timed on both databases in "
        f"turn ({time.perf_counter() - started:.0f} s). Medians in ms; ratio PostgreSQL / "
        "SQLite: of the medians, and the median of each turn's ratio (the two requests of a "
        "turn are a few milliseconds apart), which judges a page.\n"
    )
    header = (
        f"{'page':42} {'SQLite':>8} {'Postgres':>9} {'ratio':>6} {'turns':>6}  {'SQLite':>7}"
        f" {'Postgres':>9} {'ratio':>6}"
    )
    print(f"{'':42} {'wall':>8} {'wall':>9} {'':>6} {'':>6}  {'CPU':>7} {'CPU':>9}")
    print(header + "\n" + "-" * (len(header) + 6))
    pages_ratios, query_ratios, search_ratios = [], [], []
    for name in names:
        page = measured[name]
        sqlite_wall, sqlite_cpu = medians(page["sqlite"])
        postgres_wall, postgres_cpu = medians(page["postgres"])
        ratio = statistics.median(page["ratios"])
        if name in SEARCH_NAMES:
            search_ratios += page["ratios"]
            query_ratios.append(ratio)
        elif page["budget"]:
            pages_ratios.append(ratio)
        print(
            f"{name[:42]:42} {sqlite_wall:>8.1f} {postgres_wall:>9.1f}"
            f" {postgres_wall / sqlite_wall:>5.2f}x {ratio:>5.2f}x "
            f" {sqlite_cpu:>7.1f} {postgres_cpu:>9.1f} {postgres_cpu / sqlite_cpu:>5.2f}x"
            f" {verdict(ratio, budget) if page['budget'] and name not in SEARCH_NAMES else ''}"
        )
    if search_ratios:
        # The search page has its budget over the queries: it is judged over all their turns.
        ratio = statistics.median(search_ratios)
        pages_ratios.append(ratio)
        print(f"{'search: every turn of every query':42} {'':>26} {ratio:>5.2f}x {'':>27} "
              f"{verdict(ratio, budget)}")  # fmt: skip
    within = sum(ratio <= budget for ratio in pages_ratios)
    median = statistics.median(pages_ratios)
    print(
        f"\nPages with a budget (the search page over all its queries' turns): {within} of "
        f"{len(pages_ratios)} within {budget}x; median ratio {median:.2f}x "
        f"({verdict(median, budget)}), highest {max(pages_ratios):.2f}x"
    )
    if query_ratios:
        print(
            f"Search queries one by one: "
            f"{sum(ratio <= budget for ratio in query_ratios)} of "
            f"{len(query_ratios)} within {budget}x, highest {max(query_ratios):.2f}x"
        )
    return median > budget


SEARCH_NAMES = {f"search: {query}" for query in SEARCH_QUERIES}


def verdict(ratio: float, budget: float) -> str:
    return "pass" if ratio <= budget else "FAIL"


def medians(timings: list[list[float]]) -> tuple[float, float]:
    return (
        statistics.median(wall for wall, _cpu in timings),
        statistics.median(cpu for _wall, cpu in timings),
    )


if __name__ == "__main__":
    sys.exit(main())
