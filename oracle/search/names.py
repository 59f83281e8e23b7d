"""Names a query uses that the database does not know: keywords, set codes, blocks (and what the
keys a layer above adds say is wrong: ``added_terms.SearchKey.problems``).

``parse`` reads no database, so ``k:volo`` and ``s:xyz`` are valid terms that simply find
nothing. This check reads the keyword and set tables (once each, only when the query has such
terms) and says which names are unknown, with the closest known one as a suggestion:
``k:volo`` -> ``kw:volare``, ``s:"visione futura"`` never gets this far but ``s:fvt`` -> ``s:fut``.
"""

import difflib

from django.db.models.functions import Upper
from django.utils.translation import gettext

from common.text import fold_line, slug_for
from oracle.models import CardSet
from oracle.search import added_terms
from oracle.search import conditions as c
from oracle.search.problems import Problem
from oracle.search.tokens import quote


def unknown_names(tree: c.Node | None, added: tuple = ()) -> list[Problem]:
    """A Problem for each keyword or set code in ``tree`` that nothing in the database has,
    then those the ``added`` keys name (a rule number that is not today's, say)."""
    leaves = list(c.leaves(tree))
    keywords = [node for node in leaves if isinstance(node, c.KeywordCondition)]
    sets = [node for node in leaves if isinstance(node, c.SetCondition)]
    blocks = [node for node in leaves if isinstance(node, c.BlockCondition)]
    problems = _unknown_keywords(keywords) + _unknown_sets(sets) + _unknown_blocks(blocks)
    for search_key in added_terms.search_keys(added):
        terms = search_key.conditions_in(leaves)
        if search_key.problems is not None and terms:
            problems += search_key.problems(terms)
    return problems


def _unknown_keywords(conditions) -> list[Problem]:
    if not conditions:
        return []
    names = {}  # folded name -> name as the suggestion prints it
    slugs = set()
    for _, slug, name, name_it in c.keyword_rows():
        slugs.add(slug)
        names[name] = name
        if name_it:
            names[name_it] = name_it
    return [
        _not_found(
            condition,
            fold_line(condition.value),
            names,
            gettext("no keyword is called “%(name)s”") % {"name": condition.value},
            "kw:",
            cutoff=0.75,
            starting=True,
        )
        for condition in conditions
        if fold_line(condition.value) not in names and slug_for(condition.value) not in slugs
    ]


def _unknown_sets(conditions) -> list[Problem]:
    if not conditions:
        return []
    named = {condition.code.upper() for condition in conditions}
    known = CardSet.objects.annotate(upper_code=Upper("code")).filter(upper_code__in=named)
    if known.count() == len(named):  # one look-up on the codes' index, as most queries need
        return []
    codes = {code.lower(): code.lower() for code in CardSet.objects.values_list("code", flat=True)}
    return [
        _not_found(
            condition,
            condition.code,
            dict(sorted(codes.items())),
            gettext("no set has the code “%(code)s”") % {"code": condition.code},
            "s:",
        )
        for condition in conditions
        if condition.code not in codes
    ]


def _unknown_blocks(conditions) -> list[Problem]:
    if not conditions:
        return []
    names = {}  # folded name or code -> the block's folded name, as the suggestion prints it
    for code, block, block_it in CardSet.objects.exclude(block="").values_list(
        "code", "block", "block_it"
    ):
        names.update({fold_line(block): fold_line(block), fold_line(code): fold_line(block)})
        if block_it:
            names[fold_line(block_it)] = fold_line(block_it)
    return [
        _not_found(
            condition,
            condition.value,
            names,
            gettext("no block is called “%(name)s”") % {"name": condition.value},
            "b:",
        )
        for condition in conditions
        if condition.value not in names
    ]


def _not_found(
    condition, value: str, names: dict, message: str, key: str, cutoff=0.6, starting=False
) -> Problem:
    """The Problem of a name nothing has, suggesting the closest of ``names`` (a name as it is
    compared -> the name as the suggestion prints it); with ``starting``, the shortest name that
    starts with a value of three letters or more comes first (``k:fly``: ``kw:flying``)."""
    close = difflib.get_close_matches(value, list(names), n=1, cutoff=cutoff)
    if starting and len(value) >= 3:
        longer = sorted((name for name in names if name.startswith(value)), key=_shortest)
        close = longer[:1] or close
    return Problem(str(condition), message, f"{key}{quote(names[close[0]])}" if close else "")


def _shortest(name: str) -> tuple[int, str]:
    return len(name), name
