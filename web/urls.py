"""Every URL of the site. Public pages live under /en/ and /it/ ("/" redirects by the browser's
language); the JSON API speaks one language and lives outside the language prefixes, as do the admin
and the health check. The namespaces (``cards:`` for the cards and sets, ``rules:`` for the rules,
keywords and sources, ``decks:``, ``cards-api:``, ``rules-api:``, ``decks-api:``, ``scryfall-api:``)
name the part of the site a page belongs to, as do the template folders
(``templates/jinja2/cards/``, ``templates/jinja2/rules/``, ``templates/jinja2/decks/``)."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path
from django.utils.translation import gettext_lazy as _

from web import error_pages
from web.api import cards as cards_api
from web.api import decks as decks_api
from web.api import rules as rules_api
from web.health import healthz
from web.offline import data_urls
from web.offline.worker import service_worker
from web.views import (
    cards,
    decks,
    documents,
    keywords,
    rules,
    translation_coverage,
    translation_exchange,
)

admin.site.site_header = _("Oracolo administration")
admin.site.site_title = _("Oracolo")

card_pages = [
    path("", cards.home, name="home"),
    path("cards/", cards.card_list, name="card-list"),
    path("help/search/", cards.search_help, name="search-help"),
    path("cards/random/", cards.random_card, name="random-card"),
    path("cards/<slug:slug>/", cards.card_detail, name="card-detail"),
    path("sets/", cards.set_list, name="set-list"),
    path("sets/<str:code>/", cards.set_detail, name="set-detail"),
    path("sets/<str:code>/<str:number>/", cards.printing_detail, name="printing-detail"),
    path("about/", cards.about, name="about"),
]

deck_pages = [
    path("decks/", decks.deck_check, name="check"),
    path("decks/sheet/", decks.deck_sheet, name="sheet"),
    path("decks/registration/", decks.deck_registration, name="registration"),
    path("decks/export/<str:kind>/", decks.deck_export, name="export"),
]

rule_pages = [
    path("rules/", rules.contents, name="rule-contents"),
    path("rules/glossary/", rules.glossary, name="glossary"),
    path("rules/search/", rules.search, name="rule-search"),
    path("rules/<str:number>/", rules.rule_detail, name="rule-detail"),
    path("sources/", documents.document_list, name="document-list"),
    path("sources/<int:pk>/", documents.document_detail, name="document-detail"),
    path("keywords/", keywords.keyword_list, name="keyword-list"),
    path("keywords/<slug:slug>/", keywords.keyword_detail, name="keyword-detail"),
    path(
        "translations/coverage/",
        translation_coverage.translation_coverage,
        name="translation-coverage",
    ),
]

cards_api_urls = [
    path("cards/", cards_api.card_search, name="card-list"),
    path("cards/autocomplete/", cards_api.card_autocomplete, name="card-autocomplete"),
    path("cards/<str:oracle_id>/", cards_api.card_detail, name="card-detail"),
]

decks_api_urls = [
    path("decks/check/", decks_api.check_list, name="check"),
]

rules_api_urls = [
    path("rules/", rules_api.rules_index, name="index"),
    path("rules/<str:number>/", rules_api.rule_detail, name="rule-detail"),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("sw.js", service_worker, name="service-worker"),
    path(settings.ADMIN_URL, admin.site.urls),
    # The language switch of the admin, which has no language prefix (set_language's cookie).
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/scryfall/", include(("web.api.scryfall.urls", "scryfall-api"))),
    path("api/", include((cards_api_urls, "cards-api"))),
    path("api/", include((rules_api_urls, "rules-api"))),
    path("api/", include((decks_api_urls, "decks-api"))),
    re_path(r"^api(?:/(?P<rest>.*))?$", error_pages.api_not_found),  # last under api/: JSON
    path("", include((data_urls.urlpatterns, "offline-data"))),
]

urlpatterns += i18n_patterns(
    path("", include((rule_pages, "rules"))),
    path("", include((card_pages, "cards"))),
    path("", include((deck_pages, "decks"))),
    path("", include(("web.offline.shell_urls", "offline-shell"))),
    path("", include((data_urls.page_patterns, "offline"))),
)

# The staff pages exchanging the translation memory as PO files, in the admin's look under its
# address: put first, since the admin answers every other address under its own (404).
translation_exchange_urls = [
    path("export/", translation_exchange.export, name="export"),
    path("import/", translation_exchange.import_file, name="import"),
]
urlpatterns.insert(
    0,
    path(
        f"{settings.ADMIN_URL}translations/po/",
        include((translation_exchange_urls, "translation-exchange")),
    ),
)

handler400 = "web.error_pages.bad_request"
handler403 = "web.error_pages.permission_denied"
handler404 = "web.error_pages.page_not_found"
handler500 = "web.error_pages.server_error"
