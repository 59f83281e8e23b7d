"""The nginx configuration docs/deploy.md gives ("Behind the TLS proxy") loads: nginx -t on
its blocks, as an operator would paste them, with a throwaway certificate. Skipped where nginx
or openssl is not installed."""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from unittest import skipUnless

from django.conf import settings
from django.test import SimpleTestCase

LETSENCRYPT = "/etc/letsencrypt/live/oracolo.example.org/"
ZONES = ("limit_req_zone", "limit_conn_zone")


def documented_blocks() -> list[str]:
    deploy = (Path(settings.BASE_DIR) / "docs" / "deploy.md").read_text()
    section = deploy[deploy.index("## Behind the TLS proxy") : deploy.index("## Health")]
    return re.findall(r"^```\n(.*?)^```", section, re.DOTALL | re.MULTILINE)


@skipUnless(shutil.which("nginx") and shutil.which("openssl"), "nginx and openssl are needed")
class NginxExampleTests(SimpleTestCase):
    def test_the_documented_configuration_loads(self):
        site, limits = documented_blocks()[:2]
        self.assertIn("upstream oracolo_instances", site)
        folder = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, folder)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
            + ["-subj", "/CN=oracolo.example.org"]
            + ["-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")],
            check=True,
            capture_output=True,
        )
        zones = [line for line in limits.splitlines() if line.startswith(ZONES)]
        in_server = [line for line in limits.splitlines() if line.startswith("limit_")]
        in_server = [line for line in in_server if not line.startswith(ZONES)]
        site = site.replace(LETSENCRYPT, f"{folder}/").replace(
            "large_client_header_buffers 4 8k;",
            "large_client_header_buffers 4 8k;\n" + "\n".join(in_server),
        )
        (folder / "site.conf").write_text("\n".join(zones) + "\n" + site)
        (folder / "nginx.conf").write_text(
            f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
            f"http {{\n    access_log off;\n    include {folder}/site.conf;\n}}\n"
        )
        result = subprocess.run(
            ["nginx", "-t", "-c", str(folder / "nginx.conf")],
            capture_output=True,
            text=True,
            timeout=30,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("test is successful", result.stderr)
        self.assertEqual(len(in_server), 4)  # limit_req, limit_conn and their statuses
