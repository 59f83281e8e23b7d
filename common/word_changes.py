"""Word-level differences between two wordings: which words an erratum, a printing or an
editor removed and added. The pages (``web.rendering.markup.word_diff``) and the admin's
history pages (``common.history_changes``) write them out."""

import re
from itertools import accumulate

from common.bounded_diff import opcodes

# Words, runs of white space and single punctuation marks are the units compared.
TOKEN = re.compile(r"\s+|[\w'’+\-/{}]+|[^\w\s]", re.UNICODE)


# The forms of one mark: a dash, en dash, minus or hyphen, a typographic or plain quote. Data
# and printings switch between them ("Grandeur — Discard", "Creature - Goblin"): no change of
# wording.
SAME_MARK = str.maketrans({"–": "—", "−": "—", "-": "—", "’": "'", "‘": "'", "“": '"', "”": '"'})


def compared_tokens(text: str) -> tuple[list[str], list[str]]:
    """The tokens of ``text`` and what each is compared by (any white space alike, each mark's
    forms alike); both cut where the plain forms cut ("−1" is one token, as "-1" is)."""
    text = text or ""
    plain = text.translate(SAME_MARK)  # one character for one: the same cuts apply
    keys = TOKEN.findall(plain)
    if plain == text:
        tokens = keys
    else:
        ends = list(accumulate(map(len, keys)))
        tokens = [text[start:end] for start, end in zip([0, *ends], ends, strict=False)]
    return tokens, [" " if key.isspace() else key for key in keys]


def word_changes(old: str, new: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``new`` as runs ("same", "del" or "ins", its lines): removed words in "del" runs,
    added words in "ins" runs; a change of white space or of a mark's form alone is not
    shown."""
    (before, before_keys), (after, after_keys) = compared_tokens(old), compared_tokens(new)
    changes = []
    for operation, a_start, a_end, b_start, b_end in opcodes(before_keys, after_keys):
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
