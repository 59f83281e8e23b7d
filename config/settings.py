"""Oracolo settings: every value can come from the environment, with safe local defaults."""

import hashlib
import os
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.csp import content_security_policy

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def required(name):
    raise ImproperlyConfigured(f"Set the {name} environment variable.")


DEBUG = env_bool("DEBUG", default=True)
# Django's test runner turns DEBUG off; tests must still work without collectstatic.
TESTING = sys.argv[1:2] == ["test"]
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    "dev-only-insecure-key" if DEBUG else required("SECRET_KEY")
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # Django's admin, its searches within a cost limit (common/admin_search.py)
    "common.admin_search.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_filters",
    "simple_history",
    "config.login_throttling.LoginAttemptsConfig",  # django-axes, which throttles logins (below)
    "oracle",
    "rulings",
    "web",
]

MIDDLEWARE = [
    # A body over MAX_REQUEST_BODY is refused (413) before anything reads it (web/request_size.py).
    "web.request_size.RequestBodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "web.compression.PageCompressionMiddleware",  # pages and JSON gzipped (web/compression.py)
    # No NUL reaches a view or the database (PostgreSQL refuses it): a 404 in the path, dropped
    # from the query string (config/nul_characters.py).
    "config.nul_characters.NulCharactersMiddleware",
    # ETag, Last-Modified and Cache-Control of public pages, the optional page cache
    # (web/http_caching.py): after the static files, before anything reads the session.
    "web.http_caching.HttpCachingMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's, with the API deaf to the language cookie (web/languages.py).
    "web.languages.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # The admin during an import: "a data update is running", 503 (common/admin_imports.py).
    "common.admin_imports.WaitsForImportsMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "web.urls"

# The largest request body any address takes, in bytes (2.5 MiB, Django's own default for a
# form's fields): a larger one is refused unread (web/request_size.py), and an uploaded file
# within it is kept in memory, never written to disk. nginx's client_max_body_size should match.
MAX_REQUEST_BODY = int(os.environ.get("MAX_REQUEST_BODY", str(2_621_440)))
DATA_UPLOAD_MAX_MEMORY_SIZE = FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
# A PO file of ruling translations larger than this is refused whole (po_files.py; the page too).
TRANSLATION_PO_MAX_BYTES = int(os.environ.get("TRANSLATION_PO_MAX_BYTES", str(5_242_880)))

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The public pages and their partials (web/jinja2.py); Django's engine above
        # renders the admin.
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "web.jinja2.environment",
            "context_processors": [
                "django.template.context_processors.i18n",
                "web.context_processors.language_links",
                "web.context_processors.data_age",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# DATABASE_URL selects the database; without it, a SQLite file inside the project. DEBUG=0: a
# worker keeps its connection CONN_MAX_AGE seconds, checked before reuse (docs/deploy.md).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0" if DEBUG else "60")),
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", default=True),
    )
}
db_options = DATABASES["default"].setdefault("OPTIONS", {})
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the dev server read while an import writes; the pragmas are per connection.
    db_options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    db_options.setdefault("transaction_mode", "IMMEDIATE")
    DATABASES["default"]["ENGINE"] = "common.sqlite_backend"  # creates no db.sqlite3 by itself
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # No JIT: it compiles a statement whose estimated cost is high (a search with a subquery
    # per card), and the compiling costs more than the statement then takes to run.
    db_options.setdefault("options", "-c jit=off")

# CACHE_URL: the cache every instance shares (redis://host:6379/0): the page cache, the search
# form's lists, the rules search's indexes ("default"); without it, each process keeps its own.
# Rate-limit counters live apart ("limits"), out of the pages' reach: LIMITS_CACHE_URL, by default
# the next database of the CACHE_URL server (docs/deploy.md: eviction). Sessions and login
# lockouts are in the database, whatever the cache.
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def next_redis_database(url: str) -> str:
    """The same Redis server's next numbered database (redis://h:6379/0 -> redis://h:6379/1)."""
    base, _, rest = url.partition("?")
    head, slash, number = base.rpartition("/")
    if slash and number.isdigit() and "//" in head + slash:
        base = f"{head}/{int(number) + 1}"
    elif base.startswith(("redis://", "rediss://")):
        base = base.rstrip("/") + "/1"
    else:
        raise ImproperlyConfigured(
            "Set LIMITS_CACHE_URL: the database after CACHE_URL's cannot be told from it."
        )
    return f"{base}?{rest}" if rest else base


