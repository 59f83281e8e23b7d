"""Django's Redis cache, made to outlive its server: a Redis that is down, refuses connections,
does not answer in time or is full is no error of the page that asked.

Each operation that Redis fails is answered by a fallback instead: by default a cache that keeps
nothing (a read is a miss, a write is dropped), so pages are rendered afresh and served uncached;
with ``"FALLBACK_TO_MEMORY": True`` in ``OPTIONS`` (the rate-limit counters) a cache in this
process's memory, so that counting goes on, each process counting alone.

- A server that cannot be reached (``ConnectionError``, ``TimeoutError``) is not asked again for
  ``RETRY_SECONDS`` (an option, 5 by default): meanwhile every operation goes straight to the
  fallback, so a dead Redis costs one socket timeout per process every few seconds, not one per
  read or write. The first operation after that tries the server again, and one that succeeds
  ends the outage: no restart is needed. The socket timeouts are redis-py's options
  (``socket_connect_timeout``, ``socket_timeout``), given in ``OPTIONS`` as well.
- Any other refusal (a full Redis under ``noeviction`` answers writes with ``OutOfMemoryError``)
  falls back for that operation only: reads still go to the server.
- The log says so once: a warning when the server stops answering, one when it answers again,
  and at most one a minute for the other refusals.
- ``probe()`` asks the server itself, whatever the outage says, for ``/healthz``.

The state of the servers is this process's, shared by its threads (Django gives each thread a
cache object of its own).
"""

import logging
import threading
import time
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
REFUSAL_LOG_SECONDS = 60
FALLBACK_PARAMETERS = ("TIMEOUT", "KEY_PREFIX", "VERSION", "KEY_FUNCTION")

_lock = threading.Lock()
# Per server (its address without credentials): when an unreachable one may be tried again.
_retry_at: dict[str, float] = {}
# Per server: when a refusal other than an outage was last logged.
_refusal_logged_at: dict[str, float] = {}


def server_name(location: str) -> str:
    """The server's address as the log may show it: no user name or password."""
    parts = urlsplit(location)
    if parts.scheme == "unix":
        return parts.path
    host = parts.hostname or ""
    return f"{host}:{parts.port}{parts.path}" if parts.port else f"{host}{parts.path}"


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        self.retry_seconds = float(options.pop("RETRY_SECONDS", 5))
        in_memory = bool(options.pop("FALLBACK_TO_MEMORY", False))
        super().__init__(server, {**params, "OPTIONS": options})
        self.server = server_name(self._servers[0])
        kept = {name: params[name] for name in FALLBACK_PARAMETERS if name in params}
        if in_memory:
            # LocMemCache's storage is per name, shared by the threads of the process.
            self.fallback = LocMemCache(f"fallback {self.server}", kept)
            self.without_it = "what it counts is counted by each process alone"
        else:
            self.fallback = DummyCache(server, kept)
            self.without_it = "nothing is read from it or kept in it (pages are rendered afresh)"

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version=version)

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version=version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version=version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version=version)

    def delete(self, key, version=None):
        return self._either("delete", key, version=version)

    def get_many(self, keys, version=None):
        return self._either("get_many", keys, version=version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version=version)

    def incr(self, key, delta=1, version=None):
        return self._either("incr", key, delta, version=version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set_many", data, timeout, version=version)

    def delete_many(self, keys, version=None):
        return self._either("delete_many", keys, version=version)

    def clear(self):
        return self._either("clear")

    def probe(self, key: str, value) -> bool:
        """Write ``value`` under ``key`` on the server, read it back and delete it, raising what
        Redis raises; whether it was read back. An answer ends an outage."""
        try:
            super().set(key, value, 60)
            kept = super().get(key)
            super().delete(key)
        except UNREACHABLE as error:
            self._unreachable(error)
            raise
        except RedisError as error:
            self._refused(error)
            raise
        self._answered()
        return kept == value

    def _either(self, operation: str, *args, **kwargs):
        """``operation`` on Redis, or on the fallback when Redis is out or refuses it."""
        retry_at = _retry_at.get(self.server)
        if retry_at is not None and time.monotonic() < retry_at:
            return getattr(self.fallback, operation)(*args, **kwargs)
        try:
            result = getattr(super(), operation)(*args, **kwargs)
        except UNREACHABLE as error:
            self._unreachable(error)
        except RedisError as error:
            self._refused(error)
        else:
            if retry_at is not None:
                self._answered()
            return result
        return getattr(self.fallback, operation)(*args, **kwargs)

    def _unreachable(self, error: Exception) -> None:
        with _lock:
            first = self.server not in _retry_at
            _retry_at[self.server] = time.monotonic() + self.retry_seconds
        if first:
            logger.warning(
                "Redis at %s does not answer (%s: %s): until it does, %s; tried again every "
                "%g seconds.",
                self.server,
                type(error).__name__,
                error,
                self.without_it,
                self.retry_seconds,
            )

    def _answered(self) -> None:
        with _lock:
            was_out = _retry_at.pop(self.server, None) is not None
        if was_out:
            logger.warning("Redis at %s answers again: the cache is used again.", self.server)

    def _refused(self, error: Exception) -> None:
        now = time.monotonic()
        with _lock:
            last = _refusal_logged_at.get(self.server)
            due = last is None or now - last >= REFUSAL_LOG_SECONDS
            if due:
                _refusal_logged_at[self.server] = now
        if due:
            logger.warning(
                "Redis at %s refuses an operation (%s: %s): %s for it (said at most once a "
                "minute).",
                self.server,
                type(error).__name__,
                error,
                self.without_it,
            )
