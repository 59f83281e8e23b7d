"""Load test: start ``make serve`` (gunicorn, 2 workers) and drive card, search and API pages
with 8 connections for 20 seconds; report requests per second, p50, p99 and errors. Optionally
with an MTGJSON import and an editor's saves in the admin going on meanwhile.

    .venv/bin/python benchmarks/load.py                              # the bundled data
    .venv/bin/python benchmarks/load.py --database /tmp/all.sqlite3  # a copy of a full import
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000  # a server already running
    .venv/bin/python benchmarks/load.py --import-beside --editor     # data updates meanwhile
    .venv/bin/python benchmarks/load.py --database /tmp/all.sqlite3 \
        --import-beside ../shared/data/mtgjson/AllPrintings.json.gz --editor

The server runs in production mode behind a pretend TLS proxy (every request says
``X-Forwarded-Proto: https``), over a database of its own: with no ``--database`` a new
SQLite file that ``make serve`` fills with the bundled data (a minute, once per run); a copied
one is migrated first. Search and API rate limits are off (every request comes from one
address). Each connection is a thread with its own keep-alive-less HTTP client (gunicorn's sync
workers close every connection), picking the pages in turn; an error is any answer other than
200 or any failed request.

``--import-beside [FILE ...]`` runs ``manage.py import_mtgjson FILE...`` on the served database
two seconds into the load (no FILE: the bundled files, as ``load_bundled_data --force`` imports
them); the load goes on until five seconds after the import ends, however long ``--seconds``.
``--editor`` creates a superuser before the server starts; a thread signs in through
``/admin/login/`` and, about once a second, saves a ruling's change form with a new text
(``load_editor.py``): a save answered "a data update is running" is deferred and posted again
two seconds later until it lands. Afterwards the database must hold every save that landed.

Exits non-zero on an error of the load or of the editor (any 500 among them), a failed import,
a save that did not land or one lost.
"""

import argparse
import gzip
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from load_beside import run_beside
from load_editor import Editor, rulings_to_edit, verify

BASE_DIR = Path(__file__).resolve().parent.parent
EDITOR_NAME = "load-editor"
HEADERS = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1", "Accept-Encoding": "gzip"}

# Pages in the bundled data and in a full import alike.
CARD_PAGES = [
    "/en/cards/tarox-bladewing/",
    "/it/cards/zoetic-cavern/",
    "/en/cards/exalted-angel/",
    "/it/cards/boom-bust/",
    "/en/cards/assault-battery/",
]
SEARCH_PAGES = [
    "/en/cards/?q=t%3Agoblin",
    "/it/cards/?q=c%3Ar+mv%3C%3D2",
    "/en/cards/?q=o%3Aflying+t%3Acreature",
    "/it/cards/?q=volare",
]
API_PAGES = [
    "/api/cards/?q=t%3Asliver",
    "/api/cards/?q=o%3Adraw",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def body_of(response) -> bytes:
    """The body as the page wrote it: pages and JSON come gzip-compressed (web/compression.py)."""
    body = response.read()
    return gzip.decompress(body) if response.getheader("Content-Encoding") == "gzip" else body


def get(base: str, path: str, timeout: float = 30) -> tuple[int, bytes]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", path, headers=HEADERS)
        response = connection.getresponse()
        return response.status, body_of(response)
    finally:
        connection.close()


def server_env(database: Path) -> dict:
    """The environment of the server and of the commands run on its database."""
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{database}",
        "STATIC_ROOT": str(database.parent / "static"),
        "LOG_LEVEL": "ERROR",
        # Every request comes from this one address: the per-client limits would answer 429.
        "SEARCH_RATE_LIMIT": "0",
        "AUTOCOMPLETE_RATE_LIMIT": "0",
        "DJANGO_SUPERUSER_USERNAME": EDITOR_NAME,
        "DJANGO_SUPERUSER_PASSWORD": secrets.token_urlsafe(16),
        "DJANGO_SUPERUSER_EMAIL": "editor@example.org",
    }


