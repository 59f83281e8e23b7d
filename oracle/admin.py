from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from .models import Card, CardFace, CardSet, CardType, Erratum, Keyword, Printing


class ReadOnlyInline(admin.TabularInline):
    """Imported rows: shown for reference, never edited (the next import would undo it)."""

    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class CardFaceInline(ReadOnlyInline):
    model = CardFace
    fields = [
        "position",
        "name",
        "mana_cost",
        "type_line",
        "oracle_text",
        "name_it",
        "type_line_it",
    ]
    readonly_fields = fields


class ErratumInline(admin.StackedInline):
    model = Erratum
    extra = 0
    fields = [
        ("date", "field", "face"),
        ("old_text", "new_text"),
        ("reason", "reason_it"),
        "source",
    ]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # Only the faces of the card being edited.
        if db_field.name == "face":
            card_id = request.resolver_match.kwargs.get("object_id")
            kwargs["queryset"] = CardFace.objects.filter(card_id=card_id)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "italian_name_column", "layout", "mana_value", "is_token"]
    list_filter = ["layout", "is_token", "printings__card_set"]
    search_fields = ["name", "faces__name_it", "oracle_id"]
    readonly_fields = [
        "oracle_id", "name", "slug", "layout", "mana_value", "colors", "color_identity",
        "is_token", "legalities", "keyword_list",
    ]  # fmt: skip
    fields = readonly_fields
    inlines = [CardFaceInline, ErratumInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("faces")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("Italian name"))
    def italian_name_column(self, card):
        return card.italian_name

    @admin.display(description=_("keywords"))
    def keyword_list(self, card):
        return ", ".join(keyword.name for keyword in card.keywords.all())


@admin.register(Erratum)
class ErratumAdmin(SimpleHistoryAdmin):
    list_display = ["card", "date", "field", "face", "source"]
    list_filter = ["field"]
    date_hierarchy = "date"
    search_fields = ["card__name", "card__faces__name_it", "old_text", "new_text"]
    autocomplete_fields = ["card"]
    fields = [
        "card",
        ("date", "field", "face"),
        ("old_text", "new_text"),
        ("reason", "reason_it"),
        "source",
    ]
    history_list_display = ["date", "field"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "name_it", "release_date", "set_type"]
    list_filter = ["set_type"]
    search_fields = ["code", "name", "name_it"]
    readonly_fields = [
        "code", "name", "set_type", "block", "release_date", "parent", "base_size", "total_size",
        "keyrune_code", "is_online_only",
    ]  # fmt: skip
    fields = ["name_it", *readonly_fields]

    def has_add_permission(self, request):
        return False


@admin.register(Keyword)
class KeywordAdmin(admin.ModelAdmin):
    list_display = ["name", "name_it", "kind", "rule_number"]
    list_filter = ["kind"]
    search_fields = ["name", "name_it"]
    readonly_fields = ["name", "slug", "kind"]
    fields = ["name", "slug", "kind", "name_it", "reminder_text", "reminder_text_it", "rule_number"]

    def has_add_permission(self, request):
        return False


@admin.register(CardType)
class CardTypeAdmin(admin.ModelAdmin):
    list_display = ["name", "name_it", "kind"]
    list_filter = ["kind"]
    search_fields = ["name", "name_it"]
    readonly_fields = ["name", "kind"]

    def has_add_permission(self, request):
        return False


@admin.register(Printing)
class PrintingAdmin(admin.ModelAdmin):
    list_display = ["card", "card_set", "collector_number", "rarity", "name_it"]
    list_filter = ["card_set", "rarity"]
    search_fields = ["card__name", "name_it", "collector_number"]
    list_select_related = ["card", "card_set"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
