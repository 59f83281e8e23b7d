"""Errata: dated changes editors record to a face's Oracle wording, with their history."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from oracle.models.cards import Card, CardFace
from oracle.models.page_language import localized


class Erratum(models.Model):
    """A dated change to a face's Oracle wording, written by an editor."""

    class Field(models.TextChoices):
        TEXT = "text", _("Oracle text")
        NAME = "name", _("Name")
        TYPE_LINE = "type_line", _("Type line")

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="errata", verbose_name=_("card")
    )
    face = models.ForeignKey(
        CardFace,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="errata",
        verbose_name=_("face"),
        help_text=_("Only for cards with more than one face."),
    )
    field = models.CharField(_("what changed"), max_length=10, choices=Field, default=Field.TEXT)
    date = models.DateField(_("date"))
    old_text = models.TextField(_("old wording"))
    new_text = models.TextField(_("new wording"))
    reason = models.TextField(_("reason (English)"), blank=True)
    reason_it = models.TextField(_("reason (Italian)"), blank=True)
    source = models.CharField(
        _("source"), max_length=500, blank=True, help_text=_("Document or address it comes from.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("erratum")
        verbose_name_plural = _("errata")
        indexes = [models.Index(fields=["card", "date"], name="erratum_card_date_idx")]

    def __str__(self):
        return f"{self.card.name}, {self.date:%Y-%m-%d}"

    @property
    def display_reason(self):
        return localized(self, "reason")
