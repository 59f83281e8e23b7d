"""The rows of the long tables, made once for a page in each language and kept: a printing's
row in its set's table (``web.pages.lists.stored_rows`` makes, stores and checks them).

A row is kept in two parts, the markup before its mana cost and the markup after it: the cost's
symbols, the same for thousands of rows, are made on the page from a memo. ``source`` is what
the row was made from; a page uses the stored row only while it reads the same source, and makes
the row itself otherwise.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from oracle.models.printings import Printing


class RowMarkup(models.Model):
    language = models.CharField(_("language"), max_length=8)
    source = models.TextField(_("made from"))
    head = models.TextField(_("markup before the mana cost"))
    tail = models.TextField(_("markup after the mana cost"))

    class Meta:
        abstract = True

    def __str__(self):
        return f"{self.language}: {self.head[:60]}"


class PrintingRowMarkup(RowMarkup):
    """A printing's row in its set's table of cards."""

    # The unique constraint's index, which starts with it, finds its rows.
    printing = models.ForeignKey(
        Printing, on_delete=models.CASCADE, related_name="+", db_index=False
    )

    class Meta:
        verbose_name = _("printing row markup")
        verbose_name_plural = _("printing row markup")
        constraints = [
            models.UniqueConstraint(
                fields=["printing", "language"], name="printingrowmarkup_unique_language"
            )
        ]
