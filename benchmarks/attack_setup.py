"""What ``limits_under_attack.py`` stands up on the loopback: ``make serve`` over a database of
its own, a real nginx in front of it with the proxy settings of docs/deploy.md, optionally a
private Redis; and the clients, each sending from an address of its own in 127.0.0.0/8 so that
nginx, which writes X-Forwarded-For from the address it was reached from, sees different
clients."""

import http.client
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis
from load import BASE_DIR, free_port, prepare_database, server_env

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
HOST = "127.0.0.1"  # the site's name (ALLOWED_HOSTS), as the clients send it


# nginx as docs/deploy.md sets it up, on the loopback, TLS left out: X-Forwarded-Proto says
# https as the TLS proxy's would.
NGINX_CONF = """
daemon off;
{user}
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{zones}
    upstream oracolo_instances {{
        server 127.0.0.1:{upstream};
    }}
    server {{
        listen 127.0.0.1:{port};
        server_name {host};
        client_max_body_size {max_body};
        large_client_header_buffers 4 8k;
        location / {{
{limits}
            proxy_pass http://oracolo_instances;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto https;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
}}
"""


# docs/deploy.md's second line of defence (left out with --no-nginx-limits).
NGINX_ZONES = """
    limit_req_zone  $binary_remote_addr zone=oracolo_requests:10m rate=20r/s;
    limit_conn_zone $binary_remote_addr zone=oracolo_connections:10m;"""
NGINX_LIMITS = """
            limit_req  zone=oracolo_requests burst=100 nodelay;
            limit_conn oracolo_connections 30;
            limit_req_status 429;
            limit_conn_status 429;"""


