"""Time the rules pages in-process (Django's test client), with SQL query counts.

    .venv/bin/python benchmarks/bench_rules.py                  # a fresh temporary database
    .venv/bin/python benchmarks/bench_rules.py --database /tmp/rules.sqlite3   # one you have

Without ``--database`` it builds a temporary SQLite file (migrate + load_bundled_rules: the
bundled 2007, 2009 and 2026 editions, about 10 s) and deletes it afterwards. Server time only:
each page is requested once to warm up, once to count its queries, then ``--repeat`` times.
Prints the median and 95th percentile per kind of page and the query counts seen (a rule page
must cost the same whatever the rule); also the keyword pages of flying and suspend (when the
cards are imported) and the largest source document.
"""

import argparse
import io
import random
import sys
import tempfile
import time
from pathlib import Path

import timing


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, help="SQLite file with the rules imported")
    parser.add_argument("--rules", type=int, default=200, help="how many random rule pages")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    scratch = None
    if args.database:
        if not args.database.exists():
            sys.exit(f"{args.database} does not exist")
        database = args.database.resolve()
    else:
        scratch = tempfile.TemporaryDirectory(prefix="oracolo-bench-rules-")
        database = Path(scratch.name) / "rules.sqlite3"
    timing.start_django(database, must_exist=not scratch)
    from django.core.management import call_command

    try:
        if scratch:
            started = time.perf_counter()
            quiet = {"verbosity": 0, "stdout": io.StringIO(), "stderr": io.StringIO()}
            call_command("migrate", **quiet)
            call_command("load_bundled_rules", **quiet)
            print(f"Built {database} in {time.perf_counter() - started:.1f} s")
        run(args)
    finally:
        if scratch:
            scratch.cleanup()


def run(args):
    from django.db import connection
    from django.db.models import Count
    from django.test import Client

    from oracle.models import Keyword
    from rulings.models import RuleMapping, RulesEdition, SourceDocument

    current = RulesEdition.objects.official().in_force()
    if current is None:
        sys.exit("No rules in the database: run load_bundled_rules or import_rules first.")
    rng = random.Random(args.seed)
    numbers = list(current.sections.values_list("number", flat=True))
    sample = rng.sample(numbers, min(args.rules, len(numbers)))
    biggest = max(
        current.sections.filter(level=2).values_list("number", flat=True),
        key=lambda number: sum(1 for n in numbers if n.startswith(f"{number}.")),
    )
    old = (
        RuleMapping.objects.exclude(old_section__edition=current)
        .filter(current_section__isnull=False, old_section__isnull=False)
        .select_related("old_section__edition")
        .order_by("old_section__edition__effective_date", "old_section__position")
    )
    old_urls = [
        (
            m.old_section.number,
            f"/it/rules/{m.old_section.number}/?edition={m.old_section.edition.slug}",
        )
        for m in rng.sample(list(old[:2000]), min(50, old.count()))
    ]
    pages = [
        ("rule page (random)", [(n, f"/it/rules/{n}/") for n in sample]),
        ("contents", [("contents", "/it/rules/")]),
        (f"biggest section ({biggest})", [(biggest, f"/it/rules/{biggest}/")]),
        ("chapter 7", [("7", "/it/rules/7/")]),
        ("rule 702.37", [("702.37", "/it/rules/702.37/")]),
        ("subrule 702.37c", [("702.37c", "/it/rules/702.37c/")]),
        ("old number (random)", old_urls),
        ("compare 2009 -> 2026", [("704.5a", "/it/rules/704.5a/?compare=2009-07-11")]),
        ("glossary", [("glossary", "/it/rules/glossary/")]),
        ("search: words", [("morph", "/it/rules/search/?q=face-down+creature")]),
        ("search: one word", [("the", "/it/rules/search/?q=player")]),
        ("search: old number", [("502.26b", "/it/rules/search/?q=502.26b+2007")]),
        ("API rule", [("702.37c", "/api/rules/702.37c/")]),
        ("section 702 (English)", [("702", "/en/rules/702/")]),
    ]
    for keyword in Keyword.objects.filter(slug__in=["flying", "suspend"]).order_by("slug"):
        pages.append(
            (f"keyword: {keyword.slug}", [(keyword.slug, f"/it/keywords/{keyword.slug}/")])
        )
    documents = SourceDocument.objects.exclude(kind=SourceDocument.Kind.RULINGS_DATABASE)
    largest = documents.annotate(size=Count("sections")).order_by("-size").first()
    if largest is not None:
        pages.append(("largest source document", [(str(largest.pk), largest.get_absolute_url())]))
    client = Client()
    print(f"Database: {connection.settings_dict['NAME']} (current edition {current.slug})")
    print(timing.HEADER)
    for label, urls in pages:
        timing.report(label, urls, client, args.repeat, ok_statuses=(200, 302))


if __name__ == "__main__":
    main()
