"""Where editors work: cards, sets, keywords and types read-only (imports write them), errata
edited with their history.

Keywords and card types are shown by both names, the page's language first ("Volare (Flying)"
on an Italian admin), in lists, pickers and the card page. A new erratum starts from the face's
current wording: from ``?card=`` (and ``&face=``, ``&field=``) on the add page, from the card on
its page's inline, and, as the editor picks a card, face or field, from ``wording/`` (JSON) read
by ``static/js/erratum-wording.js``.
"""

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.http import JsonResponse
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from common.admin_history import GuardedHistoryAdmin
from common.admin_text import PlainLineEnds
from common.related_history import related_changes
from oracle import data_version
from oracle.admin_messages import ItalianMessages
from oracle.models import (
    Card,
    CardFace,
    CardSet,
    CardType,
    Erratum,
    Keyword,
    Printing,
    is_italian_page,
)
from oracle.wording_in_force import face_wordings


def both_names(thing) -> str:
    """ "Volare (Flying)" on an Italian page, "Flying (Volare)" on an English one; the English
    name alone when there is no other."""
    english, italian = thing.name, getattr(thing, "name_it", "")
    if not italian or italian == english:
        return english
    first, second = (italian, english) if is_italian_page() else (english, italian)
    return f"{first} ({second})"


