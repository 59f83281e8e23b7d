"""The load of ``benchmarks/two_instances.py`` and ``scripts/two-instances``: threads asking
for pages through nginx, each answer kept with its time, status and latency."""

import re
import statistics
import threading
import time
from collections import Counter

from two_instances_stack import get

STATIC_LINK = re.compile(rb'(?:href|src)="(/static/[^"]+)"')


class Load:
    """``connections`` threads asking for ``paths`` in turn through ``port`` until ``stop()``,
    and with ``follow_static`` the static files each page links, as a browser without a cache
    would: each answer's time, path, status (or error name) and latency kept in ``answers``."""

    def __init__(self, port: int, paths: list[str], connections: int = 8, follow_static=False):
        self.port, self.paths, self.connections = port, paths, connections
        self.follow_static = follow_static
        self.answers: list[tuple[float, str, object, float]] = []
        self.lock, self.done = threading.Lock(), threading.Event()
        self.threads = [
            threading.Thread(target=self.run, args=(n,), daemon=True) for n in range(connections)
        ]

    def start(self) -> "Load":
        self.started = time.monotonic()
        for thread in self.threads:
            thread.start()
        return self

    def ask(self, path: str, mine: list) -> bytes:
        began = time.monotonic()
        body = b""
        try:
            status, body = get(self.port, path, timeout=60)
        except OSError as error:
            status = type(error).__name__
        mine.append((began, path, status, time.monotonic() - began))
        return body if status == 200 else b""

    def run(self, offset: int) -> None:
        mine, n = [], offset
        while not self.done.is_set():
            body = self.ask(self.paths[n % len(self.paths)], mine)
            n += 1
            if self.follow_static:
                for link in dict.fromkeys(STATIC_LINK.findall(body)):
                    self.ask(link.decode(), mine)
        with self.lock:
            self.answers += mine

    def stop(self) -> "Load":
        self.done.set()
        for thread in self.threads:
            thread.join()
        self.seconds = time.monotonic() - self.started
        return self

    def failures(self, since: float = 0, until: float = float("inf")) -> Counter:
        """Answers other than 200 (by status or error) among those asked in [since, until)."""
        return Counter(
            status for when, _, status, _ in self.answers if since <= when < until and status != 200
        )

    def latencies(self) -> list[float]:
        return sorted(seconds for _, _, status, seconds in self.answers if status == 200)

    def per_second(self) -> float:
        return len(self.latencies()) / self.seconds

    def p99(self) -> float:
        latencies = self.latencies()
        return statistics.quantiles(latencies, n=100)[98] if len(latencies) > 100 else float("nan")
