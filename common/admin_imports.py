"""An editor's save while an import runs: the form comes back still filled, with a message
saying to try again in a minute, instead of waiting on the import's write lock (SQLite lets one
writer at a time: after five seconds the save died with "database is locked", a 500 and the
edit lost). Nothing is written; the public site keeps answering, as reads do not wait."""

from django import forms
from django.db import OperationalError
from django.utils.translation import gettext_lazy as _

from common.import_lock import import_running

BUSY = _("A data update is running: try again in a minute.")


class WaitsForImports:
    """An admin mixin: its change and add forms refuse to save while an import runs."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        if request.method == "POST" and import_running():
            return self._refused(request, object_id, form_url, extra_context)
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            # An import took the lock between the look above and the save.
            return self._refused(request, object_id, form_url, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """A revert to a past version (``common.admin_history``) is refused the same way."""
        if request.method == "POST" and import_running():
            request.import_running = True
        return super().history_form_view(request, object_id, version_id, extra_context)

    def _refused(self, request, object_id, form_url, extra_context):
        # The form again from what was posted, outside a transaction: on SQLite beginning one
        # would wait for the import's write lock.
        request.import_running = True
        return self._changeform_view(request, object_id, form_url, extra_context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        if not getattr(request, "import_running", False):
            return form

        class RefusedWhileImporting(form):
            def clean(self):
                raise forms.ValidationError(BUSY, code="import_running")

        return RefusedWhileImporting
