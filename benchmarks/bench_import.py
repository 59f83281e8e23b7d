"""Time a full MTGJSON import (AllPrintings: 575 sets) into a fresh SQLite database, twice.

    .venv/bin/python benchmarks/bench_import.py                  # ../shared/data/mtgjson/...
    .venv/bin/python benchmarks/bench_import.py PATH             # another AllPrintings or set file
    .venv/bin/python benchmarks/bench_import.py --database /tmp/all.sqlite3   # keep the result

Runs ``manage.py migrate`` and then ``manage.py import_mtgjson PATH`` twice in subprocesses,
with DATABASE_URL pointing at a new SQLite file. Prints the row counts, the wall time and peak
memory (the child's own maximum resident set size) of each import, and whether the second run
reported "Nothing changed". Warnings the import printed are listed after the table.

The floor it is judged against is measured in the same run: parsing the file alone (gzip and
``json.load`` in a subprocess, no database). The first import should take at most
``TARGET_RATIO`` times that, and at most ``TARGET_SECONDS`` on a quiet machine.
"""

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = Path("../shared/data/mtgjson/AllPrintings.json.gz")  # from the repository root
TARGET_SECONDS = 45
TARGET_RATIO = 10
PARSE_ONLY = (
    "import gzip, json, sys; path = sys.argv[1]; "
    "opener = gzip.open if path.endswith('.gz') else open; "
    "f = opener(path, 'rb'); json.load(f)"
)
TARGET_MB = 3 * 1024
COUNTED_TABLES = {
    "sets": "oracle_cardset",
    "cards": "oracle_card",
    "faces": "oracle_cardface",
    "printings": "oracle_printing",
    "printed faces": "oracle_printingface",
    "keywords": "oracle_keyword",
    "rulings": "rulings_ruling",
}
# What the command writes to stderr as progress; anything else is a warning or an error.
PROGRESS = (" read (", "Read ", "Writing ", "Updating ")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "path",
        nargs="?",
        type=Path,
        help=f"file to import (default: {DEFAULT_PATH} from the repository root)",
    )
    parser.add_argument(
        "--database", type=Path, help="SQLite file to create and keep (default: a temporary one)"
    )
    args = parser.parse_args()
    path = (args.path or ROOT / DEFAULT_PATH).resolve()
    if not path.exists():
        print(
            f"Import benchmark skipped: {path} does not exist. The full MTGJSON AllPrintings "
            "file is kept outside the repository (see benchmarks/README.md); pass its path."
        )
        return 0
    if args.database and args.database.exists():
        print(f"{args.database} already exists; choose a new file.", file=sys.stderr)
        return 2

    workdir = Path(tempfile.mkdtemp(prefix="oracolo-bench-import-"))
    try:
        database = args.database.resolve() if args.database else workdir / "bench.sqlite3"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
        # Like production: with DEBUG on, Django also keeps the SQL of every query.
        env.setdefault("DEBUG", "0")
        env.setdefault("SECRET_KEY", "benchmark-only-secret-key")
        size_mb = path.stat().st_size / 2**20
        print(f"Importing {path.name} ({size_mb:.1f} MB) into a new SQLite database")
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, DEBUG={env['DEBUG']}")

        parse = run([sys.executable, "-c", PARSE_ONLY, str(path)], env, workdir, "parse")
        if parse.exit_code:
            return fail(parse)
        migrate = run([sys.executable, "manage.py", "migrate", "-v", "0"], env, workdir, "migrate")
        if migrate.exit_code:
            return fail(migrate)
        runs = []
        for number in (1, 2):
            result = run(
                [sys.executable, "manage.py", "import_mtgjson", str(path)],
                env,
                workdir,
                f"import{number}",
            )
            if result.exit_code:
                return fail(result)
            result.counts = count_rows(database)
            runs.append(result)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    first, second = runs
    print()
    print(f"{'':24} {'first run':>12} {'second run':>12}")
    for label in COUNTED_TABLES:
        print(f"{label:24} {first.counts[label]:>12,} {second.counts[label]:>12,}")
    print(f"{'seconds':24} {first.seconds:>12.1f} {second.seconds:>12.1f}")
    print(f"{'peak MB':24} {first.peak_mb:>12.0f} {second.peak_mb:>12.0f}")
    print(
        f"{'said Nothing changed':24} {yes_no(first.nothing_changed):>12} "
        f"{yes_no(second.nothing_changed):>12}"
    )
    print(f"(migrate took {migrate.seconds:.1f} s and is not counted)")
    ratio = first.seconds / parse.seconds
    print(f"Parsing the file alone: {parse.seconds:.1f} s; first import / parsing: {ratio:.1f}x")
    print()
    fast = first.seconds < TARGET_SECONDS
    small = first.peak_mb < TARGET_MB
    print(f"Target: first import under {TARGET_SECONDS} s: {'met' if fast else 'MISSED'}")
    near = ratio <= TARGET_RATIO
    print(f"Target: at most {TARGET_RATIO}x parsing the file: {'met' if near else 'MISSED'}")
    print(f"Target: peak memory under {TARGET_MB} MB: {'met' if small else 'MISSED'}")
    idempotent = second.nothing_changed and second.counts == first.counts
    print(f"Second run changed nothing: {'yes' if idempotent else 'NO'}")
    for result in runs:
        if result.warnings:
            print(f"\n{result.label}: {len(result.warnings)} warning line(s) on stderr:")
            for line in result.warnings[:20]:
                print(f"  {line}")
    if not idempotent:
        print("\nSecond run output:\n" + second.stdout)
        return 1
    return 0


class Result:
    def __init__(self, label, exit_code, seconds, peak_mb, stdout, stderr):
        self.label, self.exit_code, self.seconds, self.peak_mb = label, exit_code, seconds, peak_mb
        self.stdout, self.stderr = stdout, stderr
        self.counts: dict[str, int] = {}
        self.nothing_changed = "Nothing changed" in stdout
        self.warnings = [
            line
            for line in stderr.splitlines()
            if line.strip() and not any(marker in line for marker in PROGRESS)
        ]


def run(command, env, workdir: Path, label: str) -> Result:
    """Run ``command`` from the repository root; time it and read its own peak memory."""
    out_path, err_path = workdir / f"{label}.out", workdir / f"{label}.err"
    with out_path.open("wb") as out, err_path.open("wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err
        )
        # wait4 gives this child's own resource usage (RUSAGE_CHILDREN would be the largest
        # of all children so far, migrate included).
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
    return Result(
        label,
        process.returncode,
        seconds,
        usage.ru_maxrss / 1024,  # kilobytes on Linux
        out_path.read_text(errors="replace"),
        err_path.read_text(errors="replace"),
    )


def count_rows(database: Path) -> dict[str, int]:
    with sqlite3.connect(database) as connection:
        return {
            label: connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for label, table in COUNTED_TABLES.items()
        }


def fail(result: Result) -> int:
    print(f"\n{result.label} failed (exit code {result.exit_code}):", file=sys.stderr)
    print(result.stderr[-3000:], file=sys.stderr)
    return 1


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


if __name__ == "__main__":
    sys.exit(main())
