"""Card names for the search box as it is typed: the names that start with the text, then the
names with a word that does, in either language, accents, case and punctuation ignored.

    completions("angelo emi")  ->  (1, ["Angelo Eminente"])
    completions("angel")       ->  (411, ["Angel of Flight Alabaster", ..., "Exalted Angel", ...])

Each answer reads the name index (``CardName``) through its (key, word, name) index: a key
range, never a table scan, so it stays well under 10 ms on the whole catalogue.
"""

from common.text import key_range, key_words
from oracle.models import CardName

LIMIT = 20


def completions(text: str, limit: int = LIMIT) -> tuple[int, list[str]]:
    """(how many names match, the first ``limit`` of them): whole names that start with
    ``text`` first, then names with a later word that does, each in the order they file."""
    words = key_words(text or "")
    if not words:
        return 0, []
    rows = CardName.objects.starting_with(*key_range("0".join(words)))
    total = rows.values("name").distinct().count()
    if not total:
        return 0, []
    names = _first_names(rows.whole(), limit, [])
    if len(names) < limit:
        names = _first_names(rows.filter(word__gt=0), limit, names)
    return total, names


def _first_names(rows, limit, names):
    """``names`` with the names of ``rows`` that it lacks, in key order, up to ``limit``."""
    wanted = limit - len(names)
    found = rows.order_by("key", "name").values_list("name", flat=True)[: wanted + len(names)]
    names = list(names)
    for name in dict.fromkeys(found):
        if name not in names and len(names) < limit:
            names.append(name)
    return names
