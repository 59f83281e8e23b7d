"""How many of the cards' keywords get a rule (``coverage``), which the rule linker reports
(``rulings.linking.sync``). No database."""

from collections.abc import Iterable
from dataclasses import dataclass, field

from rulings.linking.keyword_rules import NOT_IN_RULES, KeywordRules, Reason, phrase


@dataclass
class Coverage:
    linked: list[str] = field(default_factory=list)
    not_in_rules: list[str] = field(default_factory=list)  # see NOT_IN_RULES
    missing: list[str] = field(default_factory=list)
    # Ability words the rules' list does not name yet, linked to the rule on ability words.
    unlisted_ability_words: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.linked) + len(self.not_in_rules) + len(self.missing)

    def __str__(self):
        share = 100 * len(self.linked) / self.total if self.total else 100
        text = f"{len(self.linked)} of {self.total} keywords linked to a rule ({share:.1f}%)"
        if self.not_in_rules:
            text += f"; not in the rules: {', '.join(self.not_in_rules)}"
        if self.missing:
            text += f"; NOT LINKED: {', '.join(self.missing)}"
        if self.unlisted_ability_words:
            words = ", ".join(self.unlisted_ability_words)
            text += f"; ability words not in the rules' list, linked to its rule: {words}"
        return text


def coverage(rules: KeywordRules, keywords: Iterable[tuple[str, str]]) -> Coverage:
    """Which of these (name, kind) keywords get a rule."""
    found = Coverage()
    for name, kind in sorted(keywords, key=lambda pair: phrase(pair[0])):
        rule = rules.lookup(name, kind)
        if rule is None:
            not_defined = phrase(name) in NOT_IN_RULES
            (found.not_in_rules if not_defined else found.missing).append(name)
            continue
        found.linked.append(name)
        if rule.reason == Reason.ABILITY_WORD and phrase(name) not in rules.ability_words:
            found.unlisted_ability_words.append(name)
    return found
