"""Time the decklists (issue 34) on the full catalogue: a list resolved and checked, the page
that shows it, the API, and the judge's sheet.

    .venv/bin/python benchmarks/bench_decks.py --database /tmp/pages.sqlite3 [--repeat 21]

The database must hold the full card import (``bench_import.py --database FILE``), ideally
with the Comprehensive Rules and the links of the cards to them (``bench_pages.py``'s database:
``import_rules`` and ``link_rules`` after the import), so that the sheet lists the rules each
card uses; it is brought up to date with ``migrate`` first. Without a database, or with one
that holds less than the full catalogue (the bundled sample), the benchmark says so and exits
with status 0.

The lists are made from the database: the 75-card list of the fifteen Modern-legal cards with
an Italian name that EDHREC ranks highest (the most reprinted where the import has no rank),
four copies each, and five more, three each, in the sideboard, written by their Italian names,
two of them in lower case without accents, every apostrophe typographic; the 100-card
Commander list of the highest-ranked legendary creature with an Italian name, ninety cards
within its colours, singletons, and basic lands. Each is timed in-process as
``oracle.decks.check_list`` (read, resolve, check) and through the test client as the page
(``POST /it/decks/``) and the API (``POST /api/decks/check/``); the sheet as
``POST /it/decks/sheet/`` for the 75-card list. One call warms up each (the name index is
read once per process: shown as "first check"), then ``--repeat`` timed calls; medians of
wall time and of this thread's CPU time.

Targets (issue 34): the 75-card list resolved and checked under 100 ms median (the API, which
also writes the exports and the JSON), the 100-card Commander list under 150 ms, the sheet of
the 75-card list under 300 ms. Exits with status 1 when a target is missed.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import timing  # noqa: E402

TARGET_LIST_MS = 100
TARGET_COMMANDER_MS = 150
TARGET_SHEET_MS = 300
BASICS = {"W": "Pianura", "U": "Isola", "B": "Palude", "R": "Montagna", "G": "Foresta"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, help="SQLite file with the full card import")
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    if args.database is None or not args.database.exists():
        where = args.database or "no --database given"
        print(
            f"Decklist benchmark skipped: {where}. It needs a SQLite file with the full card "
            "import, e.g. bench_import.py --database /tmp/all.sqlite3 (see benchmarks/README.md)."
        )
        return 0
    timing.start_django(args.database.resolve(), persistent_connections=True)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return run(args.repeat)


def italian_names(cards) -> list[str]:
    from oracle.models import joined_name

    names = []
    for card in cards:
        name = joined_name(face.name_it for face in card.faces.all())
        if name and name != card.name:
            names.append(name)
    return names


def ranked(queryset, count, legal_in):
    """The first ``count`` cards of ``queryset`` with an Italian name and legal in
    ``legal_in``, by EDHREC rank (then by how often they were printed: a database imported
    before the rank has none)."""
    from django.db.models import Count, F

    from oracle.models import Card

    found = []
    cards = (
        queryset.game_cards()
        .exclude(faces__type_line__startswith="Basic")
        .annotate(printed=Count("printings"))
        .order_by(F("edhrec_rank").asc(nulls_last=True), "-printed", "name")
        .prefetch_related("faces")
    )
    for card in cards.iterator(chunk_size=500):
        if card.legalities.get(legal_in) == "Legal" and italian_names([card]):
            found.append(card)
            if len(found) == count:
                break
    assert isinstance(queryset.model(), Card)
    return found


def list_of_75() -> str:
    from oracle.models import Card

    cards = ranked(Card.objects.all(), 20, "modern")
    names = italian_names(cards)
    names[3] = names[3].lower()
    names[7] = names[7].lower().replace("à", "a").replace("è", "e").replace("ù", "u")
    names = [name.replace("'", "’") if "'" in name else name for name in names]
    main = [f"4 {name}" for name in names[:15]]
    side = [f"3 {name}" for name in names[15:20]]
    return "\n".join(["Mazzo", *main, "", "Sideboard", *side]) + "\n"


def commander_list() -> str:
    from oracle.models import Card

    (commander,) = ranked(
        Card.objects.filter(faces__type_line__startswith="Legendary Creature"), 1, "commander"
    )
    identity = commander.color_identity or "W"
    within = Card.objects.exclude(pk=commander.pk).filter(color_identity__regex=f"^[{identity}]*$")
    cards = ranked(within, 90, "commander")
    basic = BASICS[identity[0]]
    lines = [f"1 {name}" for name in italian_names(cards)]
    lines.append(f"{100 - 1 - len(lines)} {basic}")
    return "\n".join(["Comandante", f"1 {italian_names([commander])[0]}", "", "Mazzo", *lines])


def run(repeat) -> int:
    from django.db import connection
    from django.test import Client

    from oracle.decks import check_list
    from oracle.models import Card

    cards = Card.objects.count()
    if cards < 10_000:
        print(
            f"Decklist benchmark skipped: only {cards:,} cards in "
            f"{connection.settings_dict['NAME']}, not a full import (see benchmarks/README.md)."
        )
        return 0
    seventy_five, hundred = list_of_75(), commander_list()
    client = Client()
    print(f"Database: {connection.settings_dict['NAME']} ({cards:,} cards), {repeat} runs each\n")
    start = time.perf_counter()
    first = check_list(seventy_five, "modern")
    print(f"first check (reads the name index): {(time.perf_counter() - start) * 1000:.0f} ms")
    commander = check_list(hundred, "commander")
    for label, result in (("75-card list", first), ("Commander list", commander)):
        deck = result.deck
        print(
            f"{label}: {len(deck.lines)} lines, {sum(line.count for line in deck.lines)} cards, "
            f"{len(deck.unresolved)} not read, {len(result.problems)} problems"
        )
    print(f"\n{'what':44} {'median ms':>9} {'p95 ms':>7} {'cpu ms':>7} {'target':>7}")
    rows = [
        ("check_list, 75 cards in Italian", lambda: check_list(seventy_five, "modern"), None),
        ("check_list, Commander 100", lambda: check_list(hundred, "commander"), None),
        (
            "API, 75 cards in Italian",
            lambda: post(client, "/api/decks/check/", seventy_five, "modern"),
            TARGET_LIST_MS,
        ),
        (
            "API, Commander 100",
            lambda: post(client, "/api/decks/check/", hundred, "commander"),
            TARGET_COMMANDER_MS,
        ),
        ("page, 75 cards in Italian", lambda: post(client, "/it/decks/", seventy_five), None),
        ("page, Commander 100", lambda: post(client, "/it/decks/", hundred, "commander"), None),
        (
            "judge's sheet, 75 cards",
            lambda: post(client, "/it/decks/sheet/", seventy_five),
            TARGET_SHEET_MS,
        ),
    ]
    ok = True
    for label, call, target in rows:
        call()
        times, cpu = timing.time_calls(call, repeat)
        median = statistics.median(times)
        met = target is None or median < target
        ok = ok and met
        print(
            f"{label:44} {median:>9.1f} {timing.percentile(times, 95):>7.1f} "
            f"{statistics.median(cpu):>7.1f} {target or '':>7}{'' if met else '  MISSED'}"
        )
    print("\n" + ("targets met" if ok else "TARGET MISSED"))
    return 0 if ok else 1


def post(client, url, text, format_key="modern"):
    response = client.post(url, {"list": text, "format": format_key})
    if response.status_code != 200:
        sys.exit(f"{url} answered {response.status_code}")
    return response


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
