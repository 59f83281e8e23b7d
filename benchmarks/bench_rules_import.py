"""Time import_rules on the bundled Comprehensive Rules editions, old-number mappings included.

    .venv/bin/python benchmarks/bench_rules_import.py             # a temporary SQLite database
    DATABASE_URL=postgres://... .venv/bin/python benchmarks/bench_rules_import.py
    scripts/with-postgres .venv/bin/python benchmarks/bench_rules_import.py

Each case starts from a known database state, runs ``import_rules`` in this process and is
repeated (3 times by default; the median is printed):

- April 2026 into an empty database (the current edition, nothing to map);
- July 2009 beside it (reads and writes 2009, maps its 1,584 sections onto 2026);
- May 2007 beside both (maps its 1,163 sections);
- April 2026 again with all three loaded ("Nothing changed"; both older editions re-mapped);
- April 2026 into a database that holds only 2007 and 2009: the whole current import with
  every mapping computed, the case the 10-second budget is about.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "fixtures" / "rules" / "en"
BUDGET_SECONDS = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each case")
    args = parser.parse_args()

    folder = tempfile.TemporaryDirectory()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder.name}/rules.sqlite3")
    os.environ.setdefault("DEBUG", "0")  # with DEBUG on, Django keeps every query's SQL
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from rulings.models import RuleMapping, RuleSection, RulesEdition

    call_command("migrate", verbosity=0)
    files = {day: BUNDLED / f"{day}.txt" for day in ("20260417", "20090711", "20070501")}

    def load(*days):
        RulesEdition.objects.all().delete()
        for day in days:
            call_command("import_rules", files[day], stdout=StringIO(), stderr=StringIO())

    def timed(day) -> tuple[float, str]:
        out = StringIO()
        started = time.perf_counter()
        call_command("import_rules", files[day], stdout=out, stderr=StringIO())
        return time.perf_counter() - started, out.getvalue()

    new, mid, old = "20260417", "20090711", "20070501"
    cases = [  # label, editions loaded before, file imported
        ("2026-04-17 into an empty database", (), new),
        ("2009-07-11 beside 2026 (maps 2009)", (new,), mid),
        ("2007-05-01 beside 2026 and 2009 (maps 2007)", (new, mid), old),
        ("2026-04-17 again, nothing changed (re-maps both)", (new, mid, old), new),
        ("2026-04-17 after 2007 and 2009 (imports, maps both)", (mid, old), new),
    ]
    print(f"Database: {connection.vendor}; {args.runs} runs per case, median wall time.\n")
    worst = 0.0
    for label, before, day in cases:
        times = []
        for run in range(args.runs):
            if day not in before or run == 0:  # re-importing a loaded file leaves it as it was
                load(*before)
            seconds, output = timed(day)
            times.append(seconds)
        median = statistics.median(times)
        if day == new:
            worst = max(worst, median)
        summary = next(
            (line for line in output.splitlines() if line.startswith(("Nothing", "Imported"))), ""
        )
        print(f"{label:55} {median:6.2f} s   ({', '.join(f'{t:.2f}' for t in times)})")
        print(f"{'':55} {summary}")
    print()
    for edition in RulesEdition.objects.order_by("effective_date"):
        mappings = RuleMapping.objects.filter(old_section__edition=edition)
        total = mappings.count()
        confident = mappings.filter(confidence__gte=0.8).count()
        unmatched = mappings.filter(current_section=None).count()
        sections = RuleSection.objects.filter(edition=edition).count()
        coverage = (
            f"{confident / total:.1%} with confidence >= 0.8, {unmatched} unmatched"
            if total
            else "current"
        )
        print(f"{edition}: {sections} sections, {total} mappings ({coverage})")
    verdict = "within" if worst < BUDGET_SECONDS else "OVER"
    print(f"\nCurrent edition import: {worst:.2f} s, {verdict} the {BUDGET_SECONDS:.0f} s budget.")
    folder.cleanup()
    return 0 if worst < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
