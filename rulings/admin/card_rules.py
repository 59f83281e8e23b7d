"""The admin for the rules cards use (CardRule): hand-made links and removals.

Computed links come from ``link_rules``; an editor adds a link (origin MANUAL, with a reason and
a detail), edits one (which makes it theirs: recomputation leaves it alone) or removes a
computed one by excluding it (a MANUAL row with ``excluded`` set, kept by every recomputation).
After each change the card's links and its rule search column are worked out again at once.
Every change an editor makes is kept in the link's history, which can revert it; a computed
link's first change records the link as computed first, so that there is a state to go back to.
Undoing hand changes asks first, and a link it deleted comes back from its history: in the place
of the computed link the linker has made at its card and rule since.
"""

from django.contrib import admin, messages
from django.contrib.admin.views.autocomplete import AutocompleteJsonView
from django.contrib.admin.widgets import AutocompleteSelect
from django.db import transaction
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from common.admin_confirmations import asks_first
from common.admin_history import GuardedHistoryAdmin
from common.admin_search import time_limited_json
from common.admin_text import PlainLineEnds
from rulings.linking.sync import link_cards, make_room_for
from rulings.models import CardRule, RuleSection, RulesEdition

SECTION_AUTOCOMPLETE = "rulings_cardrule_section_autocomplete"


def record_state_before_first_change(links):
    """Give the links that have no history yet (computed ones) a record of their state as it
    is in the database, before an editor's change records the new one."""
    recorded = set(
        CardRule.history.filter(id__in=[link.pk for link in links]).values_list("id", flat=True)
    )
    before = CardRule.objects.filter(pk__in=[link.pk for link in links if link.pk not in recorded])
    CardRule.history.bulk_history_create(
        list(before), default_change_reason=gettext_noop("Computed by link_rules")
    )


def hand_made(links):
    return links.filter(origin=CardRule.Origin.MANUAL)


def restoring(form):
    """The revert form of a link: the computed link at the same card and rule, which the
    restored one replaces (``save_model``), is no clash."""

    class RestoredLinkForm(form):
        def validate_constraints(self):
            link = self.instance
            others = CardRule.objects.filter(
                card_id=link.card_id, section_id=link.section_id
            ).exclude(pk=link.pk)
            if others.exists() and not others.exclude(origin=CardRule.Origin.COMPUTED).exists():
                return  # CardRule's one constraint, a link per card and section, will hold
            super().validate_constraints()

    return RestoredLinkForm


def current_sections():
    return RuleSection.objects.filter(edition=RulesEdition.objects.official().in_force())


class CurrentSectionAutocomplete(AutocompleteJsonView):
    """The section search of the CardRule form: only the current English edition, each shown
    with the start of its text ("702.37c To cast a card using its morph ability…")."""

    def get_queryset(self):
        return super().get_queryset().filter(edition=RulesEdition.objects.official().in_force())

    def serialize_result(self, obj, to_field_name):
        text = obj.title or obj.text
        short = text if len(text) <= 80 else text[:79] + "…"
        return {"id": str(getattr(obj, to_field_name)), "text": f"{obj.number} {short}".strip()}


class CurrentSectionSelect(AutocompleteSelect):
    def get_url(self):
        return reverse(f"{self.admin_site.name}:{SECTION_AUTOCOMPLETE}")


