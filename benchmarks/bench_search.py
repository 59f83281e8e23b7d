"""Time the card search at full scale: the first results page of representative queries.

    .venv/bin/python benchmarks/bench_search.py              # builds the database once, see below
    .venv/bin/python benchmarks/bench_search.py --database /tmp/all.sqlite3   # a full import

The database must hold the full MTGJSON AllPrintings import. When ``--database`` does not exist
yet it is built first (``manage.py migrate`` and one ``import_mtgjson`` of
``../shared/data/mtgjson/AllPrintings.json.gz``, about 90 s) and kept for the next runs; when it
exists, ``migrate`` brings it up to date. Without the AllPrintings file the benchmark says so and
exits with status 0.

Each query's first results page, ``GET /en/cards/?q=...`` (``/it/`` with ``--language it``,
where the results are in the order of their Italian names), is requested in-process with
Django's test client (server time only: the count, the first 50 cards in order and the page
around them), once to warm up and then ``--repeat`` times. Beside it, the same count and first
page through the ORM alone (``parse(q, SEARCH_TERMS).apply(CardSearch.objects)``), to tell the
search from the page.
Targets: the median of the per-query medians under 30 ms, and no query's median over 150 ms.
Exits with status 1 when a target is missed. Each page is also timed in CPU time of this process
(the database is SQLite in the same process, so its work counts): on a machine that other jobs
load, wall times are meaningless and ``--cpu`` judges the targets on the CPU times instead.

``--floor-table`` times issue 35's 28 queries instead, side by side in one run: the API's first
page with its count, the results page, and the floor, a hand-written query over one compact
table with full-text indexes (``search_side_by_side``, ``search_floor``, ``floor_queries``).
Under ``scripts/with-postgres`` (``DATABASE_URL`` a PostgreSQL database) ``--database`` is
copied into PostgreSQL first (``postgres_copy``). ``--synthetic FILE`` runs the same again on
FILE, a synthetic catalogue of ``--times`` (10) times the cards, made from a copy of
``--database`` by ``manage.py build_synthetic_catalogue`` when FILE does not exist, and prints
each query's growth. ``--save FILE`` keeps a run's figures as JSON, which ``--show FILE``
prints again (in CPU time with ``--cpu``, as a Markdown table with ``--markdown``);
``--show SQLITE.json POSTGRES.json`` prints each query's time on PostgreSQL over SQLite.
"""

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import timing

ROOT = timing.ROOT
ALL_PRINTINGS = ROOT / "../shared/data/mtgjson/AllPrintings.json.gz"
KEYWORDS = ROOT / "../shared/data/mtgjson/Keywords.json"
DEFAULT_DATABASE = Path(tempfile.gettempdir()) / "oracolo-search-bench.sqlite3"
TARGET_MEDIAN_MS = 30
TARGET_MAX_MS = 150
PAGE_SIZE = 50

