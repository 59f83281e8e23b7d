"""The rules each card uses, computed by the rule linker or set by an editor."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from oracle.models import Card, CardType, Keyword
from rulings.models.rules import RuleSection


class CardRule(models.Model):
    """A card uses a section of the rules, and why: a keyword it has, one of its types, its
    layout, a rule named in its rulings, or an editor's hand.

    Computed links are rebuilt by ``link_rules``; a hand-made link (origin MANUAL) survives the
    rebuild, and a hand-made link with ``excluded`` set removes the computed link it names.

    The history records what editors do in the admin (a computed link's state is recorded just
    before an editor's first change to it); the linker writes and deletes rows in bulk, without
    history, since it can compute them again.

    A hand-made link also survives a rules import that drops its rule: it is kept without a
    section, its rule's number in ``missing_number``, and ``link_rules`` puts it back on that
    number when an import brings the rule back.
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
        null=True,  # only while a hand-made link's rule is missing (see missing_number)
        related_name="card_links",
        verbose_name=_("rule"),
    )
    missing_number = models.CharField(
        _("kept while its rule is missing"),
        max_length=20,
        blank=True,
        default="",
        db_default="",  # rows written by plain INSERTs (the linker's) leave it out
        editable=False,
        help_text=_(
            "The number of the rule of a hand-made link that the current rules lack; the link "
            "comes back when the rule does."
        ),
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

    history = HistoricalRecords()

    class Meta:
        ordering = ["card", "section__position"]
        verbose_name = _("rule a card uses")
        verbose_name_plural = _("rules cards use")
        constraints = [
            models.UniqueConstraint(fields=["card", "section"], name="cardrule_unique_section")
        ]
        indexes = [models.Index(fields=["section", "card"], name="cardrule_section_idx")]

    def __str__(self):
        number = self.section.number if self.section_id else self.missing_number
        return f"{self.card.name} → {number}"


class SampleCard(models.Model):
    """One of the few cards a page names for a rule number of the current rules, or for a
    keyword: the simplest of the cards linked to the rule or to a rule in it (of the cards with
    the keyword), those whose ``CardRuleSearch.numbers`` lists the fewest numbers, each row with the
    count of all of them. Tokens and art-series objects are left out, as a search leaves them.

    Worked out whenever the rule linker writes ``CardRuleSearch``
    (``rulings.linking.samples.store_samples``), so that a page reads a sample and its count with
    one indexed query instead of going through every card; nothing used has no rows.
    """

    # None on a keyword's rows, not "": PostgreSQL's statistics keep NULLs apart, whereas ""
    # was one value on half the rows, which made a prepared statement's generic plan expect
    # twice the rows of any rule's sample; it then planned the statement again on every rule
    # page, which cost more than running it.
    rule_number = models.CharField(_("rule number"), max_length=20, null=True, blank=True)  # noqa: DJ001
    # Indexed by the constraints below, each of the two kinds of rows by itself.
    keyword = models.ForeignKey(
        Keyword, on_delete=models.CASCADE, null=True, blank=True, related_name="+", db_index=False
    )
    rank = models.PositiveSmallIntegerField(_("rank"))
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    count = models.PositiveIntegerField(_("cards in all"))

    class Meta:
        ordering = ["rule_number", "keyword", "rank"]
        verbose_name = _("sample card")
        verbose_name_plural = _("sample cards")
        constraints = [
            models.UniqueConstraint(
                fields=["rule_number", "rank"],
                condition=models.Q(keyword__isnull=True),
                name="samplecard_unique_rule_rank",
            ),
            models.UniqueConstraint(
                fields=["keyword", "rank"],
                condition=models.Q(keyword__isnull=False),
                name="samplecard_unique_keyword_rank",
            ),
            models.CheckConstraint(
                condition=models.Q(keyword__isnull=True, rule_number__gt="")
                | models.Q(keyword__isnull=False, rule_number__isnull=True),
                name="samplecard_of_a_rule_or_a_keyword",
            ),
        ]

    def __str__(self):
        return f"{self.rule_number or self.keyword_id} #{self.rank}: {self.card_id}"


class KeywordCardType(models.Model):
    """How many of the cards with a keyword have a card type (2,211 of flying's cards are
    creatures), for the keyword's page: every card with the keyword, by the types of its faces.

    Worked out with the sample cards, whenever the rule linker runs
    (``rulings.linking.samples.store_samples``), so that a keyword's page reads its counts in one
    indexed query instead of going from its cards through their faces to their types (2,300
    cards and 5,000 face types for flying); a keyword no card has has no rows.
    """

    keyword = models.ForeignKey(Keyword, on_delete=models.CASCADE, related_name="+")
    card_type = models.ForeignKey(CardType, on_delete=models.CASCADE, related_name="+")
    count = models.PositiveIntegerField(_("cards"))

    class Meta:
        ordering = ["keyword", "-count"]
        verbose_name = _("card type of a keyword's cards")
        verbose_name_plural = _("card types of keywords' cards")
        constraints = [
            models.UniqueConstraint(
                fields=["keyword", "card_type"], name="keywordcardtype_unique_type"
            )
        ]

    def __str__(self):
        return f"{self.keyword_id}: {self.card_type_id} × {self.count}"
