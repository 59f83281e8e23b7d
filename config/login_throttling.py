"""django-axes, which throttles logins, as Oracolo sets it up: its app named in the editor's
language; the client a failure is counted against (``client_address``), behind the proxy too;
and the page a locked-out login gets (``lockout_response``), in the admin's look and the
visitor's language, saying how many attempts failed and when to try again."""

import math

from axes.apps import AppConfig as AxesAppConfig
from django.conf import settings
from django.contrib import admin
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class LoginAttemptsConfig(AxesAppConfig):
    verbose_name = gettext_lazy("Login attempts")

    def ready(self):
        super().ready()
        from config import login_attempts_admin  # noqa: F401  (registers the models in the admin)


def client_address(request) -> str:
    """The address of the client that sent ``request``.

    Behind ``TRUSTED_PROXIES`` proxies every request reaches us from the nearest one; each
    proxy appends to X-Forwarded-For the address it was reached from, so the client's is that
    many entries from the end. Entries further left came from the client and are never read.
    A request with fewer entries did not come through every proxy: it is counted against the
    address that reached us.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if not proxies:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    addresses = [address.strip() for address in forwarded.split(",") if address.strip()]
    return addresses[-proxies] if len(addresses) >= proxies else remote


def lockout_response(request, original_response=None, credentials=None):
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    context = {
        **admin.site.each_context(request),
        "title": _("Too many failed logins"),
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": minutes,
    }
    # Rendered now: django-axes hands it back after the view, past the point where Django
    # renders template responses.
    response = render(request, "admin/lockout.html", context, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
