"""The translation memory: Italian translations of English ruling texts, each serving every
card whose ruling has that text (``rulings.translation_texts`` normalises the texts)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class RulingTranslationQuerySet(models.QuerySet):
    def approved(self):
        """The translations the public pages show."""
        return self.filter(status=RulingTranslation.Status.APPROVED)


class RulingTranslation(models.Model):
    """The Italian of one normalised English ruling text (the card's own names as
    ``translation_texts.PLACEHOLDER`` in both). Only an approved one is public."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        APPROVED = "approved", _("Approved")
        SENT_BACK = "sent_back", _("Sent back")

    class Origin(models.TextChoices):
        SEED_ALIGNMENT = "seed", _("Aligned from the seed documents")
        EDITOR = "editor", _("Written by an editor")

    key = models.CharField(
        _("key"),
        max_length=64,
        unique=True,
        editable=False,
        help_text="The sha256 of the normalised English text, in hex.",
    )
    english = models.TextField(_("English text"))
    italian = models.TextField(_("Italian text"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.PROPOSED, db_index=True
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
        ordering = ["key"]
        verbose_name = _("ruling translation")
        verbose_name_plural = _("ruling translations")

    def __str__(self):
        return self.english[:60]