if CACHE_URL:
    if not CACHE_URL.startswith(REDIS_SCHEMES):
        raise ImproperlyConfigured("CACHE_URL must be a Redis address: redis://host:6379/0.")
    LIMITS_CACHE_URL = os.environ.get("LIMITS_CACHE_URL", "").strip() or next_redis_database(
        CACHE_URL
    )
    if not LIMITS_CACHE_URL.startswith(REDIS_SCHEMES):
        raise ImproperlyConfigured("LIMITS_CACHE_URL must be a Redis address: redis://host:6379/1.")
    CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "oracolo")
    # A Redis down, slow or full is no error (common/resilient_cache.py): pages go uncached, the
    # counters to each process's memory; one silent for CACHE_SOCKET_TIMEOUT seconds is left
    # alone for CACHE_RETRY_SECONDS, then tried again. /healthz says "degraded" meanwhile.
    CACHE_SOCKET_TIMEOUT = float(os.environ.get("CACHE_SOCKET_TIMEOUT", "0.25"))
    CACHE_RETRY_SECONDS = float(os.environ.get("CACHE_RETRY_SECONDS", "5"))
    redis_options = {
        "socket_connect_timeout": CACHE_SOCKET_TIMEOUT,
        "socket_timeout": CACHE_SOCKET_TIMEOUT,
        "RETRY_SECONDS": CACHE_RETRY_SECONDS,
    }
    CACHES = {
        "default": {
            "BACKEND": "common.resilient_cache.ResilientRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": redis_options,
        },
        "limits": {
            "BACKEND": "common.resilient_cache.ResilientRedisCache",
            "LOCATION": LIMITS_CACHE_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": {**redis_options, "FALLBACK_TO_MEMORY": True},
        },
    }
else:
    # The rate-limit counters' folder: one per checkout (named after its path) on this machine.
    LIMITS_CACHE_DIR = os.environ.get("LIMITS_CACHE_DIR", "").strip() or str(
        Path(tempfile.gettempdir())
        / f"oracolo-limits-{hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:12]}"
    )
    # Each process keeps its own: rendered pages (a few thousand), the search form's lists and
    # the rules search's indexes (docs/architecture.md, "Caching").
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("PAGE_CACHE_ENTRIES", "3000"))},
        },
        # Shared by the workers of this instance (common/instance_cache.py), in a folder of
        # this machine; in tests, each process's memory (parallel test processes count apart).
        "limits": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "limits",
        }
        if TESTING
        else {
            "BACKEND": "common.instance_cache.InstanceCache",
            "LOCATION": LIMITS_CACHE_DIR,
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        },
    }
# Public pages: how long browsers and proxies may keep them before revalidating (seconds), and
# how long the page cache keeps a rendered page (0: no page cache; tests turn it on where they
# test it). Both are keyed by the data version, which every import and every editor's change
# raises (web/http_caching.py).
PAGE_MAX_AGE = int(os.environ.get("PAGE_MAX_AGE", "60"))
PAGE_CACHE_SECONDS = int(os.environ.get("PAGE_CACHE_SECONDS", "0" if TESTING else "86400"))
# The largest answer the page cache keeps (bytes, as kept: compressed); a larger one is rendered
# on every request. And how many new pages one client may add to it a minute (0: no limit).
PAGE_CACHE_MAX_BYTES = int(os.environ.get("PAGE_CACHE_MAX_BYTES", str(512 * 1024)))
PAGE_CACHE_ADDS_PER_MINUTE = int(os.environ.get("PAGE_CACHE_ADDS_PER_MINUTE", "120"))
# Nothing in the default cache is kept without an expiry: what is stored without a timeout of its
# own lasts as long as a page (a day; five minutes with the page cache off).
CACHES["default"]["TIMEOUT"] = PAGE_CACHE_SECONDS if PAGE_CACHE_SECONDS > 0 else 300

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    # Refuses logins while their username and address are locked out (see below).
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
if TESTING:
    # Tests log in with real passwords; the slow production hash buys nothing there.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The admin's language switch keeps the choice in a cookie: sent on links from other sites, not
# on their posts (as the session's); no script reads it.
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGES = [("en", _("English")), ("it", _("Italiano"))]
# The project's catalogue first (makemessages rewrites it), then the hand-made Italian for the
# strings of other apps the admin shows (locale/other_apps/it/LC_MESSAGES/django.po).
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale" / "other_apps"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

if not DEBUG:
    # Production sits behind a proxy that terminates TLS (docs/deploy.md): the proxy says
    # which scheme the browser used in X-Forwarded-Proto, and it must overwrite any such
    # header the client sent. BEHIND_TLS_PROXY=0 when the server itself faces the browsers.
    if env_bool("BEHIND_TLS_PROXY", default=True):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    # The health check answers load balancers that probe over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", default=False)
    if not SECURE_HSTS_PRELOAD:
        # Joining the browsers' preload list binds the domain for months and is the domain
        # owner's decision, so it is opt-in (HSTS_PRELOAD=1), not a deploy warning.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)
    LANGUAGE_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=True)


def url_path(value: str) -> str:
    """A URL prefix as urls.py wants it: no leading slash, one trailing slash ("gestione/")."""
    value = value.strip().strip("/")
    if not value:
        raise ImproperlyConfigured("ADMIN_URL cannot be empty: the public pages live at /.")
    return value + "/"


