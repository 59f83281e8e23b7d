"""NUL characters in a request's address.

PostgreSQL refuses a NUL in any text it is given, so a set code, a collector number or an admin
filter with one was a 500 there (a page not found, or nothing found, on SQLite). No address of
the site has one:

- a NUL in the path is a page not found, in the path's language, on both engines, before any
  view or cache looks at it;
- a NUL in the query string is dropped from the parameters' names and values, as the search
  drops it from its text, so no view (the admin's filters and autocompletes included) hands one
  to the database;
- a NUL in a posted form is dropped the same way, for every view that checks the CSRF token
  (the admin's and the login): a text field would refuse one with a message, but a choice of a
  row (a foreign key, an autocomplete, an action's ``_selected_action``) reached the database
  with it (a 500, on SQLite too where the admin's autocomplete widget drew the choice). Django
  reads those forms before the view anyway, for the token. The views exempt from the check
  read their own bodies: the decklist forms drop NULs from the list, the JSON APIs refuse them
  (``web.json_views.json_body``).
"""

from django.conf import settings
from django.http import Http404, QueryDict
from django.utils import translation
from django.utils.http import urlencode

NUL = "\x00"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def has_nul(query: QueryDict) -> bool:
    return any(
        NUL in name or any(NUL in value for value in values) for name, values in query.lists()
    )


def without_nul(query: QueryDict) -> QueryDict:
    pairs = [
        (name.replace(NUL, ""), value.replace(NUL, ""))
        for name, values in query.lists()
        for value in values
    ]
    return QueryDict(urlencode(pairs), encoding=query.encoding)


class NulCharactersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path_info:
            # The page not found speaks the path's language, as LocaleMiddleware (not reached)
            # would have made it.
            translation.activate(
                translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
            )
            raise Http404("No address has a NUL character.")
        query_string = request.META.get("QUERY_STRING", "")
        if "%00" in query_string or NUL in query_string:
            request.GET = without_nul(request.GET)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if (
            request.method == "POST"
            and request.content_type in FORM_TYPES
            and not getattr(view_func, "csrf_exempt", False)
            and has_nul(request.POST)
        ):
            request.POST = without_nul(request.POST)
        return None
