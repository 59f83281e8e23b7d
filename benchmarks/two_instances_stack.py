"""Two instances of Oracolo over one PostgreSQL and one Redis, behind nginx (issue 44), on the
loopback: what ``scripts/two-instances`` checks and ``benchmarks/two_instances.py`` measures.

Each instance runs from a clone of its own (the project's files copied into a temporary folder,
as two machines would hold two checkouts), with the environment docs/deploy.md gives a
production instance. Everything started is stopped, and every folder deleted, by ``close()``.

The knobs below say how an instance is prepared and started; point them at the merged code's
commands (or set the environment variables of the same names) without touching anything else.
"""

import gzip
import http.client
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# --- The knobs ------------------------------------------------------------------------------
# Run in an instance's clone before SERVE: the migrations and the first data load, under the lock
# every instance waits on (docs/deploy.md, "Starting an instance"). `-o .venv/.installed`: the
# shared virtualenv is taken as installed, never reinstalled from a clone.
PREPARE = os.environ.get(
    "TWO_INSTANCES_PREPARE", "make --no-print-directory -o .venv/.installed prepare"
)
# Starts an instance in the foreground, in its clone; {port} and {workers} are filled in.
SERVE = os.environ.get(
    "TWO_INSTANCES_SERVE",
    "make --no-print-directory -o .venv/.installed serve HOST=127.0.0.1 PORT={port}"
    " WORKERS={workers}",
)
WORKERS = int(os.environ.get("TWO_INSTANCES_WORKERS", "2"))
# How an instance is stopped: the signal sent to its process group (make and gunicorn's
# processes), as a terminal's Ctrl-C or a service manager would.
STOP_SIGNAL = getattr(signal, os.environ.get("TWO_INSTANCES_STOP_SIGNAL", "SIGTERM"))
# Lines added to nginx's upstream block, after the two servers, and to its location (the block
# itself is docs/deploy.md's: max_fails, fail_timeout, keepalive, proxy_next_upstream).
NGINX_UPSTREAM_EXTRA = os.environ.get("TWO_INSTANCES_NGINX_UPSTREAM", "")
NGINX_LOCATION_EXTRA = os.environ.get("TWO_INSTANCES_NGINX_LOCATION", "")
# ---------------------------------------------------------------------------------------------

HOST = "127.0.0.1"  # the site's name (ALLOWED_HOSTS), as the clients send it
HEADERS = {"Host": HOST, "X-Forwarded-Proto": "https", "Accept-Encoding": "gzip"}
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
STARTUP_SECONDS = 300  # the longest an instance may take to answer /healthz (a first data load)

