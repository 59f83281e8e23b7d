"""Where translators propose the Italian of English ruling texts and reviewers approve it or send
it back (``rulings.translations.review``), and where out-of-date translations (their English
reworded or withdrawn since) are seen beside the new English and carried forward."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _gettext
from django.utils.translation import gettext_lazy as _

from common.admin_history import GuardedHistoryAdmin
from common.admin_text import PlainLineEnds
from common.dates import local_date, long_date
from common.word_changes import word_changes
from oracle.admin_messages import ItalianMessages
from rulings.models import RulingTranslation
from rulings.translations import review
from rulings.translations.texts import translation_problems

Status = RulingTranslation.Status


class OutOfDateFilter(admin.SimpleListFilter):
    """Translations whose English no public ruling has any more."""

    title = _("out of date")
    parameter_name = "out_of_date"

    def lookups(self, request, model_admin):
        return [("yes", _("out of date")), ("no", _("up to date"))]

    def queryset(self, request, queryset):
        if self.value() in {"yes", "no"}:
            return queryset.filter(text__gone_since__isnull=self.value() == "no")
        return queryset


class RulingTranslationForm(forms.ModelForm):
    """The Italian, checked against its English (placeholders, mana symbols, numbers, no
    markup). A new translation names its English text (``?text=KEY`` from the queue)."""

    class Meta:
        model = RulingTranslation
        fields = ["text", "italian"]
        help_texts = {
            "italian": _(
                "Write {this} where the English has it: each card’s page puts its own name "
                "there. Changing the Italian of an approved translation sends it to review "
                "again: until a reviewer approves it, pages show the English."
            )
        }

    def clean(self):
        data = super().clean()
        text = data.get("text") or (self.instance.text if self.instance.text_id else None)
        italian = data.get("italian")
        if text is not None and italian:
            for problem in translation_problems(text.english, italian):
                self.add_error("italian", problem)
        if "text" in self.fields and text is not None and text.gone_since is not None:
            self.add_error("text", _("No public ruling has this English text any more."))
        return data


@admin.register(RulingTranslation)
class RulingTranslationAdmin(PlainLineEnds, ItalianMessages, GuardedHistoryAdmin):
    italian_article = "la"  # la traduzione
    form = RulingTranslationForm
    list_display = [
        "short_italian",
        "short_english",
        "status",
        "translator",
        "reviewer",
        "approved_at",
        "out_of_date",
        "review_link",
    ]
    list_filter = ["status", OutOfDateFilter, "origin"]
    list_select_related = ["text", "translator", "reviewer"]
    search_fields = ["italian", "text__english"]
    raw_id_fields = ["text"]
    readonly_fields = [
        "english",
        "status",
        "review_note",
        "origin",
        "translator",
        "reviewer",
        "approved_at",
        "out_of_date_since",
        "review_link",
    ]
    history_list_display = ["status", "translator", "reviewer"]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["text", "italian"]
        return ["english", "italian", *self.readonly_fields[1:]]

    @admin.display(description=_("Italian text"))
    def short_italian(self, translation):
        return shortened(translation.italian)

    @admin.display(description=_("English text"))
    def short_english(self, translation):
        return shortened(translation.text.english)

    @admin.display(description=_("English text"))
    def english(self, translation):
        return translation.text.english

    @admin.display(description=_("out of date"), boolean=True)
    def out_of_date(self, translation):
        return review.is_out_of_date(translation)

    @admin.display(description=_("out of date since"))
    def out_of_date_since(self, translation):
        return translation.text.gone_since or "—"

    @admin.display(description=_("review"))
    def review_link(self, translation):
        if translation.pk is None:
            return "—"
        url = reverse("admin:rulings_rulingtranslation_review", args=[translation.pk])
        if review.is_out_of_date(translation):
            words = _("Old and new English")
        elif translation.status == Status.PROPOSED:
            words = _("Review")
        else:
            words = _("Open")
        return format_html('<a href="{}">{}</a>', url, words)

    def save_model(self, request, obj, form, change):
        """Whatever is saved here is a proposal by its writer. The review's fields change only
        through the review (a revert from the history included): a new Italian goes back to
        review, anything else keeps the status it has."""
        saved = RulingTranslation.objects.filter(pk=obj.pk).first() if change else None
        if saved is None or saved.italian != obj.italian:
            obj.status, obj.reviewer, obj.approved_at = Status.PROPOSED, None, None
            obj.translator = request.user
            obj.origin = RulingTranslation.Origin.EDITOR if saved is None else saved.origin
        else:
            for name in ("status", "review_note", "translator", "reviewer", "approved_at"):
                setattr(obj, name, getattr(saved, name))
            obj.origin = saved.origin
        super().save_model(request, obj, form, change)

    def get_urls(self):
        review_views = [
            path(
                "<path:object_id>/review/",
                self.admin_site.admin_view(self.review_view),
                name="rulings_rulingtranslation_review",
            ),
            path(
                "<path:object_id>/carry-forward/",
                self.admin_site.admin_view(self.carry_forward_view),
                name="rulings_rulingtranslation_carry_forward",
            ),
        ]
        return review_views + super().get_urls()

    def translation_or_404(self, request, object_id) -> RulingTranslation:
        translation = get_object_or_404(
            RulingTranslation.objects.select_related("text__replaced_by", "translator", "reviewer"),
            pk=object_id,
        )
        if not self.has_view_permission(request, translation):
            raise PermissionDenied
        return translation

    def review_view(self, request, object_id):
        translation = self.translation_or_404(request, object_id)
        if request.method != "POST":
            return self.review_page(request, translation)
        decision = request.POST.get("decision")
        try:
            if decision == "approve":
                review.approve(translation, request.user)
                done = _gettext("The translation is approved: the pages show it now.")
            elif decision == "send_back":
                review.send_back(translation, request.user, request.POST.get("note", ""))
                done = _gettext("The translation is sent back to its translator with your note.")
            else:
                raise review.ReviewRefused(_gettext("Choose whether to approve or send back."))
        except review.ReviewRefused as refused:
            translation.refresh_from_db()
            status = 403 if not review.may_review(request.user) else 400
            return self.review_page(request, translation, refused.message, status)
        self.message_user(request, done, messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:rulings_rulingtranslation_changelist"))

    def carry_forward_view(self, request, object_id):
        translation = self.translation_or_404(request, object_id)
        if request.method != "POST":
            return HttpResponseRedirect(
                reverse("admin:rulings_rulingtranslation_review", args=[translation.pk])
            )
        if not self.has_add_permission(request):
            raise PermissionDenied
        try:
            carried = review.carry_forward(translation, request.user)
        except review.ReviewRefused as refused:
            return self.review_page(request, translation, refused.message, 400)
        self.message_user(
            request,
            _gettext(
                "A proposed translation of the new English starts from the old Italian: "
                "correct it where the English changed."
            ),
            messages.SUCCESS,
        )
        return HttpResponseRedirect(
            reverse("admin:rulings_rulingtranslation_change", args=[carried.pk])
        )

    def review_page(self, request, translation, error="", status=200):
        text = translation.text
        replacement = review.newest_replacement(text) if text.gone_since else None
        may_review = review.may_review(request.user)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _gettext("Review the translation"),
            "original": translation,
            "translation": translation,
            "error": error,
            "problems": translation_problems(text.english, translation.italian),
            "out_of_date": text.gone_since is not None,
            "gone_since": long_date(local_date(text.gone_since)),
            "replacement": replacement,
            "english_changes": word_changes(text.english, replacement.english)
            if replacement
            else (),
            "may_decide": may_review
            and translation.status == Status.PROPOSED
            and translation.translator_id != request.user.pk
            and text.gone_since is None,
            "own": translation.translator_id == request.user.pk,
            "may_review": may_review,
            "may_carry_forward": replacement is not None
            and self.has_add_permission(request)
            and not RulingTranslation.objects.filter(text=replacement).exists(),
            "note": request.POST.get("note", ""),
        }
        return TemplateResponse(
            request,
            "admin/rulings/rulingtranslation/review.html",
            context,
            status=status,
        )


def shortened(text: str, length: int = 90) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"
