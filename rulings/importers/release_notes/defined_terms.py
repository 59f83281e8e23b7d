"""The keywords and card types a document defines, as fixtures/documents/terms.json states them
(the file's "about" says what each field holds), every fact checked against the document (see
sourced_facts.py). No database."""

from dataclasses import dataclass
from pathlib import Path

from oracle.models import CardType, Keyword
from rulings.importers.release_notes.sourced_facts import FACTS_FOLDER, SourceChecker, facts_about

TERMS_FILE = FACTS_FOLDER / "terms.json"
KEYWORD_KINDS = set(Keyword.Kind.values)
TYPE_KINDS = set(CardType.Kind.values)


@dataclass(frozen=True)
class DefinedTerm:
    """An Italian term a document defines, and what it says about it."""

    italian: str  # as the document writes it, capitalised
    english: str  # the keyword's or type's English name; "" when no source here gives it
    kind: str  # what the document calls it: a Keyword.Kind or CardType.Kind value
    rules: tuple[str, ...]  # the rules it quotes for it, numbered as it numbers them
    reminder: str  # the Italian reminder text it gives, "" for none

    @property
    def is_type(self) -> bool:
        return self.kind in TYPE_KINDS


def read_terms(
    key: str, document_text: str, *, document_name: str = "", path: Path = TERMS_FILE
) -> list[DefinedTerm]:
    """The terms the file gives for the document ``key`` (its slug), in the document's order,
    each checked against ``document_text``; [] when the file says nothing of that document."""
    check = SourceChecker(document_text, path, document_name or key)
    terms = []
    for number, entry in enumerate(facts_about(key, path) or [], start=1):
        italian = entry.get("it", "")
        where = f"{key}, term {number} ({italian})"
        if not italian:
            check.fail(f"{key}, term {number}: expected the Italian term in 'it'")
        check.choice(entry.get("kind"), [*KEYWORD_KINDS, *TYPE_KINDS], f"{where}: kind")
        rules = tuple(entry.get("rules") or ())
        reminder = entry.get("reminder", "")
        check.sentences(entry, where, italian, reminder, *rules)
        english = entry.get("en", "")
        terms.append(DefinedTerm(italian, english, entry["kind"], rules, reminder))
    return terms
