"""Admin actions that ask first, as Django's "Delete selected" does.

An action decorated with ``asks_first(question)`` answers the changelist's post with a page that
asks the question and lists the objects it will act on, with "Yes, I'm sure" and "No, take me
back"; it runs when that page is posted. Nothing is written before the editor says yes. An action
that would act on none of the selected objects runs at once: there is nothing to confirm. An
action undone as easily as it is done may ask only when the editor chose to act on every object
of the list ("Select all", across its pages): ``only_for_select_all=True``. The page lists
the first ``SHOWN_AT_MOST`` objects and counts the rest.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

CONFIRMED = "yes"
SELECT_ALL = "1"  # the changelist's select_across when "Select all" was chosen
SHOWN_AT_MOST = 100  # objects the question lists; it counts the others


def asks_first(
    question: str,
    acted_on: Callable = lambda queryset: queryset,
    *,
    only_for_select_all: bool = False,
):
    """``question``: what the page asks, in a sentence; ``acted_on(queryset)``: the selected
    objects the action will change (all of them, unless it says otherwise)."""

    def decorate(action):
        @wraps(action)
        def asking(modeladmin, request, queryset):
            if (
                request.POST.get("post") == CONFIRMED
                or only_for_select_all
                and request.POST.get("select_across") != SELECT_ALL
            ):
                return action(modeladmin, request, queryset)
            acted = acted_on(queryset)
            objects = list(acted[: SHOWN_AT_MOST + 1])
            if not objects:
                return action(modeladmin, request, queryset)
            total = len(objects) if len(objects) <= SHOWN_AT_MOST else acted.count()
            select_all = request.POST.get("select_across") == SELECT_ALL
            selected = queryset.values_list("pk", flat=True)
            request.current_app = modeladmin.admin_site.name
            context = {
                **modeladmin.admin_site.each_context(request),
                "title": _("Are you sure?"),
                "question": question,
                "objects": objects[:SHOWN_AT_MOST],
                "more": total - min(total, SHOWN_AT_MOST),
                "total": total,
                # "Select all" is posted back as such, with the list's filters in the address
                # (Django wants one object named besides); a choice, object by object.
                "select_across": select_all,
                "selected": selected[:1] if select_all else selected,
                "action_name": request.POST.get("action", action.__name__),
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                "confirmed": CONFIRMED,
                "opts": modeladmin.model._meta,
                "media": modeladmin.media,
            }
            return TemplateResponse(request, "admin/action_confirmation.html", context)

        return asking

    return decorate
