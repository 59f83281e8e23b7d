"""What Oracolo kept offline weighs (issue 46): the time to build a data version's package, and
the bytes of everything a phone downloads (card parts, details, pages, static files), compressed
and not, against the 12 MB budget, with the time they take at 10 Mbit/s.

    .venv/bin/python benchmarks/offline_size.py --database /tmp/pwa-data-all.sqlite3

Builds into a temporary folder (``OFFLINE_DATA_DIR``), then asks for every listed page through
Django's test client with ``Accept-Encoding: gzip``, as the browser's download does (the pages
are sent compressed by ``web.compression``); the static files count as WhiteNoise sends them
(gzip where smaller). It writes nothing to the database. Exits non-zero over the budget.
"""

import argparse
import gzip
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import timing

BUDGET = 12_000_000  # bytes transferred, compressed
LINK = 10e6  # bits per second


def megabytes(count: int) -> str:
    return f"{count / 1e6:.2f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=timing.ROOT / "db.sqlite3")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="oracolo-offline-bench-")
    os.environ["OFFLINE_DATA_DIR"] = folder
    timing.start_django(arguments.database)
    try:
        return measure(Path(folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def measure(folder: Path) -> int:
    from django.contrib.staticfiles import finders
    from django.test import Client

    from oracle import data_version
    from web.offline import package

    current = data_version.current()
    started = time.perf_counter()
    package.build(current)
    built_in = time.perf_counter() - started
    index = package.read_index(current.number)
    rows = {}
    for kind in ("parts", "details"):
        packed = raw = 0
        for item in index[kind]:
            content = (folder / str(current.number) / f"{Path(item['url']).name}.gz").read_bytes()
            packed += len(content)
            raw += len(gzip.decompress(content))
        rows[kind] = (len(index[kind]), packed, raw)
    client = Client()
    packed = raw = count = 0
    for pages in index["pages"].values():
        for page in pages:
            response = client.get(page, headers={"Accept-Encoding": "gzip"})
            if response.status_code != 200:
                print(f"{page}: {response.status_code}", file=sys.stderr)
                return 1
            count += 1
            packed += len(response.content)
            gzipped = response.get("Content-Encoding") == "gzip"
            raw += len(gzip.decompress(response.content) if gzipped else response.content)
    rows["pages"] = (count, packed, raw)
    packed = raw = 0
    for path in package.ASSETS:
        found = finders.find(path)
        if found is None:
            print(f"(not in this checkout: {path})")
            continue
        content = Path(found).read_bytes()
        raw += len(content)
        packed += min(len(content), len(gzip.compress(content, 9)))
    rows["assets"] = (len(package.ASSETS), packed, raw)

    total = sum(row[1] for row in rows.values())
    print(f"Data version {current.number}: {index['cards']} cards, built in {built_in:.1f} s")
    print(f"{'':8} {'files':>6} {'compressed':>12} {'uncompressed':>13}")
    for kind, (files, packed, raw) in rows.items():
        print(f"{kind:8} {files:>6} {megabytes(packed):>12} {megabytes(raw):>13}")
    print(f"{'total':8} {'':>6} {megabytes(total):>12}")
    print(f"index.bytes (parts, details, assets): {megabytes(index['bytes'])}")
    print(f"budget {megabytes(BUDGET)}: {'within' if total <= BUDGET else 'OVER'}")
    print(f"at 10 Mbit/s: {total * 8 / LINK:.1f} s (budget 60 s)")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
