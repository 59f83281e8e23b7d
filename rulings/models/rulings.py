"""Rulings: dated statements about how a card, a keyword or a card type works."""

import hashlib

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from oracle.models import Card, CardType, Keyword
from rulings.models.documents import DocumentSection, SourceDocument
from rulings.models.languages import Language


class RulingQuerySet(models.QuerySet):
    def public(self):
        """The rulings public pages and the API show: all but those an editor withdrew."""
        return self.exclude(status=Ruling.Status.WITHDRAWN)

    def about_card(self, card):
        """The card's own rulings and those about its keywords and card types (one query). Each
        kind is found through its own index and the three lists joined (UNION ALL): asked as
        one condition with ORs, PostgreSQL read all 43,000 rulings."""
        keywords = card.keywords.values("pk")
        card_types = CardType.objects.filter(faces__card=card).values("pk")
        rulings = Ruling.objects.order_by()
        own = rulings.filter(card=card).values("pk")
        about_keywords = rulings.filter(keyword__in=keywords).values("pk")
        about_types = rulings.filter(card_type__in=card_types).values("pk")
        return self.filter(pk__in=own.union(about_keywords, about_types, all=True))

    def for_card_page(self):
        return (
            self.public()
            .select_related("source_document")
            .order_by("language", "date", "position", "id")
        )


class Ruling(models.Model):
    """A dated statement about how one card works, in one language.

    A ruling about a mechanic rather than one card (release notes on suspend, morph, tribal)
    belongs to a keyword or a card type instead, and shows on the page of every card with it.
    Exactly one of ``card``, ``keyword`` and ``card_type`` is set.
    """

    class Origin(models.TextChoices):
        IMPORTED = "imported", _("Imported")
        EDITOR = "editor", _("Written or corrected by an editor")

    class Status(models.TextChoices):
        CURRENT = "current", _("Current")
        OUTDATED = "outdated", _("Outdated")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    card = models.ForeignKey(
        Card,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("card"),
    )
    keyword = models.ForeignKey(
        Keyword,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("keyword"),
    )
    card_type = models.ForeignKey(
        CardType,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("card type"),
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
    section = models.ForeignKey(
        DocumentSection,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rulings",
        verbose_name=_("document section"),
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
    # Whether the ruling still holds: worked out from its words and the rules it cites
    # (rulings.status.ruling_status), unless an editor set it by hand, which nothing recomputes.
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.CURRENT, db_index=True
    )
    status_set_by_hand = models.BooleanField(
        _("status set by hand"),
        default=False,
        help_text=_(
            "Set when an editor chooses the status: imports and recomputations keep it. "
            "Clear it to let Oracolo work the status out again."
        ),
    )
    status_note = models.TextField(
        _("why it is outdated"),
        blank=True,
        help_text=_("For a ruling outdated by hand: the reason readers see, in words."),
    )
    outdated_because = models.JSONField(
        _("computed reasons"),
        default=list,
        blank=True,
        editable=False,
        help_text="What makes it outdated, as rulings.status.ruling_status found it.",
    )
    # When the source rewords an imported ruling an editor corrected: the new wording and its
    # date, waiting for an editor to accept it or keep theirs (rulings.status.upstream_rewording).
    upstream_text = models.TextField(
        _("wording from the source"),
        blank=True,
        editable=False,
        help_text=_("The source reworded this ruling after an editor corrected it."),
    )
    upstream_date = models.DateField(
        _("date from the source"), null=True, blank=True, editable=False
    )
    # An English ruling's text in the translation memory (rulings.translations.memory): kept
    # with the history, so that a text an import reworded can be followed to its new wording.
    memory_key = models.CharField(
        max_length=64,
        blank=True,
        editable=False,
        db_index=True,
        help_text="For an English ruling: the key of its text in the translation memory.",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords(
        excluded_fields=[
            "source_key",
            "outdated_because",
            "upstream_text",
            "upstream_date",
        ]
    )
    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["card_id", "language", "date", "position"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        indexes = [
            models.Index(fields=["card", "language", "date"], name="ruling_card_lang_date_idx"),
            models.Index(fields=["source_key"], name="ruling_source_key_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(card__isnull=False, keyword__isnull=True, card_type__isnull=True)
                    | models.Q(card__isnull=True, keyword__isnull=False, card_type__isnull=True)
                    | models.Q(card__isnull=True, keyword__isnull=True, card_type__isnull=False)
                ),
                name="ruling_exactly_one_subject",
            )
        ]

    def __str__(self):
        return f"{self.subject}, {self.date:%Y-%m-%d} ({self.language})"

    def save(self, *args, **kwargs):
        """Saved one at a time (by an editor), a ruling keeps the translation memory in step:
        its key and the counts of its old and new texts. Imports refresh it in bulk."""
        from rulings.translations.memory import memory_text, refresh_ruling
        from rulings.translations.texts import text_key

        text = memory_text(self)
        old_key, self.memory_key = self.memory_key, text_key(text) if text else ""
        super().save(*args, **kwargs)
        refresh_ruling(self, old_key, text)

    def get_absolute_url(self):
        if self.card_id:
            return f"{self.card.get_absolute_url()}#ruling-{self.pk}"
        if self.keyword_id:
            url = reverse("rules:keyword-detail", args=[self.keyword.slug])
            return f"{url}#ruling-{self.pk}"
        if self.section_id:
            return f"{self.section.document.get_absolute_url()}#ruling-{self.pk}"
        return ""

    def delete(self, *args, **kwargs):
        from rulings.translations.memory import refresh_ruling

        key = self.memory_key
        deleted = super().delete(*args, **kwargs)
        self.memory_key = ""
        refresh_ruling(self, key)
        return deleted

    @property
    def subject(self):
        """The card, keyword or card type the ruling is about."""
        return self.card or self.keyword or self.card_type

    @staticmethod
    def key_for(day, text: str) -> str:
        return hashlib.sha1(f"{day.isoformat()}|{text}".encode()).hexdigest()
