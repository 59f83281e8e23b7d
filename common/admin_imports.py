"""The admin while an import runs: every request it cannot answer safely gets a page saying that
a data update is running (HTTP 503, Retry-After), before its view touches the database. Nothing
is written, nothing is half written, and nothing waits on the import until it fails with a 500.

- SQLite lets one writer at a time, and an import holds the write lock while it runs. The admin's
  views begin their transactions IMMEDIATE (``config/settings.py``), taking the write lock even
  to show a form or a deletion's confirmation; a login or a logout writes the session. Each of
  them waited five seconds and died with "database is locked". So on SQLite every admin
  request is refused: views, actions, saves, login and logout. A login refused here is refused
  before any password is checked, so it is no free guess and there is nothing to count.
- PostgreSQL lets the admin read and sign in during an import; the changes an editor posts
  (saves, deletions, actions, reverts) are refused as before, so that an import and an editor
  never change the same rows at once. Login and logout go through.

A refused post offers to send the same fields again (passwords and files excepted: then it
links back to the page instead), so an edit is not lost. ``process_exception`` turns a "database
is locked" raised by an admin view (an import that began after the look) into the same page.
The public site is not concerned: its reads do not wait for an import.
"""

from django.contrib.admin import site
from django.db import OperationalError, connection
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.import_lock import import_running

BUSY = gettext_lazy("A data update is running: try again in a minute.")
RETRY_AFTER_SECONDS = 60
SIGN_IN_AND_OUT = {"login", "logout"}
UNSAFE_FIELDS = ("password",)  # never written back into a page


class WaitsForImportsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        match = request.resolver_match
        if site.name not in match.namespaces or not self.refuses(request, match.url_name):
            return None
        if not import_running():
            return None
        return busy_page(request)

    def process_exception(self, request, exception):
        if (
            isinstance(exception, OperationalError)
            and "locked" in str(exception)
            and site.name in request.resolver_match.namespaces
        ):
            return busy_page(request)
        return None

    @staticmethod
    def refuses(request, url_name) -> bool:
        if connection.vendor == "sqlite":
            return True
        return request.method == "POST" and url_name not in SIGN_IN_AND_OUT


def busy_page(request) -> TemplateResponse:
    """The page: the message, and for a post the same fields to send again."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name != "csrfmiddlewaretoken"
        for value in values
    ]
    resendable = not request.FILES and not any(
        word in name.lower() for name, _value in fields for word in UNSAFE_FIELDS
    )
    context = {
        "site_header": site.site_header,
        "site_title": site.site_title,
        "title": _("A data update is running"),
        "message": BUSY,
        "posted": request.method == "POST",
        "fields": fields if resendable else None,
        "address": request.get_full_path(),
    }
    response = TemplateResponse(request, "admin/import_running.html", context, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