class MissingRuleFilter(admin.SimpleListFilter):
    """Hand-made links kept by a rules import that dropped their rule."""

    title = _("rule missing")
    parameter_name = "missing"

    def lookups(self, request, model_admin):
        return [("yes", _("Kept while their rule is missing"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(section__isnull=True)
        return queryset


@admin.register(CardRule)
class CardRuleAdmin(PlainLineEnds, GuardedHistoryAdmin):
    list_display = [
        "card",
        "section_number",
        "section_title",
        "reason",
        "detail",
        "origin",
        "excluded",
    ]
    list_filter = ["reason", "origin", "excluded", MissingRuleFilter]
    list_select_related = ["card", "section"]
    # A card's name (English or Italian) or a rule number: "702.37" finds its subrules too.
    search_fields = ["card__name", "card__faces__name_it", "^section__number"]
    autocomplete_fields = ["card", "section"]
    fields = ["card", "section", "reason", "detail", "excluded", "origin"]
    readonly_fields = ["origin"]
    actions = ["exclude_links", "undo_hand_changes"]
    show_full_result_count = False
    history_list_display = ["section", "reason", "detail", "origin", "excluded"]

    @admin.display(description=_("number"), ordering="section__position")
    def section_number(self, link):
        if link.section is None:
            return _("%(number)s (missing from the current rules: kept)") % {
                "number": link.missing_number
            }
        return link.section.number

    @admin.display(description=_("title"))
    def section_title(self, link):
        if link.section is None:
            return "—"
        text = link.section.title or link.section.text
        return text if len(text) <= 60 else text[:59] + "…"

    def get_urls(self):
        autocomplete = time_limited_json(
            CurrentSectionAutocomplete.as_view(admin_site=self.admin_site)
        )
        own = [
            path(
                "section-autocomplete/",
                self.admin_site.admin_view(autocomplete),
                name=SECTION_AUTOCOMPLETE,
            )
        ]
        return own + super().get_urls()

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "section":
            kwargs["widget"] = CurrentSectionSelect(db_field, self.admin_site)
            kwargs["queryset"] = current_sections()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        request.restoring_link = True
        return super().history_form_view(request, object_id, version_id, extra_context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        return restoring(form) if getattr(request, "restoring_link", False) else form

    def get_changeform_initial_data(self, request):
        return {"reason": CardRule.Reason.EDITOR, **super().get_changeform_initial_data(request)}

    def get_actions(self, request):
        actions = super().get_actions(request)
        # Deleting a computed link is undone by the next recomputation: exclude it instead.
        actions.pop("delete_selected", None)
        return actions

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.origin == CardRule.Origin.COMPUTED:
            return False
        return super().has_delete_permission(request, obj)

    @transaction.atomic  # a revert (django-simple-history's page) saves outside one
    def save_model(self, request, obj, form, change):
        # Whatever an editor saves is theirs: recomputation leaves it alone from now on.
        obj.origin = CardRule.Origin.MANUAL
        card_ids = {obj.card_id}
        if change:
            record_state_before_first_change([obj])
            # The card it was on before, should the change (or a revert) move it.
            card_ids |= set(CardRule.objects.filter(pk=obj.pk).values_list("card_id", flat=True))
        obj.missing_number = ""  # the form requires a rule
        make_room_for(obj)
        super().save_model(request, obj, form, change)
        link_cards(card_ids)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        link_cards([obj.card_id])

    @admin.action(
        description=_("Remove the selected links (kept removed when recomputed)"),
        permissions=["change"],
    )
    @asks_first(
        _(
            "Remove all these links? Recomputing them leaves them removed. Each link’s history "
            "can bring it back."
        ),
        acted_on=lambda links: links.filter(excluded=False),
        only_for_select_all=True,
    )
    @transaction.atomic  # unlike the change form, an action runs outside a transaction
    def exclude_links(self, request, queryset):
        links = list(queryset)
        record_state_before_first_change(links)
        for link in links:
            link.excluded, link.origin = True, CardRule.Origin.MANUAL
            link._change_reason = gettext_noop("Removed in the admin")
            link.save()
        link_cards({link.card_id for link in links})
        count = len(links)
        self.message_user(
            request,
            ngettext("%(count)d link removed.", "%(count)d links removed.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(
        description=_("Undo the hand changes to the selected links (recompute them)"),
        permissions=["delete"],
    )
    @asks_first(
        _(
            "Undo the hand changes to these links? Each is worked out again from its card: a "
            "link an editor added goes, one an editor removed comes back, one an editor edited "
            "goes back to what Oracolo works out. Each link’s history can bring its hand change "
            "back."
        ),
        acted_on=hand_made,
    )
    @transaction.atomic
    def undo_hand_changes(self, request, queryset):
        manual = list(hand_made(queryset))
        for link in manual:
            link._change_reason = gettext_noop("Hand change undone in the admin")
            link.delete()
        if manual:  # linking writes its statistics even for no card
            link_cards({link.card_id for link in manual})
        count = len(manual)
        self.message_user(
            request,
            ngettext(
                "%(count)d hand change undone; the links were computed again.",
                "%(count)d hand changes undone; the links were computed again.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )
