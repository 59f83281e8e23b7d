"""HTTP caching of the public pages, from the data version (``oracle.data_version``).

A public page (under a language prefix or ``/api/``, asked with GET or HEAD by a visitor without
a session) depends on the data, the page's language and the code that renders it, so:

- its ``ETag`` is a hash of the data version, the language and this release's code, and its
  ``Last-Modified`` the later of the data's last change and the release's files; a conditional
  request that still matches is answered 304 before the view runs (any other takes the version
  after the view, which may have read it with its own queries: a card's page does);
- it carries ``Cache-Control: public, max-age=PAGE_MAX_AGE``, so browsers and proxies keep it
  briefly and then revalidate;
- the rendered page is kept in Django's cache for ``PAGE_CACHE_SECONDS`` (0: no page cache), in
  each process's memory or, with ``CACHE_URL``, in Redis shared by every instance, under a key
  holding this release's code, the data version and the host, so any change of the data makes
  the next request render afresh. Pages are rendered on first request; ``manage.py
  warm_cache`` renders them ahead, into a shared cache.

Only what changes the answer is in the key: the path and the query parameters the view declares
it reads (``@page_parameters("q", "page")``), sorted, without empty values. The others are
dropped from the request before the view runs, so no address made up outside can add a page to
the cache that another address already holds. A view whose answer is the visitor's own (a
shared decklist) says ``@page_parameters(cache=False)``: it keeps every parameter and its
answer is never kept. Pages are kept compressed; one still over ``PAGE_CACHE_MAX_BYTES`` is not
kept, nor more than ``PAGE_CACHE_ADDS_PER_MINUTE`` new pages a minute for one client; a cache
that refuses to read or write (Redis down or full) leaves the page rendered, uncached, with a
warning in the log.

With ``DEBUG`` on (``make run``) nothing is cached, so an edited template shows at once.
Anything else is left alone, except that a page answered to someone with a session (an editor
signed in) is ``private, no-store``. An answer that sets a cookie or reads the session (``Vary:
Cookie``) is never public. Every change staff make through the admin (a post the admin answers
with a redirect: a form saved, an action, a deletion, a revert) raises the data version, when it
wrote to the data's tables (``_data_writes``); a refused form, an action that changed nothing or
a visitor's post does not.
"""

import hashlib
import re
import zlib
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

import django
from django.conf import settings
from django.contrib import admin
from django.core.cache import cache as default_cache
from django.db import connection
from django.http import HttpResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date

from oracle import data_version
from web import cache_errors, search_limits
from web.languages import public_language

SAFE_METHODS = ("GET", "HEAD")
# The files whose change changes what a page looks like.
RELEASE_FOLDERS = ("common", "config", "oracle", "rulings", "web", "templates", "static", "locale")
RELEASE_SUFFIXES = {".py", ".html", ".css", ".js", ".mo"}
PAGE_COMPRESSION = 1  # zlib's fastest level: most of the saving for little work


@cache
def release() -> tuple[str, datetime]:
    """This release's code: a hash of its files' contents and the newest file's time."""
    digest = hashlib.sha256(django.get_version().encode())
    newest = 0.0
    base = Path(settings.BASE_DIR)
    for folder in RELEASE_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in RELEASE_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
                newest = max(newest, path.stat().st_mtime)
    return digest.hexdigest()[:16], datetime.fromtimestamp(int(newest), tz=UTC)


@cache
def _public_prefixes() -> tuple[str, ...]:
    return ("/api/", *(f"/{code}/" for code, _ in settings.LANGUAGES))


def _is_admin_change(request) -> bool:
    """Whether ``request`` went to an admin page whose POST may change data (any but signing in
    and out), as the URL resolver matched it (the admin's path is a setting)."""
    match = request.resolver_match
    return bool(
        match and admin.site.name in match.namespaces and match.url_name not in ("login", "logout")
    )


# A statement that writes, and the table it writes to, as Django and the project's SQL spell it.
WRITE_STATEMENT = re.compile(
    r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.IGNORECASE
)
# Tables whose rows no page shows: the sessions, the admin's log, the login attempts.
NOT_DATA_TABLES = ("django_session", "django_admin_log", "axes_")


