"""A card's page parts rendered for one language (``web.pages.card.markup``): what changes only
with the card's data, kept with a digest of what it was made from."""

import json

from django.db import models

from oracle.models.cards import Card


class JSONText(models.TextField):
    """A JSON value kept as its text on every database. A page reads a card's parts whole, up to
    half a megabyte for a basic land's hundreds of printings; PostgreSQL's ``jsonb`` (Django's
    ``JSONField``) writes that out as text again on every read, 2 ms for a basic land, where a
    text column is handed over as it is (SQLite keeps JSON as text either way)."""

    def from_db_value(self, value, expression, connection):
        return None if value is None else json.loads(value)

    def to_python(self, value):
        return json.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value):
        if value is None:
            return None
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class CardMarkup(models.Model):
    """The parts of ``card``'s page for a page in ``language``, made from the data whose digest
    is ``digest`` (``web.pages.card.markup.store_card_markup``)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="markup")
    language = models.CharField(max_length=8)
    digest = models.CharField(max_length=64)
    parts = JSONText(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["card", "language"], name="cardmarkup_card_language")
        ]

    def __str__(self):
        return f"{self.card_id} ({self.language})"
