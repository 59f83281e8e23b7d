"""How much of the catalogue has Italian names: the keywords and the card types (supertypes,
types, subtypes) on at least --min-cards cards printed in Italian, and how many of them have
an Italian name; also the faces of split, flip, adventure and aftermath cards printed in
Italian whose Italian name differs from the English, and the sets printed in Italian with an
Italian name.

    .venv/bin/python benchmarks/bench_italian_names.py --database /tmp/all.sqlite3

A card counts as printed in Italian when one of its faces has an Italian printed name. The
names still missing are listed, the most printed first. Target on a full AllPrintings import:
98 % of the keywords and of the types.
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database", type=Path, help="SQLite file (default: DATABASE_URL or db.sqlite3)"
    )
    parser.add_argument("--min-cards", type=int, default=3)
    args = parser.parse_args()
    if args.database:
        if not args.database.exists():
            sys.exit(f"{args.database} does not exist")
        os.environ["DATABASE_URL"] = f"sqlite:///{args.database.resolve()}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.db.models import Count, F, Q

    from oracle.models import CardFace, CardSet, CardType, Keyword

    # Only the columns read here, so that a database of an older schema can be measured too.
    italian_cards = set(
        CardFace.objects.exclude(name_it="").values_list("card_id", flat=True).distinct()
    )
    print(f"cards printed in Italian: {len(italian_cards):,}")
    keywords = (
        Keyword.objects.values("name", "name_it")
        .annotate(italian_cards=Count("cards", filter=Q(cards__in=italian_cards), distinct=True))
        .filter(italian_cards__gte=args.min_cards)
    )
    _report("keywords", keywords, lambda row: row["name"])
    types = (
        CardType.objects.values("name", "kind", "name_it")
        .annotate(
            italian_cards=Count(
                "faces__card", filter=Q(faces__card__in=italian_cards), distinct=True
            )
        )
        .filter(italian_cards__gte=args.min_cards)
    )
    _report("card types", types, lambda row: f"{row['name']} ({row['kind']})")
    for kind in CardType.Kind:
        of_kind = [row for row in types if row["kind"] == kind]
        named = sum(1 for row in of_kind if row["name_it"])
        print(f"  {kind.label}: {named}/{len(of_kind)}")
    faces = CardFace.objects.filter(
        card__layout__in=["split", "flip", "adventure", "aftermath"]
    ).exclude(name_it="")
    translated = faces.exclude(name_it=F("name")).count()
    print(
        f"faces of split, flip, adventure and aftermath cards printed in Italian: {faces.count()}"
    )
    print(f"  with an Italian name other than the English one: {translated}")
    printed_sets = CardSet.objects.filter(printings__faces__name_it__gt="").distinct()
    named_sets = printed_sets.exclude(name_it="").values("pk").count()
    print(f"sets printed in Italian: {printed_sets.values('pk').count()}, named: {named_sets}")
    columns = [
        c.name
        for c in connection.introspection.get_table_description(
            connection.cursor(), CardSet._meta.db_table
        )
    ]
    if "block_it" in columns:
        blocks = CardSet.objects.exclude(block="")
        print(
            f"sets in a block: {blocks.values('pk').count()}, "
            f"with an Italian block name: {blocks.exclude(block_it='').values('pk').count()}"
        )


def _report(label, rows, describe):
    rows = sorted(rows, key=lambda row: -row["italian_cards"])
    named = [row for row in rows if row["name_it"]]
    share = 100 * len(named) / len(rows) if rows else 100
    print(
        f"{label} on enough cards printed in Italian: {len(rows)}, named: {len(named)} "
        f"({share:.1f} %)"
    )
    for row in rows:
        if not row["name_it"]:
            print(f"  missing: {describe(row)}, on {row['italian_cards']} cards")


if __name__ == "__main__":
    main()
