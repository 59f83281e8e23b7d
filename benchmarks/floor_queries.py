"""The search benchmarks' queries, each with its floor: the same search written by hand over
the compact table of ``search_floor`` (its columns; ``{column:text}`` a substring test through
the column's full-text index, ``{legal:modern}``, ``{banned:legacy}``, ``{rarities:mythic}``
a bit of a bit set). Italian words are written with what the query language reads them as
("t:creatura" looks for "creature", "k:volare" is Flying).

The conditions mean what the query language's do (``oracle.search.conditions``), so the floor
finds the same cards: the benchmarks print a warning where the counts differ.
"""

# Issue 35's 28 representative queries (benchmarks/bench_search.py --floor-table), with the
# target each is judged by as the catalogue grows ten times: "selective" (names, text,
# keywords, rules: few cards found, which an index finds without reading the others: less
# than 2x) or "counting" (a large share of the catalogue counted: less than 10x).
SIDE_BY_SIDE = [
    # names: English, Italian, partial, a phrase
    ("llanowar", "selective", "{names:llanowar}"),
    ("fulmine", "selective", "{names:fulmine}"),
    ('"shivan dragon"', "selective", "{names:shivan dragon}"),
    # Oracle and Italian printed text, "~" the card's own name
    ('o:"draw a card"', "selective", "{text:draw a card}"),
    ('o:"pesca una carta"', "selective", "{text:pesca una carta}"),
    ('o:"~ deals"', "selective", "{text:~ deals}"),
    # types in both languages
    ("t:creature", "counting", "{types:creature}"),
    ("t:creatura", "counting", "{types:creature}"),
    ("t:elf", "counting", "{types:elf}"),
    ("t:drago", "counting", "{types:drago}"),
    # keywords, English and Italian
    ("k:flying", "selective", "{keywords:|flying|}"),
    ("k:volare", "selective", "{keywords:|flying|}"),
    # colours (one face blue and red: its letters in WUBRG order hold "UR" or "UBR") and
    # colour identity
    ("c:ur", "counting", "(colors LIKE '%UR%' OR colors LIKE '%UBR%')"),
    ("id<=esper", "counting", "identity NOT LIKE '%R%' AND identity NOT LIKE '%G%'"),
    # mana value (the card's, or a face's where the faces have their own) and power
    ("mv>=5", "counting", "mv_max >= 5"),
    ("pow>tou", "counting", "power_over > 0"),
    # sets, rarities, formats
    ("s:fut", "counting", "{printings: fut:}"),
    ("r:mythic", "counting", "{rarities:mythic}"),
    ("f:modern", "counting", "{legal:modern}"),
    ("banned:legacy", "counting", "{banned:legacy}"),
    # is:
    ("is:permanent", "counting", "flags LIKE '% permanent %'"),
    (
        "is:dfc",
        "counting",
        "layout IN ('transform', 'modal_dfc', 'meld', 'double_faced_token', 'reversible_card')",
    ),
    # the rules a card uses (702.19: trample)
    ("rule:702.19", "selective", "{rules: 702.19 }"),
    # negation, or, combined
    (
        "-t:creature c:g mv<=2",
        "counting",
        "NOT {types:creature} AND colors LIKE '%G%' AND mv_min <= 2",
    ),
    ("t:elf or t:goblin", "counting", "({types:elf} OR {types:goblin})"),
    (
        't:creature o:"draw a card" mv<=3 -c:u',
        "selective",
        "{text:draw a card} AND {types:creature} AND mv_min <= 3 AND colors NOT LIKE '%U%'",
    ),
    (
        "t:creatura k:volare s:fut",
        "selective",
        "{keywords:|flying|} AND {types:creature} AND {printings: fut:}",
    ),
    (
        "year>=2020 r:mythic t:dragon",
        "counting",
        "last_released >= '2020-01-01' AND {rarities:mythic} AND {types:dragon}",
    ),
]

# bench_pages.py's ten search pages (SEARCH_QUERIES).
PAGE_FLOORS = {
    "t:creature": "{types:creature}",
    "k:flying": "{keywords:|flying|}",
    'o:"draw a card"': "{text:draw a card}",
    "t:goblin c:r": "{types:goblin} AND colors LIKE '%R%'",
    "t:dragon mv>=5": "{types:dragon} AND mv_max >= 5",
    "c:ur": "(colors LIKE '%UR%' OR colors LIKE '%UBR%')",
    "t:legendary -t:creature": "{types:legendary} AND NOT {types:creature}",
    "pow>tou": "power_over > 0",
    "t:creatura k:volare": "{types:creature} AND {keywords:|flying|}",
    "is:split": "layout IN ('split', 'aftermath')",
}

FLOOR_CONDITIONS = {query: condition for query, _, condition in SIDE_BY_SIDE} | PAGE_FLOORS
