"""The indexes of the card table's search columns, one list per engine (``common.indexes``):
each engine's planner is helped in its own way, as the benchmarks measured
(benchmarks/README.md)."""

from common.indexes import EngineIndex

SEARCH_COLUMNS = (
    "search_name",
    "search_type",
    "search_text",
    "search_flags",
    "search_printings",
    "search_artists",
    "search_flavor",
)
# What a results page tests of each card beside its sort key (``searched_kinds``: kind).
COVERED_COLUMNS = (
    "search_name",
    "search_type",
    "search_flags",
    "search_printings",
    "mana_value",
    "colors",
    "color_identity",
    "layout",
    "kind",
    "first_released",
    "last_released",
    "rarity_rank",
)
SQLITE_SEARCH_INDEXES = [
    # A results page walks the index of its language's sort key and tests each card's search
    # columns without reading the card row (legalities and all); the twin without the text is
    # a third of the size, for the searches that do not look at the text.
    *(
        index
        for column in ("sort_name", "sort_name_it")
        for index in (
            EngineIndex(
                fields=[column, "name", "slug", "search_text", *COVERED_COLUMNS],
                name=f"card_{column}_idx",
                engine="sqlite",
            ),
            EngineIndex(
                fields=[column, "name", "slug", *COVERED_COLUMNS],
                name=f"card_{column}_search_idx",
                engine="sqlite",
            ),
        )
    ),
    # Counting what a search finds scans one search column's index, which holds the scope too.
    *(
        EngineIndex(fields=[column, "kind"], name=f"card_{column}_scoped_idx", engine="sqlite")
        for column in SEARCH_COLUMNS
    ),
]
POSTGRES_SEARCH_INDEXES = [
    # The order by name in each language.
    EngineIndex(fields=["sort_name"], name="card_sort_name_pg_idx", engine="postgresql"),
    EngineIndex(fields=["sort_name_it"], name="card_sort_name_it_pg_idx", engine="postgresql"),
    # Trigram (pg_trgm) indexes, which LIKE '%...%' uses; the artists and the flavour texts have
    # none.
    *(
        EngineIndex(
            fields=[column],
            name=f"card_{column}_trgm",
            engine="postgresql",
            method="gin",
            opclasses=["gin_trgm_ops"],
        )
        for column in SEARCH_COLUMNS
        if column not in ("search_artists", "search_flavor")
    ),
    # Counting a search's cards from an index alone: the scope (is_token and layout, near the
    # start of the row, cost less there than kind: ``searched_kinds``) and the card's id beside
    # each short search column; the long ones keep their trigram indexes only (a B-tree entry
    # has a size limit that a long text could pass).
    EngineIndex(
        fields=["id"], include=["is_token", "layout"], name="card_scope_pg_idx", engine="postgresql"
    ),
    *(
        EngineIndex(
            fields=[column],
            include=["is_token", "layout", "id"],
            name=f"card_{column}_scoped_pg_idx",
            engine="postgresql",
        )
        for column in ("search_name", "search_type", "search_flags")
    ),
]
