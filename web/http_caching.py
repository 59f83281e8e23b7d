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
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import django
from django.conf import settings
from django.contrib import admin
from django.core.cache import cache as default_cache
from django.db import connection
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date

from oracle import data_version
from web.languages import public_language

SAFE_METHODS = ("GET", "HEAD")
# The files whose change changes what a page looks like.
RELEASE_FOLDERS = ("common", "config", "oracle", "rulings", "web", "templates", "static", "locale")
RELEASE_SUFFIXES = {".py", ".html", ".css", ".js", ".mo"}


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


def _cache_key(request, code: str, version, language: str) -> str:
    # The host is part of the key: an API answer holds absolute URLs made from it.
    return (
        f"page:{code}:{version.number}:{language}:{request.method}:"
        f"{request.get_host()}:{request.get_full_path()}"
    )


class HttpCachingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # With DEBUG (make run) pages are never cached: an edited template shows at once.
        if settings.DEBUG or not self._is_public(request):
            with _data_writes(request) as written:
                response = self.get_response(request)
            self._after_private(request, response, written)
            return response
        # A host the site does not serve is refused (400) before anything cached is answered.
        request.get_host()
        code, released = release()
        language = public_language(request)
        cached = bool(settings.PAGE_CACHE_SECONDS)
        if cached or _is_conditional(request):
            # Answered before the view runs, from the version read now.
            version = data_version.for_request(request)
            etag, last_modified = _validators(code, released, version, language)
            not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
            if not_modified is not None:
                return self._mark_public(not_modified, etag, last_modified)
        if cached:
            stored = default_cache.get(_cache_key(request, code, version, language))
            if stored is not None:
                return self._mark_public(self._restore(stored), etag, last_modified)
        response = self.get_response(request)
        if not self._is_shareable(response):
            return response
        # The version the page was made from (a page may read it with its own queries).
        version = data_version.for_request(request)
        etag, last_modified = _validators(code, released, version, language)
        if cached:
            default_cache.set(
                _cache_key(request, code, version, language),
                self._store(response),
                settings.PAGE_CACHE_SECONDS,
            )
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
        return response.status_code, list(response.items()), response.content

    @staticmethod
    def _restore(stored) -> HttpResponse:
        status, headers, content = stored
        response = HttpResponse(content, status=status)
        for name, value in headers:
            response[name] = value
        return response

    @staticmethod
    def _after_private(request, response, written: set[str]) -> None:
        if (
            written
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
