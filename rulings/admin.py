from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from .models import Ruling, SourceDocument


@admin.register(Ruling)
class RulingAdmin(SimpleHistoryAdmin):
    list_display = ["card", "date", "language", "short_text", "origin", "source_document"]
    list_filter = ["language", "origin", "source_document"]
    list_select_related = ["card", "source_document"]
    date_hierarchy = "date"
    search_fields = ["card__name", "card__faces__name_it", "text"]
    autocomplete_fields = ["card"]
    fields = ["card", ("date", "language", "position"), "text", "source_document", "origin"]
    readonly_fields = ["origin"]
    history_list_display = ["date", "language", "origin"]

    @admin.display(description=_("text"))
    def short_text(self, ruling):
        return ruling.text if len(ruling.text) <= 90 else ruling.text[:89] + "…"

    def save_model(self, request, obj, form, change):
        # Whatever an editor saves is theirs: imports leave it alone from now on.
        obj.origin = Ruling.Origin.EDITOR
        super().save_model(request, obj, form, change)


@admin.register(SourceDocument)
class SourceDocumentAdmin(admin.ModelAdmin):
    list_display = ["title", "kind", "language", "card_set", "published_on"]
    list_filter = ["kind", "language"]
    search_fields = ["title", "slug"]
    prepopulated_fields = {"slug": ["title"]}