# Where the admin lives: ADMIN_URL="gestione-7f3a/" keeps it off the well-known /admin/.
ADMIN_URL = url_path(os.environ.get("ADMIN_URL", "admin/"))
# Where a login goes when its ``next`` is missing or leads off the site (?next=https://evil/).
LOGIN_REDIRECT_URL = "admin:index"

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair may not log in for LOGIN_COOLOFF_MINUTES, the right password
# included; other users and addresses are unaffected. A successful login resets the count.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.login_throttling.lockout_response"
AXES_ENABLE_ADMIN = False  # config/login_attempts_admin.py: its actions ask for permissions
# Counted in the database, shared by every instance: a lockout outlives Redis (and is listed).
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
# Behind the proxy every request comes from the proxy's address: failures are counted by the
# client's, which each of the TRUSTED_PROXIES proxies appends to X-Forwarded-For
# (config.login_throttling.client_address; docs/deploy.md). 0: the server faces the browsers.
TRUSTED_PROXIES = int(
    os.environ.get(
        "TRUSTED_PROXIES", "1" if not DEBUG and env_bool("BEHIND_TLS_PROXY", default=True) else "0"
    )
)
CLIENT_ADDRESS_CALLABLE = "config.login_throttling.client_address"
AXES_CLIENT_IP_CALLABLE = CLIENT_ADDRESS_CALLABLE

# What costly requests may cost (web/search_limits.py): searches, the APIs, the deck pages.
# Counted per client (the address login throttling counts, above) in the "limits" cache: shared
# by every instance with CACHE_URL, by the workers of one instance without. A client may make
# SEARCH_RATE_LIMIT a minute over ten minutes, and up to SEARCH_RATE_BURST more in any one
# minute; the name suggestions the search box asks for as a name is typed have their own.
# One more is answered 429 with Retry-After. 0: no limit (the tests' default).
SEARCH_RATE_LIMIT = int(os.environ.get("SEARCH_RATE_LIMIT", "0" if TESTING else "60"))
SEARCH_RATE_BURST = int(os.environ.get("SEARCH_RATE_BURST", "0" if TESTING else "60"))
AUTOCOMPLETE_RATE_LIMIT = int(os.environ.get("AUTOCOMPLETE_RATE_LIMIT", "0" if TESTING else "240"))
AUTOCOMPLETE_RATE_BURST = int(os.environ.get("AUTOCOMPLETE_RATE_BURST", "0" if TESTING else "240"))
# Costly requests of one client running at once; one more is answered 429 at once (0: no cap).
SEARCH_CONCURRENT_LIMIT = int(os.environ.get("SEARCH_CONCURRENT_LIMIT", "0" if TESTING else "2"))
# Seconds each SQL statement of a search (public or admin, the APIs and deck checks included)
# may run before it is stopped and the page says so (0: no limit).
SEARCH_TIME_LIMIT = float(os.environ.get("SEARCH_TIME_LIMIT", "3"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
TEST_RUNNER = "web.test_runner.SummaryTestRunner"

# update_data: where it downloads from and keeps its files. Files built from the data: the
# Scryfall API's bulk data (build_bulk_data; SITE_URL, the address in their objects) and the
# offline data (build_offline_data, docs/offline.md; phones check it at most every N seconds).
MTGJSON_URL = os.environ.get("ORACOLO_MTGJSON_URL", "https://mtgjson.com/api/v5/")
RULES_URL = os.environ.get("ORACOLO_RULES_URL", "https://magic.wizards.com/en/rules")
DATA_CACHE_DIR = Path(os.environ.get("DATA_CACHE_DIR", BASE_DIR / "data-cache"))
BULK_DATA_DIR = Path(os.environ.get("BULK_DATA_DIR", BASE_DIR / "bulk-data"))
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
OFFLINE_DATA_DIR = Path(os.environ.get("OFFLINE_DATA_DIR", BASE_DIR / "offline-data"))
OFFLINE_UPDATE_CHECK_SECONDS = int(os.environ.get("OFFLINE_UPDATE_CHECK_SECONDS", 300))

# Card pictures: "scryfall" shows each printing's picture from Scryfall's servers (the English
# one by the printing's Scryfall id, the Italian one by its Italian multiverse id: see
# web/pages/card/images.py); "off" shows none and lets no image host into the CSP below.
CARD_IMAGES = os.environ.get("CARD_IMAGES", "scryfall").strip().lower()
if CARD_IMAGES not in {"scryfall", "off"}:
    raise ImproperlyConfigured('CARD_IMAGES must be "scryfall" or "off".')
# Where the pictures are fetched from (a mirror, or a local server in tests).
CARD_IMAGE_URL = os.environ.get("CARD_IMAGE_URL", "https://cards.scryfall.io").rstrip("/")
CARD_IMAGE_API_URL = os.environ.get("CARD_IMAGE_API_URL", "https://api.scryfall.com").rstrip("/")

# Content-Security-Policy (config/csp.py): the site's own files and the card image hosts.
SECURE_CSP = content_security_policy(
    [] if CARD_IMAGES == "off" else [CARD_IMAGE_URL, CARD_IMAGE_API_URL]
)
