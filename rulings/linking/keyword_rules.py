"""Keyword abilities, keyword actions and ability words, and the rules that define them, read
from the rules text itself, so that a new rules edition brings its new keywords with it.

What is read, and from where:

- each rule under "Keyword Actions" (701) and "Keyword Abilities" (702) by its title
  ("702.9. Flying", "701.50. Connive"); "Tap and Untap" and "Daybound and Nightbound" name two
  keywords, "∞ (Infinity)" one keyword written two ways;
- variants defined in a subrule: "Megamorph is a variant of the morph ability" (702.37b),
  "“Bands with other” is a special form of banding" (702.22b), "“Partner with [name]”
  means ..." (702.124j), and the generic forms "“[Type]cycling [cost]”" (702.29e: swampcycling,
  basic landcycling) and "“[type]walk”" (702.14a: swampwalk, nonbasic landwalk);
- the ability words listed in the rule that says "The ability words are ..." (207.2c);
- the predefined tokens ("A Treasure token is ...", 111.10a), which MTGJSON lists among keyword
  actions ("Treasure", "Food", "Role token");
- old names: "Some older cards were printed with the ability “totem armor”" (702.89b);
- the forms of a keyword ability its own rules put in quotes as game terms: “cycles or
  discards” (702.29d), “suspended” (702.62b), “kicked” (702.33d), “becomes crewed” (702.122d).

A keyword action is found in card text in any inflection ("scry 2", "sacrifices",
"transformed", "fought"); a keyword ability by its name or those quoted forms, longer names first
("double strike" is not the action "double"). A keyword ability that only picks out other
objects ("each creature without flying", "can't be blocked by creatures with flying", "a card
with flash") is not one the card uses; one it gives ("a 1/1 creature token with flying",
"becomes a 4/4 creature with trample", "enters with haste") is. HAND_NAMES covers the few names
MTGJSON uses that the rules text does not give, NOT_IN_RULES the ones the rules do not define,
NOT_KEYWORDS phrases that hold a keyword's word but name something else; ``coverage`` says which
keywords are still not linked.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from common.text import fold
from rulings.linking.rules_index import RulesIndex, list_items
from rulings.models import CardRule
from rulings.rules.numbers import ancestors_of

Reason = CardRule.Reason

# Keyword names MTGJSON uses that no title or subrule of the rules gives, and the name the rules
# use for the same thing.
HAND_NAMES = {
    "counter": "countered",  # the verb; in card text only with its object (COUNTER_PHRASES)
}
# Keywords MTGJSON lists that the Comprehensive Rules do not define, and why: the coverage
# report names them apart from the ones still missing.
NOT_IN_RULES = {
    "augment": "Un-set mechanic (Unstable): not in the Comprehensive Rules",
    "conjure": "digital-only (MTG Arena Alchemy)",
    "double team": "digital-only (MTG Arena Alchemy)",
    "heist": "digital-only (MTG Arena Alchemy)",
    "intensity": "digital-only (MTG Arena Alchemy)",
    "seek": "digital-only (MTG Arena Alchemy)",
    "specialize": "digital-only (MTG Arena Alchemy)",
}
# Irregular forms of keyword actions, beside the regular ones ``inflections`` makes.
IRREGULAR_FORMS = {
    "fight": ["fought"],
    "behold": ["beheld"],
    "monstrosity": ["monstrous"],  # "becomes monstrous" (701.37b)
    "surveil": ["surveilled", "surveilling"],
}
# Phrases holding a keyword action's word that name something else: read as nothing.
NOT_KEYWORDS = {
    "untap step": "the step (502), not the action untap",
}
# "Counter" is also a noun ("a +1/+1 counter"): the action is only the verb with its object.
COUNTER_PHRASES = [
    "countered",
    "countering",
    "counter target",
    "counters target",
    "counter it",
    "counter them",
    "counter that spell",
    "counter that ability",
    "counter all",
    "counter each",
    "counter up to",
    "counter ~",  # the card's own name (compute writes it "~")
]
WORD = re.compile(r"∞|~|[\w'’-]+!?")
VARIANT = re.compile(
    r"^“?(?P<name>[^“”]+?)[”,]? is (?:a|an) (?:variant|special form|specialized version) of\b"
)
MEANS = re.compile(r"^“(?P<name>[^“”]+?)” (?:means|represents)\b")
DASH_LIST = re.compile(r"“(?P<keyword>[\w ]+)—(?P<name>[^”]+?)[,.]?”")
GENERIC_FORM = re.compile(r"“\[(?:type|Type)\](?P<suffix>[a-z]+)\b")
ABILITY_WORD_LIST = re.compile(r"The ability words are (?P<list>[^.]+)\.")
TOKEN = re.compile(r"^An? (?P<name>[A-Z][\w ]*?) token is\b")
PLACEHOLDER = re.compile(r"\[[^\]]*\]")
OLD_NAME = re.compile(r"printed with the ability “(?P<name>[^”]+)”")  # "totem armor" (702.89b)
QUOTED = re.compile(r"“([^”]+)”")
# What comes before "with flying" when the card gives flying to what it makes rather than
# picking out creatures that have it: a token, a power and toughness, a permanent entering.
GIVES_WITH = re.compile(r"\btokens?\b|\b[\dx*]+/[\dx*]+\b|\benters?\b")
CLAUSE_START = re.compile(r"[.;:,\n\"“”(]")


def phrase(text: str) -> str:
    """How names and text are compared: folded words joined by one space."""
    return " ".join(WORD.findall(fold(text).replace("’", "'")))


def inflections(verb_phrase: str) -> set[str]:
    """ "scry" -> scry, scries, scried, scrying; the first word of "collect evidence" only."""
    first, _, rest = verb_phrase.partition(" ")
    forms = {first, *IRREGULAR_FORMS.get(verb_phrase, [])}
    if first == "the":  # "the Ring tempts you": a whole sentence, used as it is
        return {verb_phrase}
    if re.search(r"[^aeiou]y$", first):
        forms |= {first[:-1] + "ies", first[:-1] + "ied", first + "ing"}
    elif first.endswith("e"):
        forms |= {first + "s", first + "d", first[:-1] + "ing"}
    else:
        forms |= {first + ("es" if re.search(r"(s|sh|ch|x|z)$", first) else "s")}
        forms |= {first + "ed", first + "ing"}
        if re.search(r"[^aeiou][aeiou][bdgklmnprt]$", first):  # tap -> tapped, tapping
            forms |= {first + first[-1] + "ed", first + first[-1] + "ing"}
    return {f"{form} {rest}".strip() for form in forms}


@dataclass(frozen=True)
class KeywordRule:
    number: str
    reason: str
    name: str  # as the rules write it: "Flying", "Typecycling", "Tap and Untap"


@dataclass
class KeywordRules:
    # Phrases looked for in card text (actions in all their forms) -> rule; None for the
    # NOT_KEYWORDS phrases, which are skipped.
    in_text: dict[str, KeywordRule | None] = field(default_factory=dict)
    # Names only looked up (MTGJSON's keyword names): the above plus tokens and list variants.
    names: dict[str, KeywordRule] = field(default_factory=dict)
    # "walk" -> landwalk, "cycling" -> typecycling: any word ending so.
    suffixes: dict[str, KeywordRule] = field(default_factory=dict)
    ability_words: dict[str, KeywordRule] = field(default_factory=dict)
    ability_word_rule: str = ""
    # First word of each name in ``in_text`` -> the most words a name starting with it has.
    starts: dict[str, int] = field(default_factory=dict)
    suffix_endings: tuple[str, ...] = ()

    def lookup(self, name: str, kind: str = "") -> KeywordRule | None:
        """The rule of a keyword named as MTGJSON names it; an ability word the rules do not list
        yet still gets the rule on ability words."""
        key = phrase(name)
        key = phrase(HAND_NAMES.get(key, key))
        found = self.names.get(key) or self.ability_words.get(key) or self._by_suffix(key, name)
        if found is None and kind == "ability_word" and self.ability_word_rule:
            found = KeywordRule(self.ability_word_rule, Reason.ABILITY_WORD, name)
        return found

    def _by_suffix(self, key: str, shown: str) -> KeywordRule | None:
        """ "swampcycling" -> typecycling's rule, named as found ("Swampcycling")."""
        last = key.rsplit(" ", 1)[-1]
        for suffix, rule in self.suffixes.items():
            if last.endswith(suffix) and len(last) > len(suffix):
                return replace(rule, name=shown[:1].upper() + shown[1:])
        return None

    def find_in_text(self, text: str) -> list[tuple[str, KeywordRule]]:
        """(words as found, rule) for every keyword ``text`` uses, longest names first; a
        keyword ability that only picks out other objects ("creatures without flying") is left
        out (see the module docstring)."""
        folded = fold(text).replace("’", "'")
        tokens = list(WORD.finditer(folded))
        words = [token[0] for token in tokens]
        found, position = [], 0
        while position < len(words):
            word = words[position]
            if word not in self.starts and not word.endswith(self.suffix_endings):
                position += 1  # most words start no keyword: the quick way past them
                continue
            key, rule, size = self._keyword_at(words, position)
            if rule is not None and not (
                rule.reason == Reason.KEYWORD_ABILITY
                and position
                and words[position - 1] in ("with", "without")
                and picks_out(folded[: tokens[position - 1].start()])
            ):
                found.append((key, rule))
            position += size
        return found

    def _keyword_at(self, words: list[str], position: int) -> tuple[str, KeywordRule | None, int]:
        """The longest keyword name starting at ``words[position]``, its rule (None when there
        is none) and how many words it takes (1 when there is none)."""
        word = words[position]
        longest = self.starts.get(word, 0)
        for size in range(min(longest, len(words) - position), 0, -1):
            key = " ".join(words[position : position + size])
            if key in self.in_text:
                return key, self.in_text[key], size
        if word.endswith(self.suffix_endings):
            return word, self._by_suffix(word, word), 1
        return word, None, 1

    def ability_word_at(self, line: str) -> KeywordRule | None:
        """The ability word a line of card text starts with ("Grandeur — ..."), if any."""
        head, dash, _ = line.partition("—")
        if not dash:
            return None
        key = re.sub(r" \d+$", "", phrase(head))
        return self.ability_words.get(key)


