"""Login attempts (django-axes) in the admin, for superusers: who failed to log in from where,
and who is locked out; deleting a row lets that username and address log in again."""

from axes.admin import AccessAttemptAdmin, AccessFailureLogAdmin, AccessLogAdmin
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin


@admin.register(AccessAttempt)
class LoginAttemptAdmin(AccessAttemptAdmin):
    # Only the site-wide "delete selected" (which asks for the delete permission) unlocks.
    actions = []


admin.site.register(AccessLog, AccessLogAdmin)
admin.site.register(AccessFailureLog, AccessFailureLogAdmin)
