"""The kinds of database test case, and the bundled data they start from.

The test runner (web/test_runner.py) loads the bundled cards and rules into the test
database once, before the parallel workers' copies are made, so every worker starts with them.
Each database test case says which start it needs:

- ``EmptyDatabaseTestCase``: the project's tables empty, as on a fresh install; for factory-made
  data and for importers counting what a first import creates. The tables are emptied inside
  the class-wide transaction, so the rollback at the end of the class brings the data back.
- ``BundledDataTestCase``: the bundled cards and rules, linked (``load_bundled_data`` and
  ``load_bundled_rules``), without the bundled documents, for the tests of what the documents'
  import adds and of pages that read the rules or cards alone.
- ``BundledDocumentsTestCase``: everything ``make data`` loads, the documents and the links
  made after them included.

The documents are loaded into a worker's database, for good, by the first class of that worker
that needs them (once). The runner orders the classes (``TEST_ORDER``) so that
no class wanting the data without the documents comes after it, and each class checks what it
finds. config sits above both apps, so this module may name the models of both.
"""

import os
import subprocess
import sys
import uuid
from io import StringIO
from pathlib import Path
from unittest import SkipTest

from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.db import connections
from django.test import TestCase, override_settings
from django.utils import translation

# The commands of ``make data``, in its order, in two steps: the runner runs the first step
# before the workers' copies are made; the second step is run where a class needs it.
CARDS_AND_RULES_COMMANDS = ("load_bundled_data", "load_bundled_rules")
DOCUMENTS_COMMANDS = ("load_bundled_documents", "link_rules")
# The apps whose tables hold the bundled data (Django's own apps keep theirs: content types,
# permissions and the editors group are made by migrate, not by the loaders).
PROJECT_APPS = ("oracle", "rulings")

# The queries every public page and API answer makes for how old its data is: the data version
# for its ETag and Last-Modified (web/http_caching.py) with the cards' date
# (oracle.data_version.current), and the rules' date (web.data_age.rules_since), both for the
# footer or the API's "data".
DATA_AGE_QUERIES = 2


def time_limit_queries() -> int:
    """The queries a search's time limit adds in a test (common.statement_timeout): on
    PostgreSQL, inside the test's transaction, a savepoint, the limit set and set back, the
    savepoint released (outside one, the SET LOCAL alone); on SQLite none."""
    return 4 if connections["default"].vendor == "postgresql" else 0


# What each command printed when the runner loaded the data, for the tests of the loaders'
# first run. Filled in the runner's process and handed to parallel workers (see the runner).
load_output: dict[str, str] = {}


def run_commands(commands, verbosity: int = 1) -> dict[str, str]:
    """Run management commands in order; return what each one printed."""
    output = {}
    for command in commands:
        out = StringIO()
        call_command(command, verbosity=verbosity, stdout=out, stderr=out)
        output[command] = out.getvalue()
    return output


def cards_and_rules_loaded() -> bool:
    from oracle.models import Card
    from rulings.models import RulesEdition

    return Card.objects.exists() and RulesEdition.objects.exists()


def documents_loaded() -> bool:
    from rulings.models import DocumentSection

    return DocumentSection.objects.exists()


def project_tables(connection) -> list[str]:
    """The tables of the project's models, many-to-many tables and history tables included."""
    from django.apps import apps

    tables = []
    for label in PROJECT_APPS:
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            if model._meta.managed and not model._meta.proxy:
                tables.append(model._meta.db_table)
    existing = set(connection.introspection.table_names())
    return [table for table in tables if table in existing]


def empty_project_tables(using: str = "default") -> None:
    """Delete every row of the project's tables, inside the caller's transaction.

    PostgreSQL truncates them all in one statement (transactional there, and far faster than
    DELETE with its foreign-key triggers). SQLite deletes table by table; its foreign keys are
    checked at the end of the transaction, when nothing refers to a deleted row any more.
    """
    connection = connections[using]
    tables = [connection.ops.quote_name(table) for table in project_tables(connection)]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"TRUNCATE {', '.join(tables)}")
        else:
            for table in tables:
                cursor.execute(f"DELETE FROM {table}")


class _ProjectTestCase(TestCase):
    def _post_teardown(self):
        super()._post_teardown()
        # A request to an /it/ page leaves Italian active in this thread (LocaleMiddleware
        # activates, nothing deactivates): the next test, of any class, starts in the default.
        translation.deactivate()


class EmptyDatabaseTestCase(_ProjectTestCase):
    """A test case that starts from empty project tables, as a fresh install does."""

    @classmethod
    def _enter_atomics(cls):
        # Called for the class-wide transaction, then for each test's savepoint: empty the
        # tables once, inside the outermost one, which the end of the class rolls back.
        outermost = not any(connections[name].in_atomic_block for name in cls._databases_names())
        atomics = super()._enter_atomics()
        if outermost:
            for name in cls._databases_names():
                empty_project_tables(name)
        return atomics


