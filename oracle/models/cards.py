"""Oracle cards and their faces: the English Oracle wording, one row per card identity."""

from django.db import models
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from oracle.formats import format_name, legality_grid
from oracle.models.keywords_and_types import CardType, Keyword
from oracle.models.page_language import joined_name, localized, names_for_page


class Layout(models.TextChoices):
    NORMAL = "normal", _("Normal")
    SPLIT = "split", _("Split")
    FLIP = "flip", _("Flip")
    TRANSFORM = "transform", _("Transforming double-faced")
    MODAL_DFC = "modal_dfc", _("Modal double-faced")
    MELD = "meld", _("Meld")
    ADVENTURE = "adventure", _("Adventure")
    AFTERMATH = "aftermath", _("Aftermath")
    SAGA = "saga", _("Saga")
    CLASS = "class", _("Class")
    LEVELER = "leveler", _("Leveler")
    HOST = "host", _("Host")
    AUGMENT = "augment", _("Augment")
    REVERSIBLE_CARD = "reversible_card", _("Reversible")
    PLANAR = "planar", _("Plane or phenomenon")
    SCHEME = "scheme", _("Scheme")
    VANGUARD = "vanguard", _("Vanguard")
    TOKEN = "token", _("Token")
    DOUBLE_FACED_TOKEN = "double_faced_token", _("Double-faced token")
    EMBLEM = "emblem", _("Emblem")
    ART_SERIES = "art_series", _("Art series")


COLOR_ORDER = "WUBRG"
FACE_DOWN_KEYWORDS = {"morph", "megamorph", "disguise", "cloak", "manifest", "manifest-dread"}


# Token layouts: these objects come from MTGJSON's "tokens" lists, as art-series objects do.
TOKEN_LAYOUTS = (Layout.TOKEN, Layout.DOUBLE_FACED_TOKEN, Layout.EMBLEM)


class CardKind(models.IntegerChoices):
    """What a row of the card table is (``Card.kind``): a card of the game, a token (emblems
    too), or an art-series object (printed art, no Magic card)."""

    GAME_CARD = 0, _("Game card")
    TOKEN = 1, _("Token")
    ART_SERIES = 2, _("Art series")


def not_cards() -> models.Q:
    """Art-series objects: printed art, no Magic card, never listed or searched."""
    return models.Q(layout=Layout.ART_SERIES)


def kind_of_card(is_token: bool, layout: str) -> CardKind:
    """What ``Card.kind`` holds for a row with this is_token and layout."""
    if layout == Layout.ART_SERIES:
        return CardKind.ART_SERIES
    return CardKind.TOKEN if is_token else CardKind.GAME_CARD


# kind_of_card in SQL, for the database's check on every row.
KIND_OF_ROW = models.Case(
    models.When(layout=Layout.ART_SERIES, then=models.Value(CardKind.ART_SERIES.value)),
    models.When(is_token=True, then=models.Value(CardKind.TOKEN.value)),
    default=models.Value(CardKind.GAME_CARD.value),
)


def searched_kinds(with_tokens: bool = False) -> models.Q:
    """What lists and searches look at: the game's cards, and tokens ``with_tokens``; never
    art-series objects (``not_cards``). Tested on ``kind``, one small number that the search's
    indexes hold, on every engine."""
    if with_tokens:
        return models.Q(kind__lt=CardKind.ART_SERIES)
    return models.Q(kind=CardKind.GAME_CARD)


def tokens_only() -> models.Q:
    """Tokens (emblems too) among what a search looks at (``is:token``)."""
    return models.Q(kind=CardKind.TOKEN)


