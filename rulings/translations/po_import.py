"""Translations read back from a translators' PO file (``rulings.translations.po_files``).

The file is refused whole, nothing changed, when it is not one of ours, is broken or too large,
or names no text the memory holds. Otherwise each translated entry that is not fuzzy is
checked: its key is a text in use, its ``msgid`` is still that text's English, its Italian
passes ``translation_problems``. A good entry becomes a proposed translation (origin: PO file)
unless the memory already holds the same Italian; an approved translation is replaced (and
proposed again) only when asked. The others are refused one by one, each with its reason; all in
one transaction.
"""

import re
from collections import Counter
from dataclasses import dataclass, field

import polib
from django.db import transaction
from django.utils.translation import gettext as _

from rulings.models import RulingText, RulingTranslation
from rulings.translations.po_files import RefusedFile, parse_po
from rulings.translations.texts import plain, translation_problems

Status = RulingTranslation.Status
KEY = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Refusal:
    key: str
    line: int
    reason: str


@dataclass
class ImportSummary:
    read: int = 0  # the file's entries, its header and obsolete entries aside
    untranslated: int = 0  # empty or fuzzy: not read back
    taken: int = 0
    unchanged: int = 0
    refused: list[Refusal] = field(default_factory=list)


def import_po(data: bytes, translator=None, replace_approved: bool = False) -> ImportSummary:
    """Read ``data``, a PO file, into the memory as proposed translations by ``translator``
    (a user, or None). Raises ``RefusedFile`` when the whole file is refused."""
    po = parse_po(data)
    entries = [entry for entry in po if not entry.obsolete]
    keys = {entry.msgctxt for entry in entries if KEY.fullmatch(entry.msgctxt or "")}
    times = Counter(entry.msgctxt for entry in entries)
    summary = ImportSummary(read=len(entries))
    with transaction.atomic():
        texts = RulingText.objects.select_related("translation").in_bulk(list(keys))
        if entries and not texts:
            raise RefusedFile(_("None of the file’s entries is an English ruling text of Oracolo."))
        for entry in entries:
            if not entry.msgstr.strip() or entry.fuzzy:
                summary.untranslated += 1
                continue
            text = texts.get(entry.msgctxt or "")
            italian = plain(entry.msgstr)
            reasons = problems(entry, text, times) or kept(text, italian, replace_approved)
            if reasons:
                line = entry.linenum or 1
                summary.refused.append(Refusal(entry.msgctxt or "", line, " ".join(reasons)))
            elif held(text) == italian:
                summary.unchanged += 1
            else:
                propose(text, italian, translator)
                summary.taken += 1
    return summary


def problems(entry: polib.POEntry, text: RulingText | None, times: Counter) -> list[str]:
    if text is None:
        return [_("No English ruling text has this key (msgctxt).")]
    if times[text.key] > 1:
        return [_("The key appears %(times)s times in the file.") % {"times": times[text.key]}]
    if text.gone_since is not None:
        return [_("Out of date: no ruling has this English text any more.")]
    if plain(entry.msgid) != text.english:
        return [_("Out of date: the English (msgid) is no longer this key’s text.")]
    return translation_problems(text.english, entry.msgstr)


def held(text: RulingText) -> str:
    """The Italian the memory holds for ``text`` ("" for none)."""
    translation = getattr(text, "translation", None)
    return translation.italian if translation else ""


def kept(text: RulingText, italian: str, replace_approved: bool) -> list[str]:
    """Why an approved translation stays as it is: the file changes it, unasked."""
    translation = getattr(text, "translation", None)
    if (
        translation is not None
        and translation.status == Status.APPROVED
        and translation.italian != italian
        and not replace_approved
    ):
        return [_("Already approved: the approved Italian is kept.")]
    return []


def propose(text: RulingText, italian: str, translator) -> None:
    """Store ``italian`` as the proposed translation of ``text``, by ``translator``."""
    translation = getattr(text, "translation", None) or RulingTranslation(text=text)
    translation.italian = italian
    translation.status = Status.PROPOSED
    translation.origin = RulingTranslation.Origin.PO_FILE
    translation.translator = translator
    translation.reviewer = None
    translation.approved_at = None
    translation._history_user = translator
    translation.save()
