"""The production settings as docs/deploy.md documents them, read by fresh processes (settings
are read once per process, from the environment)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

BASE_DIR = Path(settings.BASE_DIR)

# docs/deploy.md's example environment.
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "k3Jx9-u0Qm2pV7rT1sWz4yB6nC8eF5gH0iL2oP9aD3fG7hJ1kM4qR6tU8wX0zY2b",
    "ALLOWED_HOSTS": "oracolo.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://oracolo.example.org",
}


# What the test run itself may have set that a production server would not have.
NOT_IN_PRODUCTION = {
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests
}


def manage(*args, env):
    environment = {key: value for key, value in os.environ.items() if key not in NOT_IN_PRODUCTION}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


class DeployCheckTests(SimpleTestCase):
    def test_check_deploy_is_clean_with_the_documented_settings(self):
        result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("System check identified no issues", result.stdout)

    def test_production_settings_trust_the_proxy_and_send_hsts(self):
        names = [
            "SECURE_PROXY_SSL_HEADER",
            "SECURE_SSL_REDIRECT",
            "SECURE_HSTS_SECONDS",
            "SECURE_HSTS_INCLUDE_SUBDOMAINS",
            "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE",
            "CSRF_TRUSTED_ORIGINS",
            "SECURE_REDIRECT_EXEMPT",
            "SECURE_CSP",
        ]
        code = (
            "import json; from django.conf import settings; "
            f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
        )
        result = manage("shell", "--no-imports", "-c", code, env=PRODUCTION_ENV)
        self.assertEqual(result.returncode, 0, result.stderr)
        values = json.loads(result.stdout)
        self.assertEqual(values["SECURE_PROXY_SSL_HEADER"], ["HTTP_X_FORWARDED_PROTO", "https"])
        self.assertIs(values["SECURE_SSL_REDIRECT"], True)
        self.assertGreaterEqual(values["SECURE_HSTS_SECONDS"], 31536000)
        self.assertIs(values["SECURE_HSTS_INCLUDE_SUBDOMAINS"], True)
        self.assertIs(values["SESSION_COOKIE_SECURE"], True)
        self.assertIs(values["CSRF_COOKIE_SECURE"], True)
        self.assertEqual(values["CSRF_TRUSTED_ORIGINS"], ["https://oracolo.example.org"])
        self.assertEqual(values["SECURE_REDIRECT_EXEMPT"], ["^healthz$"])
        csp = values["SECURE_CSP"]
        self.assertEqual(csp["default-src"], ["'self'"])
        self.assertEqual(
            csp["img-src"], ["'self'", "https://api.scryfall.com", "https://cards.scryfall.io"]
        )

    def test_production_refuses_to_start_without_a_secret_key(self):
        env = {key: value for key, value in PRODUCTION_ENV.items() if key != "SECRET_KEY"}
        result = manage("check", env=env)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("Set the SECRET_KEY environment variable.", result.stderr)


class ServeRefusalTests(SimpleTestCase):
    def test_make_serve_names_each_missing_variable(self):
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in {"SECRET_KEY", "ALLOWED_HOSTS"}
        }
        result = subprocess.run(
            ["make", "--no-print-directory", "serve-env"],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("needs these environment variables: SECRET_KEY ALLOWED_HOSTS", result.stderr)
        environment["SECRET_KEY"] = PRODUCTION_ENV["SECRET_KEY"]
        result = subprocess.run(
            ["make", "--no-print-directory", "serve-env"],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("needs these environment variables: ALLOWED_HOSTS", result.stderr)