def picks_out(before: str) -> bool:
    """Whether a "with"/"without" after the folded text ``before`` picks out objects that have
    the keyword ("each creature without", "can block only creatures with") rather than gives
    it to an object the card makes ("a 2/2 creature token with", "becomes a 4/4 creature with",
    "it enters the battlefield with three +1/+1 counters on it and with")."""
    clause = CLAUSE_START.split(before)[-1]
    return GIVES_WITH.search(clause) is None


def build_keyword_rules(index: RulesIndex) -> KeywordRules:
    rules = KeywordRules()
    for title, reason in (
        ("Keyword Actions", Reason.KEYWORD_ACTION),
        ("Keyword Abilities", Reason.KEYWORD_ABILITY),
    ):
        section = index.section_titled(title)
        if section is not None:
            for rule in index.children(section.number):
                if rule.title:
                    _add_keyword_rule(rules, index, rule, reason)
    _add_ability_words(rules, index)
    _add_tokens(rules, index)
    for not_a_keyword in NOT_KEYWORDS:
        rules.in_text[not_a_keyword] = None
    for key in rules.in_text:
        first, *rest = key.split(" ")
        rules.starts[first] = max(rules.starts.get(first, 0), 1 + len(rest))
    rules.suffix_endings = tuple(rules.suffixes)
    return rules


