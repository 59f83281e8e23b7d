"""What rulings derives about oracle's rows, read-only in the admin: the cards, keywords and card
types known from a document only (the release-notes importer marks them, a card import takes them
over) and the rule numbers the card search's ``rule:`` reads (the rule linker writes them)."""

from django.contrib import admin

from rulings.admin.imported import ImportedAdmin
from rulings.models import (
    CardRuleSearch,
    DocumentOnlyCard,
    DocumentOnlyCardType,
    DocumentOnlyKeyword,
)


class DerivedAdmin(ImportedAdmin):
    """Rows worked out from other rows: shown, never edited or deleted here (the next import or
    linking would write them again)."""

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(DocumentOnlyCard)
class DocumentOnlyCardAdmin(DerivedAdmin):
    list_display = ["card"]
    list_select_related = ["card"]
    search_fields = ["card__name"]
    fields = ["card"]


@admin.register(DocumentOnlyKeyword)
class DocumentOnlyKeywordAdmin(DerivedAdmin):
    list_display = ["keyword"]
    list_select_related = ["keyword"]
    search_fields = ["keyword__name", "keyword__name_it"]
    fields = ["keyword"]


@admin.register(DocumentOnlyCardType)
class DocumentOnlyCardTypeAdmin(DerivedAdmin):
    list_display = ["card_type"]
    list_select_related = ["card_type"]
    search_fields = ["card_type__name", "card_type__name_it"]
    fields = ["card_type"]


@admin.register(CardRuleSearch)
class CardRuleSearchAdmin(DerivedAdmin):
    list_display = ["card", "numbers"]
    list_select_related = ["card"]
    search_fields = ["card__name", "numbers"]
    fields = ["card", "numbers"]
