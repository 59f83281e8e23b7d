"""Issue 41's "must show": ``make serve`` (2 workers) behind a real nginx set up as
docs/deploy.md says (its limit_req and limit_conn too, unless ``--no-nginx-limits``), tried as
an attacker would, with the rate limits at their production defaults, once with the local
cache and once with a private Redis; a table of figures and targets.

    .venv/bin/python benchmarks/limits_under_attack.py                    # the bundled data
    .venv/bin/python benchmarks/limits_under_attack.py --database /tmp/all.sqlite3
    .venv/bin/python benchmarks/limits_under_attack.py --cache redis --checks abcde

a. 600 addresses of /it/rules/702/?junk=N: the workers' resident memory (from /proc) grows by
   less than 40 MB; with Redis, the page cache's database gains no key beyond the first page.
b. From one address, 150 requests at most to each of the Scryfall search (q varied), the deck
   check API and the judge's sheet: a 429 comes for each (at which request).
c. 40 connections from one address against an expensive Scryfall search (a new one each time)
   for 20 s while another address fetches the cached /en/about/: its median stays under 100 ms
   (p90 shown); then the same with nginx's limits off, for comparison.
d. Every crafted input of the issue, through nginx: 4xx (a 3 MB body: 413 from nginx; the
   longest shared decklist address the docs promise: 200).
f. During an import (``load_bundled_data --force``, or ``import_mtgjson FILE`` with
   ``--import-file``): an admin login, a logout, a deletion and an action answer 503, and
   afterwards nothing is lost (the first pass only).
e. SEARCH_RATE_LIMIT=30 (the server restarted): the first 429 of /api/cards/ from one address
   comes within 5 requests of limit + burst + 1 (the settings the server runs with).

Each client sends from its own loopback address (127.0.0.0/8), which nginx writes into
X-Forwarded-For. Every loop is bounded in requests and seconds. Exits 1 when a target is missed.
"""

import argparse
import itertools
import json
import multiprocessing
import queue
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from functools import partial
from pathlib import Path
from urllib.parse import quote

from attack_admin import during_import, staff_rows
from attack_inputs import FORM, JSON, LIST, crafted_requests, form
from attack_setup import Client, Stack

JUNK_ADDRESSES = 600
RSS_TARGET_MB = 40
RATE_LIMIT_WITHIN = 150
# Every request a new search (-t:zzzzN: every card but those of a type no card has), so that the
# page cache answers none of them.
HAMMER = "/api/scryfall/cards/search?q=-t:zzzz{n}&unique=prints&include_multilingual=true"
HAMMER_CONNECTIONS = 40
HAMMER_SECONDS = 20.0
CACHED_PAGE = "/en/about/"
CACHED_MEDIAN_MS = 100
LOW_SEARCH_LIMIT = 30
FIRST_429_WITHIN = 5
LOOP_SECONDS = 300  # the most any loop of requests may go on


VERDICTS = {True: "ok", False: "MISSED", None: "info"}


class Report:
    def __init__(self):
        self.rows: list[tuple[str, str, str, str, bool]] = []

    def add(self, cache: str, check: str, figure: str, target: str, ok: bool | None) -> None:
        """``ok`` None: a figure for information, with no target."""
        self.rows.append((cache, check, figure, target, ok))
        print(f"  [{VERDICTS[ok]}] {check}: {figure} (target: {target})", flush=True)

    def print(self) -> bool:
        print("\n| cache | check | figure | target | |\n|---|---|---|---|---|")
        for cache, check, figure, target, ok in self.rows:
            print(f"| {cache} | {check} | {figure} | {target} | {VERDICTS[ok]} |")
        targets = [row for row in self.rows if row[4] is not None]
        missed = [row for row in targets if not row[4]]
        print(f"\n{len(targets) - len(missed)} of {len(targets)} targets met.")
        return not missed


