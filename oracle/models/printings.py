"""Printings: a card as printed in one set, and the words on each printed face."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from oracle.models.cards import Card, CardFace, Layout
from oracle.models.sets import CardSet


class Rarity(models.TextChoices):
    COMMON = "common", _("Common")
    UNCOMMON = "uncommon", _("Uncommon")
    RARE = "rare", _("Rare")
    MYTHIC = "mythic", _("Mythic rare")
    SPECIAL = "special", _("Special")
    BONUS = "bonus", _("Bonus")

    def count_in_words(self, count: int) -> str:
        """ "60 commons", "1 rare": the count with the rarity in the plural it needs."""
        return str(RARITY_COUNTS[self] % {"count": count})


RARITY_COUNTS = {
    Rarity.COMMON: ngettext_lazy("%(count)s common", "%(count)s commons", "count"),
    Rarity.UNCOMMON: ngettext_lazy("%(count)s uncommon", "%(count)s uncommons", "count"),
    Rarity.RARE: ngettext_lazy("%(count)s rare", "%(count)s rares", "count"),
    Rarity.MYTHIC: ngettext_lazy("%(count)s mythic rare", "%(count)s mythic rares", "count"),
    Rarity.SPECIAL: ngettext_lazy("%(count)s special", "%(count)s specials", "count"),
    Rarity.BONUS: ngettext_lazy("%(count)s bonus card", "%(count)s bonus cards", "count"),
}


class Printing(models.Model):
    """A card as printed in one set, with its printed (localised) text per face."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(
        CardSet,
        on_delete=models.CASCADE,
        related_name="printings",
        verbose_name=pgettext_lazy("card set", "set"),
    )
    uuid = models.UUIDField(_("MTGJSON id"), unique=True)
    scryfall_id = models.UUIDField(_("Scryfall id"), null=True, blank=True)
    multiverse_id = models.PositiveIntegerField(_("Multiverse id"), null=True, blank=True)
    # Gatherer's id of the Italian print of this printing (MTGJSON's foreignData): its picture
    # and its Gatherer page in Italian.
    multiverse_id_it = models.PositiveIntegerField(
        _("Italian multiverse id"), null=True, blank=True
    )
    # The marketplaces' and the digital games' ids of this printing (MTGJSON ``identifiers``),
    # for the Scryfall-compatible API's look-ups (/cards/mtgo/:id, ...).
    mtgo_id = models.PositiveIntegerField(_("Magic Online id"), null=True, blank=True)
    mtgo_foil_id = models.PositiveIntegerField(_("Magic Online foil id"), null=True, blank=True)
    arena_id = models.PositiveIntegerField(_("Arena id"), null=True, blank=True)
    tcgplayer_id = models.PositiveIntegerField(_("TCGplayer id"), null=True, blank=True)
    cardmarket_id = models.PositiveIntegerField(_("Cardmarket id"), null=True, blank=True)
    # Scryfall's id of the artwork: printings that share it show the same art.
    illustration_id = models.UUIDField(_("illustration id"), null=True, blank=True)
    # How it was printed: "nonfoil", "foil", "etched", comma-separated.
    finishes = models.CharField(_("finishes"), max_length=60, blank=True)
    # What else MTGJSON says of the print (the Scryfall-compatible API's card object).
    in_booster = models.BooleanField(_("found in boosters"), default=False)
    is_full_art = models.BooleanField(_("full art"), default=False)
    is_textless = models.BooleanField(_("textless"), default=False)
    is_story_spotlight = models.BooleanField(_("story spotlight"), default=False)
    is_oversized = models.BooleanField(_("oversized"), default=False)
    is_variation = models.BooleanField(_("variation of another printing"), default=False)
    security_stamp = models.CharField(_("security stamp"), max_length=20, blank=True)
    collector_number = models.CharField(_("collector number"), max_length=20)
    sort_number = models.PositiveIntegerField(default=0, editable=False)
    layout = models.CharField(_("printed layout"), max_length=20, choices=Layout)
    rarity = models.CharField(_("rarity"), max_length=10, choices=Rarity)
    frame_version = models.CharField(_("frame"), max_length=20, blank=True)
    frame_effects = models.CharField(_("frame effects"), max_length=200, blank=True)
    border_color = models.CharField(_("border"), max_length=20, blank=True)
    is_timeshifted = models.BooleanField(_("timeshifted"), default=False)
    is_reprint = models.BooleanField(_("reprint"), default=False)
    is_promo = models.BooleanField(_("promo"), default=False)
    is_online_only = models.BooleanField(
        _("digital only"),
        default=False,
        help_text=_("Printed only in a digital game (Magic Online, Arena)."),
    )
    is_funny = models.BooleanField(
        _("funny"), default=False, help_text=_("An Un-set, holiday or other joke card.")
    )
    artist = models.CharField(_("artist"), max_length=200, blank=True)
    watermark = models.CharField(_("watermark"), max_length=50, blank=True)
    name_it = models.CharField(_("Italian printed name"), max_length=300, blank=True)

    class Meta:
        ordering = ["card_set_id", "sort_number", "collector_number"]
        verbose_name = _("printing")
        verbose_name_plural = _("printings")
        constraints = [
            models.UniqueConstraint(
                fields=["card_set", "collector_number"], name="printing_unique_set_number"
            )
        ]
        # The cards printed in a set, a frame, a border: frame:, border:, st:, b: (search).
        indexes = [
            models.Index(fields=["card_set", "card"], name="printing_set_card_idx"),
            # The list of sets counts each set's printings but art-series ones from it alone.
            models.Index(fields=["card_set", "layout"], name="printing_set_layout_idx"),
            models.Index(fields=["frame_version", "card"], name="printing_frame_idx"),
            models.Index(fields=["border_color", "card"], name="printing_border_idx"),
            # The look-ups of the Scryfall-compatible API by each id.
            models.Index(fields=["scryfall_id"], name="printing_scryfall_id_idx"),
            models.Index(fields=["multiverse_id"], name="printing_multiverse_id_idx"),
            models.Index(fields=["multiverse_id_it"], name="printing_multiverse_it_idx"),
            models.Index(fields=["mtgo_id"], name="printing_mtgo_id_idx"),
            models.Index(fields=["mtgo_foil_id"], name="printing_mtgo_foil_id_idx"),
            models.Index(fields=["illustration_id"], name="printing_illustration_idx"),
            models.Index(fields=["arena_id"], name="printing_arena_id_idx"),
            models.Index(fields=["tcgplayer_id"], name="printing_tcgplayer_id_idx"),
            models.Index(fields=["cardmarket_id"], name="printing_cardmarket_id_idx"),
            # A set's page: its printings in order, with what a row shows, from the index alone.
            models.Index(
                fields=["card_set", "sort_number", "collector_number", "layout", "rarity", "card"],
                name="printing_set_rows_idx",
            ),
        ]

    def __str__(self):
        return f"{self.card.name} ({self.card_set.code} {self.collector_number})"

    def get_absolute_url(self):
        return reverse(
            "cards:printing-detail", args=[self.card_set.code.lower(), self.collector_number]
        )

    @property
    def is_futureshifted(self):
        return self.frame_version == "future"

    @property
    def has_italian(self):
        return bool(self.name_it)


