"""A cache that refuses is no error of the page. The Redis backend of the settings answers its
own failures (``common.resilient_cache``: Redis down, too slow or full); what the default cache
keeps (rendered pages, the search form's lists, the rules search's indexes) is read and written
through these too, so that any other backend that raises (a cache on disk that cannot be
written) logs a warning and answers as if nothing were kept; ``/healthz`` reports the cache."""

import logging

from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

CACHE_ERRORS = (RedisError, OSError)


def read(cache, key: str, default=None):
    """``cache.get(key)``, or ``default`` when the cache cannot be read."""
    try:
        return cache.get(key, default)
    except CACHE_ERRORS as error:
        logger.warning("The cache cannot be read (%s: %s).", type(error).__name__, error)
        return default


def kept(cache, key: str, build, timeout: int):
    """What ``cache`` keeps under ``key``, or ``build()`` kept there for ``timeout`` seconds."""
    value = read(cache, key)
    if value is None:
        value = build()
        write(cache, key, value, timeout)
    return value


def write(cache, key: str, value, timeout: int) -> None:
    """``cache.set(key, value, timeout)``, or nothing when the cache refuses."""
    try:
        cache.set(key, value, timeout)
    except CACHE_ERRORS as error:
        logger.warning("The cache refuses a write (%s: %s).", type(error).__name__, error)
