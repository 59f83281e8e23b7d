"""The admin for old-number mappings (RuleMapping): computed by the rules importer, corrected
by hand. A hand-set mapping a rules import kept while one of its rules is missing is listed as
such ("missing from its edition: kept", or its target's number in "kept while its target is
missing"), with a filter for each."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from common.admin_text import PlainLineEnds
from rulings.models import RuleMapping, RuleSection, RulesEdition


class KeptMappingFilter(admin.SimpleListFilter):
    """Hand-set mappings a rules import kept while one of their rules is missing."""

    title = _("rule missing")
    parameter_name = "missing"

    def lookups(self, request, model_admin):
        return [
            ("old", _("Kept while their old rule is missing")),
            ("target", _("Kept while their target is missing")),
        ]

    def queryset(self, request, queryset):
        if self.value() == "old":
            return queryset.filter(old_section__isnull=True)
        if self.value() == "target":
            return queryset.exclude(missing_number="")
        return queryset


@admin.register(RuleMapping)
class RuleMappingAdmin(PlainLineEnds, admin.ModelAdmin):
    """Where old numbers went. Computed by the importer; an admin may correct one, which makes
    it "set by hand" (the importer keeps it, even while one of its rules is missing)."""

    list_display = [
        "old_number",
        "old_edition",
        "current_section",
        "missing_number",
        "confidence",
        "method",
    ]
    list_filter = ["method", KeptMappingFilter, "old_section__edition"]
    list_select_related = ["old_section__edition", "current_section"]
    search_fields = [
        "old_section__number",
        "missing_old_number",
        "current_section__number",
        "current_section__title",
    ]
    autocomplete_fields = ["current_section"]
    fields = [
        "old_section",
        "missing_old_number",
        "missing_old_edition",
        "current_section",
        "missing_number",
        "confidence",
        "method",
    ]
    readonly_fields = [
        "old_section",
        "missing_old_number",
        "missing_old_edition",
        "missing_number",
        "confidence",
        "method",
    ]
    show_full_result_count = False

    @admin.display(description=_("old rule"), ordering="old_section__number")
    def old_number(self, mapping):
        if mapping.old_section_id is None:
            return _("%(number)s (missing from its edition: kept)") % {
                "number": mapping.missing_old_number
            }
        return mapping.old_section.number

    @admin.display(description=_("edition"), ordering="old_section__edition")
    def old_edition(self, mapping):
        if mapping.old_section_id is None:
            return f"{mapping.missing_old_edition:%Y-%m-%d} (en)"
        return mapping.old_section.edition

    def has_add_permission(self, request):
        return False

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "current_section":
            kwargs["queryset"] = RuleSection.objects.filter(
                edition=RulesEdition.objects.official().in_force()
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        obj.method = RuleMapping.Method.MANUAL
        obj.confidence = 1.0
        if obj.current_section_id:  # an editor chose a target: no missing one is kept
            obj.missing_number = ""
        super().save_model(request, obj, form, change)
