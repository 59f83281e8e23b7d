"""The order of a search whose words could be a card's name: how well a card's names match them.

A query's bare words side by side (``fulmine``, ``sol ring``, ``"shivan dragon" t:dragon``: the
name conditions among the terms that must all match) are read as a name typed whole. A card
ranks by the best of its names, English or Italian (``CardSearch.search_name``, one folded name
a line):

    0  a name is the words                        fulmine: Fulmine (Lightning Bolt)
    1  a name starts with the words, whole        fulmine: Fulmine a Dispersione
    2  a name has the words, whole, further on    fulmine: Colpo di Fulmine
    3  a name starts with the words as typed      lightn: Lightning Bolt
    4  the rest                                   fulmine: Attacco Fulmineo

Among cards of one rank, those whose name in the page's language (its sort key,
``CardSearch.sort_name`` or ``sort_name_it``) is the words, starts with them or holds them come
first, in that order ("thallid" on an English page: Thallid, Thallid Germinator, then Deathspore
Thallid, whose Italian name starts with the word); then the order by the name the page shows.
The ranks are a CASE over the row's own columns (``contains``, ``startswith``: LIKE on both
engines, the same meaning), computed only for the cards found. Whole words are told apart from
parts of words by what stands beside them: a space, a line's end, or the punctuation a name may
have there ("Akroma, Angelo", "L'Angelo", "Sol-Dimora", "Protection: Red"), each read as a
space.
"""

import operator
import re
from functools import reduce

from django.db.models import Case, F, IntegerField, Q, TextField, Value, When
from django.db.models.functions import Replace
from django.db.models.lookups import Contains

from common.text import fold_line, sort_key
from oracle.search import conditions as c
from oracle.search.conditions.card_text import faces_spaced
from oracle.search.conditions.ordering import name_key

# Punctuation that ends or starts a word in a name, read as a space.
WORD_BREAKS = (",", "'", "-", ":")
_BREAKS = re.compile("[" + re.escape("".join(WORD_BREAKS)) + "]")


def name_words(tree: c.Node | None) -> str:
    """The folded words of the query that could be a card's name, in the order typed ("" when
    it has none): its bare words and phrases (not ``!"exact"`` names, not under or, not negated)."""
    terms = tree.children if isinstance(tree, c.And) else (tree,)
    words = [term.value for term in terms if isinstance(term, c.NameCondition) and not term.exact]
    return faces_spaced(fold_line(" ".join(words)))


def _as_words(folded: str) -> str:
    """Punctuation between words made spaces, one space between words."""
    return " ".join(_BREAKS.sub(" ", folded).split())


def ranking(tree: c.Node | None) -> list:
    """order_by() expressions that put first the cards whose names best match the words of the
    query ``tree`` that could be a card's name (``name_words``; see the module); [] when it has
    none."""
    words = name_words(tree)
    if not words:
        return []
    within = page_language_rank(words)
    return [relevance(words).asc()] + ([within.asc()] if within is not None else [])


def page_language_rank(words: str) -> Case | None:
    """0 when the name the page shows is ``words``, 1 when it starts with them, 2 when it holds
    them as whole words, 3 otherwise (read from its sort key, whose words "0" joins); None when
    the words have no sort key (PostgreSQL would read a constant in ORDER BY as a column)."""
    column = name_key().name
    key = sort_key(words)
    if not key:
        return None
    return Case(
        When(Q(**{column: key}), then=Value(0)),
        When(Q(**{f"{column}__startswith": f"{key}0"}), then=Value(1)),
        When(
            Q(**{f"{column}__contains": f"0{key}0"}) | Q(**{f"{column}__endswith": f"0{key}"}),
            then=Value(2),
        ),
        default=Value(3),
        output_field=IntegerField(),
    )


def relevance(words: str) -> Case:
    """The rank of each card (0 best) for the folded name ``words`` (see the module)."""
    spaced = _as_words(words) or words
    names = F("search_name")
    # A name that starts with the words and goes on: a few LIKEs on the column, which cost less
    # than the padded copy below that only the cards of lower ranks need.
    starting = [Q(Contains(names, f"\n{words}{mark}")) for mark in (" ", *WORD_BREAKS)]
    # Every line of the names with a space each side of it, and punctuation made spaces.
    padded = names
    for mark in WORD_BREAKS:
        padded = Replace(padded, Value(mark), Value(" "), output_field=TextField())
    padded = Replace(padded, Value("\n"), Value(" \n "), output_field=TextField())
    return Case(
        When(Contains(names, f"\n{words}\n"), then=Value(0)),
        When(reduce(operator.or_, starting), then=Value(1)),
        When(Contains(padded, f" {spaced} "), then=Value(2)),
        When(Contains(names, f"\n{words}"), then=Value(3)),
        default=Value(4),
        output_field=IntegerField(),
    )