def _register(rules: KeywordRules, names: Iterable[str], found: KeywordRule, in_text=True):
    for name in names:
        key = phrase(name)
        if not key:
            continue
        rules.names.setdefault(key, found)
        if in_text:
            rules.in_text.setdefault(key, found)


def _add_keyword_rule(rules: KeywordRules, index: RulesIndex, rule, reason):
    title = rule.title
    names = [title]
    written_two_ways = re.fullmatch(r"(.+?) \((.+)\)", title)  # "∞ (Infinity)"
    if written_two_ways:
        names = list(written_two_ways.groups())
    elif " and " in title:  # "Tap and Untap"
        names = [title, *title.split(" and ")]
    found = KeywordRule(rule.number, reason, title)
    if reason == Reason.KEYWORD_ACTION:
        forms = {form for name in names for form in inflections(phrase(name))}
        if phrase(title) == "counter":
            forms = set(COUNTER_PHRASES)
        _register(rules, sorted(forms), found)
    else:
        _register(rules, names, found)
    own = {phrase(name) for name in names}
    subrules = index.descendants(rule.number)
    for subrule in subrules:
        _add_variants(rules, rule, subrule, reason, own)
    if reason == Reason.KEYWORD_ABILITY and " " not in phrase(title):
        forms = _quoted_forms(phrase(title), subrules) - index.title_words
        _register(rules, sorted(forms), found)