def junk_addresses(stack: Stack, report: Report, cache: str) -> None:
    page = "/it/rules/702/"
    for _ in range(2):
        Client("127.0.0.1").get(page)
    rss_before, keys_before = stack.worker_rss(), stack.redis_keys(0) if stack.redis else 0
    statuses, started = Counter(), time.monotonic()
    for n in range(JUNK_ADDRESSES):  # from 20 addresses, as an attacker with a few would
        if time.monotonic() - started > LOOP_SECONDS:
            statuses["not sent: out of time"] = JUNK_ADDRESSES - n
            break
        statuses[Client(f"127.0.1.{n % 20 + 1}").get(f"{page}?junk={n}").status] += 1
    took = time.monotonic() - started
    grown = (stack.worker_rss() - rss_before) / 1e6
    report.add(
        cache,
        f"a. {JUNK_ADDRESSES} junk addresses of {page}: workers' RSS growth",
        f"{grown:+.1f} MB ({rss_before / 1e6:.0f} MB before; {dict(statuses)} in {took:.0f} s)",
        f"< {RSS_TARGET_MB} MB",
        grown < RSS_TARGET_MB,
    )
    if stack.redis:
        added = stack.redis_keys(0) - keys_before
        report.add(
            cache,
            "a. the same: keys added to the page cache's Redis database",
            f"{added} (all databases: {stack.redis_keys()})",
            "0",
            added == 0,
        )


def first_429(send, limit: int) -> tuple[str | None, Counter, str]:
    """Sends ``send(n)`` for n = 1.. until a 429 (at most ``limit``): which request got it (and
    after how long), the statuses, the 429's Retry-After."""
    statuses, started = Counter(), time.monotonic()
    for n in range(1, limit + 1):
        if time.monotonic() - started > LOOP_SECONDS:
            break
        response = send(n)
        statuses[response.status] += 1
        if response.status == 429:
            after = f"{n} after {time.monotonic() - started:.1f} s"
            return after, statuses, response.headers.get("Retry-After", "none")
    return None, statuses, ""


def at_minute_start() -> None:
    """Waits for the next minute of the clock to begin: the rate limits count in windows of the
    clock's minutes (web/search_limits.py), and a run of requests across the end of one would
    find its counts begun again."""
    time.sleep(60 - time.time() % 60 + 0.1)


