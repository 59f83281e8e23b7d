"""Card sets (expansions, core sets, promos), with their Italian names."""

from django.db import models
from django.db.models.functions import Upper
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from oracle.models.page_language import localized, names_for_page


class CardSet(models.Model):
    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("English name"), max_length=200)
    name_it = models.CharField(_("Italian name"), max_length=200, blank=True)
    set_type = models.CharField(_("set type"), max_length=40, blank=True)
    block = models.CharField(_("block"), max_length=100, blank=True)
    block_it = models.CharField(_("Italian block name"), max_length=100, blank=True)
    release_date = models.DateField(_("release date"), null=True, blank=True)
    parent = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="children",
        verbose_name=_("parent set"),
    )
    base_size = models.PositiveIntegerField(_("base size"), default=0)
    total_size = models.PositiveIntegerField(_("total size"), default=0)
    keyrune_code = models.CharField(_("set symbol code"), max_length=10, blank=True)
    is_online_only = models.BooleanField(_("online only"), default=False)

    class Meta:
        ordering = ["-release_date", "code"]
        verbose_name = pgettext_lazy("card set", "set")
        verbose_name_plural = pgettext_lazy("card set", "sets")
        indexes = [
            models.Index(fields=["release_date"], name="cardset_release_idx"),
            # A set by its code in any case (its address, a printing's page), on both databases.
            models.Index(Upper("code"), name="cardset_code_upper_idx"),
        ]

    def __str__(self):
        return f"{self.name} ({self.code})"

    def get_absolute_url(self):
        return reverse("cards:set-detail", args=[self.code.lower()])

    @property
    def display_name(self):
        return localized(self, "name")

    @property
    def display_block(self):
        return localized(self, "block")

    @property
    def other_name(self):
        """The name in the language the page is not in, when it differs."""
        return names_for_page(self.name, self.name_it)[1]

    @property
    def symbol_code(self):
        return (self.keyrune_code or self.code).lower()
