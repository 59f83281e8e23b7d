"""The data version: one number that every import and every editor's change raises.

Pages derive their ``ETag``, ``Last-Modified`` and page-cache key from it
(``oracle.data_version`` reads and raises it; ``web.http_caching`` uses it), so a reader
never sees a page older than the data.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class DataVersion(models.Model):
    """A single row (``pk=1``): how many times the data changed, and when it last did."""

    number = models.PositiveBigIntegerField(_("number"), default=0)
    changed_at = models.DateTimeField(_("changed"))

    class Meta:
        verbose_name = _("data version")
        verbose_name_plural = _("data version")

    def __str__(self):
        return f"{self.number} ({self.changed_at:%Y-%m-%d %H:%M:%S})"
