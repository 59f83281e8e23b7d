from django.test.runner import DiscoverRunner


class SummaryTestRunner(DiscoverRunner):
    """Django's runner, ending with one plain "N passed, N failed, N skipped" line for CI."""

    def suite_result(self, suite, result, **kwargs):
        # An error in setUpClass is reported as a failure of the class, not of a test that ran,
        # so it can outnumber the tests run: count it as failed without going below zero.
        failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        passed = max(result.testsRun - failed - skipped, 0)
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        return super().suite_result(suite, result, **kwargs)