class _BundledTestCase(_ProjectTestCase):
    with_documents: bool

    @classmethod
    def setUpClass(cls):
        # Before the class-wide transaction: documents loaded here stay for the next classes.
        cls._check_or_load()
        super().setUpClass()

    @classmethod
    def _check_or_load(cls):
        if not cards_and_rules_loaded():
            raise RuntimeError(
                f"{cls.__qualname__} reads the bundled data, which web.test_runner loads "
                "before the tests: run the tests with manage.py test."
            )
        if documents_loaded() == cls.with_documents:
            return
        if cls.with_documents:
            run_commands(DOCUMENTS_COMMANDS, verbosity=0)
        else:
            raise RuntimeError(
                f"{cls.__qualname__} wants the bundled data without the documents, but a class "
                "run before it in this process loaded them: web.test_runner orders the "
                "classes so that this does not happen (TEST_ORDER)."
            )


class BundledDataTestCase(_BundledTestCase):
    """A test case over the bundled cards and rules, linked; no bundled document."""

    with_documents = False


class BundledDocumentsTestCase(_BundledTestCase):
    """A test case over everything ``make data`` loads: cards, rules, documents, links."""

    with_documents = True


# The order the runner runs database test cases in (then those that flush the database, then
# the tests without a database).
TEST_ORDER = (EmptyDatabaseTestCase, BundledDataTestCase, BundledDocumentsTestCase)


def record_jinja2_renders() -> None:
    """Have Jinja2 templates tell the test client what they render, as Django's templates do
    under ``setup_test_environment``: ``response.templates``, ``response.context`` and
    ``assertTemplateUsed`` then work for every page. Called by the test runner (and in each
    spawned worker); a second call changes nothing."""
    from django.template import Context
    from django.template.backends import jinja2 as jinja2_backend
    from django.test.signals import template_rendered

    template_class = jinja2_backend.Template
    if getattr(template_class.render, "records_renders", False):
        return
    render = template_class.render

    def recording_render(self, context=None, request=None):
        html = render(self, context, request)
        # The dict render() filled (request, csrf and the context processors' values).
        template_rendered.send(sender=self, template=self.template, context=Context(context or {}))
        return html

    recording_render.records_renders = True
    template_class.render = recording_render


def settings_in_subprocess(
    env: dict[str, str], names: list[str], unset: tuple[str, ...] = ()
) -> subprocess.CompletedProcess:
    """The settings ``names`` as a fresh process makes them from the environment (this one's,
    without ``unset``, with ``env``): its stdout is their JSON, its stderr says why it failed."""
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}, default=str))"
    )
    environment = {key: value for key, value in os.environ.items() if key not in unset}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=Path(settings.BASE_DIR),
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def redis_url() -> str:
    """The tests' Redis server (REDIS_URL: ``scripts/with-redis`` starts one and sets it). Without
    one the test is skipped, except under REQUIRE_REDIS=1 (CI), where that is a failure."""
    url = os.environ.get("REDIS_URL", "")
    if not url:
        if os.environ.get("REQUIRE_REDIS") == "1":
            raise RuntimeError(
                "REQUIRE_REDIS=1 but REDIS_URL is not set: run under scripts/with-redis."
            )
        raise SkipTest("no Redis server (run under scripts/with-redis)")
    return url


def redis_cache(url: str, prefix: str, **options) -> dict:
    """A cache alias in the Redis at ``url``, as the settings make one (common/resilient_cache)."""
    return {
        "BACKEND": "common.resilient_cache.ResilientRedisCache",
        "LOCATION": url,
        "KEY_PREFIX": prefix,
        **({"OPTIONS": options} if options else {}),
    }


def delete_redis_keys(alias_cache, prefix: str) -> None:
    """Delete the keys under ``prefix`` (not the whole database: other tests share the server)."""
    client = alias_cache._cache.get_client(write=True)
    for key in client.scan_iter(match=f"{prefix}*"):
        client.delete(key)


class RedisTestCase(BundledDataTestCase):
    """Runs with both caches ("default": the page cache; "limits": the counters) in the Redis
    server at REDIS_URL, under key prefixes of their own, deleted afterwards."""

    redis_options: dict = {}
    redis_settings: dict = {"PAGE_CACHE_SECONDS": 300}

    @classmethod
    def setUpClass(cls):
        url = redis_url()
        cls.prefix = f"oracolo-test-{uuid.uuid4().hex[:12]}"
        caches = {
            "default": redis_cache(url, cls.prefix, **cls.redis_options),
            "limits": redis_cache(
                url, f"{cls.prefix}-limits", **cls.redis_options, FALLBACK_TO_MEMORY=True
            ),
        }
        cls._redis_settings = override_settings(CACHES=caches, **cls.redis_settings)
        cls._redis_settings.enable()
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            delete_redis_keys(cache, cls.prefix)
            cls._redis_settings.disable()

    def redis_keys(self, prefix: str = "") -> list[str]:
        client = cache._cache.get_client()
        return [key.decode() for key in client.scan_iter(match=f"{prefix or self.prefix}:*")]
