"""Issue 44's "must show": two instances over one PostgreSQL and one Redis behind nginx
(round-robin), on the bundled data, under 8 connections asking for a fixed mix of pages
through nginx; a table of figures at the end.

    .venv/bin/python benchmarks/two_instances.py                  # all of it, about 15 minutes
    .venv/bin/python benchmarks/two_instances.py --parts throughput,redis --rounds 3

throughput  requests/s and p99 of the mix, the instances started with the defaults, with
            CONN_MAX_AGE=0, and with CONN_MAX_AGE=60 CONN_HEALTH_CHECKS=1; ``--rounds`` runs
            of ``--seconds`` each, in turns; medians, and the ratios to CONN_MAX_AGE=0.
upgrade     a rolling upgrade under load, every page's static files asked for too: a CSS file
            changed in A's clone, A restarted (its static files collected again), then B's
            changed and B restarted ten seconds later: the answers other than 200, by status
            and by kind.
redis       Redis stopped for 30 s under load: answers 500 (and any other non-200), what each
            instance's /healthz said meanwhile, and after Redis is started again (the instances
            left alone) the seconds until both say 200 and the failures after.
postgres    PostgreSQL restarted (stopped, started) under load, with CONN_MAX_AGE=60 and
            CONN_HEALTH_CHECKS=0, then =1: failed requests while it was down and after; then
            restarted between two loads (each thread's connection left broken): failed
            requests after, beside the number of workers and of their threads (each thread
            keeps a connection of its own).

How the instances are prepared and started are the knobs at the top of two_instances_stack.py.
"""

import argparse
import statistics
import sys
import time
from collections import Counter

from two_instances_load import Load
from two_instances_stack import STOP_SIGNAL, WORKERS, Stack

PARTS = ["throughput", "upgrade", "redis", "postgres"]
MIX = [
    "/en/cards/exalted-angel/",
    "/it/cards/zoetic-cavern/",
    "/en/cards/tarox-bladewing/",
    "/en/cards/?q=t%3Agoblin",
    "/it/cards/?q=volare",
    "/en/rules/702/",
    "/it/rules/100/",
    "/api/cards/?q=t%3Asliver",
    "/api/scryfall/cards/search?q=o%3Adraw",
]
CONNECTIONS = 8
THREADS = 4  # make serve's default threads per worker
CONFIGS = {
    "defaults": {},
    "CONN_MAX_AGE=0": {"CONN_MAX_AGE": "0"},
    "CONN_MAX_AGE=60 CONN_HEALTH_CHECKS=1": {"CONN_MAX_AGE": "60", "CONN_HEALTH_CHECKS": "1"},
}
CHANGED_CSS = "static/css/base.css"
# Between A up and B's restart: an operator moving to the next machine.
UPGRADE_PAUSE = 10
REDIS_DOWN_SECONDS = 30
RECOVERY_SECONDS = 60


class Table:
    def __init__(self):
        self.rows: list[tuple[str, str]] = []

    def add(self, what: str, figure: str) -> None:
        self.rows.append((what, figure))
        print(f"  {what}: {figure}", flush=True)

    def print(self) -> None:
        print("\n| what | figure |\n|---|---|")
        for what, figure in self.rows:
            print(f"| {what} | {figure} |")


def restart_both(stack: Stack, settings: dict) -> None:
    """One instance after the other, each with ``settings`` on top of the stack's environment."""
    for instance in stack.instances:
        if why := stack.restart(instance, **settings):
            sys.exit(why)


def warm(stack: Stack) -> None:
    for path in MIX:
        stack.through_nginx(path, timeout=120)


def throughput(stack: Stack, table: Table, rounds: int, seconds: float) -> None:
    figures = {name: ([], []) for name in CONFIGS}
    for round_number in range(rounds):
        for name, settings in CONFIGS.items():
            restart_both(stack, settings)
            warm(stack)
            load = Load(stack.nginx_port, MIX, CONNECTIONS).start()
            time.sleep(seconds)
            load.stop()
            rate, p99 = load.per_second(), load.p99() * 1000
            figures[name][0].append(rate)
            figures[name][1].append(p99)
            failed = load.failures()
            print(
                f"  round {round_number + 1}, {name}: {rate:.0f}/s, p99 {p99:.0f} ms"
                + (f", failed {dict(failed)}" if failed else ""),
                flush=True,
            )
    base = statistics.median(figures["CONN_MAX_AGE=0"][0])
    for name, (rates, p99s) in figures.items():
        rate = statistics.median(rates)
        table.add(
            f"throughput, {name}",
            f"{rate:.0f} requests/s (x{rate / base:.2f} of CONN_MAX_AGE=0), "
            f"p99 {statistics.median(p99s):.0f} ms (medians of {rounds})",
        )
    restart_both(stack, {})


