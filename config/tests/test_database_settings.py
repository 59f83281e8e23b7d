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


PRODUCTION = {"DEBUG": "0", "SECRET_KEY": "a-test-key-of-some-length", "ALLOWED_HOSTS": "x.org"}
CONNECTION_VARIABLES = ("DATABASE_URL", "CONN_MAX_AGE", "CONN_HEALTH_CHECKS", "DEBUG")


def connection_settings(**env) -> tuple[int, bool]:
    result = settings_in_subprocess(
        {"DATABASE_URL": POSTGRES_URL, **env}, ["DATABASES"], unset=CONNECTION_VARIABLES
    )
    if result.returncode:
        raise AssertionError(result.stderr)
    database = json.loads(result.stdout)["DATABASES"]["default"]
    return database["CONN_MAX_AGE"], database["CONN_HEALTH_CHECKS"]


class PersistentConnectionSettingsTests(SimpleTestCase):
    def test_production_keeps_connections_a_minute_and_checks_them(self):
        self.assertEqual(connection_settings(**PRODUCTION), (60, True))

    def test_development_opens_one_per_request(self):
        self.assertEqual(connection_settings(), (0, True))

    def test_the_environment_overrides_both(self):
        self.assertEqual(
            connection_settings(**PRODUCTION, CONN_MAX_AGE="300", CONN_HEALTH_CHECKS="0"),
            (300, False),
        )
