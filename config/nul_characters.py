"""NUL characters in a request's address.

PostgreSQL refuses a NUL in any text it is given, so a set code, a collector number or an admin
filter with one was a 500 there (a page not found, or nothing found, on SQLite). No address of
the site has one:

- a NUL in the path is a page not found, in the path's language, on both engines, before any
  view or cache looks at it;
- a NUL in the query string is dropped from the parameters' names and values, as the search
  drops it from its text, so no view (the admin's filters and autocompletes included) hands one
  to the database.

Posted forms are left to their fields, which refuse a NUL with a message.
"""

from django.conf import settings
from django.http import Http404, QueryDict
from django.utils import translation
from django.utils.http import urlencode

NUL = "\x00"


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
