"""What a card *is*: sets, Oracle cards, their faces, printings with printed text, keywords,
types and errata.

English Oracle text is canonical and lives on Card and CardFace. Italian text is *printed* text:
it belongs to one printing (PrintingFace), and the face keeps a copy of the most recent Italian
printing's wording (``name_it``, ``type_line_it``, ``printed_text_it``) for listings and search.
"""

from django.db import models
from django.urls import reverse
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


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


class Rarity(models.TextChoices):
    COMMON = "common", _("Common")
    UNCOMMON = "uncommon", _("Uncommon")
    RARE = "rare", _("Rare")
    MYTHIC = "mythic", _("Mythic rare")
    SPECIAL = "special", _("Special")
    BONUS = "bonus", _("Bonus")


COLOR_ORDER = "WUBRG"
FACE_DOWN_KEYWORDS = {"morph", "megamorph", "disguise", "cloak", "manifest", "manifest-dread"}

LEGALITY_LABELS = {
    "Legal": _("Legal"),
    "Banned": _("Banned"),
    "Restricted": _("Restricted"),
    "Not Legal": _("Not legal"),
}


def is_italian_page() -> bool:
    return (get_language() or "en").startswith("it")


def joined_name(face_names) -> str:
    """Face names joined like an Oracle name ("Tramonto // Alba"); "" if any is missing."""
    face_names = list(face_names)
    return " // ".join(face_names) if face_names and all(face_names) else ""


def names_for_page(english: str, italian: str) -> tuple[str, str]:
    """(the name to show, the other language's name or "") for the page's language."""
    shown = italian if is_italian_page() and italian else english
    other = english if shown != english else italian
    return shown, other if other != shown else ""


def localized(obj, field):
    """The Italian value of ``field`` on an Italian page when there is one, else the English."""
    if is_italian_page():
        value = getattr(obj, f"{field}_it", "")
        if value:
            return value
    return getattr(obj, field)


class CardSet(models.Model):
    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("English name"), max_length=200)
    name_it = models.CharField(_("Italian name"), max_length=200, blank=True)
    set_type = models.CharField(_("set type"), max_length=40, blank=True)
    block = models.CharField(_("block"), max_length=100, blank=True)
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
        indexes = [models.Index(fields=["release_date"], name="cardset_release_idx")]

    def __str__(self):
        return f"{self.name} ({self.code})"

    def get_absolute_url(self):
        return reverse("oracle:set-detail", args=[self.code.lower()])

    @property
    def display_name(self):
        return localized(self, "name")

    @property
    def other_name(self):
        """The name in the language the page is not in, when it differs."""
        return names_for_page(self.name, self.name_it)[1]

    @property
    def symbol_code(self):
        return (self.keyrune_code or self.code).lower()


