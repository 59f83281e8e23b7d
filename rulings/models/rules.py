"""The Comprehensive Rules: editions side by side, their numbered sections, the glossary and
where the rules of older editions live in the current one."""

from datetime import date
from operator import attrgetter

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from common.indexes import EngineIndex
from rulings.models.documents import SourceDocument
from rulings.models.languages import Language

# The complete English editions: the rules as Wizards publishes them. Every other text (a
# translation, a ruling, an old release note) is read against one of these.
OFFICIAL = models.Q(language=Language.ENGLISH, is_complete=True)


class RulesEditionQuerySet(models.QuerySet):
    def complete(self):
        return self.filter(is_complete=True)

    def official(self):
        """The official editions (``OFFICIAL``)."""
        return self.filter(OFFICIAL)

    def in_force(self, day: date | None = None):
        """Of these editions, the one in force on ``day``: the newest that took effect on or
        before it; for no day, the newest of all (the current rules, the ones every page and
        import means by "today's rules": an edition is current from its import). None when
        there are none.

        The one fallback: a day earlier than every edition gets the oldest edition (a text
        older than every edition here is read in the oldest rules we have).

        Usually asked of ``official()``: ``RulesEdition.objects.official().in_force()`` is the
        current edition. It reads the queryset's rows, which the queryset keeps, so one
        queryset answers for any number of days in one query::

            editions = RulesEdition.objects.official()
            [editions.in_force(ruling.date) for ruling in rulings]
        """
        ordered = sorted(self, key=attrgetter("effective_date"))
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
    # What the imported file held: numbered rules (chapters to subrules) and glossary terms.
    rule_count = models.PositiveIntegerField(_("rules"), default=0, editable=False)
    glossary_count = models.PositiveIntegerField(_("glossary entries"), default=0, editable=False)

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
        indexes = [
            models.Index(fields=["edition", "position"], name="rulesection_order_idx"),
            # A rule page finds the previous and next rule at its level (web.pages.rules.tree) in
            # one step instead of walking the rules after it; SQLite's planner chose worse plans
            # for the same page with it, so it is PostgreSQL's only.
            EngineIndex(
                fields=["edition", "level", "position"],
                name="rulesection_level_idx",
                engine="postgresql",
            ),
        ]

    def __str__(self):
        return f"{self.number} {self.title}".strip()

    def get_absolute_url(self):
        return reverse("rules:rule-detail", args=[self.number])


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

    A hand-set mapping outlives an import that deletes one of its rules (see
    ``importers.hand_work``): without its target, the target's number is in ``missing_number``;
    without its old rule (an older edition imported again from a file that lacks it), the
    mapping is kept with ``old_section`` empty, the old rule's number and its English edition's
    date in ``missing_old_number`` and ``missing_old_edition``. Either goes back on its rule when
    an import brings the rule back. Computed mappings go with their rules.
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
        null=True,  # only while a hand-set mapping's old rule is missing (missing_old_number)
        blank=True,
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
    missing_number = models.CharField(
        _("kept while its target is missing"),
        max_length=20,
        blank=True,
        default="",
        db_default="",  # rows written by plain INSERTs (the linker's) leave it out
        editable=False,
        help_text=_("The number of a hand-set target that the current rules lack."),
    )
    missing_old_number = models.CharField(
        _("kept while its old rule is missing"),
        max_length=20,
        blank=True,
        default="",
        db_default="",
        editable=False,
        help_text=_(
            "The number of the old rule of a hand-set mapping that its edition, imported again, "
            "lacks; the mapping comes back when the rule does."
        ),
    )
    missing_old_edition = models.DateField(
        _("edition of the missing old rule"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("The effective date of the English edition the missing old rule was in."),
    )

    class Meta:
        ordering = ["old_section__edition", "old_section__position"]
        verbose_name = _("old rule number")
        verbose_name_plural = _("old rule numbers")
        constraints = [
            models.UniqueConstraint(fields=["old_section"], name="rulemapping_unique_old_section"),
            models.UniqueConstraint(
                fields=["missing_old_edition", "missing_old_number"],
                condition=models.Q(old_section__isnull=True),
                name="rulemapping_unique_missing_old_rule",
            ),
            models.CheckConstraint(
                condition=models.Q(old_section__isnull=False)
                | (models.Q(missing_old_edition__isnull=False) & ~models.Q(missing_old_number="")),
                name="rulemapping_old_rule_or_its_number",
            ),
        ]

    def __str__(self):
        target = self.current_section.number if self.current_section_id else "-"
        return f"{self.old_number} ({self.old_edition_date:%Y-%m-%d}) -> {target}"

    @property
    def old_number(self) -> str:
        """The old rule's number, kept or not."""
        return self.old_section.number if self.old_section_id else self.missing_old_number

    @property
    def old_edition_date(self) -> date:
        """The effective date of the old rule's edition, kept or not."""
        if self.old_section_id:
            return self.old_section.edition.effective_date
        return self.missing_old_edition
