"""What the game *says* about cards: rulings and the documents they come from.

The Comprehensive Rules (editions, sections, glossary) and the card -> rule links join this app
in their own issues. ``rulings`` depends on ``oracle``, never the other way round.
"""

import hashlib

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from oracle.models import Card, CardSet


class Language(models.TextChoices):
    ENGLISH = "en", _("English")
    ITALIAN = "it", _("Italian")


class SourceDocument(models.Model):
    """A document rulings or rules text come from: release notes, an FAQ, a rulings database."""

    class Kind(models.TextChoices):
        RELEASE_NOTES = "release_notes", _("Release notes")
        FAQ = "faq", _("FAQ")
        RULES_UPDATE = "rules_update", _("Rules update")
        RULINGS_DATABASE = "rulings_database", _("Rulings database")
        ARTICLE = "article", _("Article")

    slug = models.SlugField(max_length=120, unique=True)
    title = models.CharField(_("title"), max_length=300)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    language = models.CharField(_("language"), max_length=2, choices=Language)
    card_set = models.ForeignKey(
        CardSet,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="documents",
        verbose_name=pgettext_lazy("card set", "set"),
    )
    published_on = models.DateField(_("date"), null=True, blank=True)
    source = models.CharField(
        _("where it comes from"),
        max_length=500,
        blank=True,
        help_text=_("File, address or publisher."),
    )
    original_text = models.TextField(_("original text"), blank=True)

    class Meta:
        ordering = ["-published_on", "title"]
        verbose_name = _("source document")
        verbose_name_plural = _("source documents")

    def __str__(self):
        return self.title


class RulingQuerySet(models.QuerySet):
    def for_card_page(self):
        return self.select_related("source_document").order_by("language", "date", "position", "id")


class Ruling(models.Model):
    """A dated statement about how one card works, in one language."""

    class Origin(models.TextChoices):
        IMPORTED = "imported", _("Imported")
        EDITOR = "editor", _("Written or corrected by an editor")

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="rulings", verbose_name=_("card")
    )
    date = models.DateField(_("date"))
    language = models.CharField(
        _("language"), max_length=2, choices=Language, default=Language.ENGLISH
    )
    text = models.TextField(_("text"))
    source_document = models.ForeignKey(
        SourceDocument,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("source document"),
    )
    position = models.PositiveIntegerField(_("order"), default=0)
    origin = models.CharField(
        _("origin"),
        max_length=10,
        choices=Origin,
        default=Origin.EDITOR,
        help_text=_("Imports only ever change imported rulings; an editor's are left alone."),
    )
    source_key = models.CharField(
        max_length=40,
        blank=True,
        editable=False,
        help_text="For imported rulings: a digest of the date and wording as first imported.",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords(excluded_fields=["source_key"])
    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["card_id", "language", "date", "position"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        indexes = [
            models.Index(fields=["card", "language", "date"], name="ruling_card_lang_date_idx"),
            models.Index(fields=["source_key"], name="ruling_source_key_idx"),
        ]

    def __str__(self):
        return f"{self.card.name}, {self.date:%Y-%m-%d} ({self.language})"

    def get_absolute_url(self):
        return f"{self.card.get_absolute_url()}#ruling-{self.pk}"

    @staticmethod
    def key_for(day, text: str) -> str:
        return hashlib.sha1(f"{day.isoformat()}|{text}".encode()).hexdigest()
