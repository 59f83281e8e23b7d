"""Two instances over one PostgreSQL and one Redis behind nginx, checked as issue 44 asks
(``scripts/two-instances`` runs this; CI runs it after the test suites):

  together  both instances, started at the same moment on an empty database, come up;
  save      a ruling saved in the admin of one instance shows on the other's card page at the
            next request (and back);
  redis     with Redis stopped, pages through nginx answer 200 and each instance's /healthz
            says "degraded"; Redis started again, both recover without a restart;
  import    an instance starts while an import runs (held open by a second session locking
            the import record's table) and serves the data in place;
  kill      one instance killed (SIGKILL) under load through nginx: no failed request.

How an instance is prepared and started (the commands, nginx's upstream options) are the knobs
at the top of benchmarks/two_instances_stack.py. Prints a table and exits 1 when a check fails,
unless it is named in ``--expect-fail`` (a failure the code is known to have: shown as
"expected failure"; one that passes is shown so, to be taken off the list).

    scripts/two-instances
    scripts/two-instances --expect-fail together,import,redis
    scripts/two-instances --checks together,save --keep
"""

import argparse
import re
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from load_editor import Editor  # noqa: E402
from two_instances_load import Load  # noqa: E402
from two_instances_stack import Stack, get, tail  # noqa: E402

CHECKS = ["together", "save", "redis", "import", "kill"]  # in the order they run
PAGES = [
    "/en/cards/exalted-angel/",
    "/it/cards/?q=volare",
    "/en/rules/702/",
    "/api/cards/?q=t%3Asliver",
]
SAVED_CARD = "exalted-angel"
SAVES = 4  # saves in turn: through A then read on B, through B then read on A
IMPORT_FILE = "fixtures/mtgjson/TSP.json"
IMPORT_SECONDS = 120  # the longest the import is held open while the instance starts
RECOVERY_SECONDS = 20
KILL_LOAD_SECONDS = (3, 6)  # load before the kill, and after it


class Failed(Exception):
    """A check's failure, with what it saw."""


def first_error(log: str) -> str:
    """The line of an instance's log most likely to say why it stopped: the last exception."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    found = [line for line in lines if re.match(r"[\w.]+(Error|Exception|Running)\b:?", line)]
    return (found or lines or ["(empty log)"])[-1][:300]


def check_together(stack: Stack) -> str:
    started = time.monotonic()
    failures = stack.start_instances()
    if failures:
        raise Failed("; ".join(f"{why.splitlines()[0]} {first_error(why)}" for why in failures))
    return f"both answered /healthz 200 after {time.monotonic() - started:.0f} s"


def check_save(stack: Stack) -> str:
    a, b = stack.instances
    done = a.manage("createsuperuser", "--noinput", "--verbosity", "0")
    if done.returncode != 0 and "already taken" not in done.stderr:
        raise Failed(f"createsuperuser: {done.stderr[-300:]}")
    ruling = stack.postgres.psql(
        "SELECT min(ruling.id) FROM rulings_ruling AS ruling JOIN oracle_card AS card"
        f" ON card.id = ruling.card_id WHERE card.slug = '{SAVED_CARD}'"
        " AND ruling.language = 'en'"
    )
    if not ruling:
        raise Failed(f"no English ruling of {SAVED_CARD} in the database")
    editor = Editor(f"http://127.0.0.1:{a.port}", "pair-editor", stack.editor_password, [])
    editor.sign_in()
    shown = []
    for count in range(1, SAVES + 1):
        writer, reader = (a, b) if count % 2 else (b, a)
        editor.port = writer.port  # the same session on both: it lives in the shared cache
        editor.landed = {int(ruling): []}
        editor.save(int(ruling), count, threading.Event())
        if editor.errors or not editor.landed[int(ruling)]:
            raise Failed(f"the save through {writer.name} did not land: {editor.errors}")
        status, body = get(reader.port, f"/en/cards/{SAVED_CARD}/")
        marker = f"[load test save {count}]"
        shown.append(status == 200 and marker.encode() in body)
        if not shown[-1]:
            raise Failed(
                f"save {count} through {writer.name}: {reader.name} answered {status}"
                f" without it ({sum(shown) - 1} of {count - 1} shown before)"
            )
    return f"{sum(shown)} of {SAVES} saves shown at once by the other instance"


def healthz_of(instance) -> str:
    try:
        status, body = instance.healthz()
    except OSError as error:
        return f"{type(error).__name__}"
    return f"{status} {body.decode(errors='replace')[:200]}"


def check_redis(stack: Stack) -> str:
    stack.redis.stop()
    try:
        statuses = {}
        for path in PAGES * 2:
            try:
                status = stack.through_nginx(path)[0]
            except OSError as error:
                status = type(error).__name__
            statuses.setdefault(status, []).append(path)
        health = {i.name: healthz_of(i) for i in stack.instances}
    finally:
        stack.redis.start()
    problems = []
    if set(statuses) != {200}:
        problems.append(
            "pages: " + ", ".join(f"{s} x{len(p)} ({p[0]})" for s, p in statuses.items())
        )
    degraded = {name: '"degraded"' in text for name, text in health.items()}
    if not all(degraded.values()):
        problems.append("; ".join(f"/healthz of {name}: {text}" for name, text in health.items()))
    deadline = time.monotonic() + RECOVERY_SECONDS
    while time.monotonic() < deadline:
        if recovered(stack):
            break
        time.sleep(1)
    else:
        problems.append(f"not recovered {RECOVERY_SECONDS} s after Redis came back")
    if problems:
        raise Failed(" | ".join(problems))
    return f"{len(PAGES) * 2} pages 200, /healthz degraded on both, recovered after"


def recovered(stack: Stack) -> bool:
    try:
        return all(i.healthz()[0] == 200 for i in stack.instances) and all(
            stack.through_nginx(path)[0] == 200 for path in PAGES
        )
    except OSError:
        return False


def check_import(stack: Stack) -> str:
    a, b = stack.instances
    b.stop()
    # A second session locks the import record's table against writes: the import takes the
    # import lock, does its work and then waits, in its transaction, until the session ends.
    blocker = stack.postgres.psql_in_background(
        "BEGIN; LOCK TABLE oracle_carddataimport IN SHARE MODE;"
        f" SELECT pg_sleep({IMPORT_SECONDS}); COMMIT;",
        "pair-blocker",
    )
    time.sleep(1)
    importer = a.manage("import_mtgjson", IMPORT_FILE, background=True)
    try:
        waiting = wait_for_import_lock(stack, importer)
        if waiting:
            raise Failed(waiting)
        b.start()
        why = b.wait_healthy(IMPORT_SECONDS - 10)
        running = importer.poll() is None
        if why:
            raise Failed(f"{why.splitlines()[0]} {first_error(why)}")
        status = get(b.port, "/en/cards/exalted-angel/")[0]
        if not running or status != 200:
            raise Failed(f"import still running: {running}; the card page on B: {status}")
    finally:
        stack.postgres.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = 'pair-blocker'"
        )
        blocker.wait()
        output = importer.communicate(timeout=120)[0]
        if not b.running():
            b.start()
            b.wait_healthy()
    if importer.returncode != 0:
        raise Failed(f"the import failed afterwards: {output[-300:]}")
    return "B came up and served a card page while the import held its lock"


def wait_for_import_lock(stack: Stack, importer) -> str | None:
    """None once the import holds the import lock (a granted advisory lock) and waits."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if importer.poll() is not None:
            return f"the import ended before the instance started: {importer.stdout.read()[-300:]}"
        held = stack.postgres.psql(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
        )
        if held != "0":
            return None
        time.sleep(0.5)
    return "the import never took the import lock"


