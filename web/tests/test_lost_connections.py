"""A kept database connection the server closed (a PostgreSQL restart, an administrator's
pg_terminate_backend) is replaced at the next request, not answered with a 500: production's
persistent connections with health checks (config/settings.py). The requests go through
Django's WSGI handler, as gunicorn calls it, so the connection is kept and checked between
requests as it is in production (the test client skips both)."""

from io import BytesIO
from unittest import skipUnless

import psycopg
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.test import TransactionTestCase

PAGE = "/api/cards/"  # reads the database, with or without cards


def status_of(handler: WSGIHandler, path: str) -> int:
    answered = []
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": BytesIO(),
        "wsgi.errors": BytesIO(),
    }
    body = handler(environ, lambda status, headers, *info: answered.append(status))
    b"".join(body)
    body.close()  # request_finished: Django closes the connection if it must
    return int(answered[0].split()[0])


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def terminate(pid: int) -> None:
    """Ends the backend ``pid`` from a connection of its own, as a server restart would."""
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


@skipUnless(
    connection.vendor == "postgresql", "PostgreSQL ends connections with pg_terminate_backend"
)
class LostConnectionTests(TransactionTestCase):
    def setUp(self):
        self.saved = dict(connection.settings_dict)
        self.addCleanup(self.restore_settings)
        self.handler = WSGIHandler()

    def restore_settings(self):
        connection.close()
        connection.settings_dict.update(self.saved)

    def keep_connections(self, health_checks: bool) -> None:
        connection.close()  # the next connection reads the settings below
        connection.settings_dict.update({"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": health_checks})

    def test_a_connection_ended_by_the_server_is_replaced_without_an_error(self):
        self.keep_connections(health_checks=True)
        self.assertEqual(status_of(self.handler, PAGE), 200)
        first = backend_pid()
        self.assertEqual(status_of(self.handler, PAGE), 200)
        self.assertEqual(backend_pid(), first)  # kept between requests
        terminate(first)
        self.assertEqual(status_of(self.handler, PAGE), 200)
        self.assertNotEqual(backend_pid(), first)

    def test_without_health_checks_the_first_request_after_fails(self):
        self.keep_connections(health_checks=False)
        self.assertEqual(status_of(self.handler, PAGE), 200)
        terminate(backend_pid())
        with self.assertLogs("django.request", "ERROR"):
            self.assertEqual(status_of(self.handler, PAGE), 500)
        self.assertEqual(status_of(self.handler, PAGE), 200)
