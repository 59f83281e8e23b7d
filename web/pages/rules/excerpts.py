"""Search words and the excerpts that show them: words folded (no case, no accents), matched
whole in folded text ("morph" is not in "metamorphosis"), marked in the original spelling."""

import re
from collections.abc import Iterable

from django.utils.safestring import SafeString

from common.text import fold, fold_with_origins
from web.rendering.markup import inline
from web.rendering.text_pieces import highlighted, outside_symbols, text


def query_words(query: str) -> list[str]:
    """The words of a search, folded (lower case, no accents), each once, in order."""
    return list(dict.fromkeys(re.findall(r"\w+", fold(query or ""))))


def whole_word(word: str) -> re.Pattern:
    """``word`` standing alone (``re`` keeps the patterns it compiled)."""
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")


def matches_all(haystack: str, words: Iterable[str]) -> bool:
    """True when every (folded) word occurs whole in the (folded) haystack."""
    return all(word in haystack and whole_word(word).search(haystack) for word in words)


def highlight(value: str, words: Iterable[str], width: int = 220) -> SafeString:
    """An excerpt of ``value`` around the first matching word, matches in <mark>, mana symbols
    as icons (the markup made by a template).

    Matching ignores case and accents ("perche" marks "Perché"); the excerpt keeps the
    original spelling. Without a match, the start of the text.
    """
    value = " ".join((value or "").split())
    folded, origin = fold_with_origins(value)
    spans = []
    for word in words:
        if word:
            for match in whole_word(word).finditer(folded):
                spans.append((origin[match.start()], origin[match.end() - 1] + 1))
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    first = merged[0][0] if merged else 0
    begin = max(0, first - width // 3)
    if begin:
        space = value.find(" ", begin)
        begin = space + 1 if 0 <= space < first else begin
    stop = min(len(value), begin + width)
    if stop < len(value):
        space = value.rfind(" ", begin, stop)
        stop = space if space > first else stop
    begin, stop = outside_symbols(value, begin, stop)
    spans = [
        (max(start, begin), min(end, stop)) for start, end in merged if begin < end and start < stop
    ]
    pieces = highlighted(value, begin, stop, spans)
    before = "… " if begin else ""
    after = " …" if stop < len(value) else ""
    return inline([text(before), *pieces, text(after)])
