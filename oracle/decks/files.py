"""An uploaded decklist file -> its text, or ListError for one that is not a text file.

Lists are saved by MTGO, Arena and the deck sites as UTF-8 (with or without a byte order mark),
by some Windows programs as UTF-16 (with one) or in the Windows code page: each is read. A file
with NUL bytes (and no UTF-16 mark) or with many control characters is not text (a picture, an
archive, a program) and is refused with a message.
"""

import codecs

from django.utils.translation import gettext as _

from oracle.decks import limits
from oracle.decks.parse import ListError

# Control characters other than tab and line breaks, as a share of the text above which it is
# not a list.
MAX_CONTROL_SHARE = 0.01


def read_upload(chunks) -> str:
    """The text of an uploaded file given as an iterable of byte chunks, read no further than
    the size limit (ListError beyond it, or when it is not text)."""
    data = bytearray()
    for chunk in chunks:
        data += chunk
        if len(data) > limits.MAX_BYTES:
            raise ListError(
                _("The file is larger than %(bytes)s bytes: a decklist is a few kilobytes.")
                % {"bytes": limits.grouped(limits.MAX_BYTES)}
            )
    return decode(bytes(data))


def decode(data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ListError(not_text()) from None
    if b"\x00" in data:
        raise ListError(not_text())
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    controls = sum(1 for char in text if ord(char) < 32 and char not in "\t\n\r")
    if text and controls / len(text) > MAX_CONTROL_SHARE:
        raise ListError(not_text())
    return text


def not_text() -> str:
    return _("The file is not a text file: save the list as .txt (MTGO, Arena or plain text).")
