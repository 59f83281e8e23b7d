"""``bench_search.py --floor-table``: issue 35's 28 queries, Oracolo beside the floor.

For each query of ``floor_queries.SIDE_BY_SIDE``, in one run on one database: the API's first
page with its count (``/api/cards/?q=...``), the results page (``/en/cards/?q=...``), both
in-process through Django's test client (``timing.measure``: one request to warm up, one to
count the SQL, then ``repeat`` timed), and the floor (``search_floor``: a hand-written query over
one compact table with full-text indexes, its first page and count). Prints per query the three
medians, the API over the floor and the page over the API, then the median and the slowest of
each ratio against issue 35's targets. ``growth`` compares two such runs (1x and the synthetic
10x catalogue) query by query, ``compare`` two runs on two databases (PostgreSQL over SQLite).
"""

import json
import statistics
import time
from urllib.parse import urlencode

import timing
from floor_queries import SIDE_BY_SIDE
from search_floor import build_floor_table, drop_floor_table, time_floor_forms

# Issue 35's targets.
FLOOR_MEDIAN = 3.0  # the API over the floor, median of the queries
FLOOR_MAX = 10.0  # ... and no query over this
PAGE_OVER_API = 1.5  # the results page over the API
GROWTH = {"selective": 2.0, "counting": 10.0}  # 10x catalogue over 1x
VENDORS = 1.5  # PostgreSQL over SQLite, median of the queries


def measure(repeat: int) -> dict:
    """Time every query on the database Django is set up with; the figures as a dict."""
    from django.db import connection
    from django.test import Client

    from oracle.models import Card

    client = Client()
    started = time.perf_counter()
    floor_rows = build_floor_table()
    built = time.perf_counter() - started
    rows = []
    try:
        for query, kind, _ in SIDE_BY_SIDE:
            api_url = "/api/cards/?" + urlencode({"q": query})
            api = timing.measure(client, api_url, repeat)
            total = json.loads(client.get(api_url).content)["total"]
            page = timing.measure(client, "/en/cards/?" + urlencode({"q": query}), repeat)
            floor_wall, floor_cpu, floor_count, form = time_floor_forms(query, repeat, "en")[0]
            rows.append(
                {
                    "query": query,
                    "kind": kind,
                    "found": total,
                    "floor_found": floor_count,
                    "api": [api.median, api.cpu_median],
                    "page": [page.median, page.cpu_median],
                    "floor": [floor_wall, floor_cpu],
                    "floor_form": form,
                    "api_queries": api.queries,
                    "page_queries": page.queries,
                }
            )
    finally:
        drop_floor_table()
    return {
        "database": str(connection.settings_dict["NAME"]),
        "vendor": connection.vendor,
        "cards": Card.objects.count(),
        "floor_rows": floor_rows,
        "floor_built_s": built,
        "repeat": repeat,
        "cpu_clock": timing.server_clock().describe(),
        "rows": rows,
    }


def report(results: dict, by_cpu: bool) -> bool:
    """Print the table of one run; True when issue 35's targets are met."""
    clock = 1 if by_cpu else 0
    print(
        f"\n{results['vendor']} {results['database']}: {results['cards']:,} cards; floor table "
        f"of {results['floor_rows']:,} rows built in {results['floor_built_s']:.0f} s; "
        f"{results['repeat']} runs each; medians of {'CPU' if by_cpu else 'wall'} time, ms"
        + (f" ({results['cpu_clock']})" if by_cpu else "")
    )
    print(
        f"{'query':40} {'found':>7} {'ours':>7} {'page':>7} {'floor':>7} {'':5} "
        f"{'ours/floor':>10} {'page/ours':>9}"
    )
    over_floor, page_over = [], []
    for row in results["rows"]:
        ours, page, floor = row["api"][clock], row["page"][clock], row["floor"][clock]
        over_floor.append(ours / floor)
        page_over.append(page / ours)
        print(
            f"{row['query'][:40]:40} {row['found']:>7,} {ours:>7.1f} {page:>7.1f} {floor:>7.2f} "
            f"{row['floor_form']:5} {over_floor[-1]:>9.1f}x {page_over[-1]:>8.2f}x"
        )
        if row["found"] != row["floor_found"]:
            print(f"  COUNT: the API found {row['found']:,}, the floor {row['floor_found']:,}")
    queries = [row["query"] for row in results["rows"]]
    medians = {
        part: statistics.median(row[part][clock] for row in results["rows"])
        for part in ("api", "page", "floor")
    }
    print(
        f"\nMedians over the {len(queries)} queries: ours {medians['api']:.1f} ms, page "
        f"{medians['page']:.1f} ms, floor {medians['floor']:.2f} ms"
    )
    met = True
    for label, ratios, median_target, max_target in (
        ("ours over the floor", over_floor, FLOOR_MEDIAN, FLOOR_MAX),
        ("the page over ours", page_over, PAGE_OVER_API, None),
    ):
        median, slowest = statistics.median(ratios), max(ratios)
        ok = median <= median_target and (max_target is None or slowest <= max_target)
        met &= ok
        limits = f"median <= {median_target}x" + (
            f", none over {max_target}x" if max_target else ""
        )
        print(
            f"{label}: median {median:.2f}x, slowest {slowest:.2f}x "
            f"({queries[ratios.index(slowest)]}); target {limits}: " + ("met" if ok else "MISSED")
        )
    return met


