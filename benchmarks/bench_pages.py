"""Time the card, set and search pages and the JSON API in-process (Django's test client), with
SQL query counts.

    .venv/bin/python benchmarks/bench_pages.py                       # the project's database
    .venv/bin/python benchmarks/bench_pages.py --database /tmp/all.sqlite3   # e.g. a full import

Server time only (no network): each page is requested once to warm up, then ``--repeat`` times.
Prints the median and 95th percentile per page kind, the query count per page (which must not
depend on the card), and the slowest cards.
"""

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# First results pages of the card search (each finds more than one card, so none redirects).
SEARCH_QUERIES = [
    "t:creature",
    "k:flying",
    'o:"draw a card"',
    "t:goblin c:r",
    "t:dragon mv>=5",
    "c:ur",
    "t:legendary -t:creature",
    "pow>tou",
    "t:creatura k:volare",
    "is:split",
]
SEARCH_FACETS = [
    "type=creature",
    "card_set=LARGEST",
    "color=U&color=R&color_mode=exactly",
    "rarity=mythic",
    "keyword=flying",
    "mv_min=3&mv_max=4",
    "q=t%3Acreature&card_set=LARGEST&rarity=common",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database", type=Path, help="SQLite file (default: DATABASE_URL or db.sqlite3)"
    )
    parser.add_argument("--cards", type=int, default=200, help="how many random cards")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if args.database:
        if not args.database.exists():
            sys.exit(f"{args.database} does not exist")
        os.environ["DATABASE_URL"] = f"sqlite:///{args.database.resolve()}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Production settings (DEBUG off: no SQL log, no template debug info) with plain static
    # storage, so that no collectstatic manifest is needed; static files are not timed.
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    # WhiteNoise warns about a missing STATIC_ROOT; static files are not part of the timing.
    static_root = tempfile.TemporaryDirectory(prefix="oracolo-bench-static-")  # gone at exit
    os.environ["STATIC_ROOT"] = static_root.name

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from timing import HEADER, report

    from oracle.models import Card, CardSet, Printing

    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    total = Card.objects.count()
    if not total:
        sys.exit("No cards in the database: run `make run` once, or import a file first.")
    rng = random.Random(args.seed)
    ids = list(Card.objects.values_list("pk", flat=True))
    sample = list(Card.objects.filter(pk__in=rng.sample(ids, min(args.cards, len(ids)))))
    card_urls = [(card.name, f"/it/cards/{card.slug}/") for card in sample]
    printing = Printing.objects.select_related("card_set").order_by("?").first()
    sets = list(CardSet.objects.order_by("-total_size")[:5])
    other_urls = {
        "set page (largest sets)": [(s.code, f"/it/sets/{s.code.lower()}/") for s in sets],
        "printing page": [(str(printing), printing.get_absolute_url().replace("/en/", "/it/"))],
        "search, nothing asked": [("cards", "/it/cards/")],
        "search, query": [(q, f"/it/cards/?{urlencode({'q': q})}") for q in SEARCH_QUERIES],
        "search, facets": [
            (facets, f"/it/cards/?{facets.replace('LARGEST', sets[0].code)}")
            for facets in SEARCH_FACETS
        ],
        "API search": [(q, f"/api/cards/?{urlencode({'q': q})}") for q in SEARCH_QUERIES],
        "API card": [(card.name, f"/api/cards/{card.oracle_id}/") for card in sample[:50]],
        "home": [("home", "/it/")],
    }

    client = Client()
    print(f"Database: {connection.settings_dict['NAME']} ({total:,} cards)")
    print(HEADER)
    report("card page", card_urls, client, args.repeat)
    for label, urls in other_urls.items():
        report(label, urls, client, args.repeat)


if __name__ == "__main__":
    main()
