"""What two sequences have in common, in order, as difflib's opcodes, in a time that stays
small however long they are (``common.word_changes`` compares wordings with it).

difflib's ``SequenceMatcher`` looks for the longest common run, then again on each side of it;
its time grows with the product of the two lengths, and faster, so two long texts could hold a
request for good. Here:

- two sequences whose lengths multiply to at most ``DIFFLIB_PAIRS`` go to difflib as they are
  (every card's wording does: the same answer as before);
- a longer one loses its common start and end, then is cut at anchors, as the "patience" diff
  does: the items that occur once on each side, of which the longest run of pairs in the same
  order on both sides is kept. Where no item occurs once on each side (a text of few, common
  words), runs of 2, 4, ... items are looked at instead. Each stretch between two anchors is
  matched in the same way, and goes to difflib once it is small, or has no anchor and is not
  too long for difflib;
- every item looked at and every pair of items difflib compares is work, and the work of one
  comparison has a ceiling (``WORK``): once it is spent, or when a long stretch has no anchor,
  that stretch counts as removed and added whole. The answer is then coarser (fewer words
  kept), never wrong.
"""

import bisect
import difflib
from collections import Counter
from collections.abc import Sequence

# Sequences go to difflib whole when their lengths multiply to at most this (a text of 500
# words of ten letters each side: longer than any card's wording).
DIFFLIB_PAIRS = 250_000
# A stretch of a longer comparison goes to difflib at once when this small, and else only when
# it has no anchor.
SMALL_STRETCH = 400
# The work of one comparison, in pairs of items difflib compares (100 to 250 ns each); setting
# difflib up, and an item looked at for anchors, count as so many pairs.
WORK = 300_000
DIFFLIB_CALL = 100
ITEM_COST = 1
# An item that occurs more often than this on each side is no anchor.
MOST_OCCURRENCES = 4
# Where no single item will do, anchors are runs of 2, 4, ... items, up to this many.
LONGEST_ANCHOR = 32


class _Work:
    def __init__(self, left: int):
        self.left = left

    def spend(self, amount: int) -> bool:
        """Whether ``amount`` is still affordable; spends it when it is."""
        if amount > self.left:
            return False
        self.left -= amount
        return True


def opcodes(a: Sequence, b: Sequence) -> list[tuple[str, int, int, int, int]]:
    """Like ``difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()``."""
    if len(a) * len(b) <= DIFFLIB_PAIRS:
        return difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    return _opcodes(_matching_blocks(a, b, _Work(WORK)), len(a), len(b))


def _matching_blocks(a, b, work: _Work) -> list[tuple[int, int, int]]:
    """(i, j, n) with a[i:i+n] == b[j:j+n], in order on both sides, adjacent ones joined."""
    found = []
    stretches = [(0, len(a), 0, len(b))]  # a stack: the leftmost on top
    while stretches:
        a_low, a_high, b_low, b_high = stretches.pop()
        a_low, b_low, a_high, b_high = _trim(a, b, a_low, b_low, a_high, b_high, found)
        if a_low == a_high or b_low == b_high:
            continue
        pairs = (a_high - a_low) * (b_high - b_low)
        anchors = []
        if pairs > SMALL_STRETCH:
            anchors = _anchors(a, b, a_low, a_high, b_low, b_high, work)
        if not anchors:
            if pairs <= DIFFLIB_PAIRS and work.spend(DIFFLIB_CALL + pairs):
                matcher = difflib.SequenceMatcher(
                    a=a[a_low:a_high], b=b[b_low:b_high], autojunk=False
                )
                blocks = matcher.get_matching_blocks()
                found += [(a_low + i, b_low + j, n) for i, j, n in blocks if n]
            continue
        gaps = []
        for i, j, n in anchors:
            found.append((i, j, n))
            gaps.append((a_low, i, b_low, j))
            a_low, b_low = i + n, j + n
        if anchors:
            gaps.append((a_low, a_high, b_low, b_high))
            stretches += reversed(gaps)
    return _joined(sorted(found))