def check_kill(stack: Stack) -> str:
    before, after = KILL_LOAD_SECONDS
    load = Load(stack.nginx_port, PAGES, connections=8).start()
    time.sleep(before)
    stack.instances[0].stop(signal.SIGKILL)
    time.sleep(after)
    load.stop()
    failures = load.failures()
    if failures:
        raise Failed(f"{sum(failures.values())} of {len(load.answers)} failed: {dict(failures)}")
    total = len(load.answers)
    return f"{total} requests in {load.seconds:.0f} s, none failed (A killed at {before} s)"


def names(text: str) -> list[str]:
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = set(chosen) - set(CHECKS)
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown checks {sorted(unknown)}; known: {CHECKS}")
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checks", type=names, default=CHECKS, help="comma-separated")
    parser.add_argument("--expect-fail", type=names, default=[], help="comma-separated")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    started = time.monotonic()
    rows = []
    stack = Stack(keep=options.keep)
    try:
        for name in CHECKS:
            if name != "together" and name not in options.checks:
                continue
            print(f"--- {name}", flush=True)
            try:
                detail, passed = globals()[f"check_{name}"](stack), True
            except Failed as failure:
                detail, passed = str(failure), False
            except Exception as error:  # the harness's own trouble: a failure too, said so
                detail, passed = f"{type(error).__name__}: {error}", False
            if name == "together" and not passed:
                # The others need both instances: started again, one after the other.
                for instance in stack.instances:
                    if not instance.running():
                        instance.start()
                        if why := instance.wait_healthy():
                            print(why, file=sys.stderr)
                            rows.append((name, passed, detail))
                            return report(rows, options.expect_fail, started, abandoned=True)
            if name in options.checks:
                rows.append((name, passed, detail))
            print(f"    {'pass' if passed else 'FAIL'}: {detail}", flush=True)
    finally:
        if options.keep:
            for instance in stack.instances:
                print(f"log of {instance.name}: {instance.log}\n{tail(instance.log, 500)}")
        stack.close()
    return report(rows, options.expect_fail, started)


def report(rows, expected: list[str], started: float, abandoned: bool = False) -> int:
    print("\n| check | result | detail |\n|---|---|---|")
    bad = 0
    for name, passed, detail in rows:
        if passed:
            result = (
                "pass (expected to fail: take it off --expect-fail)" if name in expected else "pass"
            )
        elif name in expected:
            result = "expected failure"
        else:
            result, bad = "FAIL", bad + 1
        print(f"| {name} | {result} | {detail.replace('|', '/')} |")
    if abandoned:
        print("An instance could not be started at all: the other checks were not run.")
        bad += 1
    print(f"\n{time.monotonic() - started:.0f} s; {bad} unexpected failure(s).")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
