"""The words of the game cards are sorted by: keywords and the words of type lines."""

from django.db import models
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _

from oracle.models.page_language import localized


class Keyword(models.Model):
    class Kind(models.TextChoices):
        ABILITY = "ability", _("Keyword ability")
        ACTION = "action", _("Keyword action")
        ABILITY_WORD = "ability_word", _("Ability word")

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(_("English name"), max_length=80)
    name_it = models.CharField(_("Italian name"), max_length=80, blank=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind, default=Kind.ABILITY)
    reminder_text = models.TextField(_("English reminder text"), blank=True)
    reminder_text_it = models.TextField(_("Italian reminder text"), blank=True)
    # Every reminder wording printed, both languages, oldest first (importers.reminder_wordings).
    reminder_wordings = models.JSONField(default=list, blank=True, editable=False)
    rule_number = models.CharField(
        _("defining rule"), max_length=20, blank=True, help_text=_("For example 702.9")
    )
    # The values the last card import learned, by field ({"name_it": "Volare"}): a field that
    # no longer holds its learned value was set by someone else, and imports leave it alone.
    learned = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("keyword")
        verbose_name_plural = _("keywords")
        # Names looked up in any case (the rules a card uses name theirs in words).
        indexes = [
            models.Index(Upper("name"), name="keyword_upper_name_idx"),
            models.Index(Upper("slug"), name="keyword_upper_slug_idx"),
        ]

    def __str__(self):
        return self.name

    @property
    def display_name(self):
        return localized(self, "name")


class CardType(models.Model):
    """One word of a type line: a supertype (Legendary), card type (Creature) or subtype (Elf)."""

    class Kind(models.TextChoices):
        SUPERTYPE = "supertype", _("Supertype")
        TYPE = "type", _("Card type")
        SUBTYPE = "subtype", _("Subtype")

    name = models.CharField(_("English name"), max_length=80)
    name_it = models.CharField(_("Italian name"), max_length=80, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    # What the last card import learned, by field, as on Keyword.
    learned = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["kind", "name"]
        verbose_name = _("card type")
        verbose_name_plural = _("card types")
        constraints = [
            models.UniqueConstraint(fields=["kind", "name"], name="cardtype_unique_kind_name")
        ]
        indexes = [models.Index(Upper("name"), name="cardtype_upper_name_idx")]

    def __str__(self):
        return self.name

    @property
    def display_name(self):
        return localized(self, "name")
