"""Facts the bundled documents state, kept in fixtures/documents/ as JSON with the sentences
each comes from: the keywords and card types a document defines (terms.json), the keywords it
says were renamed (renamed_keywords.json), the cards it describes (described_cards.json).

Each file keys its facts by the document's slug (the file name without .txt). Before anything
is written, every sentence a fact cites is checked to be in the document (white space aside),
and the value it gives to be in one of its sentences (case and accents aside): a file cannot
state more than its document does, and a changed document that no longer says it is an error.
"""

import json
from pathlib import Path

from django.conf import settings

from common.text import fold
from rulings.importers.release_notes.document import ReadError

FACTS_FOLDER = Path(settings.BASE_DIR) / "fixtures" / "documents"


def facts_about(key: str, path: Path):
    """What the file at ``path`` says about the document ``key`` (None when it says nothing);
    ReadError when the file is not JSON."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ReadError(str(path), None, f"not readable as JSON ({error})") from error
    return (data.get("documents") or {}).get(key)


class SourceChecker:
    """Checks each fact's sentences against the document; a failure names the file, the fact
    and what is wrong."""

    def __init__(self, document_text: str, path: Path, document_name: str):
        self.text = " ".join(document_text.split())
        self.path, self.document_name = path, document_name

    def sentences(self, fact: dict, what: str, *values: str) -> list[str]:
        """The sentences of ``fact["source"]`` (one or a list), each in the document, and each
        of ``values`` (the empty ones aside) in one of them."""
        source = fact.get("source")
        sentences = [source] if isinstance(source, str) else source
        if not sentences or not all(isinstance(s, str) and s.strip() for s in sentences):
            self.fail(f"{what}: expected the sentences of the document it comes from in 'source'")
        sentences = [" ".join(sentence.split()) for sentence in sentences]
        for sentence in sentences:
            if sentence not in self.text:
                self.fail(f"{what}: the sentence “{sentence}” is not in {self.document_name}")
        for value in values:
            if value and not any(fold(value) in fold(sentence) for sentence in sentences):
                self.fail(f"{what}: “{value}” is in none of its sentences")
        return sentences

    def choice(self, value, allowed, what: str) -> None:
        if value not in allowed:
            self.fail(f"{what}: unknown value {value!r}; expected one of {list(allowed)}")

    def fail(self, message: str):
        raise ReadError(str(self.path), None, message)
