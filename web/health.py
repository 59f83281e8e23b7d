"""``/healthz``: whether this instance can serve the site, for load balancers and monitors, with
each dependency reported apart so that a proxy or an orchestrator can act on it:

- ``"down"``, 503: the database does not answer, or holds no card or no complete English rules
  edition. Take the instance out.
- ``"degraded"``, 200: the pages are served, but a cache refuses (Redis down, too slow or full):
  pages are rendered uncached and the rate limits counted by each process alone
  (``common.resilient_cache``). Keep the instance; look at Redis.
- ``"ok"``, 200.

``data_version`` is the data's version number (``oracle.data_version``), as the pages' ETags and
the offline data (``/offline/version.json``) say it; null when the database does not answer.
``database`` and ``cache`` name each dependency's state (``cache``: ``"not configured"`` without
``CACHE_URL``); ``checks`` has the details: the data, and each cache alias. It is never cached,
needs no session and is exempt from the HTTPS redirect, so a probe over plain HTTP reads it too.
"""

import logging
import uuid

from django.core.cache import caches
from django.db import DatabaseError
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from redis.exceptions import RedisError

from common.resilient_cache import UNREACHABLE, ResilientRedisCache
from oracle import data_version
from oracle.models import Card
from rulings.models import RulesEdition

logger = logging.getLogger(__name__)

OK = "ok"
CACHE_ALIASES = ("default", "limits")


def _data_checks() -> dict[str, str]:
    try:
        has_cards = Card.objects.exists()
        has_rules = RulesEdition.objects.official().exists()
    except DatabaseError as error:
        logger.error("Health check: the database does not answer: %s", error)
        return {"database": f"error: {type(error).__name__}"}
    return {
        "database": OK,
        "cards": OK if has_cards else "missing (no card is loaded)",
        "rules": OK if has_rules else "missing (no complete English rules edition)",
    }


def _cache_check(alias: str) -> str:
    """Whether the cache ``alias`` keeps a small probe (written, read back, deleted): on the
    Redis server itself, whatever this process thinks of it. Redis's refusals are logged by the
    backend, once, not at each probe."""
    cache = caches[alias]
    key = f"healthz:{uuid.uuid4().hex}"  # probes running at once never read each other's
    try:
        if isinstance(cache, ResilientRedisCache):
            kept = cache.probe(key, OK)
        else:
            cache.set(key, OK, 60)
            kept = cache.get(key) == OK
            cache.delete(key)
    except UNREACHABLE:
        return "unreachable"
    except RedisError as error:
        return f"refuses writes ({type(error).__name__})"
    except OSError as error:  # the counters' folder without Redis
        logger.warning("Health check: the cache %r refuses a write: %s", alias, error)
        return f"refuses writes ({type(error).__name__})"
    return OK if kept else "keeps nothing (what is written cannot be read back)"


def _cache_summary(checks: dict[str, str]) -> str:
    """The shared cache's state in a word: the first alias that is not ok says it."""
    if not any(isinstance(caches[alias], ResilientRedisCache) for alias in CACHE_ALIASES):
        return "not configured"
    return next((state for state in checks.values() if state != OK), OK)


def _data_version_number() -> int | None:
    try:
        return data_version.current().number
    except DatabaseError:
        return None


@never_cache
@require_safe
def healthz(request):
    checks = _data_checks()
    cache_checks = {f"cache {alias}": _cache_check(alias) for alias in CACHE_ALIASES}
    if any(state != OK for state in checks.values()):
        status = "down"
    elif any(state != OK for state in cache_checks.values()):
        status = "degraded"
    else:
        status = OK
    return JsonResponse(
        {
            "status": status,
            "database": checks["database"],
            "cache": _cache_summary(cache_checks),
            "checks": checks | cache_checks,
            # The offline data's version (/offline/version.json) and the pages' ETags say it too.
            "data_version": _data_version_number(),
        },
        status=503 if status == "down" else 200,
    )