@contextmanager
def _data_writes(request):
    """The data tables the statements of an unsafe request write to, as they run.

    An admin action that changes nothing (an empty selection, rulings with nothing to accept)
    still answers with a redirect; what tells it from a change is whether it wrote a row the
    pages may show. Model signals would miss ``QuerySet.update()`` and raw SQL, and the data
    version alone would miss the models it does not watch; every write goes through the
    connection, so a ``connection.execute_wrapper`` sees them all. A write later rolled back
    still counts: a needless rise of the version costs a page render, a missed one a stale
    page."""
    written: set[str] = set()
    if request.method in SAFE_METHODS:
        yield written
        return

    def note(execute, sql, params, many, context):
        match = WRITE_STATEMENT.match(sql)
        if match and not match[1].lower().startswith(NOT_DATA_TABLES):
            written.add(match[1])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        yield written


def _is_conditional(request) -> bool:
    return "HTTP_IF_NONE_MATCH" in request.META or "HTTP_IF_MODIFIED_SINCE" in request.META


def _validators(code: str, released: datetime, version, language: str) -> tuple[str, int]:
    """The ETag and the Last-Modified (a timestamp) of a page in ``language`` made by this
    release (``code``, ``released``) from the data at ``version``."""
    etag = 'W/"{}"'.format(
        hashlib.sha256(f"{code}:{version.number}:{language}".encode()).hexdigest()[:32]
    )
    return etag, int(max(version.changed_at, released).timestamp())


class PageDeclaration(NamedTuple):
    parameters: frozenset[str]  # the query parameters the view reads
    cached: bool  # whether its answer may be kept in the page cache


UNDECLARED = PageDeclaration(frozenset(), cached=True)


def page_parameters(*names: str, cache: bool = True):
    """Declare the query parameters a public view reads: the others are dropped before it
    runs, and its page is kept under its path and these. ``cache=False``: the answer is the
    visitor's own (a shared decklist): every parameter is kept and the page never is.
    A view that declares nothing reads no parameter. A decorator that reads a parameter for
    the views it wraps (``?lang=``) declares it too: declarations add up."""

    def declare(view):
        inner = getattr(view, "page_declaration", None)
        if inner is not None:
            names_, cached = inner.parameters.union(names), inner.cached and cache
        else:
            names_, cached = frozenset(names), cache
        view.page_declaration = PageDeclaration(names_, cached)
        return view

    return declare


def page_declaration(request) -> PageDeclaration | None:
    """What the view of ``request``'s path declares; None when no view answers the path."""
    # The public pages' patterns carry the language prefix of the active language.
    with translation.override(public_language(request)):
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
    return getattr(match.func, "page_declaration", UNDECLARED)


def keep_declared(request, parameters: frozenset[str]) -> None:
    """Drop from ``request`` the query parameters not in ``parameters``, and empty values."""
    kept = QueryDict(mutable=True)
    for name, values in request.GET.lists():
        values = [value for value in values if value != ""]
        if name in parameters and values:
            kept.setlist(name, values)
    if kept != request.GET:
        kept._mutable = False
        request.GET = kept
        # What builds addresses from the request (get_full_path) reads the query string.
        request.META["QUERY_STRING"] = kept.urlencode()


