"""The search row: one per card, everything the query language tests and a results row shows.

A query reads this one table (``oracle.search``: ``Query.filter`` narrows a ``CardSearch``
queryset) instead of joining the card to its faces, printings and keyword links: the importer
and every save that changes what a query can see write the row
(``oracle.search.search_rows.refresh_search_rows``), with each attribute folded once. The
columns are described in ``oracle.search.normalize``.

The long texts a query looks for substrings in (names, type lines, texts, keywords) have a
substring index on each engine: on SQLite an FTS5 table with the trigram tokenizer
(``oracle_cardsearch_fts``, kept by triggers, migration 0029), on PostgreSQL pg_trgm GIN
indexes. The ``substring`` lookup of those columns (``SearchedText``) reads the FTS table on
SQLite and ``LIKE``, which the trigram index answers, on PostgreSQL: the same meaning, a
substring of the folded text.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from common.indexes import EngineIndex
from oracle.models.cards import Card
from oracle.models.searched_text import SearchedText

# What a results page tests of each card beside its sort key (``searched_kinds``: kind).
COVERED_COLUMNS = (
    "search_name",
    "search_type",
    "search_flags",
    "search_printings",
    "search_keywords",
    "mana_value",
    "colors",
    "color_identity",
    "layout",
    "kind",
    "first_released",
    "last_released",
    "rarity_rank",
)
SEARCH_COLUMNS = (
    "search_name",
    "search_type",
    "search_text",
    "search_flags",
    "search_printings",
    "search_keywords",
    "search_artists",
    "search_flavor",
)
SQLITE_INDEXES = [
    # A results page walks the index of its language's sort key and tests each card's short
    # columns without reading the row (its long texts, which the FTS5 table answers for); a
    # count scans one of them, the row's id in each (the rowid).
    *(
        EngineIndex(
            fields=[column, "name", *COVERED_COLUMNS],
            name=f"cardsearch_{column}_idx",
            engine="sqlite",
        )
        for column in ("sort_name", "sort_name_it")
    ),
    # A column with the scope: the artists and flavour texts, which no other index holds
    # (``a:`` and ``ft:`` read only their own column's index), and the type lines and flags,
    # which the conditions that most cards meet scan (``t:creature``, ``is:permanent``,
    # ``f:modern``): counting them reads a narrow index, not a sort key's.
    *(
        EngineIndex(fields=[column, "kind"], name=f"cardsearch_{column}_idx", engine="sqlite")
        for column in ("search_type", "search_flags", "search_artists", "search_flavor")
    ),
]
POSTGRES_INDEXES = [
    EngineIndex(fields=["sort_name"], name="cardsearch_sort_name_pg_idx", engine="postgresql"),
    EngineIndex(
        fields=["sort_name_it"], name="cardsearch_sort_name_it_pg_idx", engine="postgresql"
    ),
    # Trigram (pg_trgm) indexes, which LIKE '%...%' uses; the artists and the flavour texts have
    # none (few searches, long texts).
    *(
        EngineIndex(
            fields=[column],
            name=f"cardsearch_{column}_trgm",
            engine="postgresql",
            method="gin",
            opclasses=["gin_trgm_ops"],
        )
        for column in SEARCH_COLUMNS
        if column not in ("search_artists", "search_flavor")
    ),
    # Counting a search's cards from an index alone: the scope (``searched_kinds``: kind), with
    # the layout (``is:split``), and the card beside each short search column; the long ones
    # keep their trigram indexes only (a B-tree entry has a size limit that a long text could
    # pass).
    EngineIndex(
        fields=["card"],
        include=["kind", "layout"],
        name="cardsearch_scope_pg_idx",
        engine="postgresql",
    ),
    *(
        EngineIndex(
            fields=[column],
            include=["kind", "card"],
            name=f"cardsearch_{column}_pg_idx",
            engine="postgresql",
        )
        for column in ("search_name", "search_type", "search_flags", "search_keywords")
    ),
]


class RowidKey(models.OneToOneField):
    """The card as the row's primary key, on SQLite its rowid: an "integer" primary key (a
    bigint one is a column of its own beside a hidden rowid), so that every index holds it, a
    scan of a covering index answers a query that also names the card, and the FTS5 table's
    rowids are the cards'."""

    def db_type(self, connection):
        return "integer" if connection.vendor == "sqlite" else super().db_type(connection)


class CardSearch(models.Model):
    """A card as the search sees it (written by ``search_rows.refresh_search_rows``)."""

    card = RowidKey(Card, on_delete=models.CASCADE, primary_key=True, related_name="search_row")
    # The card's own, copied: what conditions compare and a results row links to.
    oracle_id = models.UUIDField()
    name = models.CharField(max_length=300)
    slug = models.SlugField(max_length=300, db_index=False)
    layout = models.CharField(max_length=20)
    kind = models.SmallIntegerField()
    is_token = models.BooleanField(default=False)
    mana_value = models.DecimalField(max_digits=9, decimal_places=1, default=0)
    colors = models.CharField(max_length=5, blank=True)
    color_identity = models.CharField(max_length=5, blank=True)
    # Folded text searched for substrings (see normalize), with their substring indexes.
    search_name = SearchedText(blank=True)
    search_type = SearchedText(blank=True)
    search_text = SearchedText(blank=True)
    search_keywords = SearchedText(blank=True)
    search_printings = SearchedText(blank=True)
    search_flags = models.TextField(blank=True)
    search_artists = models.TextField(blank=True)
    search_flavor = models.TextField(blank=True)
    first_released = models.DateField(null=True, blank=True)
    last_released = models.DateField(null=True, blank=True)
    rarity_rank = models.PositiveSmallIntegerField(default=0)
    # The order by name in each language (``card_names.sort_columns``).
    sort_name = models.CharField(max_length=300, blank=True)
    sort_name_it = models.CharField(max_length=300, blank=True)
    # What a results row shows, as the page prints it: the faces' (Italian name, mana cost,
    # type line, Italian type line), one list per face; the sets the card is in, newest
    # first (code, symbol, name, Italian name, collector number, rarity:
    # ``search_rows.shown_sets``).
    faces = models.JSONField(default=list)
    sets = models.JSONField(default=list)

    class Meta:
        verbose_name = _("search row")
        verbose_name_plural = _("search rows")
        indexes = [*SQLITE_INDEXES, *POSTGRES_INDEXES]

    def __str__(self):
        return self.name
