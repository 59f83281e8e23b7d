"""Render the public pages ahead of their first visitor, into the page cache.

Pages are rendered on first request and kept under the data version (web.http_caching), so
after an import the first visitor of each page waits for it to be rendered. This command asks
for every page in each language, as a visitor would, so that they find it rendered. It is
useful only with a cache that the serving processes share (CACHE_URL): without one, each
process keeps its own cache, which no other process can fill.
"""

import sys
import time
from collections.abc import Iterator

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.management.base import BaseCommand, CommandError
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation
from redis.exceptions import RedisError

from common.resilient_cache import ResilientRedisCache
from oracle.models import Card, CardSet, Keyword
from rulings.models import RuleSection, RulesEdition, SourceDocument


def page_paths() -> Iterator[str]:
    """Every public page's path in the active language, the long lists last."""
    for name in ("cards:home", "cards:set-list", "cards:about", "cards:search-help"):
        yield reverse(name)
    for name in ("rules:rule-contents", "rules:glossary", "rules:keyword-list"):
        yield reverse(name)
    yield reverse("rules:document-list")
    for document in SourceDocument.objects.order_by("pk"):
        yield document.get_absolute_url()
    current = RulesEdition.objects.official().in_force()
    if current is not None:
        sections = current.sections.filter(level__lte=RuleSection.Level.SECTION)
        for section in sections.order_by("position"):
            yield section.get_absolute_url()
    for slug in Keyword.objects.order_by("slug").values_list("slug", flat=True):
        yield reverse("rules:keyword-detail", args=[slug])
    for card_set in CardSet.objects.order_by("-release_date", "code"):
        yield card_set.get_absolute_url()
    for slug in Card.objects.order_by("name").values_list("slug", flat=True):
        yield reverse("cards:card-detail", args=[slug])


class Command(BaseCommand):
    help = "Render every public page in each language into the shared page cache."

    def add_arguments(self, parser):
        parser.add_argument(
            "--host",
            help="The host name visitors use (pages are cached per host); "
            "by default the first of ALLOWED_HOSTS.",
        )

    def handle(self, host, verbosity, **options):
        if settings.DEBUG:
            raise CommandError("DEBUG is on: pages are not cached (set DEBUG=0).")
        if not settings.PAGE_CACHE_SECONDS:
            raise CommandError("The page cache is off (PAGE_CACHE_SECONDS=0).")
        if isinstance(caches["default"], LocMemCache):
            raise CommandError(
                "The cache is this process's memory, which the server's processes cannot "
                "read: set CACHE_URL to a Redis server that they share."
            )
        if isinstance(caches["default"], ResilientRedisCache):
            # Else every page would be rendered for nothing, the cache dropping it.
            try:
                caches["default"].probe("warm-cache:probe", True)
            except RedisError as error:
                raise CommandError(
                    f"Redis at {caches['default'].server} cannot keep the pages: {error}"
                ) from None
        host = host or next((h for h in settings.ALLOWED_HOSTS if "*" not in h), "localhost")
        paths = []
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                paths += page_paths()
        client = Client(HTTP_HOST=host.lstrip("."))
        started, failed = time.monotonic(), []
        progress = Progress(len(paths), shown=verbosity > 0 and sys.stderr.isatty())
        for done, path in enumerate(paths, 1):
            # The server's own pages, which it may add to its cache without counting.
            with override_settings(PAGE_CACHE_ADDS_PER_MINUTE=0):
                response = client.get(path)
            if response.status_code != 200:
                failed.append(f"{path}: {response.status_code}")
            progress.show(done)
        progress.end()
        elapsed = time.monotonic() - started
        for line in failed:
            self.stderr.write(f"Not cached: {line}")
        self.stdout.write(
            self.style.SUCCESS(f"{len(paths) - len(failed)} pages cached for {host}")
            + f" in {elapsed:.1f} s."
        )


class Progress:
    """A one-line progress bar on the terminal: done/total, percent and a bar."""

    WIDTH = 40

    def __init__(self, total: int, shown: bool):
        self.total, self.shown, self.last = total, shown, -1

    def show(self, done: int) -> None:
        percent = done * 100 // max(self.total, 1)
        if not self.shown or percent == self.last:
            return
        self.last = percent
        filled = self.WIDTH * done // max(self.total, 1)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        sys.stderr.write(f"\r[{bar}] {percent:3d}% {done}/{self.total}")
        sys.stderr.flush()

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
