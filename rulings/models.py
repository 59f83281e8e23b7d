"""What the game *says* about cards: rulings and the documents they come from.

The Comprehensive Rules live here too: editions side by side, their numbered sections, the glossary
and where old rule numbers went. The card -> rule links join this app in their own issue.
``rulings`` depends on ``oracle``, never the other way round.
"""

import hashlib
from collections.abc import Iterable
from datetime import date

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from oracle.models import Card, CardSet, CardType, Keyword


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
    sha256 = models.CharField(max_length=64, blank=True, editable=False)
    imported_at = models.DateTimeField(_("imported"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-published_on", "title"]
        verbose_name = _("source document")
        verbose_name_plural = _("source documents")

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rulings:document-detail", args=[self.pk])


class DocumentSection(models.Model):
    """One part of a source document, in reading order: a heading with what follows it, or a
    card block with its rulings.

    ``blocks`` keeps the structure the reader found (see rulings/importers/release_notes.py):
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


class RulingQuerySet(models.QuerySet):
    def for_card_page(self):
        return self.select_related("source_document").order_by("language", "date", "position", "id")


class Ruling(models.Model):
    """A dated statement about how one card works, in one language.

    A ruling about a mechanic rather than one card (release notes on suspend, morph, tribal)
    belongs to a keyword or a card type instead, and shows on the page of every card with it.
    Exactly one of ``card``, ``keyword`` and ``card_type`` is set.
    """

    class Origin(models.TextChoices):
        IMPORTED = "imported", _("Imported")
        EDITOR = "editor", _("Written or corrected by an editor")

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

    def get_absolute_url(self):
        if self.card_id:
            return f"{self.card.get_absolute_url()}#ruling-{self.pk}"
        if self.keyword_id:
            url = reverse("rulings:keyword-detail", args=[self.keyword.slug])
            return f"{url}#ruling-{self.pk}"
        if self.section_id:
            return f"{self.section.document.get_absolute_url()}#ruling-{self.pk}"
        return ""

    @property
    def subject(self):
        """The card, keyword or card type the ruling is about."""
        return self.card or self.keyword or self.card_type

    @staticmethod
    def key_for(day, text: str) -> str:
        return hashlib.sha1(f"{day.isoformat()}|{text}".encode()).hexdigest()


# --- The Comprehensive Rules -------------------------------------------------------------------


class RulesEditionQuerySet(models.QuerySet):
    def complete(self):
        return self.filter(is_complete=True)

    def official(self):
        """The complete English editions: the rules as Wizards publishes them. Every other text
        (a translation, a ruling, an old release note) is read against one of these."""
        return self.filter(language=Language.ENGLISH, is_complete=True)

    def current(self, language=Language.ENGLISH):
        """The newest complete edition in a language (None if there is none)."""
        return self.complete().filter(language=language).order_by("-effective_date").first()

    def in_force(self, day: date | None = None):
        """Of these editions, the one in force on ``day``: the newest that took effect on or
        before it, the oldest for a day earlier than all of them, the newest for no day; None
        when there are none. Usually asked of ``official()``.

        It reads the queryset itself, not a new query, so one queryset kept for a page answers
        for any number of days in one query::

            editions = RulesEdition.objects.official()
            editions.in_force(ruling.date) for ruling in rulings
        """
        return edition_in_force(self, day)


def edition_in_force(editions: Iterable, day: date | None = None):
    """``RulesEditionQuerySet.in_force`` over any editions, or any objects with an
    ``effective_date`` (a list already in memory)."""
    ordered = sorted(editions, key=lambda edition: edition.effective_date)
    if not ordered:
        return None
    if day is None:
        return ordered[-1]
    earlier = [edition for edition in ordered if edition.effective_date <= day]
    return earlier[-1] if earlier else ordered[0]


class RulesEdition(models.Model):
    """One Comprehensive Rules document: one language at one effective date.

    Editions live side by side and never change each other; the same number ("702.37c") has one
    row per edition. An Italian edition may be partial: only the rules some document quotes.
    """

    language = models.CharField(_("language"), max_length=2, choices=Language)
    effective_date = models.DateField(_("effective date"))
    is_complete = models.BooleanField(
        _("complete"),
        default=True,
        help_text=_("False when only some rules are known, e.g. those a release note quotes."),
    )
    source = models.CharField(
        _("where it comes from"), max_length=500, blank=True, help_text=_("File or address.")
    )
    source_document = models.ForeignKey(
        SourceDocument,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rules_editions",
        verbose_name=_("source document"),
    )
    sha256 = models.CharField(max_length=64, blank=True, editable=False)
    imported_at = models.DateTimeField(_("imported"), auto_now=True)

    objects = RulesEditionQuerySet.as_manager()

    class Meta:
        ordering = ["-effective_date", "language"]
        verbose_name = _("rules edition")
        verbose_name_plural = _("rules editions")
        constraints = [
            models.UniqueConstraint(
                fields=["language", "effective_date"], name="rulesedition_unique_language_date"
            )
        ]

    def __str__(self):
        return f"{self.effective_date:%Y-%m-%d} ({self.language})"

    @property
    def slug(self) -> str:
        """How URLs name an edition: ``?edition=2007-05-01``."""
        return self.effective_date.isoformat()


class RuleSection(models.Model):
    """A numbered part of the rules: chapter "7", section "702", rule "702.37", subrule "702.37c".

    ``number`` is stored without the trailing period the text prints after chapters, sections and
    rules. ``title`` is set for chapters, sections and the headed rules (keyword rules such as
    "702.37. Morph"); ``text`` holds the body, and ``examples`` the "Example:" paragraphs that
    follow it, in order.
    """

    class Level(models.IntegerChoices):
        CHAPTER = 1, _("chapter")
        SECTION = 2, _("section")
        RULE = 3, _("rule")
        SUBRULE = 4, _("subrule")

    edition = models.ForeignKey(
        RulesEdition, on_delete=models.CASCADE, related_name="sections", verbose_name=_("edition")
    )
    number = models.CharField(_("number"), max_length=20)
    level = models.PositiveSmallIntegerField(_("level"), choices=Level)
    parent = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="children",
        verbose_name=_("part of"),
    )
    title = models.CharField(_("title"), max_length=300, blank=True)
    text = models.TextField(_("text"), blank=True)
    examples = models.JSONField(_("examples"), default=list, blank=True)
    position = models.PositiveIntegerField(_("order"))
    # Partial editions quoted by documents (release notes): where the text was quoted from, and
    # what the document says changed ("la terza frase è nuova").
    source_document = models.ForeignKey(
        SourceDocument,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="quoted_rules",
        verbose_name=_("quoted in"),
    )
    note = models.TextField(_("note on the change"), blank=True)

    class Meta:
        ordering = ["edition", "position"]
        verbose_name = _("rule")
        verbose_name_plural = _("rules")
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="rulesection_unique_number")
        ]
        indexes = [models.Index(fields=["edition", "position"], name="rulesection_order_idx")]

    def __str__(self):
        return f"{self.number} {self.title}".strip()

    def get_absolute_url(self):
        return reverse("rulings:rule-detail", args=[self.number])


class GlossaryEntry(models.Model):
    """One term of an edition's glossary, with its definition as printed."""

    edition = models.ForeignKey(
        RulesEdition, on_delete=models.CASCADE, related_name="glossary", verbose_name=_("edition")
    )
    term = models.CharField(_("term"), max_length=200)
    slug = models.SlugField(max_length=200)
    text = models.TextField(_("definition"))
    position = models.PositiveIntegerField(_("order"))

    class Meta:
        ordering = ["edition", "position"]
        verbose_name = _("glossary entry")
        verbose_name_plural = _("glossary entries")
        constraints = [
            models.UniqueConstraint(fields=["edition", "slug"], name="glossaryentry_unique_slug")
        ]

    def __str__(self):
        return self.term


class RuleMapping(models.Model):
    """Where a rule of an older edition lives in the current one ("502.26b" in 2007 -> 702.37c).

    Computed from titles, text and structure by the rules importer; ``current_section`` is empty
    when nothing in the current edition matches, and that is said on the page. An admin may set
    the target by hand (method MANUAL): the importer keeps it, and when a newer edition becomes
    current it follows the target there (when that is certain) or computes a new mapping.
    """

    class Method(models.TextChoices):
        SAME_NUMBER = "same_number", _("same number and text")
        TITLE = "title", _("same title")
        TEXT = "text", _("similar text")
        STRUCTURE = "structure", _("position under a matched rule")
        RENAMED = "renamed", _("renamed term")
        NONE = "none", _("no match")
        MANUAL = "manual", _("set by hand")

    old_section = models.ForeignKey(
        RuleSection,
        on_delete=models.CASCADE,
        related_name="mappings",
        verbose_name=_("old rule"),
    )
    current_section = models.ForeignKey(
        RuleSection,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="old_numbers",
        verbose_name=_("current rule"),
    )
    confidence = models.FloatField(_("confidence"), help_text=_("From 0 (a guess) to 1 (certain)."))
    method = models.CharField(_("how it was found"), max_length=20, choices=Method)

    class Meta:
        ordering = ["old_section__edition", "old_section__position"]
        verbose_name = _("old rule number")
        verbose_name_plural = _("old rule numbers")
        constraints = [
            models.UniqueConstraint(fields=["old_section"], name="rulemapping_unique_old_section")
        ]

    def __str__(self):
        target = self.current_section.number if self.current_section_id else "-"
        return f"{self.old_section.number} ({self.old_section.edition}) -> {target}"


# --- Cards and the rules they use --------------------------------------------------------------


class CardRule(models.Model):
    """A card uses a section of the rules, and why: a keyword it has, one of its types, its
    layout, a rule named in its rulings, or an editor's hand.

    Computed links are rebuilt by ``link_rules``; a hand-made link (origin MANUAL) survives the
    rebuild, and a hand-made link with ``excluded`` set removes the computed link it names.
    """

    class Reason(models.TextChoices):
        KEYWORD_ABILITY = "keyword_ability", _("Keyword ability")
        KEYWORD_ACTION = "keyword_action", _("Keyword action")
        ABILITY_WORD = "ability_word", _("Ability word")
        CARD_TYPE = "card_type", _("Card type")
        SUPERTYPE = "supertype", _("Supertype")
        SUBTYPE = "subtype", _("Subtype")
        LAYOUT = "layout", _("Layout")
        FACE_DOWN = "face_down", _("Can be face down")
        RULING = "ruling", _("Named in a ruling")
        EDITOR = "editor", _("Set by an editor")

    class Origin(models.TextChoices):
        COMPUTED = "computed", _("Computed")
        MANUAL = "manual", _("Set by hand")

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="rule_links", verbose_name=_("card")
    )
    section = models.ForeignKey(
        RuleSection,
        on_delete=models.CASCADE,
        related_name="card_links",
        verbose_name=_("rule"),
    )
    reason = models.CharField(_("reason"), max_length=20, choices=Reason)
    detail = models.CharField(
        _("detail"),
        max_length=200,
        blank=True,
        help_text=_("What the reason is about: the keyword, type or layout name, or a note."),
    )
    origin = models.CharField(_("origin"), max_length=10, choices=Origin, default=Origin.MANUAL)
    excluded = models.BooleanField(
        _("removed by hand"),
        default=False,
        help_text=_("Set on a hand-made link to remove a computed link the editor disagrees with."),
    )

    class Meta:
        ordering = ["card", "section__position"]
        verbose_name = _("rule a card uses")
        verbose_name_plural = _("rules cards use")
        constraints = [
            models.UniqueConstraint(fields=["card", "section"], name="cardrule_unique_section")
        ]
        indexes = [models.Index(fields=["section", "card"], name="cardrule_section_idx")]

    def __str__(self):
        return f"{self.card.name} → {self.section.number}"
