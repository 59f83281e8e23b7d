"""Where the sections of an older edition live in the current one. Pure functions, no database.

The rules were renumbered more than once (July 2009: keyword abilities 502.x -> 702.x, card types
212.x -> 30x; Tribal became Kindred in 2024), so a number alone says little. The match is worked
out from what the rules *say*, in three passes:

1. Titles. Chapters, sections and headed rules ("502.26. Morph") with the same title after
   normalisation: lower case, singular, and a small vocabulary of terms the game renamed
   ("tribal" -> "kindred", "removed from the game" -> "exile", "in play" -> "battlefield").
   A title used more than once ("General") is decided by where the parent went.
2. Text. Every other rule and subrule is compared with its likely counterparts: the rules under
   the current section its parent went to, the rule with the same number, and the best few
   found through an inverted index of words weighted by rarity (never all pairs). Similarity
   is a weighted word-set overlap refined by difflib's ratio over the word sequences.
3. Structure. What is still unmatched and has children (a chapter whose title changed) goes
   where most of its children went.

Each match has a confidence from 0 to 1 reflecting the evidence, and a method
(``RuleMapping.Method``): same number and text, same title, renamed term, similar text, position
under a matched rule, or none.
"""

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher

from rulings.importers.rule_words import title_key, words

CHAPTER, SECTION, RULE, SUBRULE = 1, 2, 3, 4

SAME_NUMBER, TITLE, TEXT, STRUCTURE, RENAMED, NONE = (
    "same_number",
    "title",
    "text",
    "structure",
    "renamed",
    "none",
)

FIRST_SENTENCE = re.compile(r"^(.+?[.:])(?:\s|$)")
FIRST_SENTENCE_WEIGHT = 0.75
MISSING_NAME_FACTOR = 0.6
MIN_SCORE = 0.34  # below this nothing is said to match
CANDIDATES_FROM_INDEX = 12
REFINED_CANDIDATES = 6  # the best by word overlap, compared word by word
COMMON_WORD_SHARE = 0.05  # words in more than this share of items don't propose candidates
INDEX_WORDS = 15  # an old rule's rarest words that look up candidates in the index
PARENT_CANDIDATES = 40  # at most this many of the rules under the parent's match


@dataclass(frozen=True)
class Item:
    """One section as the matcher sees it: ``pk`` is the caller's id, ``parent`` its parent's."""

    pk: int
    number: str
    level: int
    title: str
    text: str
    parent: int | None


@dataclass(frozen=True)
class Match:
    target: int | None  # pk of the current section, None when nothing matches
    confidence: float
    method: str


class _Side:
    """The items of one edition with what the matcher needs about them."""

    def __init__(self, items: list[Item]):
        self.items = items
        self.by_pk = {item.pk: item for item in items}
        self.by_number = {item.number: item for item in items}
        self.children: dict[int | None, list[Item]] = defaultdict(list)
        for item in items:
            self.children[item.parent].append(item)
        self.words = {item.pk: words(f"{item.title} {item.text}") for item in items}
        # Words and pairs of neighbouring words: "no characteristics other than those listed"
        # is a phrase, not five loose words.
        self.word_sets = {
            pk: set(found) | {f"{a} {b}" for a, b in zip(found, found[1:], strict=False)}
            for pk, found in self.words.items()
        }
        self.first_words = {}
        for item in items:
            first = FIRST_SENTENCE.match(item.text)
            found = set(words(first.group(1))) if first else set()
            if len(found) >= 3:
                self.first_words[item.pk] = found
        # The name a rule's first sentence shares with its headed parent ("lifelink" in "If a
        # permanent has multiple instances of lifelink, ..." under "502.68. Lifelink").
        self.anchors = {}
        for pk, found in self.first_words.items():
            parent = self.by_pk.get(self.by_pk[pk].parent)
            if parent is not None and parent.title:
                anchor = found & set(words(parent.title))
                if anchor:
                    self.anchors[pk] = anchor

    def descendants(self, pk: int, depth: int = 2) -> list[Item]:
        found, layer = [], [pk]
        for _ in range(depth):
            layer = [child.pk for parent in layer for child in self.children.get(parent, [])]
            found.extend(self.by_pk[child] for child in layer)
        return found


class Reference:
    """The current edition, indexed once for mapping any number of older editions onto it."""

    def __init__(self, items: list[Item]):
        current = self.side = _Side(items)
        document_frequency = Counter()
        for found in current.word_sets.values():
            document_frequency.update(found)
        total = len(current.items) or 1
        self.unseen = math.log(total + 1)  # the weight of a word the current edition lacks
        self.idf = {
            word: math.log((total + 1) / count) for word, count in document_frequency.items()
        }
        self.weight = {pk: self.weigh(found) for pk, found in current.word_sets.items()}
        self.first_weight = {pk: self.weigh(found) for pk, found in current.first_words.items()}
        self.index: dict[str, list[int]] = defaultdict(list)
        common = COMMON_WORD_SHARE * total
        for pk, found in current.word_sets.items():
            for word in found:
                if document_frequency[word] <= common:
                    self.index[word].append(pk)
        self.titles: dict[str, list[Item]] = defaultdict(list)
        for item in current.items:
            if item.title:
                self.titles[title_key(item.title)].append(item)

    def weigh(self, found) -> float:
        idf, unseen = self.idf, self.unseen
        # fsum: the same total whatever order the set gives its words in.
        return math.fsum(idf.get(word, unseen) for word in found)