class Stack:
    """Redis (when asked), ``make serve`` and nginx, started in that order, stopped in reverse."""

    def __init__(self, workdir: Path, database: Path | None, redis: bool, workers: int, limits):
        self.workdir, self.workers, self.nginx_limits = workdir, workers, limits
        self.database = workdir / "db.sqlite3"
        if database:
            shutil.copyfile(database, self.database)
        self.redis = self.server = self.nginx = None
        self.redis_port = free_port() if redis else None
        self.env = server_env(self.database)
        for name in ("SEARCH_RATE_LIMIT", "AUTOCOMPLETE_RATE_LIMIT"):  # the production limits
            del self.env[name]
        if redis:
            self.env["CACHE_URL"] = f"redis://127.0.0.1:{self.redis_port}/0"
        self.prepared = False

    def start(self, **settings) -> None:
        """Starts whatever is not running; ``settings`` are environment variables of the
        server (a change restarts it)."""
        if self.redis_port and not self.redis:
            self.start_redis()
        env = {**self.env, **{name: str(value) for name, value in settings.items()}}
        if self.server and env == self.server_env:
            return
        self.stop_server()
        if not self.prepared:
            prepare_database(env, editor=True)
            self.prepared = True
        self.server_env, self.upstream = env, free_port()
        log = open(self.workdir / "serve.log", "a")
        self.server = subprocess.Popen(
            ["make", "--no-print-directory", "serve", f"PORT={self.upstream}"]
            + [f"WORKERS={self.workers}"],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        self.start_nginx()
        Client.port = self.port
        self.wait_until_healthy(900)

    def start_redis(self) -> None:
        folder = self.workdir / "redis"
        folder.mkdir()
        self.redis = subprocess.Popen(
            [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(self.redis_port)]
            + ["--dir", str(folder), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        for _ in range(100):
            try:
                if redis.Redis(port=self.redis_port).ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.1)
        sys.exit("redis-server did not answer.")

    def redis_keys(self, database: int | None = None) -> int:
        """Keys in one database of the private Redis, or in all."""
        keyspace = redis.Redis(port=self.redis_port).info("keyspace")
        return sum(
            counts["keys"]
            for name, counts in keyspace.items()
            if database is None or name == f"db{database}"
        )

    def restart_nginx(self, limits: bool) -> None:
        """nginx again, with or without docs/deploy.md's limit_req and limit_conn."""
        self.nginx_limits = limits
        self.start_nginx()
        Client.port = self.port
        self.wait_until_healthy(60)

    def start_nginx(self) -> None:
        if self.nginx:
            self.stop(self.nginx, signal.SIGQUIT)
        folder = self.workdir / "nginx"
        folder.mkdir(exist_ok=True)
        self.port = free_port()
        conf = folder / "nginx.conf"
        conf.write_text(
            NGINX_CONF.format(
                user="user root;" if os.geteuid() == 0 else "",
                dir=folder,
                upstream=self.upstream,
                port=self.port,
                host=HOST,
                max_body=self.env.get("MAX_REQUEST_BODY", "2621440"),
                zones=NGINX_ZONES if self.nginx_limits else "",
                limits=NGINX_LIMITS if self.nginx_limits else "",
            )
        )
        self.nginx = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")],
            start_new_session=True,
        )

    def wait_until_healthy(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                print((self.workdir / "serve.log").read_text()[-3000:], file=sys.stderr)
                sys.exit(f"make serve stopped (exit {self.server.returncode}).")
            if self.nginx.poll() is not None:
                print((self.workdir / "nginx" / "error.log").read_text()[-3000:], file=sys.stderr)
                sys.exit("nginx stopped.")
            try:
                if Client("127.0.0.1").get("/healthz", port=self.port).status == 200:
                    return
            except OSError:
                pass
            time.sleep(1)
        sys.exit(f"The server did not answer /healthz through nginx within {seconds:.0f} s.")

    def worker_rss(self) -> int:
        """Bytes of resident memory of the gunicorn workers (the master's children)."""
        processes = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    status = (entry / "status").read_text()
                    command = (entry / "cmdline").read_bytes()
                except OSError:
                    continue
                fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
                rss = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
                gunicorn = any(
                    Path(arg.decode()).name == "gunicorn" for arg in command.split(b"\0")
                )
                processes[int(entry.name)] = (int(fields["PPid"]), gunicorn, rss)
        masters = {pid for pid, (_, gunicorn, _) in processes.items() if gunicorn}
        return sum(
            rss
            for pid, (parent, gunicorn, rss) in processes.items()
            if gunicorn and parent in masters and self.descends(pid, processes)
        )

    def descends(self, pid: int, processes: dict) -> bool:
        while pid in processes and pid != self.server.pid:
            pid = processes[pid][0]
        return pid == self.server.pid

    def manage(self, *command: str, env: dict | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=BASE_DIR,
            env=env or self.server_env,
            capture_output=True,
            text=True,
        )

    @staticmethod
    def stop(process: subprocess.Popen, how=signal.SIGTERM) -> None:
        if process and process.poll() is None:
            os.killpg(process.pid, how)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def stop_server(self) -> None:
        self.stop(self.server)
        self.server = None

    def close(self) -> None:
        self.stop(self.nginx, signal.SIGQUIT)
        self.stop_server()
        self.stop(self.redis)


class Response:
    def __init__(self, status: int, headers, body: bytes, took: float):
        self.status, self.headers, self.body, self.took = status, dict(headers), body, took


class Client:
    """Requests to nginx from one loopback address (``source``), one connection each."""

    port = None

    def __init__(self, source: str, timeout: float = 60):
        self.source, self.timeout = source, timeout

    def request(self, method, path, body=None, headers=None, port=None) -> Response:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port or self.port, timeout=self.timeout, source_address=(self.source, 0)
        )
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers={"Host": HOST, **(headers or {})})
            answer = connection.getresponse()
            body = answer.read()
            return Response(answer.status, answer.getheaders(), body, time.monotonic() - started)
        finally:
            connection.close()

    def get(self, path, **options) -> Response:
        return self.request("GET", path, **options)

    def post(self, path, body: bytes, content_type: str, **options) -> Response:
        return self.request("POST", path, body, {"Content-Type": content_type}, **options)
