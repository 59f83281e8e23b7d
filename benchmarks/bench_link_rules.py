"""Time the rule linker at full scale: every card of MTGJSON's AllPrintings linked to the
sections of the current Comprehensive Rules it uses.

    .venv/bin/python benchmarks/bench_link_rules.py
    .venv/bin/python benchmarks/bench_link_rules.py --database /tmp/all.sqlite3 --repeat 5

The database (``--database``, default /tmp/oracolo-link-bench.sqlite3) must hold the full
AllPrintings import. When it does not exist it is copied from the one bench_search.py builds
(/tmp/oracolo-search-bench.sqlite3) if that exists, else built (``migrate`` and one
``import_mtgjson`` of ``../shared/data/mtgjson/AllPrintings.json.gz``, a few minutes); either
way it is kept for the next runs. Then ``migrate`` brings it up to date and ``import_rules
fixtures/rules/en/20260417.txt --no-link`` makes sure the current rules are there (idempotent).
Without the AllPrintings file and without a database the benchmark says so and exits with 0.

Each of ``--repeat`` runs starts from no computed links (computed rows deleted and the search
column emptied, outside the timing) and times one ``link_cards()`` of every card, in one
transaction, in this process. One more run over the linked cards must change nothing. Target:
the median under 60 s. Exits with status 1 when it is missed or the last run changed anything.
"""

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import timing

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ALL_PRINTINGS = ROOT / "../shared/data/mtgjson/AllPrintings.json.gz"
KEYWORDS = ROOT / "../shared/data/mtgjson/Keywords.json"
CURRENT_RULES = ROOT / "fixtures/rules/en/20260417.txt"
SEARCH_BENCH_DATABASE = Path(tempfile.gettempdir()) / "oracolo-search-bench.sqlite3"
DEFAULT_DATABASE = Path(tempfile.gettempdir()) / "oracolo-link-bench.sqlite3"
TARGET_SECONDS = 60


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database",
        type=Path,
        default=DEFAULT_DATABASE,
        help=f"SQLite file with the full import, made when missing (default: {DEFAULT_DATABASE})",
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    database = args.database.resolve()
    env = {**os.environ, **timing.database_environment(database)}
    if not database.exists():
        if SEARCH_BENCH_DATABASE.exists():
            print(f"Copying {SEARCH_BENCH_DATABASE} (bench_search.py's full import)…", flush=True)
            with (
                sqlite3.connect(SEARCH_BENCH_DATABASE) as source,
                sqlite3.connect(database) as copy,
            ):
                source.backup(copy)
        elif not ALL_PRINTINGS.exists():
            print(
                f"Rule linker benchmark skipped: {ALL_PRINTINGS.resolve()} does not exist. The "
                "full MTGJSON AllPrintings file is kept outside the repository (see "
                "benchmarks/README.md); or pass --database with a full import."
            )
            return 0
        else:
            print(f"Building {database} from {ALL_PRINTINGS.name} (once; a few minutes)…")
            manage(env, "migrate", "-v", "0")
            paths = [ALL_PRINTINGS] + ([KEYWORDS] if KEYWORDS.exists() else [])
            manage(env, "import_mtgjson", "-v", "0", *map(str, paths))
    manage(env, "migrate", "-v", "0")
    manage(env, "import_rules", "-v", "0", "--no-link", str(CURRENT_RULES))
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return run(args.repeat)


def manage(env, *arguments):
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *arguments], env=env, check=True)


def run(repeat) -> int:
    import django

    django.setup()
    from django.db import connection

    from oracle.models import Card
    from rulings.linking.sync import link_cards
    from rulings.models import CardRule, CardRuleSearch

    total = Card.objects.count()
    if total < 10_000:
        print(f"Only {total:,} cards in {connection.settings_dict['NAME']}: not a full import.")
        return 1
    print(f"Database: {connection.settings_dict['NAME']} ({total:,} cards), {repeat} runs")
    times = []
    for number in range(1, repeat + 1):
        CardRule.objects.filter(origin=CardRule.Origin.COMPUTED).delete()
        CardRuleSearch.objects.all().delete()
        started = time.perf_counter()
        report = link_cards()
        times.append(time.perf_counter() - started)
        print(
            f"run {number}: {times[-1]:.1f} s, {report.cards:,} cards, computed links "
            f"{report.links}",
            flush=True,
        )
    started = time.perf_counter()
    again = link_cards()
    print(f"again over the linked cards: {time.perf_counter() - started:.1f} s, {again.links}")
    print(f"\nEdition {report.edition}; {report.cards_linked:,} of {report.cards:,} cards linked")
    for reason, count in report.by_reason.most_common():
        print(f"  {reason:16} {count:>8,}")
    print(f"Coverage: {report.coverage}")
    median = statistics.median(times)
    ok = median < TARGET_SECONDS and not again.changed
    print(
        f"\nMedian of {repeat} runs: {median:.1f} s (target < {TARGET_SECONDS} s); a run over "
        f"linked cards {'changes nothing' if not again.changed else 'CHANGED SOMETHING'}: "
        + ("targets met" if ok else "TARGET MISSED")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
