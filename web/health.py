"""``/healthz``: whether this instance can serve the site, for load balancers and monitors.

It answers 200 when the database answers and holds the data pages need (cards and an official
rules edition), 503 otherwise, naming the part that failed. It is never cached, needs no
session and is exempt from the HTTPS redirect, so a probe over plain HTTP reads it too.
"""

import logging

from django.db import DatabaseError
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from oracle.models import Card
from rulings.models import RulesEdition

logger = logging.getLogger(__name__)

OK = "ok"


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


@never_cache
@require_safe
def healthz(request):
    checks = _checks()
    healthy = all(value == OK for value in checks.values())
    return JsonResponse(
        {"status": OK if healthy else "unavailable", "checks": checks},
        status=200 if healthy else 503,
    )
