"""The glossary at the end of a rules file: one term per block of lines, then its definition, up
to the credits. No database."""

import itertools
from dataclasses import dataclass

from common.text import unique_slug

GLOSSARY_HEADINGS = {"glossary", "glossario"}
CREDITS_HEADINGS = {"credits", "riconoscimenti", "crediti", "ringraziamenti"}


@dataclass(frozen=True)
class GlossaryRecord:
    term: str
    slug: str
    text: str
    position: int
    line: int


def read_glossary(lines, start, name, warnings) -> tuple[list[GlossaryRecord], int | None]:
    """Blocks of non-blank lines up to the credits: the term, then its definition."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    end = None
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if stripped.lower() in CREDITS_HEADINGS:
            end = index
            break
        if not stripped:
            current = None
            continue
        if current is None:
            current = []
            blocks.append((index + 1, current))
        current.append(stripped)
    records, slugs = [], set()
    for line_no, block in blocks:
        term, definition = block[0], block[1:]
        if not definition:
            warnings.append(f"{name}, line {line_no}: glossary term {term!r} has no definition")
            continue
        slug = unique_slug(term, slugs.__contains__, itertools.count(2), empty="term")
        slugs.add(slug)
        records.append(
            GlossaryRecord(
                term=term,
                slug=slug,
                text="\n".join(definition),
                position=len(records),
                line=line_no,
            )
        )
    return records, end
