"""The rows an admin action is asked to act on, read before the action runs: Django filters the
list by the posted ``_selected_action`` values as they are, and one that is not a key of the
model ("", "abc", a number past the column's range) made the action a 500. Such a post is sent
back to the list, saying why, as Django does when nothing is selected."""

from django.contrib import messages
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.utils.translation import gettext as _

# The largest key a row of ours can have: BigAutoField's range, on SQLite and PostgreSQL alike.
LARGEST_KEY = 2**63 - 1


class CheckedSelection:
    """A model admin mixin: an action posted with a selected value that is not one of the
    model's keys changes nothing and goes back to the list."""

    def response_action(self, request, queryset, *args, **kwargs):
        if all(self._is_key(value) for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)):
            return super().response_action(request, queryset, *args, **kwargs)
        messages.warning(
            request, _("The rows selected could not be read: select them again and repeat.")
        )
        return HttpResponseRedirect(request.get_full_path())

    def _is_key(self, value: str) -> bool:
        try:
            key = self.model._meta.pk.to_python(value)
        except ValidationError:
            return False
        if isinstance(key, int):
            return -LARGEST_KEY <= key <= LARGEST_KEY
        return key not in (None, "")
