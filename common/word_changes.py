"""Word-level differences between two wordings: which words an erratum, a printing or an
editor removed and added. The pages (``web.rendering.diff``) and the admin's history pages
(``common.history_changes``) write them out."""

import difflib
import re
from functools import lru_cache

# Words, runs of white space and single punctuation marks are the units compared.
TOKEN = re.compile(r"\s+|[\w'’+\-/{}]+|[^\w\s]", re.UNICODE)


def tokenize(text: str) -> list[str]:
    return TOKEN.findall(text or "")


@lru_cache(maxsize=1024)  # a card's page compares the same wordings in each language
def word_changes(old: str, new: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``new`` as runs ("same", "del" or "ins", its lines): removed words in "del" runs,
    added words in "ins" runs; a change of white space alone is not shown."""
    before, after = tokenize(old), tokenize(new)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    changes = []
    for operation, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        removed = "".join(before[a_start:a_end])
        added = "".join(after[b_start:b_end])
        if operation == "equal":
            changes.append(("same", added))
            continue
        if removed.strip():
            changes.append(("del", removed))
        elif removed:
            changes.append(("same", removed))
        if added.strip():
            changes.append(("ins", added))
        elif added and not removed:
            changes.append(("same", added))
    return tuple((kind, tuple(words.split("\n"))) for kind, words in changes if words)
