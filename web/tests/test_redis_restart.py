"""A real Redis stopped in the middle of the site's work and started again: every answer is 200
throughout, ``/healthz`` says "degraded" while it is gone, and the cache is used again once it
is back, without a restart of the site.

The test starts its own ``redis-server`` on a free port, as ``scripts/with-redis`` does (it must
stop it); without the program the test is skipped, except under REQUIRE_REDIS=1 (CI)."""

import os
import shutil
import socket
import subprocess
import tempfile
import time
from unittest import SkipTest

import redis
from django.test import Client, override_settings

from oracle.models import Card
from web.testing import BundledDataTestCase, redis_cache

RETRY_SECONDS = 0.2  # how long the site leaves a Redis that failed alone, here
TIMEOUTS = {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}


def redis_server_program() -> str:
    program = os.environ.get("REDIS_SERVER") or shutil.which("redis-server")
    if not program:
        if os.environ.get("REQUIRE_REDIS") == "1":
            raise RuntimeError("REQUIRE_REDIS=1 but redis-server is not installed.")
        raise SkipTest("no redis-server program")
    return program


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A throwaway redis-server on ``port``, nothing saved to disk."""

    def __init__(self, port: int):
        self.port = port
        self.folder = tempfile.mkdtemp(prefix="oracolo-redis-restart-")
        self.process = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [redis_server_program(), "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--dir", self.folder, "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def keys(self, pattern: str, db: int = 0) -> list[bytes]:
        return list(redis.Redis(port=self.port, db=db).scan_iter(match=pattern))


class RedisStoppedAndStartedTests(BundledDataTestCase):
    @classmethod
    def setUpTestData(cls):
        cls.card_url = Card.objects.get(name="Tarox Bladewing").get_absolute_url()

    def setUp(self):
        self.server = RedisServer(free_port())
        self.addCleanup(shutil.rmtree, self.server.folder, ignore_errors=True)
        self.addCleanup(self.server.stop)
        self.server.start()
        url = f"redis://127.0.0.1:{self.server.port}"
        options = {**TIMEOUTS, "RETRY_SECONDS": RETRY_SECONDS}
        caches = {
            "default": redis_cache(f"{url}/0", "restart", **options),
            "limits": redis_cache(f"{url}/1", "restart", **options, FALLBACK_TO_MEMORY=True),
        }
        settings = override_settings(CACHES=caches, PAGE_CACHE_SECONDS=300, SEARCH_RATE_LIMIT=100)
        settings.enable()
        self.addCleanup(settings.disable)

    def pages_answer(self) -> None:
        for url in (self.card_url, "/en/rules/702/", "/en/cards/?q=t:goblin", "/api/cards/?q=elf"):
            self.assertEqual(Client().get(url).status_code, 200, url)

    def health(self) -> dict:
        response = Client().get("/healthz")
        self.assertEqual(response.status_code, 200)
        return response.json()

    def test_pages_answer_200_while_redis_is_stopped_and_it_is_used_again_when_back(self):
        self.pages_answer()
        self.assertTrue(self.server.keys("restart:*:page:*"))
        self.assertEqual(self.health()["cache"], "ok")

        self.server.stop()
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            self.pages_answer()
            self.pages_answer()
            health = self.health()
        self.assertEqual(len(logs.output), 2, logs.output)  # once for each database
        self.assertEqual((health["status"], health["cache"]), ("degraded", "unreachable"))

        self.server.start()  # empty: nothing was saved
        time.sleep(RETRY_SECONDS)
        with self.assertLogs("common.resilient_cache", "WARNING") as logs:
            self.pages_answer()
        self.assertIn("answers again", logs.output[0])
        self.assertTrue(self.server.keys("restart:*:page:*"))
        self.assertTrue(self.server.keys("restart:*:rate:*", db=1))
        self.assertEqual(self.health()["status"], "ok")
