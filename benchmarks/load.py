"""Load test: start ``make serve`` (gunicorn, 2 workers) and drive card, search and API pages
with 8 connections for 20 seconds; report requests per second, p50, p99 and errors.

    .venv/bin/python benchmarks/load.py                              # the bundled data
    .venv/bin/python benchmarks/load.py --database /tmp/all.sqlite3  # a copy of a full import
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000  # a server already running

The server runs in production mode behind a pretend TLS proxy (every request says
``X-Forwarded-Proto: https``), over a database of its own: with no ``--database`` a new
SQLite file that ``make serve`` fills with the bundled data (a minute, once per run). Each
connection is a thread with its own keep-alive-less HTTP client (gunicorn's sync workers close
every connection), picking the pages in turn; an error is any answer other than 200 or any
failed request. Exits non-zero when there was an error.
"""

import argparse
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

BASE_DIR = Path(__file__).resolve().parent.parent
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


def get(base: str, path: str, timeout: float = 30) -> tuple[int, bytes]:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", path, headers=HEADERS)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def start_server(database: Path, port: int, workers: int, log) -> subprocess.Popen:
    env = {
        **os.environ,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{database}",
        "STATIC_ROOT": str(database.parent / "static"),
        "LOG_LEVEL": "ERROR",
    }
    command = ["make", "--no-print-directory", "serve", f"PORT={port}", f"WORKERS={workers}"]
    return subprocess.Popen(
        command, cwd=BASE_DIR, env=env, stdout=log, stderr=log, start_new_session=True
    )


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
    html = page.read().decode()
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


def drive(base: str, pages: list[str], connections: int, seconds: float) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def worker(offset: int) -> None:
        mine, failures = [], []
        index = offset
        while time.monotonic() < stop_at:
            path = pages[index % len(pages)]
            index += 1
            started = time.perf_counter()
            try:
                status, _ = get(base, path)
                if status != 200:
                    failures.append(f"{path}: {status}")
            except OSError as error:
                failures.append(f"{path}: {error}")
            mine.append(time.perf_counter() - started)
        with lock:
            latencies.extend(mine)
            errors.extend(failures)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(connections)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    latencies.sort()
    cut = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    return {
        "requests": len(latencies),
        "seconds": elapsed,
        "rps": len(latencies) / elapsed,
        "p50_ms": cut[49] * 1000,
        "p99_ms": cut[98] * 1000,
        "errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", type=Path, help="an SQLite file to copy and serve")
    parser.add_argument("--url", help="drive a server already running instead of starting one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="oracolo-load-"))
    server = None
    try:
        if args.url:
            base = args.url.rstrip("/")
        else:
            database = workdir / "db.sqlite3"
            if args.database:
                shutil.copyfile(args.database, database)
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            log = open(workdir / "serve.log", "w")
            print(f"Starting make serve (WORKERS={args.workers}) on {base}…", flush=True)
            server = start_server(database, port, args.workers, log)
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
        print(
            f"{len(pages)} pages ({len(CARD_PAGES)} card, {len(SEARCH_PAGES)} search, "
            f"{len(API_PAGES) + 1} API), {args.connections} connections, {args.seconds:.0f} s",
            flush=True,
        )
        result = drive(base, pages, args.connections, args.seconds)
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        shutil.rmtree(workdir, ignore_errors=True)

    print(
        f"{result['requests']} requests in {result['seconds']:.1f} s: "
        f"{result['rps']:.1f} requests/s, p50 {result['p50_ms']:.1f} ms, "
        f"p99 {result['p99_ms']:.1f} ms, {len(result['errors'])} errors"
    )
    for error in result["errors"][:10]:
        print(f"  {error}")
    sys.exit(1 if result["errors"] else 0)


if __name__ == "__main__":
    main()
