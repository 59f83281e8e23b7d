"""The translators' queue: the English ruling texts of the translation memory, by default those
in use without an approved translation, the ones that would serve the most card rulings first;
and the page of one text, where a translator proposes its Italian.

A text is written by imports and editors' saves (``rulings.translations.memory``), never here:
its page shows it read-only, with the cards it serves, the Italian names of what it mentions
(``rulings.translations.glossary``) and the closest translated texts
(``rulings.translations.similar``), and a form for the Italian. Proposing needs the permission
to add a ruling translation (to change one, where the text has one already); a reviewer then
approves it or sends it back (``rulings.admin.translations``).
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from common.dates import local_date, long_date
from oracle.formats import BY_KEY, FORMATS
from oracle.models import Card, CardSet, Keyword
from rulings.models import Ruling, RulingText, RulingTranslation
from rulings.translations.glossary import glossary
from rulings.translations.similar import italian_from_documents, similar_texts
from rulings.translations.texts import PLACEHOLDER, plain, translation_problems

SHOWN_CARDS = 20
# The statuses a format's "legal" covers, as the search's f: (oracle.search.conditions.formats).
PLAYABLE = ["Legal", "Restricted"]


def translation_of(text: RulingText) -> RulingTranslation | None:
    try:
        return text.translation
    except RulingTranslation.DoesNotExist:
        return None


def rulings_with(**conditions) -> Q:
    """The texts of the public rulings that meet ``conditions``. Asked as ``key IN (the
    rulings' keys)``: the rulings are found once through the condition's indexes. As
    ``EXISTS`` (a ruling with the row's key that meets them), SQLite looked for one text by
    one, 30 times slower on the full catalogue."""
    return Q(key__in=Ruling.objects.public().filter(**conditions).values("memory_key"))


def some_ruling_with(**conditions) -> Exists:
    """Whether a public ruling with the row's text meets ``conditions``: for a condition most
    rulings meet (a format's), where the list of their keys would be most of the memory."""
    return Exists(Ruling.objects.public().filter(memory_key=OuterRef("key"), **conditions))


class TranslationFilter(admin.SimpleListFilter):
    """Where each text stands; without a choice, the queue: in use, no approved translation."""

    title = pgettext_lazy("translation queue", "translation")
    parameter_name = "translation"
    default = "untranslated"

    def lookups(self, request, model_admin):
        return [
            ("untranslated", pgettext_lazy("translation queue", "to translate")),
            ("proposed", pgettext_lazy("translation queue", "proposed")),
            ("sent_back", pgettext_lazy("translation queue", "sent back")),
            ("approved", pgettext_lazy("translation queue", "approved")),
            ("out_of_date", pgettext_lazy("translation queue", "out of date")),
            ("all", pgettext_lazy("translation queue", "all")),
        ]

    def value(self):
        return super().value() or self.default

    def choices(self, changelist):
        for lookup, title in self.lookup_choices:
            yield {
                "selected": self.value() == lookup,
                "query_string": changelist.get_query_string({self.parameter_name: lookup}),
                "display": title,
            }

    def queryset(self, request, queryset):
        value = self.value()
        if value == "untranslated":
            return queryset.untranslated()
        if value in RulingTranslation.Status.values:
            return queryset.filter(translation__status=value)
        if value == "out_of_date":
            return queryset.filter(translation__isnull=False, gone_since__isnull=False)
        return queryset


class SetFilter(admin.SimpleListFilter):
    title = pgettext_lazy("card set", "set")
    parameter_name = "set"

    def lookups(self, request, model_admin):
        sets = CardSet.objects.order_by("-release_date", "code").only("code", "name", "name_it")
        return [(card_set.code, f"{card_set.display_name} ({card_set.code})") for card_set in sets]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(rulings_with(card__printings__card_set__code=self.value()))
        return queryset


class KeywordFilter(admin.SimpleListFilter):
    """The texts of the rulings of cards with the keyword, and of the keyword itself."""

    title = _("keyword")
    parameter_name = "keyword"

    def lookups(self, request, model_admin):
        keywords = Keyword.objects.order_by("name").only("slug", "name", "name_it")
        return [(keyword.slug, keyword.display_name) for keyword in keywords]

    def queryset(self, request, queryset):
        slug = self.value()
        if slug:
            return queryset.filter(
                rulings_with(card__keywords__slug=slug) | rulings_with(keyword__slug=slug)
            )
        return queryset


class FormatFilter(admin.SimpleListFilter):
    """The texts of the rulings of cards one may play in the format."""

    title = pgettext_lazy("game format", "format")
    parameter_name = "format"

    def lookups(self, request, model_admin):
        return [(fmt.key, fmt.name) for fmt in FORMATS]

    def queryset(self, request, queryset):
        key = self.value()
        if key in BY_KEY:
            legal = {f"card__legalities__{key}__in": PLAYABLE}
            return queryset.filter(some_ruling_with(**legal))
        if key:
            return queryset.none()
        return queryset


class ProposalForm(forms.Form):
    italian = forms.CharField(
        label=_("Italian text"),
        required=False,  # an empty text gets translation_problems' own words
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 90, "lang": "it", "spellcheck": "true"}),
    )

    def __init__(self, english: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.english = english

    def clean_italian(self):
        italian = self.cleaned_data["italian"]
        problems = translation_problems(self.english, italian)
        if problems:
            raise ValidationError(problems)
        return plain(italian)


def may_propose(user, translation: RulingTranslation | None) -> bool:
    action = "change" if translation else "add"
    return user.has_perm(f"rulings.{action}_rulingtranslation")


def propose(text: RulingText, italian: str, user) -> str:
    """Save ``italian`` as the proposed translation of ``text`` by ``user``; what happened, in
    words. An unchanged Italian changes nothing: an approved translation stays approved."""
    with transaction.atomic():
        RulingText.objects.select_for_update().filter(pk=text.pk).first()
        translation = RulingTranslation.objects.filter(text=text).first()
        if translation is None:
            RulingTranslation.objects.create(
                text=text,
                italian=italian,
                status=RulingTranslation.Status.PROPOSED,
                origin=RulingTranslation.Origin.EDITOR,
                translator=user,
            )
            return gettext(
                "The translation was proposed: a reviewer will approve it or send it back."
            )
        if translation.italian == italian:
            return gettext("The Italian is the same as before: nothing was changed.")
        translation.italian = italian
        translation.status = RulingTranslation.Status.PROPOSED
        translation.origin = RulingTranslation.Origin.EDITOR
        translation.translator = user
        translation.reviewer = None
        translation.approved_at = None
        translation.save()
    return gettext("The new Italian was proposed: a reviewer will approve it or send it back.")


def marked_english(english: str):
    """The English with each placeholder marked."""
    return format_html_join(
        format_html('<mark class="placeholder">{}</mark>', PLACEHOLDER),
        "{}",
        ((piece,) for piece in english.split(PLACEHOLDER)),
    )


def cards_served(text: RulingText):
    """How many cards have a public ruling with the text, and the first ``SHOWN_CARDS`` of them
    by name, with their faces (for their Italian names)."""
    cards = Card.objects.filter(
        pk__in=Ruling.objects.public().filter(memory_key=text.key).values("card_id")
    )
    shown = cards.order_by("name", "pk").only("name", "slug").prefetch_related("faces")
    return cards.count(), list(shown[:SHOWN_CARDS])


@admin.register(RulingText)
class RulingTextAdmin(admin.ModelAdmin):
    list_display = ["short_english", "card_rulings", "newest", "translation_state"]
    list_filter = [TranslationFilter, SetFilter, KeywordFilter, FormatFilter]
    list_select_related = ["translation"]
    ordering = ["-card_rulings", F("newest").desc(nulls_last=True), "key"]
    search_fields = ["english"]
    show_full_result_count = False
    # Counts beside each filter's choices would count the queue once per set and keyword.
    show_facets = admin.ShowFacets.NEVER
    actions = None
    list_per_page = 50

    @admin.display(description=_("English text"))
    def short_english(self, text):
        return text.english if len(text.english) <= 140 else text.english[:139] + "…"

    @admin.display(description=pgettext_lazy("translation queue", "translation"))
    def translation_state(self, text):
        translation = translation_of(text)
        state = (
            translation.get_status_display()
            if translation
            else pgettext("translation queue", "none")
        )
        if text.gone_since:
            gone = (
                pgettext("translation queue", "out of date")
                if translation
                else pgettext("translation queue", "no longer used")
            )
            return format_html("{} <strong>({})</strong>", state, gone)
        return state

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # the English comes from the rulings; the Italian is proposed below

    def has_delete_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        user = request.user
        return super().has_view_permission(request, obj) or any(
            user.has_perm(f"rulings.{action}_rulingtranslation") for action in ("add", "change")
        )

    def changelist_view(self, request, extra_context=None):
        queue = request.GET.get(TranslationFilter.parameter_name, TranslationFilter.default)
        title = (
            gettext("English ruling texts to translate")
            if queue == TranslationFilter.default
            else capfirst(self.opts.verbose_name_plural)
        )
        extra_context = {"title": title, **(extra_context or {})}
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        text = self.get_object(request, unquote(object_id))
        if text is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not self.has_view_permission(request, text):
            raise PermissionDenied
        translation = translation_of(text)
        allowed = may_propose(request.user, translation)
        initial = {"italian": translation.italian if translation else ""}
        if request.method == "POST":
            if not allowed:
                raise PermissionDenied
            form = ProposalForm(text.english, request.POST, initial=initial)
            if form.is_valid():
                said = propose(text, form.cleaned_data["italian"], request.user)
                self.message_user(request, said, messages.SUCCESS)
                return HttpResponseRedirect(request.path)
        else:
            form = ProposalForm(text.english, initial=initial)
        card_count, cards = cards_served(text)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": gettext("Translate a ruling"),
            "text": text,
            "english": marked_english(text.english),
            "translation": translation,
            "newest": long_date(text.newest),
            "gone_since": long_date(local_date(text.gone_since)) if text.gone_since else "",
            "card_count": card_count,
            "cards": cards,
            "others": Ruling.objects.public()
            .filter(memory_key=text.key, card__isnull=True)
            .select_related("keyword", "card_type"),
            "glossary": glossary(text.english),
            "similar": similar_texts(text),
            "from_documents": italian_from_documents(text),
            "form": form if allowed else None,
            **(extra_context or {}),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/rulings/rulingtext/change_form.html", context)