class CardQuerySet(models.QuerySet):
    def game_cards(self):
        """Cards a list of cards shows: no tokens, no art-series objects."""
        return self.filter(searched_kinds())

    def for_page(self, printings=None):
        """Cards with what a card's page and the card APIs show of them: faces, keywords,
        printings newest first (each with its set, and its printed faces in order as the list
        ``printed_faces``) and errata newest first (each with its face). Of the printings, the
        columns ``PRINTING_SHOWN`` and their sets' ``SET_SHOWN``; ``printings``, a queryset of
        printings, reads those instead (the Scryfall API's one printing, whole)."""
        from oracle.models.errata import Erratum  # both modules import this one
        from oracle.models.printings import Printing, PrintingFace

        if printings is None:
            shown_sets = [f"card_set__{name}" for name in SET_SHOWN]
            printings = Printing.objects.only(*PRINTING_SHOWN, *shown_sets)

        newest_first = [
            models.F("card_set__release_date").desc(nulls_last=True),
            "card_set__code",
            "sort_number",
            "pk",
        ]
        return self.prefetch_related(
            models.Prefetch(
                "faces",
                queryset=CardFace.objects.defer(*SEARCH_NUMBERS).order_by("position"),
            ),
            models.Prefetch(
                "keywords",
                queryset=Keyword.objects.only(*KEYWORD_SHOWN).order_by("name", "pk"),
            ),
            models.Prefetch(
                "printings",
                queryset=printings.select_related("card_set").order_by(*newest_first),
            ),
            # A list on each printing: a card with hundreds of printings would otherwise make
            # a queryset for each.
            models.Prefetch(
                "printings__faces",
                queryset=PrintingFace.objects.order_by("position"),
                to_attr="printed_faces",
            ),
            models.Prefetch(
                "errata",
                queryset=Erratum.objects.select_related("face")
                .only(*ERRATUM_SHOWN, "face__name")
                .order_by("-date", "-id"),
            ),
        )


# What a card's page and the card API read of a printing, of its set and of a keyword
# (``CardQuerySet.for_page``): a card may have hundreds of printings, and every column read is
# a column converted on each.
PRINTING_SHOWN = (
    "card",
    "card_set",
    "scryfall_id",
    "multiverse_id",
    "multiverse_id_it",
    "collector_number",
    "layout",
    "rarity",
    "frame_version",
    "is_timeshifted",
    "is_promo",
    "name_it",
)
SET_SHOWN = ("code", "name", "name_it", "set_type", "release_date", "keyrune_code")
KEYWORD_SHOWN = ("slug", "name", "name_it", "kind")
ERRATUM_SHOWN = (
    "card",
    "face",
    "field",
    "date",
    "old_text",
    "new_text",
    "reason",
    "reason_it",
    "source",
)
# A face's numbers for the search alone (``CardFace.power_value`` and the like).
SEARCH_NUMBERS = ("power_value", "toughness_value", "loyalty_value")


class Card(models.Model):
    """One Oracle identity: every printing of the same card shares it."""

    oracle_id = models.UUIDField(_("Oracle id"), unique=True)
    name = models.CharField(_("Oracle name"), max_length=300)
    slug = models.SlugField(max_length=300, unique=True)
    layout = models.CharField(_("layout"), max_length=20, choices=Layout, default=Layout.NORMAL)
    mana_value = models.DecimalField(_("mana value"), max_digits=9, decimal_places=1, default=0)
    colors = models.CharField(_("colours"), max_length=5, blank=True)
    color_identity = models.CharField(_("colour identity"), max_length=5, blank=True)
    is_token = models.BooleanField(_("token"), default=False)
    # What the row is (CardKind), from is_token and layout: every search and list tests this one
    # small number instead of both columns on each card it scans. Kept right by ``save`` (and
    # for fixtures by ``card_kind_set``); the importer writes it with the row; the database
    # refuses a row where it disagrees with them (``card_kind_matches``).
    kind = models.SmallIntegerField(
        _("kind"), choices=CardKind.choices, default=CardKind.GAME_CARD, editable=False
    )
    is_reserved = models.BooleanField(
        _("on the reserved list"),
        default=False,
        help_text=_("Wizards of the Coast promises never to reprint it."),
    )
    legalities = models.JSONField(_("legalities"), default=dict, blank=True)
    edhrec_rank = models.PositiveIntegerField(
        _("EDHREC rank"),
        null=True,
        blank=True,
        help_text=_("Its place among the cards most played in Commander decks, as EDHREC counts."),
    )
    leadership = models.CharField(
        _("may lead a deck in"),
        max_length=40,
        blank=True,
        help_text=_("The formats whose decks it may lead: brawl, commander, oathbreaker."),
    )
    set_count = models.PositiveIntegerField(
        _("printed in sets"),
        null=True,
        blank=True,
        help_text=_("How many sets it was printed in, as MTGJSON counts."),
    )
    keywords = models.ManyToManyField(
        Keyword, related_name="cards", blank=True, verbose_name=_("keywords")
    )
    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        indexes = [
            models.Index(fields=["name"], name="card_name_idx"),
            # A long list's cards by id, without reading their wide rows (a set's table).
            models.Index(fields=["id", "name", "slug"], name="card_id_name_idx"),
            models.Index(fields=["mana_value"], name="card_mana_value_idx"),
            models.Index(fields=["layout"], name="card_layout_idx"),
            models.Index(fields=["colors"], name="card_colors_idx"),
            models.Index(fields=["color_identity"], name="card_color_identity_idx"),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(kind=KIND_OF_ROW), name="card_kind_matches")
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.kind = kind_of_card(self.is_token, self.layout)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"is_token", "layout"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "kind"}
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("cards:card-detail", args=[self.slug])

    @property
    def italian_name(self):
        """The Italian printed name, faces joined like the Oracle name; "" if not printed."""
        return joined_name([face.name_it for face in self.faces.all()])

    @property
    def display_name(self):
        return names_for_page(self.name, self.italian_name)[0]

    @property
    def other_name(self):
        """The name in the language the page is not in, when it differs."""
        return names_for_page(self.name, self.italian_name)[1]

    @property
    def can_be_face_down(self):
        """Morph and its kin let the card be cast face down as a nameless 2/2 (rule 708)."""
        return any(keyword.slug in FACE_DOWN_KEYWORDS for keyword in self.keywords.all())

    @property
    def leads(self) -> list:
        """The names of the formats whose decks it may lead (``leadership``)."""
        return [format_name(key) for key in self.leadership.split(",") if key]

    @property
    def legality_grid(self):
        """Its status in every main format and in the others its data names
        (``oracle.formats``)."""
        return legality_grid(self.legalities)


