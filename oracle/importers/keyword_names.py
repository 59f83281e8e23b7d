"""Learn keywords' Italian names and reminder texts from cards printed in both languages.

MTGJSON names a card's keywords only in English, but thousands of cards carry their Italian
printed text too. Where a line of the English text is a keyword line ("Flying, haste" or
"Suspend 4—{U} (Rather than ...)") and the Italian line at the same place has the same shape
("Volare, rapidità", "Sospendere 4—{U} (...)"), the two line up word for word. Each pair is a
vote; the most voted Italian name wins.
"""

import re
from collections import Counter, defaultdict
from collections.abc import Iterable

REMINDER = re.compile(r"\s*\(([^()]*)\)\s*$")
DASHES = str.maketrans({"—": "-", "–": "-"})


def align_keyword_names(
    samples: Iterable[tuple[str, str, set[str]]],
) -> dict[str, tuple[str, str, str]]:
    """From (English text, Italian text, English keywords) give {keyword: (it name, en reminder,
    it reminder)}; a value is "" where nothing lined up."""
    names: dict[str, Counter] = defaultdict(Counter)
    reminders: dict[str, Counter] = defaultdict(Counter)
    reminders_it: dict[str, Counter] = defaultdict(Counter)
    for english, italian, keywords in samples:
        english_lines, italian_lines = english.splitlines(), italian.splitlines()
        if len(english_lines) != len(italian_lines):
            continue
        lowered = {keyword.lower(): keyword for keyword in keywords}
        for en_line, it_line in zip(english_lines, italian_lines, strict=True):
            for keyword, name_it, reminder, reminder_it in _align_line(en_line, it_line, lowered):
                names[keyword][name_it] += 1
                if reminder:
                    reminders[keyword][reminder] += 1
                if reminder_it:
                    reminders_it[keyword][reminder_it] += 1
    return {
        keyword: (
            _most_common(names[keyword]),
            _most_common(reminders[keyword]),
            _most_common(reminders_it[keyword]),
        )
        for keyword in names
    }


def _align_line(en_line: str, it_line: str, keywords: dict[str, str]):
    en_body, en_reminder = _split_reminder(en_line)
    it_body, it_reminder = _split_reminder(it_line)
    en_parts = [part.strip() for part in re.split(r"[,;] ", en_body)]
    it_parts = [part.strip() for part in re.split(r"[,;] ", it_body)]
    if len(en_parts) != len(it_parts):
        return []
    pairs = []
    for en_part, it_part in zip(en_parts, it_parts, strict=True):
        keyword = _keyword_at_start(en_part, keywords)
        if keyword is None:
            return []  # not a pure keyword line: the parts would not line up reliably
        rest = en_part[len(keyword) :].translate(DASHES).strip()
        it_flat = it_part.translate(DASHES)
        if rest and not it_flat.endswith(rest):
            return []
        name_it = it_part[: len(it_part) - len(rest)].strip() if rest else it_part
        name_it = name_it.rstrip(" -—–")
        if not name_it or len(name_it) > 40:
            return []
        single = len(en_parts) == 1
        pairs.append(
            (
                keywords[keyword.lower()],
                name_it[0].upper() + name_it[1:],
                en_reminder if single else "",
                it_reminder if single else "",
            )
        )
    return pairs


def _split_reminder(line: str) -> tuple[str, str]:
    match = REMINDER.search(line)
    if match:
        return line[: match.start()].strip(), match[1].strip()
    return line.strip(), ""


def _keyword_at_start(part: str, keywords: dict[str, str]) -> str | None:
    lowered = part.lower()
    for keyword in sorted(keywords, key=len, reverse=True):
        if lowered == keyword or (lowered.startswith(keyword) and lowered[len(keyword)] in " —-–"):
            return part[: len(keyword)]
    return None


def _most_common(counter: Counter) -> str:
    return counter.most_common(1)[0][0] if counter else ""
