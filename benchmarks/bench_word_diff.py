"""Time the word diff (``common.word_changes``) on the longest texts an editor can send.

    .venv/bin/python benchmarks/bench_word_diff.py [--repeat 7] [--cpu]

Each pair of wordings is compared ``--repeat`` times, tokens included; the median is printed
with how many of the new wording's words the diff shows unchanged ("kept"; an edited text
changes about one word in 13). The texts are made here, the same on every run: "prose" draws
words from a vocabulary of 3,000 with the frequencies of a natural language, "card words" from
25 words of card text, which makes every word common (the hardest case for difflib: 8,000 words
took 32 s before issue 32).
Target: every median under 100 ms (issue 32, item 8); exits with status 1 when one is over.
``--cpu`` judges the target on CPU time, for a machine other jobs load.
"""

import argparse
import random
import statistics
import sys
import time

import timing  # noqa: F401  (puts the repository on sys.path)

from common.admin_text import LONGEST_TEXT
from common.word_changes import word_changes

TARGET_MS = 100
CARD_WORDS = (
    "target creature you control gets +1/+1 until end of turn flying draw a card {T}: add "
    "{G}. when this enters the battlefield, destroy it"
).split()
SERRA_ANGEL = "Flying\nVigilance (Attacking doesn't cause this creature to tap.)"


def prose(size: int, seed: int) -> str:
    """About ``size`` bytes of made-up prose: sentences of 5 to 25 words, a paragraph every 8."""
    chance = random.Random(seed)
    vocabulary = [f"w{n}" for n in range(3000)]
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    sentences, length = [], 0
    while length < size:
        words = chance.choices(vocabulary, weights, k=chance.randint(5, 25))
        sentences.append(" ".join(words).capitalize() + ".")
        length += len(sentences[-1]) + 1
    return "\n".join(" ".join(sentences[n : n + 8]) for n in range(0, len(sentences), 8))


def card_words(words: int, seed: int) -> str:
    chance = random.Random(seed)
    return " ".join(chance.choice(CARD_WORDS) for _ in range(words))


def edited(text: str, seed: int, every: int = 40) -> str:
    """``text`` with one word in ``every`` replaced, removed, or followed by a new one."""
    chance = random.Random(seed)
    out = []
    for word in text.split(" "):
        roll = chance.randrange(every)
        if roll == 0:
            out.append("changed")
        elif roll == 1:
            continue
        elif roll == 2:
            out += [word, "added"]
        else:
            out.append(word)
    return " ".join(out)


def kept_words(old: str, new: str) -> int:
    return sum(
        len(" ".join(lines).split()) for kind, lines in word_changes(old, new) if kind == "same"
    )


def cases() -> list[tuple[str, str, str]]:
    big = prose(95_000, seed=1)
    limit = prose(LONGEST_TEXT, seed=11)[:LONGEST_TEXT]
    return [
        ("a card's wording -> 95 KB", SERRA_ANGEL, big),
        ("95 KB -> a card's wording", big, SERRA_ANGEL),
        ("95 KB prose, edited", big, edited(big, seed=2)),
        ("95 KB prose -> other prose", big, prose(95_000, seed=3)),
        ("8,000 card words, edited", card_words(8000, 4), edited(card_words(8000, 4), seed=5)),
        ("8,000 card words -> others", card_words(8000, 6), card_words(8000, 7)),
        ("230 card words -> others (difflib)", card_words(230, 8), card_words(230, 9)),
        ("100,000 characters (the limit), edited", limit, edited(limit, seed=10)),
        ("one word 16,000 times, shifted", "ab " * 16_000, "ba " + "ab " * 15_999),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cpu", action="store_true", help="judge the target on CPU time")
    options = parser.parse_args()
    clock = time.process_time if options.cpu else time.perf_counter
    print(f"{'texts':40} {'old KB':>7} {'new KB':>7} {'median ms':>10} {'kept':>14}")
    over = []
    for name, old, new in cases():
        times = []
        for _ in range(options.repeat):
            start = clock()
            word_changes(old, new)
            times.append((clock() - start) * 1000)
        median = statistics.median(times)
        kept = kept_words(old, new)
        print(
            f"{name:40} {len(old.encode()) / 1000:7.1f} {len(new.encode()) / 1000:7.1f} "
            f"{median:10.1f} {kept:>7}/{len(new.split()):<6}"
        )
        if median > TARGET_MS:
            over.append(name)
    if over:
        print(f"Over {TARGET_MS} ms: {', '.join(over)}")
        return 1
    print(f"Every median under {TARGET_MS} ms.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
