from django.test.runner import DiscoverRunner


class SummaryTestRunner(DiscoverRunner):
    """Django's runner, ending with one plain "N passed, N failed, N skipped" line for CI."""

    def suite_result(self, suite, result, **kwargs):
        failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
        skipped = len(result.skipped)
        passed = result.testsRun - failed - skipped
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        return super().suite_result(suite, result, **kwargs)