QUERIES = [
    # names, English and Italian
    "llanowar",
    "aether",
    '"lightning bolt"',
    "fulmine",
    "angelo serra",
    '!"Serra Angel"',
    # types
    "t:creature",
    "t:creatura",
    "t:elf",
    "t:leggendario t:artefatto",
    # keywords
    "k:flying",
    "k:volare",
    "k:metamorfosi",
    'k:"first strike"',
    # text
    'o:"draw a card"',
    'o:"pesca una carta"',
    'o:"~ deals"',
    "o:scry",
    # numbers
    "mv>=5",
    "pow>tou",
    "pow>=5 tou<=2",
    # colours and sets
    "c:ur",
    "id<=esper",
    "c:m",
    "s:fut",
    "r:mythic",
    # kinds of card
    "is:dfc",
    "is:permanent",
    "is:futureshifted",
    # combined, negation, or
    't:creature o:"draw a card" mv<=3 -c:u',
    "t:creatura k:volare s:fut",
    "t:elf or t:goblin",
    "-t:creature c:g mv<=2",
    "year>=2020 r:mythic t:dragon",
    "t:sliver order:released",
    "lang:it has:rulings order:mv dir:desc",
    # double-faced cards face by face
    "c=g t:planeswalker",
    "c=bg",
    "c:c is:dfc",
    "mv=7",
    "c:r mv<=2 t:creature",
    # mana costs
    "m:{2}{W}{W}",
    "m:{G}{U}",
    "m=XR",
    "m:{G/P}",
    "costo:UU t:creature",
    # kinds of card, tokens
    "is:vanilla",
    "is:historic c:w",
    "is:commander",
    "is:token",
    "t:pedina c:g",
    # orders
    "t:creature order:power dir:desc",
    "t:dragon order:toughness",
    "k:flying order:color",
    # formats, artists, flavour texts and printings
    "f:modern",
    "banned:legacy",
    "restricted:vintage",
    "f:pauper t:creature",
    "a:avon",
    'ft:"the future"',
    "wm:orzhov",
    'b:"time spiral"',
    "st:funny",
    "frame:2015",
    "border:borderless",
    "is:reserved",
    "is:promo",
    "not:reprint",
    "t:elf order:artist",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database",
        type=Path,
        default=DEFAULT_DATABASE,
        help=f"SQLite file with the full import, built when missing (default: {DEFAULT_DATABASE})",
    )
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--queries", nargs="*", help="time these queries instead")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="judge the targets on the pages' CPU times (a machine loaded by other jobs)",
    )
    parser.add_argument(
        "--language",
        choices=["en", "it"],
        default="en",
        help="the pages' language: Italian pages sort by the Italian names (default: en)",
    )
    parser.add_argument(
        "--floor-table",
        action="store_true",
        help="issue 35's 28 queries: the API, the results page and the floor side by side",
    )
    parser.add_argument(
        "--synthetic",
        type=Path,
        help="with --floor-table: also run on this synthetic catalogue (built when missing)",
    )
    parser.add_argument("--times", type=int, default=10, help="the synthetic catalogue's size")
    parser.add_argument(
        "--markdown", action="store_true", help="with --show: one saved file as a Markdown table"
    )
    parser.add_argument("--save", type=Path, help="with --floor-table: the figures as JSON")
    parser.add_argument(
        "--show",
        type=Path,
        nargs="+",
        help="print the tables of figures saved by --floor-table --save; of two files, the "
        "second's times over the first's (PostgreSQL over SQLite)",
    )
    args = parser.parse_args()
    database = args.database.resolve()
    if args.show:
        return show(args.show, args.cpu, args.markdown)
    if args.floor_table:
        return floor_table(args, database)
    env = {**os.environ, **timing.database_environment(database)}
    if not database.exists():
        if not ALL_PRINTINGS.exists():
            print(
                f"Search benchmark skipped: {ALL_PRINTINGS.resolve()} does not exist. The full "
                "MTGJSON AllPrintings file is kept outside the repository (see "
                "benchmarks/README.md); or pass --database with a full import."
            )
            return 0
        print(f"Building {database} from {ALL_PRINTINGS.name} (once; about 90 s)…", flush=True)
        manage(env, "migrate", "-v", "0")
        paths = [ALL_PRINTINGS] + ([KEYWORDS] if KEYWORDS.exists() else [])
        manage(env, "import_mtgjson", "-v", "0", *map(str, paths))
    else:
        manage(env, "migrate", "-v", "0")
    timing.start_django(database)
    return run(args.queries or QUERIES, args.repeat, args.language, args.cpu)


def floor_table(args, database) -> int:
    import search_side_by_side

    if not database.exists():
        sys.exit(f"{database} does not exist: --floor-table needs a full import")
    if args.synthetic:
        larger = args.synthetic.resolve()
        if not larger.exists():
            build_synthetic(database, larger, args.times)
        runs = [run_in_child(args, source) for source in (database, larger)]
        if args.save:
            args.save.write_text(json.dumps(runs, indent=1))
        return 0 if search_side_by_side.growth(*runs, args.cpu) else 1
    if on_postgres():
        from postgres_copy import copy_sqlite_to_postgres

        timing.start_django(None, persistent_connections=True)
        copy_sqlite_to_postgres(database)
    else:
        manage({**os.environ, **timing.database_environment(database)}, "migrate", "-v", "0")
        timing.start_django(database, persistent_connections=True)
    # Searches are timed to the end: none is stopped by the time limit a server sets.
    from django.conf import settings

    settings.SEARCH_TIME_LIMIT = 0
    results = search_side_by_side.measure(args.repeat)
    met = search_side_by_side.report(results, args.cpu)
    if args.save:
        args.save.write_text(json.dumps(results, indent=1))
    return 0 if met else 1


def show(saved: list[Path], by_cpu: bool, as_markdown: bool = False) -> int:
    import search_side_by_side

    figures = [json.loads(path.read_text()) for path in saved]
    if as_markdown:
        search_side_by_side.markdown(
            figures[0] if isinstance(figures[0], list) else figures, by_cpu
        )
        return 0
    if len(figures) == 2:  # two runs of the same size or sizes, on two databases
        pairs = zip(*(f if isinstance(f, list) else [f] for f in figures), strict=True)
        verdicts = [search_side_by_side.compare(*pair, by_cpu) for pair in pairs]
        return 0 if all(verdicts) else 1
    runs = figures[0] if isinstance(figures[0], list) else figures
    verdicts = [search_side_by_side.report(run, by_cpu) for run in runs]  # every table printed
    if len(runs) == 2:
        verdicts.append(search_side_by_side.growth(*runs, by_cpu))
    return 0 if all(verdicts) else 1


