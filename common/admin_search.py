"""The admin's searches, within what one may cost. Django's search looks for every word of the
search box, each in every search field, so its cost grows with the words (and 1,300 words made
SQLite refuse the statement, a 500), so:

- a search of more than ``MAX_WORDS`` words or ``MAX_LENGTH`` characters is not run: the list
  shows no rows and says why (``LimitedSearch.get_search_results``, the changelist's search and
  the autocomplete's alike);
- the statements of a search, the list's or a picker's, run under the search time limit
  (``settings.SEARCH_TIME_LIMIT``, ``common.statement_timeout``): a list stopped goes back to
  itself without the search, saying so; a picker answers 503.

``AdminSite`` gives every model admin registered on it (the project's, Django's users and
groups, the login attempts) ``LimitedSearch`` and ``common.admin_selection.CheckedSelection``;
``AdminConfig`` makes it the default site.
"""

from functools import wraps

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.contrib.admin.views.main import SEARCH_VAR
from django.http import HttpResponseRedirect, JsonResponse
from django.utils.text import smart_split
from django.utils.translation import gettext as _

from common.admin_selection import CheckedSelection
from common.statement_timeout import StatementTimeout, statement_timeout

MAX_WORDS = 10
MAX_LENGTH = 200  # characters


def search_refusal(search_term: str) -> str:
    """Why ``search_term`` asks more than an admin search may, or ""."""
    words = len(list(smart_split(search_term)))  # as Django's search splits it
    if words > MAX_WORDS:
        return _(
            "The search was not run: it may have at most %(limit)d words, this one has %(count)d."
        ) % {"limit": MAX_WORDS, "count": words}
    if len(search_term) > MAX_LENGTH:
        return _(
            "The search was not run: it may have at most %(limit)d characters, this one has "
            "%(count)d."
        ) % {"limit": MAX_LENGTH, "count": len(search_term)}
    return ""


def stopped_message(stopped: StatementTimeout) -> str:
    return _(
        "The search took longer than %(seconds)s seconds and was stopped: try fewer or more "
        "precise words."
    ) % {"seconds": stopped.limit_shown}


def time_limited_json(view):
    """A picker's search view (an autocomplete), under the search time limit: 503 when a
    statement is stopped."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            with statement_timeout(settings.SEARCH_TIME_LIMIT):
                return view(request, *args, **kwargs)
        except StatementTimeout as stopped:
            return JsonResponse({"error": stopped_message(stopped)}, status=503)

    return wrapper


class LimitedSearch:
    """A model admin mixin: its searches within MAX_WORDS, MAX_LENGTH and the time limit."""

    def get_search_results(self, request, queryset, search_term):
        refusal = search_refusal(search_term)
        if refusal:
            if request.GET.get(SEARCH_VAR) == search_term:  # the list's search box
                messages.error(request, refusal)
            return queryset.none(), False
        return super().get_search_results(request, queryset, search_term)

    def changelist_view(self, request, extra_context=None):
        if not request.GET.get(SEARCH_VAR):
            return super().changelist_view(request, extra_context)
        try:
            with statement_timeout(settings.SEARCH_TIME_LIMIT):
                response = super().changelist_view(request, extra_context)
                if hasattr(response, "render"):
                    response.render()  # the rows are read as the page is rendered
                return response
        except StatementTimeout as stopped:
            messages.error(request, stopped_message(stopped))
            unsearched = request.GET.copy()
            unsearched.pop(SEARCH_VAR)
            query = unsearched.urlencode()
            return HttpResponseRedirect(request.path + (f"?{query}" if query else ""))


class AdminSite(admin.AdminSite):
    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, LimitedSearch):
            admin_class = type(
                admin_class.__name__,
                (LimitedSearch, CheckedSelection, admin_class),
                {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
            )
        super().register(model_or_iterable, admin_class, **options)

    def autocomplete_view(self, request):
        return time_limited_json(super().autocomplete_view)(request)


class AdminConfig(DjangoAdminConfig):
    default_site = "common.admin_search.AdminSite"