class PrintingFace(models.Model):
    """The words on one face of one printing: Italian printed text, English as printed."""

    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="faces")
    face = models.ForeignKey(CardFace, on_delete=models.CASCADE, related_name="printed_faces")
    position = models.PositiveSmallIntegerField(default=0)
    name_it = models.CharField(_("Italian printed name"), max_length=200, blank=True)
    type_line_it = models.CharField(_("Italian printed type line"), max_length=200, blank=True)
    text_it = models.TextField(_("Italian printed text"), blank=True)
    flavor_text = models.TextField(_("flavour text"), blank=True)
    flavor_text_it = models.TextField(_("Italian flavour text"), blank=True)
    original_text = models.TextField(
        _("English text as printed"),
        blank=True,
        help_text=_("Kept only where it differs from today's Oracle text."),
    )
    original_type = models.CharField(
        _("English type line as printed"),
        max_length=200,
        blank=True,
        help_text=_("Kept only where it differs from today's Oracle type line."),
    )

    class Meta:
        ordering = ["printing_id", "position"]
        verbose_name = _("printed face")
        verbose_name_plural = _("printed faces")
        constraints = [
            models.UniqueConstraint(
                fields=["printing", "position"], name="printingface_unique_position"
            )
        ]

    def __str__(self):
        return f"{self.printing} #{self.position}"