def prepare_database(env: dict, editor: bool) -> None:
    """Prepares the database as before starting instances (the migrations, as a copied one may
    be older, and the bundled data where it holds none) and creates the editor's account."""
    commands = [["prepare_data", "--verbosity", "0"]]
    if editor:
        commands.append(["createsuperuser", "--noinput", "--verbosity", "0"])
    for command in commands:
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            sys.exit(f"manage.py {command[0]} failed:\n{done.stdout}{done.stderr}")
        print(f"manage.py {command[0]}: {time.monotonic() - started:.1f} s", flush=True)


def start_server(env: dict, port: int, workers: int, log) -> subprocess.Popen:
    command = ["make", "--no-print-directory", "serve", f"PORT={port}", f"WORKERS={workers}"]
    return subprocess.Popen(
        command, cwd=BASE_DIR, env=env, stdout=log, stderr=log, start_new_session=True
    )


def stop_server(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


def wait_until_healthy(base: str, server: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"make serve stopped (exit {server.returncode}); see its log above.")
        try:
            status, _ = get(base, "/healthz", timeout=5)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(1)
    sys.exit(f"The server did not answer /healthz within {seconds:.0f} s.")


def check_caching(base: str) -> list[str]:
    """What a browser gets from this server: a 304 for a page it has, and the static files
    with hashed names, kept for a year and compressed. Returns the lines to print."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", CARD_PAGES[0], headers=HEADERS)
    page = connection.getresponse()
    html = body_of(page).decode()
    etag = page.getheader("ETag")
    connection.close()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", CARD_PAGES[0], headers={**HEADERS, "If-None-Match": etag})
    again = connection.getresponse()
    again.read()
    connection.close()
    stylesheet = re.search(r'href="(/static/css/base\.[0-9a-f]{12}\.css)"', html)
    if not stylesheet:
        sys.exit("The card page links no hashed stylesheet: were the static files collected?")
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", stylesheet.group(1), headers=HEADERS)
    static = connection.getresponse()
    static.read()
    connection.close()
    lines = [
        f"{CARD_PAGES[0]}: {page.status}, Cache-Control: {page.getheader('Cache-Control')}, "
        f"ETag {etag}; again with If-None-Match: {again.status}",
        f"{stylesheet.group(1)}: {static.status}, Cache-Control: "
        f"{static.getheader('Cache-Control')}, Content-Encoding: "
        f"{static.getheader('Content-Encoding')}",
    ]
    if again.status != 304 or "immutable" not in (static.getheader("Cache-Control") or ""):
        sys.exit("\n".join(["HTTP caching is not what docs/deploy.md says:", *lines]))
    return lines


def api_detail_page(base: str) -> str:
    """The API page of one card, found through the API."""
    status, body = get(base, "/api/cards/?q=tarox")
    if status != 200:
        sys.exit(f"/api/cards/?q=tarox answered {status}")
    oracle_id = json.loads(body)["results"][0]["id"]
    return f"/api/cards/{oracle_id}/"


class Load:
    """``connections`` threads requesting the pages in turn until ``stop`` is set; for each
    request, when it started (``time.monotonic``) and how long it took; the errors."""

    def __init__(self, base: str, pages: list[str], connections: int):
        self.base, self.pages = base, pages
        self.requests: list[tuple[float, float]] = []
        self.errors: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.worker, args=(n,)) for n in range(connections)]
        self.stop = threading.Event()

    def start(self) -> None:
        self.started = time.monotonic()
        for thread in self.threads:
            thread.start()

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()
        self.ended = time.monotonic()

    def worker(self, offset: int) -> None:
        mine, failures = [], []
        index = offset
        while not self.stop.is_set():
            path = self.pages[index % len(self.pages)]
            index += 1
            started = time.monotonic()
            try:
                status, _ = get(self.base, path)
                if status != 200:
                    failures.append((started, f"{path}: {status}"))
            except OSError as error:
                failures.append((started, f"{path}: {error}"))
            mine.append((started, time.monotonic() - started))
        with self.lock:
            self.requests.extend(mine)
            self.errors.extend(failures)

    def figures(self, start: float, end: float) -> str:
        """Requests, requests per second, p50, p99 and errors of the requests started between
        ``start`` and ``end``."""
        latencies = sorted(took for began, took in self.requests if start <= began < end)
        errors = sum(1 for began, _ in self.errors if start <= began < end)
        if not latencies:
            return f"no requests, {errors} errors"
        cut = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
        return (
            f"{len(latencies)} requests in {end - start:.1f} s: "
            f"{len(latencies) / (end - start):.1f} requests/s, p50 {cut[49] * 1000:.0f} ms, "
            f"p99 {cut[98] * 1000:.0f} ms, {errors} errors"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", type=Path, help="an SQLite file to copy and serve")
    parser.add_argument("--url", help="drive a server already running instead of starting one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--import-beside",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="run manage.py import_mtgjson FILE... during the load (default: the bundled files)",
    )
    parser.add_argument(
        "--editor", action="store_true", help="an editor saves rulings in the admin meanwhile"
    )
    args = parser.parse_args()
    if args.url and (args.editor or args.import_beside is not None):
        parser.error("--editor and --import-beside need the server this script starts")

    workdir = Path(tempfile.mkdtemp(prefix="oracolo-load-"))
    server = editor = None
    env: dict = {}
    try:
        if args.url:
            base = args.url.rstrip("/")
        else:
            database = workdir / "db.sqlite3"
            if args.database:
                shutil.copyfile(args.database, database)
            env = server_env(database)
            prepare_database(env, args.editor)
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            log = open(workdir / "serve.log", "w")
            print(f"Starting make serve (WORKERS={args.workers}) on {base}…", flush=True)
            server = start_server(env, port, args.workers, log)
            try:
                wait_until_healthy(base, server, seconds=900)
            except SystemExit:
                log.flush()
                print((workdir / "serve.log").read_text()[-3000:], file=sys.stderr)
                raise
        for line in check_caching(base):
            print(line)
        pages = CARD_PAGES + SEARCH_PAGES + API_PAGES + [api_detail_page(base)]
        for path in pages:  # warm up, and check each page answers
            status, _ = get(base, path)
            if status != 200:
                sys.exit(f"{path} answered {status}")
        if args.editor:
            rulings = rulings_to_edit(database, [page.split("/")[3] for page in CARD_PAGES])
            if not rulings:
                sys.exit("The database has no imported ruling of the card pages to edit.")
            editor = Editor(base, EDITOR_NAME, env["DJANGO_SUPERUSER_PASSWORD"], rulings)
        print(
            f"{len(pages)} pages ({len(CARD_PAGES)} card, {len(SEARCH_PAGES)} search, "
            f"{len(API_PAGES) + 1} API), {args.connections} connections, {args.seconds:.0f} s"
            + (" at least, with an import beside" if args.import_beside is not None else "")
            + (f", an editor saving {len(rulings)} rulings" if editor else ""),
            flush=True,
        )
        load = Load(base, pages, args.connections)
        outcome = run_beside(args, load, env, workdir, editor)
        if server is not None:
            stop_server(server)
            server = None
        lost = verify(database, editor.landed) if editor else []
    finally:
        if server is not None:
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    failed = print_summary(load, outcome, editor, lost)
    sys.exit(1 if failed else 0)


def print_summary(load: Load, outcome: dict, editor, lost: list[str]) -> bool:
    """Prints what happened; returns whether anything went wrong."""
    print(f"Load: {load.figures(load.started, load.ended)}")
    for _started, error in load.errors[:10]:
        print(f"  {error}")
    failed = bool(load.errors)
    if "import_status" in outcome:
        started, ended = outcome["import_started"], outcome["import_ended"]
        print(
            f"  while the import ran ({started - load.started:.1f} s to "
            f"{ended - load.started:.1f} s): {load.figures(started, ended)}"
        )
        names = " ".join(path.name for path in outcome["import_files"])
        status = outcome["import_status"]
        print(
            f"Import beside (manage.py import_mtgjson {names}): {ended - started:.1f} s, "
            f"exit status {status}"
        )
        if status != 0:
            print(outcome["import_log"][-2000:])
            failed = True
    if editor:
        print(
            f"Editor (signed in through /admin/login/, session cookie {editor.session_cookie}): "
            f"{editor.summary()}, {len(lost)} lost, {len(editor.errors)} errors"
        )
        for line in (editor.errors + lost)[:10]:
            print(f"  {line}")
        landed = sum(len(texts) for texts in editor.landed.values())
        failed = failed or bool(editor.errors or lost) or landed != editor.attempted
    return failed


if __name__ == "__main__":
    main()