def map_edition(old_items: list[Item], current: "list[Item] | Reference") -> dict[int, Match]:
    """{old pk: Match} for every item of the older edition."""
    if not isinstance(current, Reference):
        current = Reference(current)
    return _Matcher(_Side(old_items), current).run()


class _Matcher:
    def __init__(self, old: _Side, reference: Reference):
        self.old, self.current = old, reference.side
        self.reference = reference
        self.idf, self.index, self.titles = reference.idf, reference.index, reference.titles
        self.old_weight = {pk: reference.weigh(found) for pk, found in old.word_sets.items()}
        self.old_first_weight = {pk: reference.weigh(f) for pk, f in old.first_words.items()}
        self.result: dict[int, Match] = {}

    def run(self) -> dict[int, Match]:
        deferred = []
        for item in self.old.items:  # parents come before their children
            match = self._by_title(item) if item.title else None
            if match is None and item.text:
                match = self._by_text(item)
            if match is None:
                deferred.append(item)
            else:
                self.result[item.pk] = match
        for item in reversed(deferred):  # children before parents: votes are ready
            match = self._by_children(item) or (self._by_title(item) if item.title else None)
            self.result[item.pk] = match or Match(None, 0.0, NONE)
        # A parent found by its children's vote ("420. State-Based Effects" -> 704) now gives
        # its unmatched or doubtful children the rules under it to compare with.
        for item in self.old.items:
            match = self.result[item.pk]
            if item.text and match.confidence < 0.5 and self._parent_target(item):
                again = self._by_text(item)
                if again is not None and again.confidence > match.confidence:
                    self.result[item.pk] = again
        return {item.pk: self.result[item.pk] for item in self.old.items}

    # -- titles ----------------------------------------------------------------------------------

    def _parent_target(self, item: Item) -> int | None:
        match = self.result.get(item.parent) if item.parent else None
        return match.target if match else None

    def _by_title(self, item: Item) -> Match | None:
        candidates = self.titles.get(title_key(item.title), [])
        if not candidates:
            return None
        parent_target = self._parent_target(item)
        if len(candidates) > 1:
            placed = [c for c in candidates if parent_target and c.parent == parent_target]
            if len(placed) != 1:
                return None  # "General": decided by the children's vote, or not at all
            candidates = placed
        target = candidates[0]
        renamed = title_key(item.title, rename=False) != title_key(target.title, rename=False)
        confidence = 0.97
        if item.parent and parent_target and target.parent != parent_target:
            confidence = 0.85  # the same title, but somewhere else than its parent went
        if target.level != item.level and not renamed:
            confidence -= 0.05  # a headed rule that became a section, or the other way round
        if renamed:
            return Match(target.pk, round(confidence - 0.05, 3), RENAMED)
        method = SAME_NUMBER if target.number == item.number else TITLE
        return Match(target.pk, round(confidence, 3), method)

    # -- text ------------------------------------------------------------------------------------

    def _overlap(self, old_pk: int, current_pk: int) -> float:
        """Shared words over all words of the two, each weighted by its rarity."""
        shared = self.reference.weigh(
            self.old.word_sets[old_pk] & self.current.word_sets[current_pk]
        )
        union = self.old_weight[old_pk] + self.reference.weight[current_pk] - shared
        return shared / union if union > 0 else 0.0

    def _first_sentence(self, old_pk: int, current_pk: int) -> float:
        """How alike the first sentences are, weighted: a rule split in parts ("504.2" became
        708.2, 708.3 and 708.4) goes where its first sentence went, and "Lifelink is a
        triggered ability." is still the rule that became "Lifelink is a static ability."."""
        first_old = self.old.first_words.get(old_pk)
        first_current = self.current.first_words.get(current_pk)
        if not first_old or not first_current:
            return 0.0
        if not self.old.anchors.get(old_pk, set()) <= first_current:
            return 0.0  # "... instances of lifelink ..." is not "... instances of soulshift ..."
        # The more words two first sentences share, the more their likeness says.
        common = first_old & first_current
        if not common:
            return 0.0
        shared = self.reference.weigh(common)
        union = self.old_first_weight[old_pk] + self.reference.first_weight[current_pk] - shared
        weight = FIRST_SENTENCE_WEIGHT + 0.15 * min(1.0, len(common) / 10)
        return weight * shared / union if union > 0 else 0.0

    def _similarity(
        self, old_pk: int, current_pk: int, overlap: float, first: float, factor: float = 1.0
    ) -> float:
        """The overlap refined by the order of the words (difflib ratio), or the likeness of
        the first sentences when that is greater."""
        if overlap < 0.1:
            return max(factor * overlap, first)
        sequence = SequenceMatcher(
            None, self.old.words[old_pk], self.current.words[current_pk], autojunk=False
        ).ratio()
        return max(factor * (0.5 * overlap + 0.5 * sequence), first)

    def _candidates(self, item: Item) -> dict[int, str]:
        """{current pk: where it came from}: under the parent's match, same number, the index."""
        scores: Counter = Counter()
        idf, unseen = self.idf, self.reference.unseen
        # Ties are broken by the word, the position, the id: sets have no fixed order, and
        # the same files must give the same mappings in every process ("Nothing changed").
        rarest = sorted(
            self.old.word_sets[item.pk], key=lambda word: (-idf.get(word, unseen), word)
        )
        for word in rarest[:INDEX_WORDS]:
            weight = idf.get(word, unseen)
            for pk in self.index.get(word, ()):
                scores[pk] += weight
        found: dict[int, str] = {}
        parent_target = self._parent_target(item)
        if parent_target:
            under = self.current.descendants(parent_target)
            if len(under) > PARENT_CANDIDATES:
                # A rule under a big section (702 holds 2,000 items): its likeliest places.
                under.sort(key=lambda child: (-scores.get(child.pk, 0.0), child.pk))
                under = under[:PARENT_CANDIDATES]
            for child in under:
                found[child.pk] = "parent"
        same = self.current.by_number.get(item.number)
        if same and same.pk not in found:
            found[same.pk] = "number"
        best = sorted(scores.items(), key=lambda entry: (-entry[1], entry[0]))
        for pk, _ in best[:CANDIDATES_FROM_INDEX]:
            found.setdefault(pk, "index")
        return found

    def _by_text(self, item: Item) -> Match | None:
        rough = []
        for pk, origin in self._candidates(item).items():
            target = self.current.by_pk[pk]
            bonus = 0.12 if origin == "parent" else 0.0
            if target.number == item.number:
                bonus += 0.05
            if target.level == item.level:
                bonus += 0.02
            overlap = self._overlap(item.pk, pk)
            first = self._first_sentence(item.pk, pk)
            factor = 1.0
            anchors = self.old.anchors.get(item.pk)
            if anchors and not anchors <= self.current.word_sets[pk]:
                factor = MISSING_NAME_FACTOR  # a rule about lifelink that never says lifelink
            rough.append(
                (
                    max(factor * overlap, first) + bonus,
                    overlap,
                    first,
                    factor,
                    bonus,
                    origin,
                    target,
                )
            )
        rough.sort(key=lambda entry: (-entry[0], entry[-1].pk))
        ranked = []
        for _, overlap, first, factor, bonus, origin, target in rough[:REFINED_CANDIDATES]:
            similarity = self._similarity(item.pk, target.pk, overlap, first, factor)
            ranked.append((similarity + bonus, similarity, origin, target))
        if not ranked:
            return None
        ranked.sort(key=lambda entry: (-entry[0], entry[-1].pk))
        score, similarity, origin, target = ranked[0]
        if score < MIN_SCORE:
            return None
        confidence = min(score, 0.99)
        if len(ranked) > 1 and ranked[1][0] > score - 0.03:
            confidence -= 0.1  # two candidates almost equally good
        if similarity >= 0.98:
            confidence = 1.0 if target.number == item.number else 0.98
        if target.number == item.number and similarity >= 0.8:
            method = SAME_NUMBER
        elif origin == "parent" and similarity < 0.5:
            method = STRUCTURE
        else:
            method = TEXT
        return Match(target.pk, round(max(confidence, 0.0), 3), method)

    # -- structure -------------------------------------------------------------------------------

    def _by_children(self, item: Item) -> Match | None:
        """The current item that holds most of this item's children's matches."""
        votes: Counter = Counter()
        children = self.old.children.get(item.pk, [])
        for child in children:
            match = self.result.get(child.pk)
            if not match or match.target is None:
                continue
            target = self.current.by_pk[match.target]
            # The section a rule's match sits in, the chapter of a section's match, and so on.
            while target is not None and target.level > item.level:
                target = self.current.by_pk.get(target.parent)
            if target is not None and target.level == item.level:
                votes[target.pk] += 1
        if not votes:
            return None
        pk, count = min(votes.items(), key=lambda entry: (-entry[1], entry[0]))
        share = count / len(children)
        if share < 0.3:
            return None
        target = self.current.by_pk[pk]
        if item.title and title_key(item.title) == title_key(target.title):
            method, confidence = TITLE, 0.97
        else:
            method, confidence = STRUCTURE, 0.5 + 0.45 * share
        return Match(pk, round(confidence, 3), method)
