"""The project's test runner: the bundled data loaded once, before the workers' copies.

Many tests read the bundled cards, rules and documents (the seed documents' pages, the rules a
card uses, searches over the real sets). Loading them in each test class that needs them cost a
load per class: sixteen loads per run. Here the runner creates and migrates the test database,
loads the bundled cards and rules on it (``load_bundled_data``, ``load_bundled_rules``: the
first commands of ``make data``), and only then has Django clone it for the parallel workers.
SQLite copies an in-memory database with its backup API and PostgreSQL clones with ``CREATE
DATABASE ... TEMPLATE``: both copy the rows, so each worker starts with the data at the cost of
a copy, not of a load.

Each database test case says what it starts from (web.testing): empty project tables
(``EmptyDatabaseTestCase``, emptied inside its class-wide transaction), the cards and rules
(``BundledDataTestCase``), or everything ``make data`` loads (``BundledDocumentsTestCase``),
and rolls its own changes back. The documents are not in the copies because several tests read
the state before them (what importing them reports and adds); the first class of a worker
that wants them loads them into that worker's database for good, once. The
runner orders the classes so that this is safe: empty-table cases, then cards and rules, then
documents, then the ``TransactionTestCase`` ones (the live-server browser tests), which flush
the database after each test and so come after every case that needs the data (they empty the
tables before their first test themselves, oracle.tests.browser), and last the tests without a
database, many and short, which keep both workers busy to the end. A database ``TestCase`` that
picks none of the three is refused, so no test depends on the bundled data by accident.

Alternatives weighed: a shared base class loading in ``setUpTestData`` still costs a load per
class per worker; JSON fixtures load slower than the importers' bulk writes and go stale beside
the files they come from; ``serialized_rollback`` costs as much as a load per class.
"""

import os
import shutil
import tempfile

from django.conf import settings
from django.db import transaction
from django.test import SimpleTestCase, TestCase, TransactionTestCase
from django.test.runner import DiscoverRunner, ParallelTestSuite
from django.test.utils import iter_test_cases

from web import testing


def _record_load_output(output: dict[str, str]) -> None:
    """Set in each spawned worker what the loaders printed in the runner's process."""
    testing.load_output.update(output)
    testing.record_jinja2_renders()


class BundledDataParallelTestSuite(ParallelTestSuite):
    # Forked workers inherit web.testing.load_output; spawned ones (the default start
    # method on macOS, and on Linux from Python 3.14) get it through process_setup.
    process_setup = _record_load_output


class SummaryTestRunner(DiscoverRunner):
    """Django's runner with the bundled data loaded before the parallel clones, ending with
    one plain "N passed, N failed, N skipped" line for CI."""

    parallel_test_suite = BundledDataParallelTestSuite
    reorder_by = (*testing.TEST_ORDER, TransactionTestCase, SimpleTestCase)

    def setup_test_environment(self, **kwargs):
        super().setup_test_environment(**kwargs)
        testing.record_jinja2_renders()
        # The offline data the tests build (prepare_data builds it) goes to a folder of their
        # own, never the checkout's; the environment tells spawned workers.
        self.offline_data = tempfile.mkdtemp(prefix="oracolo-offline-tests-")
        os.environ["OFFLINE_DATA_DIR"] = settings.OFFLINE_DATA_DIR = self.offline_data

    def teardown_test_environment(self, **kwargs):
        super().teardown_test_environment(**kwargs)
        shutil.rmtree(self.offline_data, ignore_errors=True)

    def build_suite(self, *args, **kwargs):
        suite = super().build_suite(*args, **kwargs)
        undecided = sorted(
            {
                f"{type(test).__module__}.{type(test).__qualname__}"
                for test in iter_test_cases(suite)
                if isinstance(test, TestCase) and not isinstance(test, testing.TEST_ORDER)
            }
        )
        if undecided:
            raise TypeError(
                "Database test cases derive from one of web.testing's EmptyDatabaseTestCase, "
                "BundledDataTestCase or BundledDocumentsTestCase, not from TestCase: "
                + ", ".join(undecided)
            )
        return suite

    def setup_databases(self, **kwargs):
        # Create and migrate without clones, load, then clone: the clones copy the data.
        parallel, self.parallel = self.parallel, 0
        try:
            old_config = super().setup_databases(**kwargs)
        finally:
            self.parallel = parallel
        created = [connection for connection, _, first in old_config if first]
        if not created:
            return old_config
        with self.time_keeper.timed("  Loading the bundled cards and rules"):
            if self.keepdb:
                # A kept database holds what the last run left: load into empty tables all the
                # same, so that the tests find the first load's report and no document.
                with transaction.atomic():
                    testing.empty_project_tables()
            testing.load_output.update(testing.run_commands(testing.CARDS_AND_RULES_COMMANDS))
        for connection in created:
            for index in range(self.parallel if self.parallel > 1 else 0):
                with self.time_keeper.timed(f"  Cloning '{connection.alias}'"):
                    # Always a fresh copy: a kept one holds what the last run's tests left.
                    connection.creation.clone_test_db(
                        suffix=str(index + 1), verbosity=self.verbosity, keepdb=False
                    )
        return old_config

    def run_suite(self, suite, **kwargs):
        if isinstance(suite, ParallelTestSuite):
            suite.process_setup_args = (dict(testing.load_output),)
        return super().run_suite(suite, **kwargs)

    def suite_result(self, suite, result, **kwargs):
        # An error in setUpClass is reported as a failure of the class, not of a test that ran,
        # so it can outnumber the tests run: count it as failed without going below zero.
        failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        passed = max(result.testsRun - failed - skipped, 0)
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        return super().suite_result(suite, result, **kwargs)
