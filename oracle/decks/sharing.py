"""A list in its own address: the text compressed with zlib and written in URL-safe base64
(no padding) as one query parameter, ``?d=...``. Nothing is stored: the address is the list.

``encode`` gives None for a list whose parameter would be longer than
``limits.MAX_SHARED_CHARS``; ``decode`` refuses a parameter over that length, one that is not
base64 or zlib, and one that unpacks to more than ``limits.MAX_BYTES`` (a small parameter can
unpack to a great deal: it is unpacked no further than the limit).
"""

import base64
import binascii
import re
import zlib

from django.utils.translation import gettext as _

from oracle.decks import limits
from oracle.decks.parse import ListError

BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def encode(text: str) -> str | None:
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).rstrip(b"=")
    return packed.decode("ascii") if len(packed) <= limits.MAX_SHARED_CHARS else None


def decode(parameter: str) -> str:
    if len(parameter) > limits.MAX_SHARED_CHARS:
        raise ListError(too_long())
    if not BASE64URL.fullmatch(parameter) or len(parameter) % 4 == 1:
        raise ListError(broken())
    try:
        packed = base64.urlsafe_b64decode(parameter + "=" * (-len(parameter) % 4))
        unpacker = zlib.decompressobj()
        data = unpacker.decompress(packed, limits.MAX_BYTES + 1)
    except (binascii.Error, zlib.error):
        raise ListError(broken()) from None
    if len(data) > limits.MAX_BYTES or unpacker.unconsumed_tail:
        raise ListError(
            _("The list in this address is longer than %(bytes)s bytes.")
            % {"bytes": limits.grouped(limits.MAX_BYTES)}
        )
    if not unpacker.eof:
        raise ListError(broken())
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ListError(broken()) from None


def too_long() -> str:
    return _(
        "An address holds a list of up to %(chars)s characters once compressed; this one is longer."
    ) % {"chars": limits.grouped(limits.MAX_SHARED_CHARS)}


def broken() -> str:
    return _("The list in this address is damaged: copy the whole address again.")
