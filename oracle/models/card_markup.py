"""A card's page parts rendered for one language (``oracle.card_markup``): what changes only
with the card's data, kept with a digest of what it was made from."""

from django.db import models

from .cards import Card


class CardMarkup(models.Model):
    """The parts of ``card``'s page for a page in ``language``, made from the data whose digest
    is ``digest`` (``oracle.card_markup.store_card_markup``)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="markup")
    language = models.CharField(max_length=8)
    digest = models.CharField(max_length=64)
    parts = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["card", "language"], name="cardmarkup_card_language")
        ]

    def __str__(self):
        return f"{self.card_id} ({self.language})"