def upgrade(stack: Stack, table: Table) -> None:
    load = Load(stack.nginx_port, MIX, CONNECTIONS, follow_static=True).start()
    time.sleep(3)
    began = time.monotonic()
    for instance in stack.instances:
        css = instance.clone / CHANGED_CSS
        css.write_text(css.read_text() + "\n/* the next release */\n")
        if why := stack.restart(instance):
            load.stop()
            sys.exit(why)
        time.sleep(UPGRADE_PAUSE)
    took = time.monotonic() - began
    time.sleep(3)
    load.stop()
    failed = Counter()
    for _when, path, status, _ in load.answers:
        if status != 200:
            failed[(status, "static" if path.startswith("/static/") else "page")] += 1
    detail = ", ".join(f"{count} x {status} ({kind})" for (status, kind), count in failed.items())
    table.add(
        "rolling upgrade, a CSS file changed, stop signal " + STOP_SIGNAL.name,
        f"{sum(failed.values())} non-200 of {len(load.answers)} answers"
        + (f": {detail}" if detail else "")
        + f" (A, then B {UPGRADE_PAUSE} s later, restarted in {took:.0f} s)",
    )


def healthz_status(instance) -> str:
    try:
        status, body = instance.healthz()
    except OSError as error:
        return type(error).__name__
    return f"{status} {'degraded' if b'degraded' in body else ''}".strip()


def redis_down(stack: Stack, table: Table) -> None:
    load = Load(stack.nginx_port, MIX, CONNECTIONS).start()
    time.sleep(5)
    stopped = time.monotonic()
    stack.redis.stop()
    health = Counter()
    while time.monotonic() < stopped + REDIS_DOWN_SECONDS:
        for instance in stack.instances:
            health[f"{instance.name}: {healthz_status(instance)}"] += 1
        time.sleep(1)
    restarted = time.monotonic()
    stack.redis.start()
    recovered = None
    while time.monotonic() < restarted + RECOVERY_SECONDS:
        if all(healthz_status(i) == "200" for i in stack.instances):
            recovered = time.monotonic()
            break
        time.sleep(0.5)
    time.sleep(10)
    load.stop()
    during = load.failures(stopped, restarted)
    asked = sum(1 for when, *_ in load.answers if stopped <= when < restarted)
    table.add(
        f"Redis stopped {REDIS_DOWN_SECONDS} s under load: answers 500",
        f"{during.get(500, 0)} of {asked} (every non-200: {dict(during) or 0})",
    )
    table.add("Redis stopped: /healthz meanwhile (answers by instance)", str(dict(health)))
    after = load.failures(recovered) if recovered else "not recovered"
    table.add(
        "Redis started again: both /healthz 200 after; failures after",
        f"{recovered - restarted:.1f} s; {dict(after) or 0}"
        if recovered
        else f"not within {RECOVERY_SECONDS} s",
    )


def postgres_restart(stack: Stack, table: Table) -> None:
    """Twice for each setting: PostgreSQL restarted under load, and restarted between two loads
    (no request meanwhile: each thread's connection is left broken, unknown to it)."""
    threads = 2 * WORKERS * THREADS
    for checks in ("0", "1"):
        restart_both(stack, {"CONN_MAX_AGE": "60", "CONN_HEALTH_CHECKS": checks})
        warm(stack)
        setting = f"CONN_MAX_AGE=60 CONN_HEALTH_CHECKS={checks}"
        load = Load(stack.nginx_port, MIX, CONNECTIONS).start()
        time.sleep(5)
        stopped = time.monotonic()
        stack.postgres.stop()
        stack.postgres.start()
        started = time.monotonic()
        time.sleep(10)
        load.stop()
        during, after = load.failures(stopped, started), load.failures(started)
        table.add(
            f"PostgreSQL restarted under load, {setting}",
            f"failed while down ({started - stopped:.1f} s): {dict(during) or 0}; "
            f"after: {dict(after) or 0} ({2 * WORKERS} workers, {threads} threads)",
        )
        first = Load(stack.nginx_port, MIX, CONNECTIONS).start()
        time.sleep(5)  # every thread of every worker has a connection
        first.stop()
        stack.postgres.stop()
        stack.postgres.start()
        load = Load(stack.nginx_port, MIX, CONNECTIONS).start()
        time.sleep(10)
        load.stop()
        table.add(
            f"PostgreSQL restarted between two loads, {setting}: failed after",
            f"{dict(load.failures()) or 0} of {len(load.answers)} "
            f"({2 * WORKERS} workers, {threads} threads)",
        )
    restart_both(stack, {})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--parts", default=",".join(PARTS), help="comma-separated: " + ", ".join(PARTS)
    )
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    parts = options.parts.split(",")
    table, began = Table(), time.monotonic()
    stack = Stack(keep=options.keep)
    try:
        for instance in stack.instances:  # one after the other: no race on the empty database
            instance.start()
            if why := instance.wait_healthy():
                sys.exit(why)
        print(f"both instances up after {time.monotonic() - began:.0f} s", flush=True)
        if "throughput" in parts:
            throughput(stack, table, options.rounds, options.seconds)
        if "postgres" in parts:
            postgres_restart(stack, table)
        if "redis" in parts:
            redis_down(stack, table)
        if "upgrade" in parts:  # last: it changes the clones' static files
            upgrade(stack, table)
    finally:
        stack.close()
    table.print()
    print(f"\n{time.monotonic() - began:.0f} s in all.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