def _quoted_forms(name: str, subrules) -> set[str]:
    """The forms of a one-word keyword ability that its subrules quote as game terms, besides
    the name: “cycles or discards” (cycling), “suspended”, “kicked.” (kicker). The caller leaves
    out those that are words of the rules' titles: “phase in.” is phasing, a "main phase" not."""
    stems = {name, name.removesuffix("ing"), name.removesuffix("ing") + "e"}
    stems |= {name.removesuffix("er")} if name.endswith("er") else set()
    forms = {form for stem in stems for form in inflections(stem)} - {name}
    quoted = {
        word
        for subrule in subrules
        for words in QUOTED.findall(subrule.text)
        for word in phrase(words).split()
    }
    return forms & quoted


def _add_variants(rules: KeywordRules, rule, subrule, reason, own: set[str]):
    text = subrule.text
    variant = VARIANT.match(text)
    if variant:
        name = _bare_name(variant["name"])
        if name and phrase(name) not in own:
            _register(rules, [name], KeywordRule(subrule.number, reason, name))
    means = MEANS.match(text)
    if means and reason == Reason.KEYWORD_ABILITY:
        name = _bare_name(means["name"])
        if name and phrase(name) not in own:
            # Several words ("partner with", "choose a background") are safe to look for in
            # text; one word alone might be an ordinary word.
            found = KeywordRule(subrule.number, reason, name)
            _register(rules, [name], found, in_text=" " in name)
    for listed in DASH_LIST.finditer(text):  # "partner—Friends forever"
        if phrase(listed["keyword"]) in own and "[" not in listed["name"]:
            name = phrase(listed["name"])
            _register(
                rules, [name], KeywordRule(subrule.number, reason, listed["name"]), in_text=False
            )
    for old in OLD_NAME.finditer(text):
        _register(rules, [old["name"]], KeywordRule(rule.number, reason, rule.title))
    generic = GENERIC_FORM.search(text)
    if generic:
        # "Typecycling is a variant ... “[Type]cycling”": the variant's own subrule;
        # "Landwalk is a generic term ... “[type]walk”": the keyword itself, so its rule.
        found = (
            KeywordRule(subrule.number, reason, _bare_name(variant["name"])) if variant else None
        )
        found = found or KeywordRule(rule.number, reason, rule.title)
        rules.suffixes.setdefault(generic["suffix"], found)


def _bare_name(name: str) -> str:
    """ "Hexproof from [quality]" -> "Hexproof from"; "Connive N" -> "Connive"; a name whose
    placeholder stands for a player ("Protection from [a player]") is not a name of its own."""
    if "[a player]" in name.lower():
        return ""
    name = PLACEHOLDER.sub(" ", name.replace("—", " "))
    return re.sub(r"\s+", " ", re.sub(r"(\s+N)?\s*$", "", name)).strip()


def _add_ability_words(rules: KeywordRules, index: RulesIndex):
    for section in index.sections:
        listed = ABILITY_WORD_LIST.search(section.text)
        if listed is None:
            continue
        rules.ability_word_rule = section.number
        for item in list_items(listed["list"]):
            word = re.sub(r" \d+$", "", phrase(item))
            if word:
                rules.ability_words.setdefault(
                    word, KeywordRule(section.number, Reason.ABILITY_WORD, word.capitalize())
                )
        return


def _add_tokens(rules: KeywordRules, index: RulesIndex):
    """ "A Treasure token is ..." (111.10a): MTGJSON lists "Treasure" as a keyword action. A name
    shared by several tokens ("Role": Cursed Role, Monster Role, ...) leads to their rule."""
    by_last_word: dict[str, list] = {}
    for section in index.sections:
        token = TOKEN.match(section.text)
        if token is None:
            continue
        name = phrase(token["name"])
        found = KeywordRule(section.number, Reason.KEYWORD_ACTION, f"{token['name']} token")
        _register(rules, [name, f"{name} token"], found, in_text=False)
        by_last_word.setdefault(name.rsplit(" ", 1)[-1], []).append(section)
    for word, sections in by_last_word.items():
        if len(sections) > 1:
            parent = ancestors_of(sections[0].number)[-1]
            found = KeywordRule(parent, Reason.KEYWORD_ACTION, f"{word.capitalize()} token")
            _register(rules, [word, f"{word} token"], found, in_text=False)