@receiver(pre_save, sender=Card, dispatch_uid="card_kind_set")
def card_kind_set(sender, instance, raw=False, **kwargs):
    """A fixture's rows are saved without ``Card.save``: their kind is set here."""
    if raw:
        instance.kind = kind_of_card(instance.is_token, instance.layout)


class CardFace(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="faces")
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    side = models.CharField(_("side"), max_length=2, blank=True)
    name = models.CharField(_("Oracle name"), max_length=200)
    mana_cost = models.CharField(_("mana cost"), max_length=100, blank=True)
    mana_value = models.DecimalField(_("mana value"), max_digits=9, decimal_places=1, default=0)
    type_line = models.CharField(_("type line"), max_length=200, blank=True)
    card_types = models.ManyToManyField(
        CardType, related_name="faces", blank=True, verbose_name=_("types")
    )
    oracle_text = models.TextField(_("Oracle text"), blank=True)
    power = models.CharField(_("power"), max_length=10, blank=True)
    toughness = models.CharField(_("toughness"), max_length=10, blank=True)
    loyalty = models.CharField(_("loyalty"), max_length=10, blank=True)
    defense = models.CharField(_("defense"), max_length=10, blank=True)
    hand_modifier = models.CharField(_("hand modifier"), max_length=10, blank=True)
    life_modifier = models.CharField(_("life modifier"), max_length=10, blank=True)
    colors = models.CharField(_("colours"), max_length=5, blank=True)
    color_indicator = models.CharField(_("colour indicator"), max_length=5, blank=True)
    name_it = models.CharField(_("Italian printed name"), max_length=200, blank=True)
    type_line_it = models.CharField(_("Italian printed type line"), max_length=200, blank=True)
    printed_text_it = models.TextField(_("Italian printed text"), blank=True)
    # Filled at import time by oracle/search/normalize.py, for the search: the numbers in power,
    # toughness and loyalty (null when not a number: "*", "1+*", "X").
    power_value = models.DecimalField(
        max_digits=9, decimal_places=1, null=True, blank=True, editable=False
    )
    toughness_value = models.DecimalField(
        max_digits=9, decimal_places=1, null=True, blank=True, editable=False
    )
    loyalty_value = models.DecimalField(
        max_digits=9, decimal_places=1, null=True, blank=True, editable=False
    )

    class Meta:
        ordering = ["card_id", "position"]
        verbose_name = _("card face")
        verbose_name_plural = _("card faces")
        constraints = [
            models.UniqueConstraint(fields=["card", "position"], name="cardface_unique_position")
        ]
        indexes = [
            models.Index(fields=["name"], name="cardface_name_idx"),
            models.Index(fields=["name_it"], name="cardface_name_it_idx"),
            # Cover "pow>tou" and "pow>=5" without reading the faces' text.
            models.Index(
                fields=["power_value", "toughness_value", "card"], name="cardface_power_idx"
            ),
            models.Index(fields=["toughness_value", "card"], name="cardface_toughness_idx"),
            # The rows of results and set pages: what a row shows of each face, from the index.
            models.Index(
                fields=["card", "position", "name_it", "mana_cost", "type_line", "type_line_it"],
                name="cardface_rows_idx",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def display_name(self):
        return localized(self, "name")

    @property
    def power_toughness(self):
        if self.power or self.toughness:
            return f"{self.power}/{self.toughness}"
        return ""
