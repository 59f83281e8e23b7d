"""The coverage curve of the translation memory: the share of the English card rulings that the
most common 100, 500, 1,000 and 2,000 texts would cover once translated (issue 43).

    .venv/bin/python benchmarks/translation_coverage_curve.py --database /tmp/i43-all.sqlite3

Texts are the memory's (``RulingText``: the card's own names as a placeholder, white space and
quote forms normalised), ranked by the card rulings that have them; beside them, for
comparison, the same curve over the rulings' exact English words, which is what a memory
without the normalisation would hold. Reads only; without ``--database`` it reads the database
Django is set up with (``DATABASE_URL``, else db.sqlite3).
"""

import argparse
import sys
from pathlib import Path

import timing

TOPS = (100, 500, 1_000, 2_000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, help="SQLite file (default: DATABASE_URL)")
    args = parser.parse_args()
    timing.start_django(args.database)

    from django.db.models import Count

    from rulings.models import Language, Ruling, RulingText

    card_rulings = Ruling.objects.public().filter(language=Language.ENGLISH, card__isnull=False)
    total = card_rulings.count()
    if not total:
        sys.exit("No English card rulings in the database.")
    memory = list(
        RulingText.objects.in_use()
        .filter(card_rulings__gt=0)
        .order_by("-card_rulings")
        .values_list("card_rulings", flat=True)
    )
    exact = list(
        card_rulings.values("text")
        .annotate(n=Count("pk"))
        .order_by("-n")
        .values_list("n", flat=True)
    )
    print(f"English card rulings: {total:,}")
    print(f"distinct texts: {len(memory):,} in the memory, {len(exact):,} word for word")
    print(f"texts on one card only: {memory.count(1):,} in the memory, {exact.count(1):,}")
    print()
    print(f"{'top texts':>10} {'memory':>16} {'word for word':>16}")
    for top in TOPS:
        covered, covered_exact = sum(memory[:top]), sum(exact[:top])
        print(
            f"{top:>10,} {covered:>8,} {100 * covered / total:>6.1f} %"
            f" {covered_exact:>8,} {100 * covered_exact / total:>6.1f} %"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