def _may_add_page(request) -> bool:
    """Whether the client may add one more page to the cache this minute: a parameter a view
    reads (a search's ``q``) can be given any value, and each value is a page of its own."""
    limit = settings.PAGE_CACHE_ADDS_PER_MINUTE
    if limit <= 0:
        return True
    window = int(search_limits.clock() // search_limits.MINUTE)
    key = f"page-adds:{search_limits.client_key(request)}:{window}"
    try:
        return search_limits.counted(key, search_limits.MINUTE + 5) <= limit
    except cache_errors.CACHE_ERRORS as error:
        # Nothing counts the client: keep nothing for it.
        cache_errors.logger.warning(
            "The limits cache cannot count a page added (%s: %s).", type(error).__name__, error
        )
        return False


def _cache_key(request, code: str, version, language: str) -> str:
    # The host is part of the key: an API answer holds absolute URLs made from it.
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    asked = f"{request.get_host()}\n{request.path}\n{query}"
    digest = hashlib.sha256(asked.encode()).hexdigest()[:40]
    return f"page:{code}:{version.number}:{language}:{request.method}:{digest}"


class HttpCachingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not self._is_public(request):
            with _data_writes(request) as written:
                response = self.get_response(request)
            self._after_private(request, response, written)
            return response
        declaration = page_declaration(request)
        if declaration is not None and declaration.cached:
            keep_declared(request, declaration.parameters)
        # With DEBUG (make run) pages are never cached: an edited template shows at once.
        if settings.DEBUG:
            return self.get_response(request)
        # A host the site does not serve is refused (400) before anything cached is answered.
        request.get_host()
        code, released = release()
        language = public_language(request)
        cached = bool(settings.PAGE_CACHE_SECONDS) and bool(declaration and declaration.cached)
        if cached or _is_conditional(request):
            # Answered before the view runs, from the version read now.
            version = data_version.for_request(request)
            etag, last_modified = _validators(code, released, version, language)
            not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
            if not_modified is not None:
                return self._mark_public(not_modified, etag, last_modified)
        if cached:
            stored = cache_errors.read(default_cache, _cache_key(request, code, version, language))
            if stored is not None:
                return self._mark_public(self._restore(stored), etag, last_modified)
        response = self.get_response(request)
        if not self._is_shareable(response):
            return response
        # The version the page was made from (a page may read it with its own queries).
        version = data_version.for_request(request)
        etag, last_modified = _validators(code, released, version, language)
        if cached:
            stored = self._store(response)
            if len(stored[2]) <= settings.PAGE_CACHE_MAX_BYTES and _may_add_page(request):
                key = _cache_key(request, code, version, language)
                cache_errors.write(default_cache, key, stored, settings.PAGE_CACHE_SECONDS)
        return self._mark_public(response, etag, last_modified)

    @staticmethod
    def _is_public(request) -> bool:
        return (
            request.method in SAFE_METHODS
            and request.path.startswith(_public_prefixes())
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        )

    @staticmethod
    def _is_shareable(response) -> bool:
        vary = {value.strip().lower() for value in response.get("Vary", "").split(",")}
        return (
            response.status_code == 200
            and not response.streaming
            and not response.cookies
            and "cookie" not in vary
            and not response.has_header("Cache-Control")
        )

    @staticmethod
    def _mark_public(response, etag, last_modified):
        response["ETag"] = etag
        response["Last-Modified"] = http_date(last_modified)
        patch_cache_control(response, public=True, max_age=settings.PAGE_MAX_AGE)
        return response

    @staticmethod
    def _store(response) -> tuple[int, list[tuple[str, str]], bytes]:
        # Compressed: pages are markup and JSON, which shrink five to seven times, so the cache
        # holds that many more of them (and a full Scryfall search page fits under the limit).
        content = zlib.compress(response.content, PAGE_COMPRESSION)
        return response.status_code, list(response.items()), content

    @staticmethod
    def _restore(stored) -> HttpResponse:
        status, headers, content = stored
        response = HttpResponse(zlib.decompress(content), status=status)
        for name, value in headers:
            response[name] = value
        return response

    @staticmethod
    def _after_private(request, response, written: set[str]) -> None:
        if (
            written
            # Not again when a watched model's save raised it as its transaction committed.
            and data_version.TABLE not in written
            and _is_admin_change(request)
            # The admin answers a change it made (a form saved, an action, a deletion, a
            # revert) with a redirect, a form it refused with the form again.
            and 300 <= response.status_code < 400
        ):
            data_version.changed()
        if (
            request.method in SAFE_METHODS
            and settings.SESSION_COOKIE_NAME in request.COOKIES
            and not response.has_header("Cache-Control")
        ):
            patch_cache_control(response, private=True, no_store=True)