def rate_limited(report: Report, cache: str, offset: int) -> None:
    body = form(list=LIST, format="modern")
    deck = json.dumps({"list": LIST, "format": "modern"}).encode()
    endpoints = {
        "Scryfall search (q varied)": lambda client, n: client.get(
            f"/api/scryfall/cards/search?q={quote(f't:creature -o:zz{n}')}"
        ),
        "POST /api/decks/check/": lambda client, n: client.post("/api/decks/check/", deck, JSON),
        "POST /en/decks/sheet/": lambda client, n: client.post("/en/decks/sheet/", body, FORM),
    }
    found = {}

    def count(index, name, send):
        client = Client(f"127.0.{offset}.{index + 1}")
        found[name] = first_429(partial(send, client), RATE_LIMIT_WITHIN)

    # Each endpoint from an address of its own, at once, from the start of a minute.
    at_minute_start()
    threads = [
        threading.Thread(target=count, args=(index, name, send))
        for index, (name, send) in enumerate(endpoints.items())
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, (at, statuses, retry) in found.items():
        report.add(
            cache,
            f"b. {name}: first 429 from one address",
            (f"request {at}, Retry-After {retry}" if at else "none")
            + f" ({dict(sorted(statuses.items()))})",
            f"within {RATE_LIMIT_WITHIN}",
            at is not None,
        )


def attack(port: int, source: str, answers) -> None:
    """``HAMMER_CONNECTIONS`` threads asking ``HAMMER`` for ``HAMMER_SECONDS``; their answers
    counted into ``answers`` (a queue). Run in a process of its own, so that the attackers'
    threads do not slow the victim's measurements down in this one."""
    Client.port = port
    ends = time.monotonic() + HAMMER_SECONDS
    counted, lock, numbers = Counter(), threading.Lock(), itertools.count()

    def connection():
        client, mine = Client(source, timeout=HAMMER_SECONDS + 10), Counter()
        for _ in range(100_000):
            if time.monotonic() > ends:
                break
            try:
                mine[client.get(HAMMER.format(n=next(numbers))).status] += 1
            except OSError as error:
                mine[type(error).__name__] += 1
        with lock:
            counted.update(mine)

    threads = [threading.Thread(target=connection) for _ in range(HAMMER_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put(dict(counted))


def hammered(report: Report, cache: str, offset: int, behind: str, has_target: bool) -> None:
    victim = Client(f"127.0.{offset}.2", timeout=60)
    for _ in range(2):
        victim.get(CACHED_PAGE)
    answers = multiprocessing.Queue()
    attacker = multiprocessing.Process(
        target=attack, args=(Client.port, f"127.0.{offset}.1", answers), daemon=True
    )
    attacker.start()
    time.sleep(1)  # the attack under way
    latencies, statuses = [], Counter()
    ends = time.monotonic() + HAMMER_SECONDS - 2
    while time.monotonic() < ends and len(latencies) < 2000:
        try:
            response = victim.get(CACHED_PAGE)
            latencies.append(response.took * 1000)
            statuses[response.status] += 1
        except OSError as error:
            statuses[type(error).__name__] += 1
        time.sleep(0.05)
    try:
        attacks = answers.get(timeout=HAMMER_SECONDS + 30)
    except queue.Empty:
        attacks = {"no count: the attacker did not finish": 1}
    attacker.join(timeout=5)
    if attacker.is_alive():
        attacker.kill()
    median = statistics.median(latencies) if latencies else float("inf")
    p90 = statistics.quantiles(latencies, n=10)[-1] if len(latencies) > 1 else median
    report.add(
        cache,
        f"c. {CACHED_PAGE} from another address while {HAMMER_CONNECTIONS} connections hammer "
        f"the Scryfall search, {behind}",
        f"median {median:.0f} ms, p90 {p90:.0f} ms over {len(latencies)} requests "
        f"({dict(statuses)}); the attack got {dict(attacks)}",
        f"median < {CACHED_MEDIAN_MS} ms" if has_target else "none: for comparison",
        median < CACHED_MEDIAN_MS and set(statuses) == {200} if has_target else None,
    )


def crafted(stack: Stack, report: Report, cache: str, offset: int) -> None:
    rows = []
    for n, (what, method, path, body, content_type, passing) in enumerate(crafted_requests()):
        client = Client(f"127.0.{offset}.{n % 250 + 1}")  # clear of the rate limits
        try:
            if method == "GET":
                status = client.get(path).status
            else:
                status = client.post(path, body, content_type).status
        except OSError as error:
            status = type(error).__name__
        rows.append((what, f"{method} {path.split('?')[0]}", status, status in passing))
    rows += staff_rows(stack)
    print("\n  | input | endpoint | status |\n  |---|---|---|")
    for what, endpoint, status, ok in rows:
        print(f"  | {what} | {endpoint} | {status}{'' if ok else ' MISSED'} |")
    bad = Counter(status for *_, status, ok in rows if not ok)
    report.add(
        cache,
        "d. crafted inputs through nginx (table above)",
        f"{len(rows) - sum(bad.values())} of {len(rows)} as expected"
        + (f"; the others: {dict(bad)}" if bad else ""),
        "4xx (413 for 3 MB; 200 for the longest shared address)",
        not bad,
    )


def low_search_limit(stack: Stack, report: Report, cache: str, offset: int, burst) -> None:
    stack.start(SEARCH_RATE_LIMIT=LOW_SEARCH_LIMIT)
    read = stack.manage(
        "shell",
        "-c",
        "import json; from django.conf import settings; print(json.dumps({name: "
        "getattr(settings, name) for name in dir(settings) if name.isupper() and any(word in "
        "name for word in ('RATE', 'BURST', 'CONCURREN'))}, default=str))",
    )
    if read.returncode != 0:
        sys.exit(f"Reading the server's settings failed:\n{read.stderr}")
    settings = json.loads(read.stdout.strip().splitlines()[-1])
    if burst is None:
        names = [name for name in settings if "BURST" in name and "AUTOCOMPLETE" not in name]
        names.sort(key=lambda name: "SEARCH" not in name)
        burst = int(settings[names[0]]) if names else 0
    limit = int(settings["SEARCH_RATE_LIMIT"])
    expected = limit + burst + 1
    client = Client(f"127.0.{offset}.1")
    at_minute_start()
    at, statuses, retry = first_429(
        lambda n: client.get(f"/api/cards/?q={quote(f't:creature -o:zz{n}')}"), expected + 60
    )
    report.add(
        cache,
        f"e. /api/cards/ with {stack.workers} workers, settings {settings}: first 429",
        (f"request {at}, Retry-After {retry}" if at else "none")
        + f" ({dict(sorted(statuses.items()))})",
        f"request {expected} (limit {limit} + burst {burst} + 1) ± {FIRST_429_WITHIN}",
        at is not None and abs(int(at.split()[0]) - expected) <= FIRST_429_WITHIN,
    )


def run_pass(args, cache: str, report: Report, first: bool) -> None:
    workdir = Path(tempfile.mkdtemp(prefix=f"oracolo-attack-{cache}-"))
    stack = Stack(workdir, args.database, cache == "redis", args.workers, args.nginx_limits)
    offset = 10 if cache == "local" else 100
    try:
        print(f"\n== {cache} cache: make serve (WORKERS={args.workers}) behind nginx…", flush=True)
        stack.start()
        print(f"nginx on 127.0.0.1:{stack.port} -> gunicorn on 127.0.0.1:{stack.upstream}")
        if "a" in args.checks:
            junk_addresses(stack, report, cache)
        if "b" in args.checks:
            rate_limited(report, cache, offset)
        if "c" in args.checks:
            if stack.nginx_limits:
                hammered(report, cache, offset + 1, "nginx's limits on", has_target=True)
                stack.restart_nginx(limits=False)
            hammered(report, cache, offset + 4, "nginx's limits off", not args.nginx_limits)
            stack.restart_nginx(limits=args.nginx_limits)
        if "d" in args.checks:
            crafted(stack, report, cache, offset + 2)
        if "f" in args.checks and first:
            during_import(stack, report, cache, args.import_file)
        if "e" in args.checks:
            low_search_limit(stack, report, cache, offset + 3, args.burst)
    finally:
        stack.close()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", type=Path, help="an SQLite file to copy and serve")
    parser.add_argument("--cache", choices=["local", "redis", "both"], default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--checks", default="abcdef", help="which checks to run (default all)")
    parser.add_argument(
        "--import-file", type=Path, nargs="*", help="f: import_mtgjson these files instead"
    )
    parser.add_argument("--burst", type=int, help="e: the burst, when no setting names one")
    parser.add_argument("--keep", action="store_true", help="keep the working folders")
    parser.add_argument(
        "--no-nginx-limits",
        dest="nginx_limits",
        action="store_false",
        help="nginx without docs/deploy.md's limit_req and limit_conn: Oracolo's limits alone",
    )
    args = parser.parse_args()
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        sys.exit("nginx is not installed (apt-get install nginx-light).")
    caches = ["local", "redis"] if args.cache == "both" else [args.cache]
    report = Report()
    for index, cache in enumerate(caches):
        run_pass(args, cache, report, first=index == 0)
    sys.exit(0 if report.print() else 1)


if __name__ == "__main__":
    main()
