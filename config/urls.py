from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from config.health import healthz

admin.site.site_header = _("Oracolo administration")
admin.site.site_title = _("Oracolo")

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path(settings.ADMIN_URL, admin.site.urls),
    # The language switch of the admin, which has no language prefix (set_language's cookie).
    path("i18n/", include("django.conf.urls.i18n")),
    # The JSON API speaks one language and lives outside the language prefixes.
    path("api/", include("oracle.api_urls")),
    path("api/", include("rulings.api_urls")),
]

# Public pages live under /en/ and /it/; "/" redirects by the browser's language.
urlpatterns += i18n_patterns(
    path("", include("rulings.urls")),
    path("", include("oracle.urls")),
)
