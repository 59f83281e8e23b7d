"""Word-level differences between two wordings, for errata and printed-vs-Oracle text."""

import difflib
import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Words, runs of white space and single punctuation marks are the units compared.
TOKEN = re.compile(r"\s+|[\w'’+\-/{}]+|[^\w\s]", re.UNICODE)


def tokenize(text: str) -> list[str]:
    return TOKEN.findall(text or "")


def word_diff(old: str, new: str) -> SafeString:
    """HTML of ``new`` with removed words in <del> and added words in <ins>; all escaped."""
    before, after = tokenize(old), tokenize(new)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    html = []
    for operation, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        removed = escape("".join(before[a_start:a_end]))
        added = escape("".join(after[b_start:b_end]))
        if operation == "equal":
            html.append(added)
            continue
        if removed.strip():
            html.append(f"<del>{removed}</del>")
        elif removed:
            html.append(removed)
        if added.strip():
            html.append(f"<ins>{added}</ins>")
        elif added and not removed:
            html.append(added)
    return mark_safe("".join(html).replace("\n", "<br>"))
