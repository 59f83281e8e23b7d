"""Time the Scryfall-compatible API (/api/scryfall/) and the build of its bulk data files.

    .venv/bin/python benchmarks/bench_scryfall_api.py                          # db.sqlite3
    .venv/bin/python benchmarks/bench_scryfall_api.py --database /tmp/all.sqlite3
    .venv/bin/python benchmarks/bench_scryfall_api.py --database /tmp/all.sqlite3 --bulk

Without ``--database`` it reads the project's database (``make data``: the bundled sample),
and says so; with a ``--database`` that does not exist it says so and exits with status 0.
The requests are made in-process with Django's test client, each ``--repeat`` times after one
to warm up, and the medians printed (wall clock, and the process's CPU time beside it):

- ``/cards/:id`` and ``/cards/named`` (exact and fuzzy): target under 10 ms;
- ``/cards/search``, the first page of a few searches: target under 40 ms;
- ``POST /cards/collection`` with 75 identifiers of every kind: target under 80 ms.

``--bulk`` also runs ``manage.py build_bulk_data`` into a temporary folder, in a process of
its own, and prints its time and its peak memory (target: under 2 minutes and 1 GB on the
full catalogue). The targets are the full catalogue's; on the sample they are only printed.
Exits with status 1 when a target is missed on a database of more than 10,000 cards.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import timing  # noqa: E402

FULL_CATALOGUE = 10_000
TARGETS = {"card": 10, "named": 10, "search": 40, "collection": 80}
SEARCHES = ["t:creature", "c:r t:instant", "o:flying mv<=3", "lang:it t:goblin", "tarmogoyf"]
NAMES = ["Tarmogoyf", "Exalted Angel", "Llanowar Elves", "Serra Angel", "Lightning Bolt"]
FUZZY = ["tarmo", "angelo eminente", "lightnig bolt", "llanowar elv", "serra angle"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--bulk", action="store_true", help="also time build_bulk_data")
    args = parser.parse_args()
    if args.database is not None and not args.database.exists():
        print(f"Scryfall API benchmark skipped: {args.database} does not exist.")
        return 0
    if args.database is None:
        print("No --database: timing the project's database (db.sqlite3, the bundled sample).")
    timing.start_django(args.database.resolve() if args.database else None)
    return run(args)


def timed(function, repeat) -> tuple[float, float]:
    """The median wall-clock and CPU milliseconds of ``repeat`` calls (after one to warm up)."""
    function()
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def run(args) -> int:
    from django.db import connection
    from django.test import Client

    from oracle.models import Card, Printing

    client = Client()
    cards = Card.objects.count()
    full = cards > FULL_CATALOGUE
    print(
        f"Database: {connection.settings_dict['NAME']} ({cards:,} cards), {args.repeat} runs each"
    )
    print(f"{'request':58} {'status':>6} {'median ms':>9} {'cpu ms':>7}")
    results: dict[str, list[float]] = {kind: [] for kind in TARGETS}

    def measure(kind, label, request):
        status = request().status_code
        wall, cpu = timed(request, args.repeat)
        results[kind].append(wall)
        print(f"{label[:58]:58} {status:>6} {wall:>9.2f} {cpu:>7.2f}")

    base = "/api/scryfall"
    printings = list(
        Printing.objects.exclude(scryfall_id=None)
        .order_by("?")
        .values_list("scryfall_id", flat=True)[:5]
    )
    for key in printings:
        measure("card", f"/cards/{key}", lambda k=key: client.get(f"{base}/cards/{k}"))
    for name in NAMES:
        url = f"{base}/cards/named?exact={name}"
        measure("named", f"/cards/named?exact={name}", lambda u=url: client.get(u))
    for name in FUZZY:
        url = f"{base}/cards/named?fuzzy={name}"
        measure("named", f"/cards/named?fuzzy={name}", lambda u=url: client.get(u))
    for query in SEARCHES:
        url = f"{base}/cards/search?q={query}"
        measure("search", f"/cards/search?q={query}", lambda u=url: client.get(u))
    body = json.dumps({"identifiers": collection_identifiers()})
    measure(
        "collection",
        "POST /cards/collection (75 identifiers)",
        lambda: client.post(f"{base}/cards/collection", body, content_type="application/json"),
    )
    ok = True
    print()
    for kind, target in TARGETS.items():
        median = statistics.median(results[kind])
        slowest = max(results[kind])
        met = slowest < target
        ok = ok and met
        print(
            f"{kind:11} median {median:6.2f} ms, slowest median {slowest:6.2f} ms; target < "
            f"{target} ms: {'met' if met else 'MISSED'}"
        )
    if args.bulk:
        ok = bulk(args) and ok
    if not full:
        print(f"\n{cards:,} cards: not the full catalogue, the targets are not enforced.")
        return 0
    return 0 if ok else 1


def collection_identifiers() -> list[dict]:
    """75 identifiers, of every kind the collection takes, of cards the database has."""
    from oracle.models import Printing

    printings = list(
        Printing.objects.exclude(scryfall_id=None)
        .exclude(multiverse_id=None)
        .exclude(mtgo_id=None)
        .select_related("card", "card_set")
        .order_by("?")[:75]
    )
    kinds = [
        lambda p: {"id": str(p.scryfall_id)},
        lambda p: {"mtgo_id": p.mtgo_id},
        lambda p: {"multiverse_id": p.multiverse_id},
        lambda p: {"oracle_id": str(p.card.oracle_id)},
        lambda p: {"illustration_id": str(p.illustration_id)},
        lambda p: {"name": p.card.name},
        lambda p: {"name": p.card.name, "set": p.card_set.code.lower()},
        lambda p: {"collector_number": p.collector_number, "set": p.card_set.code.lower()},
    ]
    return [kinds[index % len(kinds)](printing) for index, printing in enumerate(printings)]


def bulk(args) -> bool:
    directory = Path(tempfile.mkdtemp(prefix="oracolo-bench-bulk-"))
    env = {**os.environ}
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", "build_bulk_data", "--directory", str(directory)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    sizes = sum(path.stat().st_size for path in directory.iterdir()) / 1e6
    for path in directory.iterdir():
        path.unlink()
    directory.rmdir()
    met = seconds < 120 and peak_mb < 1024
    print(
        f"\nbuild_bulk_data: {seconds:.1f} s, peak memory {peak_mb:.0f} MB, files {sizes:.1f} MB; "
        f"target < 120 s and < 1024 MB: {'met' if met else 'MISSED'}"
    )
    return met


if __name__ == "__main__":
    sys.exit(main())
