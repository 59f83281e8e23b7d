"""make serve's gunicorn, as its command line starts it: told to stop (SIGTERM), it takes no
new connection and finishes the requests in flight; two instances on one machine each have a
control socket of their own, so stopping one leaves the other's in place."""

import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

BASE_DIR = Path(settings.BASE_DIR)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_command(port: int, run_dir: str) -> list[str]:
    """The gunicorn command of ``make serve`` (``make -n`` prints it), serving the tests' slow
    application instead of the site."""
    printed = subprocess.run(
        ["make", "-n", "serve", f"PORT={port}", f"RUN_DIR={run_dir}", "WORKERS=1", "THREADS=2"],
        cwd=BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "x", "ALLOWED_HOSTS": "x"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    line = next(line for line in printed.splitlines() if "bin/gunicorn " in line)
    return [
        "web.tests.slow_wsgi:application" if word == "config.wsgi" else word
        for word in shlex.split(line)
    ]


def get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        return response.read().decode()


class Instance:
    def __init__(self, test: SimpleTestCase, run_dir: str):
        self.port = free_port()
        self.socket = Path(run_dir) / f"oracolo-127.0.0.1-{self.port}.ctl"
        self.process = subprocess.Popen(
            serve_command(self.port, run_dir),
            cwd=BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        test.addCleanup(self.kill)
        deadline = time.monotonic() + 20
        while not (self.answers() and self.socket.exists()):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"gunicorn on port {self.port} did not start")
            time.sleep(0.1)

    def answers(self) -> bool:
        try:
            return get(self.port, "/") == "finished"
        except OSError:
            return False

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class GracefulStopTests(SimpleTestCase):
    def test_a_stopped_instance_finishes_its_requests_and_leaves_the_other_alone(self):
        run_dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, run_dir, ignore_errors=True)
        first, second = Instance(self, run_dir), Instance(self, run_dir)
        self.assertNotEqual(first.socket, second.socket)

        answers = []
        in_flight = threading.Thread(target=lambda: answers.append(get(first.port, "/slow")))
        in_flight.start()
        time.sleep(0.5)
        first.process.send_signal(signal.SIGTERM)
        in_flight.join(timeout=10)

        self.assertEqual(answers, ["finished"])  # the request in flight was answered
        self.assertEqual(first.process.wait(timeout=10), 0)
        self.assertFalse(first.answers())
        self.assertFalse(first.socket.exists())
        self.assertTrue(second.socket.exists())
        self.assertTrue(second.answers())
        control = subprocess.run(
            [str(Path(sys.executable).parent / "gunicornc"), "-s", str(second.socket)]
            + ["-c", "show workers"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        self.assertEqual(control.returncode, 0, control.stderr)
