"""What is known from a document only, and the rule numbers the card search reads: rulings'
rows about oracle's cards, keywords and card types, so that oracle's tables hold no rulings
concept.

A release note can describe a card, a keyword or a card type that no card data here has yet:
the release-notes importer creates it in oracle's table and marks it here
(``rulings.importers.release_notes``). A card import that brings such a card takes it over and
the mark goes (``rulings.importers.release_notes.takeover``).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.indexes import EngineIndex
from oracle.models import Card, CardType, Keyword


class DocumentOnlyCard(models.Model):
    """A card created from what a document states (release notes, FAQ) because no card data
    held it; the next card import that brings it merges into this card."""

    card = models.OneToOneField(
        Card,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="known_from_document",
        verbose_name=_("card"),
    )

    class Meta:
        verbose_name = _("card known from a document only")
        verbose_name_plural = _("cards known from a document only")

    def __str__(self):
        return str(self.card_id)


class DocumentOnlyKeyword(models.Model):
    """A keyword defined by a document that no card data or rules edition here confirms yet:
    its English name may be the document's own term."""

    keyword = models.OneToOneField(
        Keyword,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="known_from_document",
        verbose_name=_("keyword"),
    )

    class Meta:
        verbose_name = _("keyword known from a document only")
        verbose_name_plural = _("keywords known from a document only")

    def __str__(self):
        return str(self.keyword_id)


class DocumentOnlyCardType(models.Model):
    """A card type named by a document that no card data here confirms yet."""

    card_type = models.OneToOneField(
        CardType,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="known_from_document",
        verbose_name=_("card type"),
    )

    class Meta:
        verbose_name = _("card type known from a document only")
        verbose_name_plural = _("card types known from a document only")

    def __str__(self):
        return str(self.card_type_id)


def is_document_only(subject: Card | Keyword | CardType) -> bool:
    """Whether a card, keyword or card type is known from a document only (one query, unless
    the mark was read with ``select_related("known_from_document")``)."""
    return subject.pk is not None and hasattr(subject, "known_from_document")


def mark_document_only(subject: Card | Keyword | CardType) -> None:
    """Mark a saved card, keyword or card type as known from a document only."""
    model, field = {
        Card: (DocumentOnlyCard, "card"),
        Keyword: (DocumentOnlyKeyword, "keyword"),
        CardType: (DocumentOnlyCardType, "card_type"),
    }[type(subject)]
    model.objects.get_or_create(**{field: subject})
    subject._state.fields_cache.pop("known_from_document", None)


class CardRuleSearch(models.Model):
    """The rule numbers a card uses, for the card search's ``rule:``: " 7 702 702.37 702.37c 708 "
    (each number in force with the numbers above it, between spaces), so one substring finds a
    section and every rule in it. Written by the rule linker (``rulings.linking.sync``); a card
    that uses no rule has no row."""

    card = models.OneToOneField(
        Card,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="rule_search",
        verbose_name=_("card"),
    )
    numbers = models.TextField(_("rule numbers"), editable=False)

    class Meta:
        # rule:702 is a substring test: on PostgreSQL a trigram index serves it.
        indexes = [
            EngineIndex(
                fields=["numbers"],
                method="gin",
                opclasses=["gin_trgm_ops"],
                name="rulesearch_numbers_trgm",
                engine="postgresql",
            )
        ]
        verbose_name = _("rule numbers of a card")
        verbose_name_plural = _("rule numbers of cards")

    def __str__(self):
        return f"{self.card_id}:{self.numbers}"

    @classmethod
    def numbers_of(cls, card_id: int) -> str:
        """The numbers of a card ("" when it uses no rule)."""
        return cls.objects.filter(card_id=card_id).values_list("numbers", flat=True).first() or ""