def on_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def build_synthetic(source: Path, target: Path, times: int) -> None:
    """Copy ``source`` to ``target`` (SQLite's backup: the WAL included) and make it ``times``
    times its cards with ``manage.py build_synthetic_catalogue``."""
    print(f"Building {target}: {source.name} made {times} times its cards…", flush=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writer = sqlite3.connect(target)
    reader.backup(writer)
    reader.close()
    writer.close()
    env = {**os.environ, **timing.database_environment(target)}
    manage(env, "migrate", "-v", "0")
    started = time.perf_counter()
    manage(env, "build_synthetic_catalogue", "--times", str(times), "--yes-this-is-a-copy")
    print(f"build_synthetic_catalogue --times {times}: {time.perf_counter() - started:.0f} s")


def run_in_child(args, database: Path) -> dict:
    """One --floor-table run on ``database`` in a process of its own (Django is set up for one
    database per process); its figures."""
    with tempfile.NamedTemporaryFile(suffix=".json") as saved:
        command = [
            sys.executable, __file__, "--floor-table", "--database", str(database),
            "--repeat", str(args.repeat), "--save", saved.name,
        ]  # fmt: skip
        if args.cpu:
            command.append("--cpu")
        status = subprocess.run(command).returncode
        text = Path(saved.name).read_text()
        if not text:  # status 1 is also a missed target, after which the figures are saved
            sys.exit(f"The run on {database} failed (status {status})")
        return json.loads(text)


def manage(env, *arguments):
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *arguments], env=env, check=True)


def run(queries, repeat, language="en", by_cpu=False) -> int:
    from django.db import connection
    from django.test import Client
    from django.utils import translation

    from oracle.models import CardSearch
    from oracle.search import parse
    from rulings.search_terms import SEARCH_TERMS

    total = CardSearch.objects.count()
    if total < 10_000:
        print(f"Only {total:,} cards in {connection.settings_dict['NAME']}: not a full import.")
        return 1
    client = Client()
    print(
        f"Database: {connection.settings_dict['NAME']} ({total:,} cards), /{language}/ pages, "
        f"{repeat} runs each"
    )
    print(
        f"{'query':42} {'found':>6} {'median ms':>9} {'p95 ms':>7} {'cpu ms':>7} {'orm ms':>7} "
        f"{'sql':>4}"
    )
    medians, cpu_medians = [], []
    for text in queries:
        url = f"/{language}/cards/?" + urlencode({"q": text})
        counter = QueryCounter()
        with connection.execute_wrapper(counter):
            response = client.get(url)
        if response.status_code not in (200, 302):
            print(f"{text!r}: {url} answered {response.status_code}")
            return 1
        page_times, page_cpu = timed(lambda url=url: client.get(url), repeat, with_cpu=True)

        def first_page(text=text):
            with translation.override(language):
                cards = parse(text, SEARCH_TERMS).apply(CardSearch.objects.all())
                return cards.count(), list(cards[:PAGE_SIZE])

        found = first_page()[0]
        orm_times = timed(first_page, repeat)
        median = statistics.median(page_times)
        medians.append(median)
        cpu_medians.append(statistics.median(page_cpu))
        print(
            f"{text[:42]:42} {found:>6} {median:>9.1f} {percentile(page_times, 95):>7.1f} "
            f"{cpu_medians[-1]:>7.1f} {statistics.median(orm_times):>7.1f} {counter.count:>4}"
        )
    ok = True
    for label, values in (("wall", medians), ("cpu", cpu_medians)):
        overall, slowest = statistics.median(values), max(values)
        met = overall < TARGET_MEDIAN_MS and slowest < TARGET_MAX_MS
        slowest_query = queries[values.index(slowest)]
        print(
            f"\n{len(queries)} queries, {label} time: median of medians {overall:.1f} ms "
            f"(target < {TARGET_MEDIAN_MS}), slowest median {slowest:.1f} ms, {slowest_query!r} "
            f"(target < {TARGET_MAX_MS}): " + ("targets met" if met else "TARGET MISSED")
        )
        if label == ("cpu" if by_cpu else "wall"):
            ok = met
    return 0 if ok else 1


class QueryCounter:
    """A database execute wrapper that counts the SQL statements run."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def timed(function, repeat, with_cpu=False):
    """Milliseconds of each of ``repeat`` calls; with_cpu, (wall times, CPU times)."""
    times, cpu_times = [], []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        function()
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu_start) * 1000)
    return (times, cpu_times) if with_cpu else times


def percentile(values, share) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round((len(values) - 1) * share / 100))]


if __name__ == "__main__":
    sys.exit(main())
