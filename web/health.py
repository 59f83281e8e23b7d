"""``/healthz``: whether this instance can serve the site, for load balancers and monitors.

It answers 200 when the database answers and holds the data pages need (cards and an official
rules edition) and each cache keeps what is written to it, 503 otherwise, naming the part that
failed. A cache that refuses writes (Redis down, or full under ``noeviction``) fails the check:
the pages would still be served, uncached, but the login lockouts and the rate-limit counters
("limits") could not be kept. It is never cached, needs no session and is exempt from the HTTPS
redirect, so a probe over plain HTTP reads it too.
"""

import logging
import uuid

from django.core.cache import caches
from django.db import DatabaseError
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from oracle.models import Card
from rulings.models import RulesEdition
from web.cache_errors import CACHE_ERRORS

logger = logging.getLogger(__name__)

OK = "ok"
CACHE_ALIASES = ("default", "limits")


def _checks() -> dict[str, str]:
    try:
        has_cards = Card.objects.exists()
        has_rules = RulesEdition.objects.official().exists()
    except DatabaseError as error:
        logger.error("Health check: the database does not answer: %s", error)
        return {"database": f"unavailable ({type(error).__name__})"}
    return {
        "database": OK,
        "cards": OK if has_cards else "missing (no card is loaded)",
        "rules": OK if has_rules else "missing (no complete English rules edition)",
    }


def _cache_check(alias: str) -> str:
    """Whether the cache ``alias`` keeps a small probe (written, read back, deleted)."""
    cache = caches[alias]
    key = f"healthz:{uuid.uuid4().hex}"  # probes running at once never read each other's
    try:
        cache.set(key, OK, 60)
        kept = cache.get(key)
        cache.delete(key)
    except CACHE_ERRORS as error:
        logger.error("Health check: the cache %r refuses a write: %s", alias, error)
        return f"refuses writes ({type(error).__name__})"
    return OK if kept == OK else "keeps nothing (what is written cannot be read back)"


@never_cache
@require_safe
def healthz(request):
    checks = _checks()
    checks |= {f"cache {alias}": _cache_check(alias) for alias in CACHE_ALIASES}
    healthy = all(value == OK for value in checks.values())
    return JsonResponse(
        {"status": OK if healthy else "unavailable", "checks": checks},
        status=200 if healthy else 503,
    )