class Keyword(models.Model):
    class Kind(models.TextChoices):
        ABILITY = "ability", _("Keyword ability")
        ACTION = "action", _("Keyword action")
        ABILITY_WORD = "ability_word", _("Ability word")

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(_("English name"), max_length=80)
    name_it = models.CharField(_("Italian name"), max_length=80, blank=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind, default=Kind.ABILITY)
    reminder_text = models.TextField(_("English reminder text"), blank=True)
    reminder_text_it = models.TextField(_("Italian reminder text"), blank=True)
    rule_number = models.CharField(
        _("defining rule"), max_length=20, blank=True, help_text=_("For example 702.9")
    )
    document_only = models.BooleanField(
        _("known from a document only"),
        default=False,
        help_text=_(
            "Defined by a document (release notes, FAQ) that no card data or rules edition here "
            "confirms yet: the English name may be the document's own term."
        ),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("keyword")
        verbose_name_plural = _("keywords")

    def __str__(self):
        return self.name

    @property
    def display_name(self):
        return localized(self, "name")


class CardType(models.Model):
    """One word of a type line: a supertype (Legendary), card type (Creature) or subtype (Elf)."""

    class Kind(models.TextChoices):
        SUPERTYPE = "supertype", _("Supertype")
        TYPE = "type", _("Card type")
        SUBTYPE = "subtype", _("Subtype")

    name = models.CharField(_("English name"), max_length=80)
    name_it = models.CharField(_("Italian name"), max_length=80, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    document_only = models.BooleanField(
        _("known from a document only"),
        default=False,
        help_text=_("Named by a document that no card data here confirms yet."),
    )

    class Meta:
        ordering = ["kind", "name"]
        verbose_name = _("card type")
        verbose_name_plural = _("card types")
        constraints = [
            models.UniqueConstraint(fields=["kind", "name"], name="cardtype_unique_kind_name")
        ]

    def __str__(self):
        return self.name


class CardQuerySet(models.QuerySet):
    def for_detail(self):
        return self.prefetch_related(
            "faces",
            "keywords",
            models.Prefetch(
                "printings",
                queryset=Printing.objects.select_related("card_set")
                .prefetch_related("faces")
                .order_by("-card_set__release_date", "card_set__code", "sort_number"),
            ),
            models.Prefetch(
                "errata", queryset=Erratum.objects.select_related("face").order_by("-date", "-id")
            ),
        )


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
    legalities = models.JSONField(_("legalities"), default=dict, blank=True)
    keywords = models.ManyToManyField(
        Keyword, related_name="cards", blank=True, verbose_name=_("keywords")
    )
    document_only = models.BooleanField(
        _("known from a document only"),
        default=False,
        help_text=_(
            "Created from what a document states (release notes, FAQ) because no card data held "
            "it; the next card import that brings it merges into this card."
        ),
    )
    # Filled at import time by oracle/search/normalize.py for the search (see there): folded
    # names, type lines and texts of every face in both languages, kinds of card, printings
    # (set, rarity, date), the first and last release, the highest rarity.
    search_name = models.TextField(blank=True, editable=False)
    search_type = models.TextField(blank=True, editable=False)
    search_text = models.TextField(blank=True, editable=False)
    search_flags = models.TextField(blank=True, editable=False)
    search_printings = models.TextField(blank=True, editable=False)
    first_released = models.DateField(null=True, blank=True, editable=False)
    last_released = models.DateField(null=True, blank=True, editable=False)
    rarity_rank = models.PositiveSmallIntegerField(default=0, editable=False)
    # Filled by rulings' rule linker: " 702.37c 702.37 702 7 708 ... " (each linked rule number
    # with its ancestors), so the search's rule: operator needs no join to another app.
    search_rules = models.TextField(blank=True, editable=False)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        indexes = [
            models.Index(fields=["name"], name="card_name_idx"),
            models.Index(fields=["mana_value"], name="card_mana_value_idx"),
            models.Index(fields=["layout"], name="card_layout_idx"),
            models.Index(fields=["colors"], name="card_colors_idx"),
            models.Index(fields=["color_identity"], name="card_color_identity_idx"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("oracle:card-detail", args=[self.slug])

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
    def legal_formats(self):
        """(format, translated status) pairs, by format name."""
        return [
            (fmt, LEGALITY_LABELS.get(status, status))
            for fmt, status in sorted(self.legalities.items())
        ]


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

    def __str__(self):
        return f"{self.card.name} ({self.card_set.code} {self.collector_number})"

    def get_absolute_url(self):
        return reverse(
            "oracle:printing-detail", args=[self.card_set.code.lower(), self.collector_number]
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


class Erratum(models.Model):
    """A dated change to a face's Oracle wording, written by an editor."""

    class Field(models.TextChoices):
        TEXT = "text", _("Oracle text")
        NAME = "name", _("Name")
        TYPE_LINE = "type_line", _("Type line")

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="errata", verbose_name=_("card")
    )
    face = models.ForeignKey(
        CardFace,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="errata",
        verbose_name=_("face"),
        help_text=_("Only for cards with more than one face."),
    )
    field = models.CharField(_("what changed"), max_length=10, choices=Field, default=Field.TEXT)
    date = models.DateField(_("date"))
    old_text = models.TextField(_("old wording"))
    new_text = models.TextField(_("new wording"))
    reason = models.TextField(_("reason (English)"), blank=True)
    reason_it = models.TextField(_("reason (Italian)"), blank=True)
    source = models.CharField(
        _("source"), max_length=500, blank=True, help_text=_("Document or address it comes from.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("erratum")
        verbose_name_plural = _("errata")
        indexes = [models.Index(fields=["card", "date"], name="erratum_card_date_idx")]

    def __str__(self):
        return f"{self.card.name}, {self.date:%Y-%m-%d}"

    @property
    def display_reason(self):
        return localized(self, "reason")