class BothNamesPickers:
    """Admin mixin: keyword and card type choices (selects, filter lists) show both names."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if field is not None and db_field.related_model in (Keyword, CardType):
            field.label_from_instance = both_names
        return field

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if field is not None and db_field.related_model in (Keyword, CardType):
            field.label_from_instance = both_names
        return field


def current_wording(card: Card | None, face: CardFace | None, field: str) -> str:
    """What an erratum to ``field`` of the face (of the card's only face when none is given)
    changes today: its Oracle text, name or type line in force (``oracle.wording_in_force``:
    the card data's with the errata newer than it), as the card's page shows it; "" when the
    card has several faces and none is chosen (the card's name for a name)."""
    if card is None:
        return ""
    faces = list(card.faces.all())
    if face is None:
        face = faces[0] if len(faces) == 1 else None
    if face is None:
        return card.name if field == Erratum.Field.NAME else ""
    data_date = data_version.current().cards_date
    errata = list(card.errata.all())
    wordings = dict(zip(faces, face_wordings(faces, errata, data_date), strict=True))
    wording = wordings.get(face)
    if wording is None:
        return ""
    return {
        Erratum.Field.TEXT: wording.oracle_text,
        Erratum.Field.NAME: wording.name,
        Erratum.Field.TYPE_LINE: wording.type_line,
    }.get(field, wording.oracle_text)


def chosen(model, value):
    """The row whose pk is ``value`` (a GET or POST value), or None."""
    try:
        return model.objects.filter(pk=int(value)).first() if value else None
    except (TypeError, ValueError):
        return None


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


class ErratumInline(PlainLineEnds, admin.StackedInline):
    model = Erratum
    extra = 0

    class Media:
        js = ["js/erratum-wording.js"]

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

    def get_formset(self, request, obj=None, **kwargs):
        """A new erratum starts from the card's current Oracle text (its only face's)."""
        formset = super().get_formset(request, obj, **kwargs)
        start = {"field": Erratum.Field.TEXT, "old_text": current_wording(obj, None, "text")}

        class StartFromTodaysWording(formset.form):
            def __init__(self, *args, **form_kwargs):
                super().__init__(*args, **form_kwargs)
                if self.instance.pk is None:
                    self.initial = {**start, **self.initial}

        formset.form = StartFromTodaysWording
        return formset


@admin.register(Card)
class CardAdmin(ItalianMessages, admin.ModelAdmin):
    italian_article = "la"  # la carta
    list_display = ["name", "italian_name_column", "layout", "mana_value", "is_token"]
    list_filter = ["layout", "is_token", "printings__card_set"]
    search_fields = ["name", "faces__name_it", "oracle_id"]
    readonly_fields = [
        "oracle_id", "name", "slug", "layout", "mana_value", "colors", "color_identity",
        "is_token", "legality_table", "keyword_list", "add_erratum_link",
    ]  # fmt: skip
    fields = readonly_fields
    inlines = [CardFaceInline, ErratumInline]
    object_history_template = "admin/oracle/card/object_history.html"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("faces", "keywords")

    def related_histories(self, request, card) -> list:
        """The versions of the card's own records the user may see: its errata (the rulings
        app adds its rulings and rule links)."""
        if not request.user.has_perm("oracle.view_erratum"):
            return []
        return [Erratum.history.filter(card_id=card.pk)]

    def history_view(self, request, object_id, extra_context=None):
        """The admin's log of the card, then the changes to its errata (and rulings)."""
        card = self.get_object(request, unquote(object_id))
        changes = related_changes(self.related_histories(request, card)) if card else []
        extra_context = {"related_changes": changes, **(extra_context or {})}
        return super().history_view(request, object_id, extra_context)

    @admin.display(description=_("legality"))
    def legality_table(self, card):
        return render_to_string("admin/oracle/_legality_table.html", {"rows": card.legality_grid})

    @admin.display(description=_("errata"))
    def add_erratum_link(self, card):
        url = reverse("admin:oracle_erratum_add") + f"?card={card.pk}"
        return format_html('<a href="{}" class="addlink">{}</a>', url, _("Add an erratum"))

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("Italian name"))
    def italian_name_column(self, card):
        return card.italian_name

    @admin.display(description=_("keywords"))
    def keyword_list(self, card):
        return ", ".join(both_names(keyword) for keyword in card.keywords.all())


@admin.register(Erratum)
class ErratumAdmin(PlainLineEnds, ItalianMessages, BothNamesPickers, GuardedHistoryAdmin):
    italian_article = "l'"  # l'errata
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

    def field(self, record):
        """What changed, in words, in the history's column (named after the field)."""
        return record.get_field_display()

    class Media:
        js = ["admin/js/jquery.init.js", "js/erratum-wording.js"]

    def get_urls(self):
        wording = self.admin_site.admin_view(self.wording_view)
        own = [path("wording/", wording, name="oracle_erratum_wording")]
        return own + super().get_urls()

    def wording_view(self, request):
        """The faces of ``?card=`` and the current wording of ``?face=``'s ``?field=``."""
        card = chosen(Card, request.GET.get("card"))
        face = chosen(CardFace, request.GET.get("face"))
        if face is not None and (card is None or face.card_id != card.pk):
            face = None
        faces = list(card.faces.all()) if card else []
        field = request.GET.get("field") or Erratum.Field.TEXT
        return JsonResponse(
            {
                "faces": [{"id": each.pk, "name": str(each)} for each in faces],
                "old_text": current_wording(card, face, field),
            }
        )

    def get_changeform_initial_data(self, request):
        """``?card=`` (``&face=``, ``&field=``) fills in the card and its current wording."""
        initial = super().get_changeform_initial_data(request)
        card = chosen(Card, request.GET.get("card"))
        if card is not None:
            face = chosen(CardFace, request.GET.get("face"))
            face = face if face is not None and face.card_id == card.pk else None
            field = initial.get("field") or Erratum.Field.TEXT
            initial["old_text"] = current_wording(card, face, field)
        return initial

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # The faces of the card chosen (sent, or asked for in ?card=); none before one is.
        if db_field.name == "face":
            card_id = request.POST.get("card") or request.GET.get("card")
            card = chosen(Card, card_id)
            kwargs["queryset"] = (
                CardFace.objects.filter(card=card) if card else CardFace.objects.none()
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(CardSet)
class CardSetAdmin(PlainLineEnds, ItalianMessages, admin.ModelAdmin):
    italian_article = "l'"  # l'espansione
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
class KeywordAdmin(PlainLineEnds, ItalianMessages, admin.ModelAdmin):
    italian_article = "la"  # la parola chiave
    list_display = ["name", "name_it", "kind", "rule_number"]
    list_filter = ["kind"]
    search_fields = ["name", "name_it"]
    readonly_fields = ["name", "slug", "kind"]
    fields = ["name", "slug", "kind", "name_it", "reminder_text", "reminder_text_it", "rule_number"]

    def has_add_permission(self, request):
        return False


@admin.register(CardType)
class CardTypeAdmin(PlainLineEnds, admin.ModelAdmin):
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