def _trim(a, b, a_low, b_low, a_high, b_high, found):
    """The stretch without its common start and end, which are recorded as matches (no work
    counted: each item is matched once at most)."""
    start_a, start_b = a_low, b_low
    while a_low < a_high and b_low < b_high and a[a_low] == b[b_low]:
        a_low, b_low = a_low + 1, b_low + 1
    if a_low > start_a:
        found.append((start_a, start_b, a_low - start_a))
    end_a = a_high
    while a_high > a_low and b_high > b_low and a[a_high - 1] == b[b_high - 1]:
        a_high, b_high = a_high - 1, b_high - 1
    if a_high < end_a:
        found.append((a_high, b_high, end_a - a_high))
    return a_low, b_low, a_high, b_high


def _anchors(a, b, a_low, a_high, b_low, b_high, work) -> list[tuple[int, int, int]]:
    """The anchors of a stretch (see the module's docstring) as matching blocks, in order;
    none when the work left does not allow looking for them. A run of 2n items is known by the
    hash of its two halves' (each longer size costs one pass), and an anchor is checked item by
    item, since two runs may hash alike."""
    in_a, in_b, size = a[a_low:a_high], b[b_low:b_high], 1
    while in_a and in_b and work.spend(ITEM_COST * (len(in_a) + len(in_b))):
        fewer, more = sorted((Counter(in_a), Counter(in_b)), key=len)
        chosen = {run for run, n in fewer.items() if n == 1 and more.get(run) == 1}
        if chosen:
            where_in_b = {run: j for j, run in enumerate(in_b) if run in chosen}
            pairs = [(i, where_in_b[run]) for i, run in enumerate(in_a) if run in chosen]
            pairs = [(a_low + i, b_low + j) for i, j in _longest_in_order(pairs)]
            return _apart(a, b, pairs, size)
        if size * 2 > LONGEST_ANCHOR or not any(run in more for run in fewer):
            break  # (no longer run can be on both sides when no run of this size is)
        in_a = list(map(hash, zip(in_a, in_a[size:], strict=False)))
        in_b = list(map(hash, zip(in_b, in_b[size:], strict=False)))
        size *= 2
    return []


def _apart(a, b, pairs, size: int) -> list[tuple[int, int, int]]:
    """The runs of ``size`` items starting at ``pairs`` as matching blocks, those that overlap
    the one before them or differ left out."""
    blocks = []
    for i, j in pairs:
        if blocks and (i < blocks[-1][0] + size or j < blocks[-1][1] + size):
            continue
        if size == 1 or a[i : i + size] == b[j : j + size]:
            blocks.append((i, j, size))
    return blocks


def _longest_in_order(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of ``pairs`` (in order of i) whose j also rise (patience sorting)."""
    tops = []  # tops[k]: the smallest j ending a rising run of k + 1 pairs
    ends = []  # ends[k]: the index in pairs of that run's last pair
    before = [None] * len(pairs)
    for index, (_i, j) in enumerate(pairs):
        k = bisect.bisect_left(tops, j)
        if k == len(tops):
            tops.append(j)
            ends.append(index)
        else:
            tops[k], ends[k] = j, index
        before[index] = ends[k - 1] if k else None
    run = []
    index = ends[-1] if ends else None
    while index is not None:
        run.append(pairs[index])
        index = before[index]
    return run[::-1]


def _joined(blocks: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    joined = []
    for i, j, n in blocks:
        if joined and joined[-1][0] + joined[-1][2] == i and joined[-1][1] + joined[-1][2] == j:
            last_i, last_j, last_n = joined.pop()
            joined.append((last_i, last_j, last_n + n))
        else:
            joined.append((i, j, n))
    return joined


def _opcodes(blocks, a_length: int, b_length: int) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes from matching blocks: what turns a into b."""
    codes = []
    i = j = 0
    for block_i, block_j, n in [*blocks, (a_length, b_length, 0)]:
        if i < block_i and j < block_j:
            codes.append(("replace", i, block_i, j, block_j))
        elif i < block_i:
            codes.append(("delete", i, block_i, j, block_j))
        elif j < block_j:
            codes.append(("insert", i, block_i, j, block_j))
        if n:
            codes.append(("equal", block_i, block_i + n, block_j, block_j + n))
        i, j = block_i + n, block_j + n
    return codes
