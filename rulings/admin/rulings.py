"""Where editors correct rulings: their subject, status and wording, with their history."""

from django import forms
from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from common.admin_confirmations import asks_first
from common.admin_history import GuardedHistoryAdmin
from common.admin_text import PlainLineEnds
from oracle.admin import BothNamesPickers
from oracle.admin_messages import ItalianMessages
from rulings.models import (
    Ruling,
)
from rulings.status.ruling_status import apply_statuses, reason_words
from rulings.status.upstream_rewording import accept_upstream_wording, keep_editors_wording


class SubjectFilter(admin.SimpleListFilter):
    """What rulings are about: one card, a keyword (every card with it) or a card type."""

    title = _("subject")
    parameter_name = "subject"

    def lookups(self, request, model_admin):
        return [("card", _("card")), ("keyword", _("keyword")), ("card_type", _("card type"))]

    def queryset(self, request, queryset):
        if self.value() in {"card", "keyword", "card_type"}:
            return queryset.filter(**{f"{self.value()}__isnull": False})
        return queryset


class RulingForm(forms.ModelForm):
    """The ruling's form: choosing a status (or writing why it is outdated) sets it by hand;
    clearing "status set by hand" gives it back to the computation. A form without the status
    keeps the ruling's."""

    class Meta:
        model = Ruling
        fields = [
            "card",
            "keyword",
            "card_type",
            "date",
            "language",
            "position",
            "text",
            "source_document",
            "status",
            "status_set_by_hand",
            "status_note",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "status" in self.fields:
            self.fields["status"].required = False

    def clean(self):
        data = super().clean()
        ruling = self.instance
        data["status"] = data.get("status") or ruling.status
        chosen = data["status"] != ruling.status or (
            data.get("status_note", "") != ruling.status_note
        )
        if "status_set_by_hand" in self.changed_data:
            by_hand = bool(data.get("status_set_by_hand"))
        else:
            by_hand = ruling.status_set_by_hand or chosen
        data["status_set_by_hand"] = by_hand
        outdated = data["status"] == Ruling.Status.OUTDATED
        if by_hand and outdated and not data.get("status_note", "").strip():
            self.add_error(
                "status_note", _("Say why the ruling is outdated: readers see this note.")
            )
        return data


class StatusFilter(admin.SimpleListFilter):
    """Whether rulings hold, and who said so."""

    title = _("status")
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [
            *Ruling.Status.choices,
            ("by_hand", _("set by hand")),
            ("computed", _("worked out by Oracolo")),
        ]

    def queryset(self, request, queryset):
        value = self.value()
        if value in Ruling.Status.values:
            return queryset.filter(status=value)
        if value in {"by_hand", "computed"}:
            return queryset.filter(status_set_by_hand=value == "by_hand")
        return queryset


class RewordedUpstreamFilter(admin.SimpleListFilter):
    """Editors' rulings the source has reworded since, waiting for review."""

    title = _("reworded upstream")
    parameter_name = "reworded"

    def lookups(self, request, model_admin):
        return [("pending", _("waiting for review"))]

    def queryset(self, request, queryset):
        if self.value() == "pending":
            return queryset.exclude(upstream_text="")
        return queryset


@admin.register(Ruling)
class RulingAdmin(PlainLineEnds, ItalianMessages, BothNamesPickers, GuardedHistoryAdmin):
    italian_article = "la"  # la nota di regolamento
    form = RulingForm
    list_display = [
        "subject_column",
        "date",
        "language",
        "short_text",
        "status",
        "origin",
        "source_document",
    ]
    list_filter = [
        SubjectFilter,
        StatusFilter,
        RewordedUpstreamFilter,
        "language",
        "origin",
        "source_document",
    ]
    list_select_related = ["card", "keyword", "card_type", "source_document"]
    date_hierarchy = "date"
    search_fields = [
        "card__name",
        "card__faces__name_it",
        "keyword__name",
        "keyword__name_it",
        "card_type__name",
        "card_type__name_it",
        "text",
    ]
    autocomplete_fields = ["card"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "card",
                    ("keyword", "card_type"),
                    ("date", "language", "position"),
                    "text",
                    ("source_document", "section"),
                    "origin",
                ]
            },
        ),
        (
            _("Does it still hold?"),
            {
                "description": _(
                    "Oracolo works out whether a ruling still holds: it is outdated when it "
                    "uses a game term the rules retired after its date, or cites a rule that "
                    "no longer exists. Choose a status to set it by hand (outdated needs a "
                    "note, which readers see); imports and recomputations keep it. Withdrawn "
                    "hides the ruling from every page and the API, for good. An imported "
                    "ruling cannot be deleted, because the next import would bring it back: "
                    "withdraw it instead."
                ),
                "fields": [
                    ("status", "status_set_by_hand"),
                    "status_note",
                    "computed_reasons",
                ],
            },
        ),
    ]
    readonly_fields = ["origin", "section", "computed_reasons", "upstream_date", "upstream_text"]
    history_list_display = ["date", "language", "origin", "status", "status_set_by_hand"]
    actions = ["withdraw", "accept_upstream", "keep_editors"]
    upstream_fieldset = (
        _("Reworded upstream"),
        {
            "description": _(
                "The source has reworded this ruling since an editor corrected it. Pages "
                "show the editor’s wording until someone reviews the change: “Accept the "
                "source’s wording” replaces it, “Keep the editors’ wording” marks the change "
                "as seen (both are actions of the rulings list)."
            ),
            "fields": ["upstream_date", "upstream_text"],
        },
    )

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and obj.upstream_text:
            return [self.upstream_fieldset, *fieldsets]
        return fieldsets

    @admin.display(description=_("subject"))
    def subject_column(self, ruling):
        if ruling.keyword_id:
            return format_html("{} ({})", ruling.keyword, _("keyword"))
        if ruling.card_type_id:
            return format_html("{} ({})", ruling.card_type, _("card type"))
        return ruling.card

    @admin.display(description=_("text"))
    def short_text(self, ruling):
        return ruling.text if len(ruling.text) <= 90 else ruling.text[:89] + "…"

    @admin.display(description=_("worked out by Oracolo"))
    def computed_reasons(self, ruling):
        if not ruling.outdated_because:
            return _("Nothing outdated found.")
        return format_html_join(
            "\n", "<p>{}</p>", ((reason_words(reason),) for reason in ruling.outdated_because)
        )

    def save_model(self, request, obj, form, change):
        # Whatever an editor saves is theirs: imports leave it alone from now on.
        obj.origin = Ruling.Origin.EDITOR
        if not obj.status_set_by_hand:
            apply_statuses([obj])
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.source_key:
            return False  # an import would bring it back: withdraw it instead
        return super().has_delete_permission(request, obj)

    def get_deleted_objects(self, objs, request):
        deleted, counts, cannot, protected = super().get_deleted_objects(objs, request)
        if any(ruling.source_key for ruling in objs):
            cannot = {
                *(name for name in cannot if name != Ruling._meta.verbose_name),
                _(
                    "imported rulings: the next import would bring them back. Withdraw them "
                    "instead (the “Withdraw” action)"
                ),
            }
        return deleted, counts, cannot, protected

    @admin.action(
        description=_("Withdraw the selected rulings (hidden everywhere, for good)"),
        permissions=["change"],
    )
    @asks_first(
        _(
            "Withdraw these rulings? They will be hidden everywhere, for good: imports leave "
            "them withdrawn. Each ruling’s history can bring it back."
        ),
        acted_on=lambda rulings: rulings.exclude(status=Ruling.Status.WITHDRAWN),
    )
    def withdraw(self, request, queryset):
        count = 0
        for ruling in queryset:
            ruling.status = Ruling.Status.WITHDRAWN
            ruling.status_set_by_hand = True
            ruling.origin = Ruling.Origin.EDITOR
            ruling._change_reason = gettext_noop("Withdrawn in the admin")
            ruling.save()
            count += 1
        self.message_user(
            request,
            ngettext("%(n)d ruling withdrawn.", "%(n)d rulings withdrawn.", count) % {"n": count},
        )

    @admin.action(
        description=_("Accept the source’s wording of the selected rulings reworded upstream"),
        permissions=["change"],
    )
    @asks_first(
        _(
            "Replace the editors’ wording of these rulings with the source’s? Pages will show "
            "the source’s wording. Each ruling’s history can bring the editors’ wording back."
        ),
        acted_on=lambda rulings: rulings.exclude(upstream_text=""),
    )
    def accept_upstream(self, request, queryset):
        count = 0
        for ruling in queryset.exclude(upstream_text=""):
            accept_upstream_wording(ruling)
            count += 1
        self.message_user(
            request,
            ngettext(
                "%(n)d ruling now has the source’s wording.",
                "%(n)d rulings now have the source’s wording.",
                count,
            )
            % {"n": count},
        )

    @admin.action(
        description=_("Keep the editors’ wording of the selected rulings reworded upstream"),
        permissions=["change"],
    )
    @asks_first(
        _(
            "Keep the editors’ wording of these rulings and mark the source’s changes as seen? "
            "They will no longer wait for review, and the source’s wording is set aside."
        ),
        acted_on=lambda rulings: rulings.exclude(upstream_text=""),
    )
    def keep_editors(self, request, queryset):
        count = 0
        for ruling in queryset.exclude(upstream_text=""):
            keep_editors_wording(ruling)
            count += 1
        self.message_user(
            request,
            ngettext(
                "%(n)d ruling keeps the editors’ wording; the source’s change is marked as seen.",
                "%(n)d rulings keep the editors’ wording; the source’s changes are marked as seen.",
                count,
            )
            % {"n": count},
        )
