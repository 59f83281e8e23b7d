"""The translation memory: the distinct English ruling texts (``RulingText``) and their Italian
translations (``RulingTranslation``), each serving every card whose ruling has that text.

A ruling's ``memory_key`` names its text here; ``rulings.translations.texts`` says how a text is
normalised (the card's own names as a placeholder) and keyed."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class RulingTextQuerySet(models.QuerySet):
    def in_use(self):
        """The texts some public English ruling has today."""
        return self.filter(gone_since__isnull=True)

    def untranslated(self):
        """The texts in use without an approved translation: the translators' queue."""
        approved = RulingTranslation.objects.approved().values("text_id")
        return self.in_use().exclude(key__in=approved)


class RulingText(models.Model):
    """One English ruling text as the memory keeps it, and how many card rulings have it.

    Written by imports and editors' saves (``rulings.translations.memory.refresh_texts``), never
    by hand. A text no public ruling has any more (reworded or withdrawn) is kept, with the day
    it went and the text that took its place on the same card, so that its translation can be
    brought up to date."""

    key = models.CharField(
        _("key"),
        max_length=64,
        primary_key=True,
        help_text="The sha256 of the normalised English text, in hex.",
    )
    english = models.TextField(_("English text"))
    card_rulings = models.PositiveIntegerField(
        _("card rulings"), default=0, db_index=True, help_text=_("Card rulings with this text.")
    )
    rulings = models.PositiveIntegerField(
        _("rulings"), default=0, help_text=_("Public English rulings with this text.")
    )
    newest = models.DateField(_("newest ruling"), null=True, blank=True)
    first_seen = models.DateTimeField(_("first seen"), auto_now_add=True)
    gone_since = models.DateTimeField(
        _("gone since"),
        null=True,
        blank=True,
        help_text=_("When the last public ruling with this text was reworded or withdrawn."),
    )
    replaced_by = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="replaces",
        verbose_name=_("replaced by"),
        help_text=_("The text a reworded ruling has now."),
    )

    objects = RulingTextQuerySet.as_manager()

    class Meta:
        ordering = ["-card_rulings", "-newest", "key"]
        verbose_name = _("English ruling text")
        verbose_name_plural = _("English ruling texts")

    def __str__(self):
        return self.english[:80]


class RulingTranslationQuerySet(models.QuerySet):
    def approved(self):
        """The translations the public pages show."""
        return self.filter(status=RulingTranslation.Status.APPROVED)


class RulingTranslation(models.Model):
    """The Italian of one English ruling text (the card's own names as the placeholder, as in
    the English). Only an approved one is public; one whose text is gone is out of date."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        APPROVED = "approved", _("Approved")
        SENT_BACK = "sent_back", _("Sent back")

    class Origin(models.TextChoices):
        SEED_ALIGNMENT = "seed", _("Aligned from the seed documents")
        EDITOR = "editor", _("Written by an editor")
        PO_FILE = "po", _("Imported from a PO file")

    text = models.OneToOneField(
        RulingText,
        on_delete=models.PROTECT,
        related_name="translation",
        verbose_name=_("English text"),
    )
    italian = models.TextField(_("Italian text"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.PROPOSED, db_index=True
    )
    review_note = models.TextField(
        _("reviewer's note"), blank=True, help_text=_("Why it was sent back.")
    )
    origin = models.CharField(_("origin"), max_length=10, choices=Origin, default=Origin.EDITOR)
    translator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("translator"),
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reviewer"),
    )
    approved_at = models.DateTimeField(_("approved"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords()
    objects = RulingTranslationQuerySet.as_manager()

    class Meta:
        ordering = ["text_id"]
        # Reviewers' (rulings.editorial.translation_roles): approve or send back others' work.
        permissions = [
            ("approve_rulingtranslation", "Can approve or send back ruling translations")
        ]
        verbose_name = _("ruling translation")
        verbose_name_plural = _("ruling translations")

    def __str__(self):
        return self.italian[:80]