def growth(small: dict, large: dict, by_cpu: bool) -> bool:
    """Print each query's time on the larger catalogue over the smaller, Oracolo's and the
    floor's (whose cards found grow as much: the copies match what their originals match), and
    the one over the other; True when every query grows less than its target."""
    clock = 1 if by_cpu else 0
    factor = large["cards"] / small["cards"]
    print(
        f"\nGrowth from {small['cards']:,} to {large['cards']:,} cards ({factor:.1f}x), "
        f"{'CPU' if by_cpu else 'wall'} time: larger / smaller"
    )
    print(
        f"{'query':40} {'kind':9} {'found':>15} {'ours ms':>15} {'growth':>7} "
        f"{'floor ms':>13} {'growth':>7} {'target':>7} {'ours/floor growth':>17}"
    )
    met = True
    by_kind = {}
    for before, after in zip(small["rows"], large["rows"], strict=True):
        ours = after["api"][clock] / before["api"][clock]
        floor = after["floor"][clock] / before["floor"][clock]
        target = GROWTH[before["kind"]]
        ok = ours < target
        met &= ok
        by_kind.setdefault(before["kind"], []).append(ours)
        print(
            f"{before['query'][:40]:40} {before['kind']:9} "
            f"{before['found']:>7,}/{after['found']:<7,} "
            f"{before['api'][clock]:>7.1f}/{after['api'][clock]:<7.1f} {ours:>6.1f}x "
            f"{before['floor'][clock]:>6.2f}/{after['floor'][clock]:<6.2f} {floor:>6.1f}x "
            f"{'< ' + format(target, 'g') + 'x':>7} {ours / floor:>16.2f}x"
            + ("" if ok else "  MISSED")
        )
    for kind, values in by_kind.items():
        print(
            f"{kind}: growth median {statistics.median(values):.1f}x, largest {max(values):.1f}x "
            f"(target < {GROWTH[kind]:g}x)"
        )
    print("growth targets: " + ("met" if met else "MISSED"))
    return met


def compare(first: dict, second: dict, by_cpu: bool) -> bool:
    """Print each query's time on the second run's database over the first's (PostgreSQL over
    SQLite on the same catalogue); True when the median is within issue 35's 1.5x."""
    clock = 1 if by_cpu else 0
    print(
        f"\n{second['vendor']} over {first['vendor']}, {first['cards']:,} cards, "
        f"{'CPU' if by_cpu else 'wall'} time, ms"
    )
    print(f"{'query':40} {'ours':>15} {'ratio':>7} {'floor':>15} {'ratio':>7}")
    ratios = []
    for one, other in zip(first["rows"], second["rows"], strict=True):
        ratios.append(other["api"][clock] / one["api"][clock])
        floors = other["floor"][clock] / one["floor"][clock]
        print(
            f"{one['query'][:40]:40} {one['api'][clock]:>7.1f}/{other['api'][clock]:<7.1f} "
            f"{ratios[-1]:>6.2f}x {one['floor'][clock]:>7.2f}/{other['floor'][clock]:<7.2f} "
            f"{floors:>6.2f}x"
        )
    median, slowest = statistics.median(ratios), max(ratios)
    met = median <= VENDORS
    print(
        f"ours, {second['vendor']} over {first['vendor']}: median {median:.2f}x, slowest "
        f"{slowest:.2f}x ({first['rows'][ratios.index(slowest)]['query']}); target <= "
        f"{VENDORS}x: " + ("met" if met else "MISSED")
    )
    return met


def markdown(runs: list[dict], by_cpu: bool) -> None:
    """Print one run, or two sizes of it, as a Markdown table (benchmarks/README.md)."""
    clock = 1 if by_cpu else 0
    sizes = [f"{run['cards'] / runs[0]['cards']:.0f}x" for run in runs]
    header = ["query", "found"]
    for size in sizes:
        header += [f"ours {size}", f"page {size}", f"floor {size}", f"ours/floor {size}"]
    if len(runs) == 2:
        header += ["growth ours", "growth floor"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for rows in zip(*(run["rows"] for run in runs), strict=True):
        cells = [f"`{rows[0]['query']}`", " / ".join(f"{row['found']:,}" for row in rows)]
        for row in rows:
            ours, page, floor = row["api"][clock], row["page"][clock], row["floor"][clock]
            cells += [f"{ours:.1f}", f"{page:.1f}", f"{floor:.2f}", f"{ours / floor:.1f}x"]
        if len(rows) == 2:
            for part in ("api", "floor"):
                cells.append(f"{rows[1][part][clock] / rows[0][part][clock]:.1f}x")
        print("| " + " | ".join(cells) + " |")