# nginx's configuration, a str.format template: docs/deploy.md's blocks, on loopback ports.
NGINX_CONF = (Path(__file__).parent / "two_instances_nginx.conf").read_text()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(port: int, path: str, timeout: float = 30, headers=None) -> tuple[int, bytes]:
    """One GET to the loopback ``port``, on a connection of its own: (status, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers={**HEADERS, **(headers or {})})
        response = connection.getresponse()
        body = response.read()
        if response.getheader("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return response.status, body
    finally:
        connection.close()


def tail(path: Path, characters: int = 1500) -> str:
    try:
        return path.read_text(errors="replace")[-characters:]
    except OSError:
        return ""


class Postgres:
    """A throwaway PostgreSQL cluster, as scripts/with-postgres starts one."""

    def __init__(self, folder: Path):
        self.folder, self.port = folder, free_port()
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
        self.bin = Path(os.environ.get("PGBIN") or (bins[-1] if bins else "/usr/bin"))
        self.as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        folder.mkdir()
        if self.as_owner:
            shutil.chown(folder, "postgres")
        self.run("initdb", "-D", folder / "data", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        self.start()
        for sql in ("CREATE ROLE oracolo LOGIN CREATEDB", "CREATE DATABASE oracolo OWNER oracolo"):
            self.psql(sql, database="postgres")
        self.url = f"postgres://oracolo@127.0.0.1:{self.port}/oracolo"

    def run(self, program: str, *arguments) -> str:
        done = subprocess.run(
            [*self.as_owner, str(self.bin / program), *map(str, arguments)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")
        return done.stdout

    def start(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
        options += " -c synchronous_commit=off -c full_page_writes=off"
        log = self.folder / "server.log"
        self.run("pg_ctl", "-D", self.folder / "data", "-l", log, "-w", "-o", options, "start")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", self.folder / "data", "-m", "fast", "-w", "stop")

    def psql_in_background(self, sql: str, name: str) -> subprocess.Popen:
        """``sql`` in a session of its own, named ``name`` (its application_name)."""
        return subprocess.Popen(
            [*self.as_owner, "env", f"PGAPPNAME={name}", str(self.bin / "psql")]
            + ["-h", "127.0.0.1", "-p", str(self.port), "-d", "oracolo", "-qAt", "-c", sql],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def psql(self, sql: str, database: str = "oracolo") -> str:
        return self.run(
            "psql", "-h", "127.0.0.1", "-p", self.port, "-d", database, "-qAt", "-c", sql
        ).strip()

    def close(self) -> None:
        try:
            self.stop()
        except RuntimeError:
            pass


class Redis:
    """A redis-server in the foreground, nothing saved to disk; stopped and started again on
    the same port."""

    def __init__(self, folder: Path):
        self.folder, self.port, self.process = folder, free_port(), None
        folder.mkdir()
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--dir", str(self.folder), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not answer")

    def stop(self) -> None:
        stop_group(self.process, signal.SIGTERM)


def stop_group(process: subprocess.Popen | None, how: int) -> None:
    """Sends ``how`` to the process group of ``process`` and waits for it (SIGKILL after 40 s)."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, how)
        process.wait(timeout=40)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def make_clone(folder: Path) -> Path:
    """The project's files (tracked, and new ones not ignored, as they are in the working tree)
    copied into ``folder``, with the shared virtualenv linked in."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=BASE_DIR,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = BASE_DIR / name
        if source.is_file() and not source.is_symlink():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    (folder / ".venv").symlink_to((BASE_DIR / ".venv").resolve())
    return folder


class Instance:
    """One instance: its clone, its port, its process (PREPARE, then SERVE)."""

    def __init__(self, name: str, clone: Path, env: dict):
        self.name, self.clone, self.env = name, clone, env
        self.port, self.process = free_port(), None
        self.log = clone / "instance.log"

    def command(self) -> str:
        serve = SERVE.format(port=self.port, workers=WORKERS)
        return f"{PREPARE} && exec {serve}" if PREPARE.strip() else f"exec {serve}"

    def start(self, **settings) -> None:
        env = {**self.env, **{name: str(value) for name, value in settings.items()}}
        with open(self.log, "a") as log:
            log.write(f"\n=== {time.strftime('%H:%M:%S')} {self.command()}\n")
            log.flush()
            self.process = subprocess.Popen(
                ["sh", "-c", self.command()],
                cwd=self.clone,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def healthz(self, timeout: float = 5) -> tuple[int, bytes]:
        return get(self.port, "/healthz", timeout=timeout)

    def wait_healthy(self, seconds: float = STARTUP_SECONDS) -> str | None:
        """None once /healthz answers 200; else why not (the process stopped, or time ran out),
        with the end of its log."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not self.running():
                code = self.process.returncode if self.process else None
                return f"instance {self.name} stopped (exit {code}):\n{tail(self.log)}"
            try:
                if self.healthz()[0] == 200:
                    return None
            except OSError:
                pass
            time.sleep(0.5)
        return f"instance {self.name}: no 200 from /healthz in {seconds:.0f} s:\n{tail(self.log)}"

    def stop(self, how: int = STOP_SIGNAL) -> None:
        stop_group(self.process, how)

    def manage(self, *arguments: str, background: bool = False):
        command = [str(self.clone / ".venv" / "bin" / "python"), "manage.py", *arguments]
        if background:
            return subprocess.Popen(
                command,
                cwd=self.clone,
                env=self.env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,
            )
        return subprocess.run(command, cwd=self.clone, env=self.env, capture_output=True, text=True)


