"""What the search rows cost an import: a full MTGJSON import timed with its search-row step
(``search_rows.refresh_search_rows``: the rows, their FTS5 index, the name index) timed inside
it, in one run.

    .venv/bin/python benchmarks/bench_search_rows.py                # ../shared/data/mtgjson/...
    .venv/bin/python benchmarks/bench_search_rows.py PATH --profile 15

Imports PATH (by default the AllPrintings file of ../shared/data, which a clone elsewhere does
not have: the script says so and stops) into a new SQLite file in-process, as
``manage.py import_mtgjson`` does, and prints the import's wall time, the step's, and the step's
share. Issue 35's target is on the import's extra cost (under 10 %): the step replaced one that
wrote the card table's search columns, so that is measured by timing the import of the same file
with the code before and after, one after the other (benchmarks/README.md). Then it empties the
search rows and writes them again for every card, alone, with ``--profile N`` printing the top
N lines of that run's profile; and runs the refresh once more over unchanged rows (what a second
import pays).
"""

import argparse
import cProfile
import io
import pstats
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path
from unittest import mock

import timing

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = ROOT.parent / "shared" / "data" / "mtgjson" / "AllPrintings.json.gz"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--profile", type=int, default=0, help="top N lines of the rebuild")
    args = parser.parse_args()
    if not args.path.exists():
        print(f"{args.path} is not here (../shared/data is not in a clone): nothing to import.")
        return 2
    database = Path(tempfile.mkdtemp(prefix="oracolo-rows-")) / "db.sqlite3"
    timing.start_django(database, must_exist=False)

    from django.core.management import call_command

    from oracle.importers import mtgjson_sync
    from oracle.models import CardSearch
    from oracle.search import search_rows

    call_command("migrate", verbosity=0)
    step = []
    refresh = search_rows.refresh_search_rows

    def timed_refresh(*arguments, **keywords):
        start = time.perf_counter()
        try:
            return refresh(*arguments, **keywords)
        finally:
            step.append(time.perf_counter() - start)

    start = time.perf_counter()
    with mock.patch.object(mtgjson_sync, "refresh_search_rows", timed_refresh):
        with redirect_stdout(io.StringIO()):
            call_command("import_mtgjson", str(args.path), verbosity=0)
    total = time.perf_counter() - start
    cards = CardSearch.objects.count()
    share = sum(step) / total
    print(f"{args.path.name}: {cards:,} cards imported in {total:.1f} s")
    print(f"search rows step: {sum(step):.1f} s, {share:.1%} of the import")

    CardSearch.objects.all().delete()
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    refresh()
    profile.disable()
    print(f"every row written again, alone: {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    written, unchanged = refresh()
    print(
        f"again over unchanged rows: {time.perf_counter() - start:.1f} s "
        f"({written:,} written, {unchanged:,} unchanged)"
    )
    if args.profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
