"""The translation memory exchanged with translators' tools (Poedit, Weblate) as gettext PO files.

``export_po`` writes the translators' queue (or all the texts in use) as a PO file: one entry
per English text, ``msgctxt`` its key, ``msgid`` the English (the card's name as ``{this}``),
``msgstr`` the Italian the memory holds, marked fuzzy while it waits for a reviewer. A text
that replaces a reworded one whose Italian was written carries that Italian, fuzzy, with the
old English as the previous ``msgid``: gettext's own way of saying "the source changed".

``import_po`` reads such a file back (``rulings.translations.po_import``).
"""

import re
from dataclasses import dataclass

import polib
from django.conf import settings
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from common.upsert import chunks
from oracle import data_version
from rulings.models import Language, Ruling, RulingText, RulingTranslation

PROJECT = "Oracolo ruling translations"
# How many of the cards (or keywords, card types) a text serves an entry names.
NAMES_SHOWN = 3
HEADER_NOTE = (
    "Italian translations of Oracolo's English ruling texts.\n"
    "{this} stands for the card's own name: keep it, with the same numbers and mana symbols\n"
    "as the English, in plain text (no HTML). An entry marked fuzzy is not read back."
)


@dataclass(frozen=True)
class Selection:
    """Which texts a file holds: the queue (texts in use without an approved translation) or
    ``everything`` in use with its translation; of one set's cards only; the first ``limit``."""

    set_code: str = ""
    limit: int | None = None
    everything: bool = False

    def texts(self):
        texts = RulingText.objects.in_use()
        if not self.everything:
            texts = RulingText.objects.untranslated()
        if self.set_code:
            of_set = english_public().filter(card__printings__card_set__code__iexact=self.set_code)
            texts = texts.filter(key__in=of_set.values("memory_key"))
        texts = texts.select_related("translation").order_by("-card_rulings", "-newest", "key")
        return texts[: self.limit] if self.limit else texts

    def __str__(self):
        words = ["all texts in use" if self.everything else "queue"]
        if self.set_code:
            words.append(f"set {self.set_code.upper()}")
        if self.limit:
            words.append(f"first {self.limit}")
        return ", ".join(words)


def english_public():
    return Ruling.objects.filter(language=Language.ENGLISH).public()


def export_po(selection: Selection) -> polib.POFile:
    texts = list(selection.texts())
    keys = [text.key for text in texts]
    subjects = subjects_of(keys)
    replaced = replaced_translations(keys)
    po = polib.POFile(wrapwidth=78)
    po.header = HEADER_NOTE
    now = timezone.now().strftime("%Y-%m-%d %H:%M%z")
    po.metadata = {
        "Project-Id-Version": PROJECT,
        "Last-Translator": "",
        "Language-Team": "Italian",
        "Language": "it",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
        "POT-Creation-Date": now,
        "PO-Revision-Date": now,
        "X-Oracolo-Data-Version": str(data_version.current().number),
        "X-Oracolo-Selection": str(selection),
    }
    for text in texts:
        po.append(entry_for(text, subjects.get(text.key, set()), replaced.get(text.key)))
    return po


def entry_for(text: RulingText, subjects: set[str], old: RulingText | None) -> polib.POEntry:
    notes = [f"Card rulings: {text.card_rulings}"]
    if subjects:
        shown = sorted(subjects)[:NAMES_SHOWN]
        more = len(subjects) - len(shown)
        notes.append("Serves: " + ", ".join(shown) + (f" and {more} more" if more else ""))
    entry = polib.POEntry(msgctxt=text.key, msgid=text.english, msgstr="")
    translation = getattr(text, "translation", None)
    if translation is not None:
        entry.msgstr = translation.italian
        if translation.status != RulingTranslation.Status.APPROVED:
            entry.flags.append("fuzzy")
            notes.append(f"Status: {translation.status}")
            if translation.review_note:
                notes.append(f"Reviewer's note: {translation.review_note}")
    elif old is not None:
        # The English was reworded: the old Italian, to bring up to date.
        entry.msgstr = old.translation.italian
        entry.flags.append("fuzzy")
        entry.previous_msgid = old.english
        notes.append("Out of date: the English was reworded; the Italian is the old one's.")
    entry.comment = "\n".join(notes)
    return entry