class Stack:
    """PostgreSQL, Redis, two clones (A and B) and nginx in front of both. The instances are
    not started: ``start_instances`` does it."""

    def __init__(self, keep: bool = False, **settings):
        # A SIGTERM (a CI job's timeout) ends the run as Ctrl-C does: through close().
        signal.signal(signal.SIGTERM, lambda *_: sys.exit("Stopped by SIGTERM."))
        self.folder = Path(tempfile.mkdtemp(prefix="oracolo-pair-"))
        self.folder.chmod(0o711)  # PostgreSQL's owner (postgres, when run as root) passes through
        self.keep, self.nginx = keep, None
        try:
            self.postgres = Postgres(self.folder / "postgres")
            self.redis = Redis(self.folder / "redis")
            self.editor_password = secrets.token_urlsafe(16)
            env = {
                **os.environ,
                "DEBUG": "0",
                "SECRET_KEY": secrets.token_urlsafe(50),
                "ALLOWED_HOSTS": HOST,
                "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
                "DATABASE_URL": self.postgres.url,
                "CACHE_URL": f"redis://127.0.0.1:{self.redis.port}/0",
                "LOG_LEVEL": "WARNING",
                # Every client is this one address: the per-client limits would answer 429.
                "SEARCH_RATE_LIMIT": "0",
                "AUTOCOMPLETE_RATE_LIMIT": "0",
                "SEARCH_CONCURRENT_LIMIT": "0",
                "PAGE_CACHE_ADDS_PER_MINUTE": "0",
                "DJANGO_SUPERUSER_USERNAME": "pair-editor",
                "DJANGO_SUPERUSER_PASSWORD": self.editor_password,
                "DJANGO_SUPERUSER_EMAIL": "editor@example.org",
                **settings,
            }
            for name in ("REDIS_URL", "VIRTUAL_ENV", "MAKEFLAGS", "MAKELEVEL"):
                env.pop(name, None)
            self.instances = [
                Instance(name, make_clone(self.folder / f"clone-{name}"), env) for name in "AB"
            ]
            self.nginx_port = free_port()
            self.start_nginx()
        except BaseException:
            self.close()
            raise

    def start_nginx(self) -> None:
        folder = self.folder / "nginx"
        folder.mkdir()
        servers = "\n".join(
            f"        server 127.0.0.1:{i.port} max_fails=2 fail_timeout=5s;"
            for i in self.instances
        )
        conf = folder / "nginx.conf"
        conf.write_text(
            NGINX_CONF.format(
                user="user root;" if os.geteuid() == 0 else "",
                dir=folder,
                servers=servers,
                upstream_extra=NGINX_UPSTREAM_EXTRA,
                port=self.nginx_port,
                host=HOST,
                location_extra=NGINX_LOCATION_EXTRA,
            )
        )
        self.nginx = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")],
            start_new_session=True,
        )

    def start_instances(self, **settings) -> list[str]:
        """Starts both at once; the reasons of those that did not come up (empty: both did)."""
        for instance in self.instances:
            instance.start(**settings)
        return [why for i in self.instances if (why := i.wait_healthy())]

    def restart(self, instance: Instance, **settings) -> str | None:
        instance.stop()
        instance.start(**settings)
        return instance.wait_healthy()

    def through_nginx(self, path: str, timeout: float = 30) -> tuple[int, bytes]:
        return get(self.nginx_port, path, timeout=timeout)

    def close(self) -> None:
        for instance in getattr(self, "instances", []):
            instance.stop(signal.SIGTERM)
        stop_group(self.nginx, signal.SIGQUIT)
        if hasattr(self, "redis"):
            self.redis.stop()
        if hasattr(self, "postgres"):
            self.postgres.close()
        if self.keep:
            print(f"Kept {self.folder}", file=sys.stderr)
        else:
            shutil.rmtree(self.folder, ignore_errors=True)
