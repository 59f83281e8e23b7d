"""Every name a card goes by, for finding a card by its name.

One row per name and word start: "Angelo Eminente" is a row from its first word (``word`` 0,
with the name's slug) and a row from its second ("eminente", ``word`` 1). The rows give the
cards' addresses in both languages (``/it/cards/angelo-eminente/`` leads to Exalted Angel), the
search box's completions (a key range: the names that start with what was typed, or have a
word that does) and the names close to a mistyped one. ``oracle.search.card_names`` fills them
with the search columns.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from oracle.models.cards import Card


class CardNameQuerySet(models.QuerySet):
    def whole(self):
        """The rows of whole names (not those from a later word)."""
        return self.filter(word=0)

    def starting_with(self, prefix_key: str, upper: str | None):
        """Rows whose key lies in [prefix_key, upper): see ``common.text.key_range``."""
        rows = self.filter(key__gte=prefix_key)
        return rows.filter(key__lt=upper) if upper is not None else rows


class CardName(models.Model):
    class Language(models.TextChoices):
        ENGLISH = "en", _("English")
        ITALIAN = "it", _("Italian")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="names")
    name = models.CharField(_("name"), max_length=300)
    language = models.CharField(_("language"), max_length=2, choices=Language)
    # The name's slug on the row of the whole name ("" on the rows from a later word).
    slug = models.SlugField(max_length=300, blank=True, db_index=False)
    # common.text.sort_key of the name from word ``word`` on (the first word is 0).
    key = models.CharField(max_length=300)
    word = models.PositiveSmallIntegerField(default=0)

    objects = CardNameQuerySet.as_manager()

    class Meta:
        verbose_name = _("card name")
        verbose_name_plural = _("card names")
        constraints = [
            models.UniqueConstraint(
                fields=["card", "name", "language", "word"], name="cardname_unique_word"
            )
        ]
        indexes = [
            models.Index(fields=["slug"], name="cardname_slug_idx"),
            # Covers the completions: a key range, the word and the name read from the index.
            models.Index(fields=["key", "word", "name"], name="cardname_key_idx"),
        ]

    def __str__(self):
        return self.name
