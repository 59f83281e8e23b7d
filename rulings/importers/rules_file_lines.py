"""The numbered lines of a rules file: which level a line is (``classify``), whether its
number comes where it stands (``check_order``), and the error a file that cannot be read
raises (``ReadError``). No database."""

import re

from rulings.rules.numbers import (
    CHAPTER_NUMBER,
    RULE_NUMBER,
    SECTION_NUMBER,
    SUBRULE_LETTERS,
    number_key,
    parent_number,
)

CHAPTER, SECTION, RULE, SUBRULE = 1, 2, 3, 4  # RuleSection.Level values
LEVEL_NAMES = {CHAPTER: "chapter", SECTION: "section", RULE: "rule", SUBRULE: "subrule"}


CHAPTER_LINE = re.compile(rf"^(?P<number>{CHAPTER_NUMBER})\.\s+(?P<text>\S.*)$")
SECTION_LINE = re.compile(rf"^(?P<number>{SECTION_NUMBER})\.\s+(?P<text>\S.*)$")
RULE_LINE = re.compile(rf"^(?P<number>{RULE_NUMBER})(?:\.\s*|\s+)(?P<text>\S.*)$")
SUBRULE_LINE = re.compile(rf"^(?P<number>{RULE_NUMBER}{SUBRULE_LETTERS})\.?\s+(?P<text>\S.*)$")
# "606. 8b Players win ...": a subrule number broken by a space (May 2007, July 2009 files).
BROKEN_NUMBER = re.compile(
    rf"^(?P<section>{SECTION_NUMBER})\.\s+(?P<rest>\d+(?:{SUBRULE_LETTERS}\.?|\.)\s)"
)
# Starts like a rule number but is none of the above: "1002.1 ...", "702.37. " with no text.
NUMBER_LIKE = re.compile(r"^\d{1,4}\.\d")
EXAMPLE_LINE = re.compile(r"^(?:Examples?|Esempi[oi]?)\s*:\s*(?P<text>.*)$", re.IGNORECASE)


class ReadError(Exception):
    """A rules file that cannot be imported. The message names the file, the line and the
    problem."""

    def __init__(self, name: str, line: int | None, message: str):
        self.name, self.line, self.message = name, line, message
        where = f"{name}, line {line}" if line else name
        super().__init__(f"{where}: {message}")


def classify(line: str):
    """(level, number, text) for a numbered line, ("example", None, text), or None."""
    for level, pattern in (
        (SUBRULE, SUBRULE_LINE),
        (RULE, RULE_LINE),
        (SECTION, SECTION_LINE),
        (CHAPTER, CHAPTER_LINE),
    ):
        match = pattern.match(line)
        if match:
            return level, match["number"], match["text"].strip()
    match = EXAMPLE_LINE.match(line)
    if match:
        return "example", None, match["text"].strip()
    return None


def next_numbers(level: int, open_items: dict[int, str]) -> set[str]:
    """The numbers that may come next at ``level``, given the items we are inside."""
    previous = open_items.get(level)
    if level == CHAPTER:
        return {str(int(previous) + 1) if previous else "1"}
    parent = open_items.get(level - 1)
    if parent is None:
        return set()
    if level == SECTION:
        return {str(int(previous) + 1) if previous else f"{parent}00"}
    if level == RULE:
        return {f"{parent}.{int(previous.split('.')[1]) + 1}" if previous else f"{parent}.1"}
    letters = previous[len(parent) :] if previous else ""
    if not letters:
        return {f"{parent}a"}
    if letters[-1] == "z":
        following = {letters[:-1] + "aa" if len(letters) == 1 else letters + "a"}
    else:
        following = {letters[:-1] + chr(ord(letters[-1]) + 1)}
        following |= {f[:-1] + chr(ord(f[-1]) + 1) for f in following if f[-1] in "lo"}
    return {parent + option for option in following}


def check_order(name, line_no, level, number, open_items, last_key, warnings) -> str:
    """The number as it should be read; a ReadError when it is out of place.

    Real files have typos: the May 2007 rules print "432.2b" between 423.2a and 423.3. A number
    out of place whose characters are those of the number expected there, in another order, is
    read as that number (with a warning); anything else out of place is an error.
    """
    parent = parent_number(number)
    in_order = last_key is None or number_key(number) > last_key
    if in_order and (parent is None or open_items.get(level - 1) == parent):
        return number
    for expected in next_numbers(level, open_items):
        if sorted(expected) == sorted(number):
            warnings.append(f"{name}, line {line_no}: read {number} as {expected} (misprint)")
            return expected
    if not in_order:
        last = next(open_items[lv] for lv in (SUBRULE, RULE, SECTION, CHAPTER) if lv in open_items)
        raise ReadError(
            name,
            line_no,
            f"{LEVEL_NAMES[level]} {number} is out of order; expected a number after {last}",
        )
    raise ReadError(
        name,
        line_no,
        f"{LEVEL_NAMES[level]} {number} has no {LEVEL_NAMES[level - 1]} {parent} before it; "
        f"expected '{parent}. ...' first",
    )
