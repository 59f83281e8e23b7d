"""What the settings make of DATABASE_URL on PostgreSQL."""

import json

from django.test import SimpleTestCase

from web.testing import settings_in_subprocess

POSTGRES_URL = "postgres://oracolo@db.internal:5432/oracolo"


def database_options(**env) -> dict:
    result = settings_in_subprocess(
        {"DATABASE_URL": POSTGRES_URL, **env}, ["DATABASES"], unset=("DATABASE_URL",)
    )
    if result.returncode:
        raise AssertionError(result.stderr)
    return json.loads(result.stdout)["DATABASES"]["default"]["OPTIONS"]


class PostgresSettingsTests(SimpleTestCase):
    def test_no_jit_and_parameters_bound_in_the_client(self):
        options = database_options()
        self.assertEqual(options["options"], "-c jit=off")
        # Django's defaults: parameters bound in the client, no prepared statements.
        self.assertNotIn("server_side_binding", options)
        self.assertNotIn("prepare_threshold", options)
