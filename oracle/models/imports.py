"""A record of each MTGJSON import: where the card data came from, which version it was, how
old the data itself is and how much it held."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class CardDataImportQuerySet(models.QuerySet):
    def dated_newest_first(self):
        """The imports whose data says its date, the newest first."""
        return self.exclude(data_date=None).order_by("-imported_at", "-pk")

    def newest_dated(self):
        """The newest import whose data says its date (None when there is none)."""
        return self.dated_newest_first().first()


class CardDataImport(models.Model):
    """One run of the MTGJSON import that wrote to the database (a dry run writes none).

    ``version`` and ``data_date`` are the files' ``meta`` (``5.2.0+20220425``, 2022-04-25),
    the newest when the files differ; ``files`` lists each file read with its sha256. The
    counts are what the files held. ``importer_version`` is the ``IMPORTER_VERSION``
    (oracle.importers.version) that wrote it.
    """

    source = models.CharField(
        _("where it comes from"), max_length=500, blank=True, help_text=_("Files or address.")
    )
    files = models.JSONField(_("files"), default=list, blank=True)
    version = models.CharField(_("version"), max_length=40, blank=True)
    data_date = models.DateField(_("date of the data"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)
    card_count = models.PositiveIntegerField(_("cards"), default=0)
    printing_count = models.PositiveIntegerField(_("printings"), default=0)
    set_count = models.PositiveIntegerField(_("sets"), default=0)
    # 0: written before the version was recorded, or marked by a migration for a new import.
    importer_version = models.PositiveIntegerField(_("importer version"), default=0)

    objects = CardDataImportQuerySet.as_manager()

    class Meta:
        ordering = ["-imported_at", "-pk"]
        verbose_name = _("card data import")
        verbose_name_plural = _("card data imports")

    def __str__(self):
        return f"MTGJSON {self.version or '?'} ({self.imported_at:%Y-%m-%d %H:%M})"