def subjects_of(keys: list[str]) -> dict[str, set[str]]:
    """{key: the names of the cards, keywords and card types whose public English rulings have
    that text}."""
    found: dict[str, set[str]] = {}
    for batch in chunks(keys):
        rows = (
            english_public()
            .filter(memory_key__in=batch)
            .values_list("memory_key", "card__name", "keyword__name", "card_type__name")
            .order_by()
        )
        for key, *names in rows:
            found.setdefault(key, set()).update(name for name in names if name)
    return found


def replaced_translations(keys: list[str]) -> dict[str, RulingText]:
    """{key: the gone text it replaced, with its translation} for the texts that replaced a
    translated text."""
    replaced = {}
    for batch in chunks(keys):
        gone = RulingText.objects.filter(replaced_by__in=batch, translation__isnull=False)
        for text in gone.select_related("translation").order_by("gone_since"):
            replaced[text.replaced_by_id] = text
    return replaced


def po_bytes(po: polib.POFile) -> bytes:
    return str(po).encode()


def file_name(selection: Selection) -> str:
    parts = ["oracolo-rulings-it", "all" if selection.everything else "queue"]
    if selection.set_code:
        parts.append(selection.set_code.lower())
    parts.append(timezone.localdate().isoformat())
    return "-".join(parts) + ".po"


class RefusedFile(Exception):
    """The whole file is refused (not ours, broken, too large): nothing was changed."""


def max_bytes() -> int:
    return settings.TRANSLATION_PO_MAX_BYTES


def parse_po(data: bytes) -> polib.POFile:
    """``data`` read as one of our PO files, or ``RefusedFile`` saying why not."""
    if len(data) > max_bytes():
        raise RefusedFile(too_large_message())
    try:
        content = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RefusedFile(_("The file is not UTF-8 text: it is no PO file.")) from None
    line = broken_line(content)
    if line:
        raise RefusedFile(broken_message(line))
    try:
        # polib takes text that names an existing file for the file's name, and reads the file:
        # content ending in a line break names none.
        po = polib.pofile(content + "\n", encoding="utf-8")
    except (OSError, ValueError) as error:
        found = re.search(r"line (\d+)", str(error))
        raise RefusedFile(broken_message(int(found[1]) if found else None)) from None
    project = po.metadata.get("Project-Id-Version", "")
    if project != PROJECT:
        raise RefusedFile(
            _(
                "This PO file is not one of Oracolo’s ruling translations (its "
                "Project-Id-Version is “%(found)s”, not “%(wanted)s”)."
            )
            % {"found": project, "wanted": PROJECT}
        )
    return po


# A PO line that is not a comment: a keyword and a quoted string, or a quoted string going on.
PO_LINE = re.compile(r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"')


def broken_line(content: str) -> int | None:
    """The number of the first line that is neither a comment nor a whole PO line: polib takes
    a string cut short (a truncated file) as if it were closed."""
    for number, line in enumerate(content.splitlines(), start=1):
        line = line.strip()
        # No text has a NUL, and PostgreSQL refuses it.
        if "\x00" in line or line and not line.startswith("#") and not PO_LINE.fullmatch(line):
            return number
    return None


def broken_message(line: int | None) -> str:
    if line is None:
        return _("The file is not a valid PO file.")
    return _("The file is not a valid PO file: line %(line)s is cut short or malformed.") % {
        "line": line
    }


def too_large_message() -> str:
    return _("The file is too large: at most %(bytes)s bytes are accepted.") % {
        "bytes": number_format(max_bytes(), force_grouping=True)
    }
