"""Condition tree: each node turns into a ``Q`` on the search row (``CardSearch``, whose
primary key is the card's) and prints back as canonical text.

Most conditions test the row's own columns (``normalize``: folded names, type lines, texts,
keywords, flags and printings of all its faces, one per line); the rest, which look at a
to-many relation (a face's power, errata, a printing's frame), become ``pk__in=<subquery>`` or
EXISTS. So
conditions combine with and, or and not without joins that would multiply rows or make
"t:creature t:land" mean "one face that is both".

Each keyed condition class has ``from_term(op, value)``, which returns the condition or a
Problem explaining what is wrong with the value: one small rule per key.

- ``tree``: And, Or, Not and Condition, the leaves; ``lookups``: the ``Q`` building blocks
  they share; ``value_problems``: what is wrong with a value, and the closest right one.
- ``card_text``: names, type lines, texts, keywords; ``printings``: sets, rarities, dates;
  ``printed``: artists, flavour texts, watermarks, blocks, set types, frames, borders;
  ``formats``: legal, banned or restricted in a format;
  ``colors``; ``costs``: mana costs; ``numbers``: mana value, power, toughness, loyalty;
  ``flags``: ``is:``, ``has:``, ``lang:``; ``ids``: ``oracleid:``; ``ordering``: ``order:``
  and ``dir:``.
"""

from common.engines import IdList, likely
from oracle.search.conditions.card_text import (
    ENGLISH_TYPE_WORDS,
    ITALIAN_TYPE_WORDS,
    KeywordCondition,
    NameCondition,
    TextCondition,
    TypeCondition,
    keyword_rows,
    keyword_table,
)
from oracle.search.conditions.colors import COLOR_FIELDS, COLOR_WORDS, ColorCondition
from oracle.search.conditions.costs import ManaCostCondition
from oracle.search.conditions.flags import FLAGS, FlagCondition, asks_for_tokens
from oracle.search.conditions.formats import FORMAT_KEYS, FormatCondition
from oracle.search.conditions.ids import OracleIdCondition
from oracle.search.conditions.lookups import (
    cards_with_faces,
    cards_with_printings,
    compare,
    compare_expression,
    everything,
    nothing,
)
from oracle.search.conditions.numbers import (
    CARD_NUMBER_COLUMNS,
    NUMBER_KEYS,
    STAR_COLUMNS,
    NumberCondition,
)
from oracle.search.conditions.ordering import DIR_ALIASES, ORDER_ALIASES, ordering
from oracle.search.conditions.printed import PRINTED_CONDITIONS, BlockCondition
from oracle.search.conditions.printings import (
    RARITIES,
    RARITY_WORDS,
    SET_CODE,
    DateCondition,
    RarityCondition,
    SetCondition,
)
from oracle.search.conditions.tree import And, Condition, Node, Not, Or, leaves
from oracle.search.conditions.value_problems import needs_colon, suggest, unknown_value

__all__ = [
    "CARD_NUMBER_COLUMNS",
    "COLOR_FIELDS",
    "COLOR_WORDS",
    "DIR_ALIASES",
    "ENGLISH_TYPE_WORDS",
    "FLAGS",
    "FORMAT_KEYS",
    "ITALIAN_TYPE_WORDS",
    "NUMBER_KEYS",
    "ORDER_ALIASES",
    "PRINTED_CONDITIONS",
    "RARITIES",
    "RARITY_WORDS",
    "SET_CODE",
    "STAR_COLUMNS",
    "And",
    "BlockCondition",
    "ColorCondition",
    "Condition",
    "DateCondition",
    "FlagCondition",
    "FormatCondition",
    "IdList",
    "KeywordCondition",
    "ManaCostCondition",
    "NameCondition",
    "OracleIdCondition",
    "Node",
    "Not",
    "NumberCondition",
    "Or",
    "RarityCondition",
    "SetCondition",
    "TextCondition",
    "TypeCondition",
    "asks_for_tokens",
    "cards_with_faces",
    "cards_with_printings",
    "compare",
    "compare_expression",
    "everything",
    "keyword_rows",
    "keyword_table",
    "leaves",
    "likely",
    "needs_colon",
    "nothing",
    "ordering",
    "suggest",
    "unknown_value",
]
