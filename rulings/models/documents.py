"""Source documents (release notes, FAQs, rulings databases), their sections in reading order and
the card names they mention."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from oracle.models import Card, CardSet, CardType, Keyword
from rulings.models.languages import Language


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
    sha256 = models.CharField(max_length=64, blank=True, editable=False)
    imported_at = models.DateTimeField(_("imported"), null=True, blank=True, editable=False)
    # What the last import wrote to the fields a person may edit, by field ({"title": "...",
    # "published_on": "2007-05-04", "card_set": "FUT"}): a field that no longer holds it was
    # edited by hand, and imports leave it alone (rulings.importers.release_notes.sync).
    imported_values = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["-published_on", "title"]
        verbose_name = _("source document")
        verbose_name_plural = _("source documents")

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rules:document-detail", args=[self.pk])


class DocumentSection(models.Model):
    """One part of a source document, in reading order: a heading with what follows it, or a
    card block with its rulings.

    ``blocks`` keeps the structure the reader found (see rulings/importers/release_notes/reader.py):
    paragraphs, card blocks, quoted rules, rulings and lists, each with its original lines.
    ``text`` is the section exactly as written. ``problems`` lists damaged lines, kept as they
    are: [{"line": 12, "text": "Ciclo (, Scarta ...", "reason": "..."}].
    The subject (a card, a keyword or a card type) is what the section's rulings are about.
    """

    class Kind(models.TextChoices):
        HEADING = "heading", _("Heading")
        CARD = "card", _("Card")

    document = models.ForeignKey(
        SourceDocument,
        on_delete=models.CASCADE,
        related_name="sections",
        verbose_name=_("source document"),
    )
    position = models.PositiveIntegerField(_("order"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind, default=Kind.HEADING)
    level = models.PositiveSmallIntegerField(_("level"), default=1)
    title = models.CharField(_("title"), max_length=300, blank=True)
    first_line = models.PositiveIntegerField(_("first line"), default=1)
    text = models.TextField(_("text"), blank=True)
    blocks = models.JSONField(_("structure"), default=list, blank=True)
    problems = models.JSONField(_("damaged text"), default=list, blank=True)
    card = models.ForeignKey(
        Card,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="document_sections",
        verbose_name=_("card"),
    )
    keyword = models.ForeignKey(
        Keyword,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="document_sections",
        verbose_name=_("keyword"),
    )
    card_type = models.ForeignKey(
        CardType,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="document_sections",
        verbose_name=_("card type"),
    )

    class Meta:
        ordering = ["document", "position"]
        verbose_name = _("document section")
        verbose_name_plural = _("document sections")
        constraints = [
            models.UniqueConstraint(
                fields=["document", "position"], name="documentsection_unique_position"
            )
        ]

    def __str__(self):
        return f"{self.document.title}: {self.title or self.position}"

    def get_absolute_url(self):
        return f"{self.document.get_absolute_url()}#section-{self.position}"


class DocumentMention(models.Model):
    """A card name written in a document, and the card it names (null when no card data here
    has it: kept, never dropped, so the import report and the page can say so)."""

    document = models.ForeignKey(
        SourceDocument,
        on_delete=models.CASCADE,
        related_name="mentions",
        verbose_name=_("source document"),
    )
    section = models.ForeignKey(
        DocumentSection,
        on_delete=models.CASCADE,
        related_name="mentions",
        verbose_name=_("document section"),
    )
    name = models.CharField(_("name as written"), max_length=300)
    card = models.ForeignKey(
        Card,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="document_mentions",
        verbose_name=_("card"),
    )

    class Meta:
        ordering = ["document", "section", "name"]
        verbose_name = _("card named in a document")
        verbose_name_plural = _("cards named in documents")
        constraints = [
            models.UniqueConstraint(fields=["section", "name"], name="documentmention_unique_name")
        ]
        indexes = [models.Index(fields=["card", "document"], name="documentmention_card_idx")]

    def __str__(self):
        return f"{self.name} ({self.document.title})"
