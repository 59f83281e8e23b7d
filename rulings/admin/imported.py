"""What the importers write, read-only in the admin: source documents, rules editions, rule
sections and glossary entries."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from oracle.admin import ReadOnlyInline
from rulings.models import (
    DocumentMention,
    DocumentSection,
    GlossaryEntry,
    RuleSection,
    RulesEdition,
    SourceDocument,
)


class DocumentSectionInline(ReadOnlyInline):
    model = DocumentSection
    fields = ["position", "kind", "title", "first_line", "card", "keyword", "card_type", "damage"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("card", "keyword", "card_type")

    @admin.display(description=_("damaged lines"))
    def damage(self, section):
        return len(section.problems) or ""


class DocumentMentionInline(ReadOnlyInline):
    model = DocumentMention
    fields = ["name", "card", "section"]
    readonly_fields = fields
    verbose_name_plural = _("card names in the document (no card: not in the card data)")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("card", "section__document")


@admin.register(SourceDocument)
class SourceDocumentAdmin(admin.ModelAdmin):
    list_display = ["title", "kind", "language", "card_set", "published_on", "imported_at"]
    list_filter = ["kind", "language"]
    list_select_related = ["card_set"]
    search_fields = ["title", "slug"]
    prepopulated_fields = {"slug": ["title"]}
    readonly_fields = ["sha256", "imported_at"]
    inlines = [DocumentSectionInline, DocumentMentionInline]
    # Of an imported document: what the import finds it by and reads from its file. The title,
    # kind, set, date and source stay editable, and an edit survives the next import.
    from_the_file = ["slug", "language", "original_text"]

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if obj is not None and obj.imported_at is not None:
            return [*fields, *self.from_the_file]
        return fields

    def get_prepopulated_fields(self, request, obj=None):
        if obj is not None and obj.imported_at is not None:
            return {}
        return super().get_prepopulated_fields(request, obj)


# --- The Comprehensive Rules: imported, so read-only (old-number mappings: rule_mapping_admin)


class ImportedAdmin(admin.ModelAdmin):
    """Rows an import writes: shown, searchable, never edited here (the next import would
    overwrite the edit)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RulesEdition)
class RulesEditionAdmin(ImportedAdmin):
    list_display = ["effective_date", "language", "is_complete", "source", "imported_at"]
    list_filter = ["language", "is_complete"]
    date_hierarchy = "effective_date"
    fields = [
        ("language", "effective_date", "is_complete"),
        "source",
        "source_document",
        "sha256",
        "imported_at",
    ]


@admin.register(RuleSection)
class RuleSectionAdmin(ImportedAdmin):
    list_display = ["number", "short_text", "level", "edition"]
    list_filter = ["edition", "level"]
    list_select_related = ["edition"]
    # "702.37" finds the rule and its subrules; words find titles and texts.
    search_fields = ["^number", "title", "text"]
    fields = [("edition", "number", "level"), "parent", "title", "text", "examples", "position"]
    show_full_result_count = False

    @admin.display(description=_("text"))
    def short_text(self, section):
        text = section.title or section.text
        return text if len(text) <= 90 else text[:89] + "…"

    def get_search_results(self, request, queryset, search_term):
        queryset, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if (
            request.GET.get("model_name") == "rulemapping"
            and request.GET.get("field_name") == "current_section"
        ):
            # Choosing where an old rule went: only the current edition's rules.
            queryset = queryset.filter(edition=RulesEdition.objects.official().in_force())
        return queryset, may_have_duplicates


@admin.register(GlossaryEntry)
class GlossaryEntryAdmin(ImportedAdmin):
    list_display = ["term", "edition"]
    list_filter = ["edition"]
    list_select_related = ["edition"]
    search_fields = ["term", "text"]
    fields = ["edition", "term", "slug", "text", "position"]
