"""Card pages with 2,000 approved translations in the memory (issue 43), cold, side by side:
Italian pages with them, English pages, and Italian pages with no translation at all.

    .venv/bin/python benchmarks/translation_budget.py --database /tmp/i43-all.sqlite3

Works on a copy (``--copy``, by default a file in /tmp) of ``--database`` (default: db.sqlite3)
and leaves the original alone. In the copy, every translation is removed, then the 2,000 texts
that cover the most card rulings get one (the English prefixed "IT ": a speed check, not a
translation), approved. The pages are timed as ``bench_pages.py`` times them
(``timing.measure``: production settings, no page cache, and here no cache at all), over the
same cards: some drawn at random among the cards with English rulings, and the cards with the
most rulings. Both states are timed in turn, ``--rounds`` times (the translations deleted, then
made again), so that a busy machine weighs on both alike.
The budget is the Italian page's, with the translations: median under 30 ms. ``--profile``
prints the top lines of cProfile (Oracolo's functions) for the slowest of those pages.
"""

import argparse
import cProfile
import pstats
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import timing

TRANSLATED = 2_000
BUDGET = 30  # ms, the median of the Italian card pages, cold


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", type=Path, default=timing.ROOT / "db.sqlite3")
    parser.add_argument("--copy", type=Path, help="where to copy it (default: a temporary file)")
    parser.add_argument("--random-cards", type=int, default=24)
    parser.add_argument("--most-rulings", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=5, help="timed requests a page a round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not args.database.exists():
        sys.exit(f"{args.database} does not exist")
    copy = args.copy or Path(tempfile.mkdtemp(prefix="translation-budget-")) / "db.sqlite3"
    print(f"Copying {args.database} to {copy} ...", flush=True)
    shutil.copyfile(args.database, copy)
    try:
        timing.start_django(copy, persistent_connections=True)
        from django.conf import settings

        settings.CACHES["default"] = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        return run(args)
    finally:
        if args.copy is None:
            shutil.rmtree(copy.parent)


def approve_top_texts(count: int) -> int:
    """Remove every translation, then translate and approve the ``count`` texts in use that
    cover the most card rulings; the card rulings they cover."""
    from django.db.models import Sum
    from django.utils import timezone

    from rulings.models import RulingText, RulingTranslation

    RulingTranslation.objects.all().delete()
    texts = list(RulingText.objects.in_use().order_by("-card_rulings", "key")[:count])
    now = timezone.now()
    RulingTranslation.objects.bulk_create(
        [
            RulingTranslation(
                text=text,
                italian=f"IT {text.english}",
                status=RulingTranslation.Status.APPROVED,
                approved_at=now,
            )
            for text in texts
        ],
        batch_size=500,
    )
    keys = [text.key for text in texts]
    return RulingText.objects.filter(key__in=keys).aggregate(n=Sum("card_rulings"))["n"] or 0


def chosen_cards(random_count: int, most_count: int, seed: int) -> list[tuple[str, str, int]]:
    """(name, slug, English rulings) of cards drawn at random among those with English
    rulings, then of the cards with the most."""
    from django.db.models import Count, Q

    from oracle.models import Card
    from rulings.models import Language

    cards = Card.objects.annotate(
        n=Count("rulings", filter=Q(rulings__language=Language.ENGLISH))
    ).filter(n__gt=0)
    most = list(cards.order_by("-n", "pk").values_list("name", "slug", "n")[:most_count])
    ids = sorted(cards.values_list("pk", flat=True))
    drawn = random.Random(seed).sample(ids, min(random_count, len(ids)))
    others = cards.filter(pk__in=drawn).exclude(slug__in=[slug for _, slug, _ in most])
    return list(others.values_list("name", "slug", "n")) + most


def italian_rulings_shown(client, slug: str) -> int:
    return client.get(f"/it/cards/{slug}/").content.decode().count("tradotta dalla redazione")


def run(args) -> int:
    from django.test import Client

    from rulings.models import RulingTranslation

    covered = approve_top_texts(TRANSLATED)
    cards = chosen_cards(args.random_cards, args.most_rulings, args.seed)
    client = Client()
    print(
        f"{RulingTranslation.objects.approved().count():,} approved translations covering "
        f"{covered:,} card rulings; {len(cards)} cards ({args.random_cards} at random, "
        f"{args.most_rulings} with the most rulings: {cards[-args.most_rulings][2]} to "
        f"{cards[-1][2]}); {args.rounds} rounds of {args.repeat} timed requests a page"
    )
    states = {  # the pages' language, and whether the translations are there
        "it, 2,000 translations": ("it", True),
        "en, 2,000 translations": ("en", True),
        "it, no translation": ("it", False),
    }
    times = {state: {slug: [] for _, slug, _ in cards} for state in states}
    cpu_times = {state: [] for state in states}
    queries = {state: set() for state in states}
    shown = 0
    for _ in range(args.rounds):
        for state, (language, translated) in states.items():
            if not translated:
                RulingTranslation.objects.all().delete()
            elif not RulingTranslation.objects.exists():
                approve_top_texts(TRANSLATED)
            for _, slug, _ in cards:
                measured = timing.measure(client, f"/{language}/cards/{slug}/", args.repeat)
                times[state][slug] += measured.times
                cpu_times[state] += measured.cpu_times
                queries[state].add(measured.queries)
            if state == "it, 2,000 translations":
                shown = sum(italian_rulings_shown(client, slug) for _, slug, _ in cards)
    print(f"Italian rulings shown on those Italian pages: {shown:,}\n")
    medians = report(cards[-args.most_rulings :], states, times, cpu_times, queries)
    italian, english, none = (medians[state] for state in states)
    print(
        f"\nratios of the medians: it with translations / en {italian / english:.2f}, "
        f"/ it without {italian / none:.2f}"
    )
    verdict = "pass" if italian < BUDGET else "FAIL"
    print(f"budget: Italian card page, cold, median < {BUDGET} ms: {italian:.1f} ms {verdict}")
    if args.profile:
        profile_slowest(client, cards, times["it, 2,000 translations"])
    return 0 if verdict == "pass" else 1


def report(many_rulings, states, times, cpu_times, queries) -> dict[str, float]:
    """Print the wall-time medians over every page and over the pages with the most rulings
    (``many_rulings``), and the median CPU time, which a busy machine inflates less."""
    many = {slug for _, slug, _ in many_rulings}
    print(
        f"{'pages':24} {'median':>8} {'p95':>8} {'max':>8} {'most rulings':>13} {'cpu':>6} "
        f"{'queries':>8}"
    )
    medians = {}
    for state in states:
        every = [ms for per_page in times[state].values() for ms in per_page]
        most = [ms for slug in many for ms in times[state][slug]]
        medians[state] = statistics.median(every)
        counts = "/".join(str(n) for n in sorted(queries[state]))
        print(
            f"{state:24} {medians[state]:>8.1f} {timing.percentile(every, 95):>8.1f} "
            f"{max(every):>8.1f} {statistics.median(most):>13.1f} "
            f"{statistics.median(cpu_times[state]):>6.1f} {counts:>8}"
        )
    slowest = sorted(
        (statistics.median(per_page), slug)
        for slug, per_page in times["it, 2,000 translations"].items()
    )[-3:]
    print("slowest Italian pages (median ms): " + ", ".join(f"{s} {ms:.1f}" for ms, s in slowest))
    return medians


def profile_slowest(client, cards, italian_times) -> None:
    approve_top_texts(TRANSLATED)
    slug = max(italian_times, key=lambda slug: statistics.median(italian_times[slug]))
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(5):
        client.get(f"/it/cards/{slug}/")
    profiler.disable()
    print(f"\ncProfile of /it/cards/{slug}/, 5 requests:")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(r"/(web|rulings|oracle)/", 20)


if __name__ == "__main__":
    sys.exit(main())
