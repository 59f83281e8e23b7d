"""The sections of one rules edition, held in memory for the linker: looked up by number, by
title and by the words their text starts with, so that every rule the linker needs is found in
the rules text itself rather than in a list of numbers that the next edition would outdate."""

import re
from dataclasses import dataclass
from functools import cached_property

from common.text import fold
from rulings.rules.numbers import ancestors_of, level_of


@dataclass(frozen=True)
class Section:
    pk: int
    number: str
    title: str
    text: str
    position: int


LIST_SEPARATOR = re.compile(r",\s*(?:and\s+)?|\s+and\s+")


def list_items(text: str) -> list[str]:
    """The items of a list as the rules write one: "artifact, battle, and vanguard"."""
    return [item.strip() for item in LIST_SEPARATOR.split(text) if item.strip()]


class RulesIndex:
    def __init__(self, sections):
        self.sections = sorted(sections, key=lambda section: section.position)  # reading order
        self.by_number = {section.number: section for section in self.sections}
        self.order = {section.number: place for place, section in enumerate(self.sections)}
        self._children: dict[str, list[Section]] = {}
        self._titled: dict[tuple[str, int], list[Section]] = {}
        for section in self.sections:
            if section.title:
                key = (fold(section.title), level_of(section.number))
                self._titled.setdefault(key, []).append(section)
            parents = ancestors_of(section.number)
            if parents:
                self._children.setdefault(parents[-1], []).append(section)

    @cached_property
    def title_words(self) -> set[str]:
        """Every word of every title, folded: "phase" (from "505. Main Phase"), "flying"."""
        return {word for section in self.sections for word in fold(section.title).split()}

    def __contains__(self, number: str) -> bool:
        return number in self.by_number

    def children(self, number: str) -> list[Section]:
        return self._children.get(number, [])

    def descendants(self, number: str) -> list[Section]:
        found = []
        for child in self.children(number):
            found.append(child)
            found += self.descendants(child.number)
        return found

    def section_titled(self, title: str, level: int = 2):
        """The first section (level 2, "708. Face-Down Spells and Permanents") or rule (level 3,
        "205.4. Supertypes") with this title, case and accents aside; None when there is none."""
        found = self._titled.get((fold(title), level))
        return found[0] if found else None

    def child_starting(self, number: str, words: str):
        """The child of ``number`` whose text starts with ``words`` (case aside), or None."""
        wanted = fold(words)
        for child in self.children(number):
            if fold(child.text).startswith(wanted):
                return child
        return None
