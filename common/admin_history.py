"""History pages in the admin that respect who may change what, and say what changed.

django-simple-history shows an object's past versions to anyone who may view the object, and its
revert page saves whatever is posted to it. Reverting is a change, and reverting a deleted object
brings it back, which is an addition: both need the permissions the change and add pages ask for.

Its pages are written by the project's templates (``templates/admin/history/``): the admin's own
breadcrumbs, and the changes as ``common.history_changes`` words them.
"""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from simple_history.admin import SimpleHistoryAdmin

from common.history_changes import ReadableChanges, column_titles, reason_words, shown_columns


class GuardedHistoryAdmin(SimpleHistoryAdmin):
    object_history_template = "admin/history/object_history.html"
    object_history_list_template = "admin/history/object_history_list.html"
    object_history_form_template = "admin/history/object_history_form.html"

    def get_historical_record_context_helper(self, request, historical_record):
        return ReadableChanges(self.model, historical_record)

    def set_history_delta_changes(self, request, historical_records, foreign_keys_are_objs=True):
        super().set_history_delta_changes(request, historical_records, foreign_keys_are_objs)
        names = self.get_history_list_display(request)
        for record in historical_records:
            record.shown_columns = shown_columns(self.model, names, record)
            record.reason_words = reason_words(record.history_change_reason or "")

    def history_view(self, request, object_id, extra_context=None):
        titles = column_titles(self.model, self.get_history_list_display(request))
        extra_context = {"history_column_titles": titles, **(extra_context or {})}
        return super().history_view(request, object_id, extra_context)

    def may_revert(self, request, obj) -> bool:
        """Whether the user may save ``obj`` (a past version) as the object's current state."""
        if not self.has_change_permission(request, obj):
            return False
        still_there = self.model._default_manager.filter(pk=obj.pk).exists()
        return still_there or self.has_add_permission(request)

    def revert_disabled(self, request, obj=None):
        if super().revert_disabled(request, obj):
            return True
        return obj is not None and not self.may_revert(request, obj)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            history = getattr(self.model, self.model._meta.simple_history_manager_attribute)
            past = get_object_or_404(
                history.model,
                **{self.model._meta.pk.attname: object_id, "history_id": version_id},
            )
            if not self.may_revert(request, past.instance):
                raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)
