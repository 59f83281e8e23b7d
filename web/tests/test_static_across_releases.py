"""A release that changes a static file: pages of the instances not yet upgraded still link the
previous release's hashed names, and pages kept by browsers do for a while. collectstatic as
``make serve`` runs it keeps the files already in STATIC_ROOT, and WhiteNoise serves every file
it finds there at startup, the previous release's included (docs/deploy.md, "Behind the TLS
proxy", for the other direction: nginx asks the next instance on a 404 of /static/)."""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.test import RequestFactory, SimpleTestCase, override_settings
from whitenoise.middleware import WhiteNoiseMiddleware

BASE_DIR = Path(settings.BASE_DIR)
PREVIOUS_RELEASE = "css/base.0123456789ab.css"  # base.css as an earlier release hashed it


def collectstatic_as_make_serve_does(static_root: Path) -> None:
    makefile = (BASE_DIR / "Makefile").read_text()
    recipe = re.search(r"^\t\$\(PY\) (manage\.py collectstatic.*)$", makefile, re.MULTILINE)
    environment = os.environ | {
        "DEBUG": "0",
        "SECRET_KEY": "a-key-for-the-test",
        "ALLOWED_HOSTS": "x",
        "STATIC_ROOT": str(static_root),
    }
    subprocess.run(
        [sys.executable, *shlex.split(recipe.group(1))],
        cwd=BASE_DIR,
        env=environment,
        check=True,
        capture_output=True,
        timeout=120,
    )


class StaticFilesAcrossReleasesTests(SimpleTestCase):
    def test_the_previous_releases_hashed_files_are_still_served(self):
        static_root = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, static_root)
        (static_root / "css").mkdir()
        (static_root / PREVIOUS_RELEASE).write_text("body { color: black }")

        collectstatic_as_make_serve_does(static_root)

        manifest = json.loads((static_root / "staticfiles.json").read_text())
        current = manifest["paths"]["css/base.css"]
        self.assertNotEqual(current, PREVIOUS_RELEASE)
        with override_settings(STATIC_ROOT=static_root, DEBUG=False):
            serve = WhiteNoiseMiddleware(lambda request: None)
            for name, body in [
                (PREVIOUS_RELEASE, b"body { color: black }"),
                (current, (static_root / current).read_bytes()),
            ]:
                with self.subTest(name=name):
                    response = serve(RequestFactory().get(f"/static/{name}"))
                    self.assertIsNotNone(response, f"{name} is not served")
                    self.assertEqual(response.status_code, 200)
                    self.assertEqual(b"".join(response.streaming_content), body)
                    response.close()
