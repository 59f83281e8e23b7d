"""The top-level ``data`` members of a JSON file small enough to hold as text, read with the
standard library's C parser: the quick way to read AllPrintings.

``json_stream`` builds every value from ijson's events in Python, which costs about twice what
parsing costs; this module parses one member at a time from the file's text instead. It reads
only what ``json_stream`` would read to the same values, and gives up (``NotPlain``) on anything
that needs a closer look: a file larger than ``MAX_TEXT`` once uncompressed, a NUL, a string
that may be longer than ``json_stream.MAX_STRING``, an escaped surrogate, ``NaN`` or
``Infinity``, nesting past the parser's recursion limit, or any JSON error. The caller then
reads the file with ``json_stream``, whose messages say where in the document the problem is.
Nesting under that recursion limit but past ``json_stream.MAX_DEPTH``, and whole numbers past
64 bits (which ijson refuses), are read here as they are: what the importer uses is checked
value by value (``mtgjson_checks``).
"""

import json
import re
from collections.abc import Iterator

from oracle.importers.json_stream import MAX_STRING

# Larger files are streamed (json_stream) so that memory stays flat.
MAX_TEXT = 1024 * 1024 * 1024
# A string longer than MAX_STRING spans a whole window of this many characters starting at a
# multiple of it, with no quote in it that ends a string.
WINDOW = MAX_STRING // 2
# Escaped quotes looked at in one window before giving up on it.
MOST_ESCAPED_QUOTES = 200
SPACE = re.compile(r"[ \t\n\r]*")
# A NUL, or half of a surrogate pair (which json takes alone, and no database stores), written
# as an escape. Unescaped, a NUL is a JSON error.
ESCAPED_NUL_OR_SURROGATE = re.compile(r"\\u(?:0000|[dD])")


class NotPlain(Exception):
    """The file needs json_stream: too large, past a limit, or not valid JSON."""


def read_text(handle) -> str:
    """The whole file as text; NotPlain past MAX_TEXT bytes or when it is not UTF-8."""
    data = handle.read(MAX_TEXT + 1)
    if len(data) > MAX_TEXT:
        raise NotPlain
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotPlain from error


def check_plain(text: str) -> None:
    """NotPlain unless every string of ``text`` is within json_stream's limits and means the
    same to both parsers."""
    if ESCAPED_NUL_OR_SURROGATE.search(text):
        raise NotPlain
    for start in range(0, len(text) - WINDOW + 1, WINDOW):
        if not _ends_a_string_within(text, start, start + WINDOW):
            raise NotPlain


def _ends_a_string_within(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] holds a quote that no backslash escapes."""
    position = start
    for _ in range(MOST_ESCAPED_QUOTES):
        position = text.find('"', position, end)
        if position < 0:
            return False
        before = position
        while before > 0 and text[before - 1] == "\\":
            before -= 1
        if (position - before) % 2 == 0:
            return True
        position += 1
    return False


def _refuse_constant(name: str):
    raise NotPlain(name)


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def top_level_items(text: str, wanted: str) -> Iterator[tuple[str | None, object]]:
    """As ``json_stream.top_level_items``, from the file's text; NotPlain on whatever
    json_stream should read instead. Call ``check_plain`` first."""
    try:
        yield from _items(text, wanted)
    except (json.JSONDecodeError, RecursionError, IndexError) as error:
        raise NotPlain from error


def _items(text: str, wanted: str) -> Iterator[tuple[str | None, object]]:
    position = _expect(text, _skip_space(text, 0), "{")
    if text[position] == "}":
        return
    while True:
        key, position = _key(text, position)
        if key != wanted:
            _value, position = _DECODER.raw_decode(text, position)
        elif text[position] != "{":
            value, position = _DECODER.raw_decode(text, position)
            yield None, value
        else:
            position = _skip_space(text, position + 1)
            more = text[position] != "}"
            while more:
                name, position = _key(text, position)
                value, position = _DECODER.raw_decode(text, position)
                yield name, value
                position, more = _after_member(text, position)
            position += 1
        position, more = _after_member(text, position)
        if not more:
            return


def _key(text: str, position: int) -> tuple[str, int]:
    """An object's key at ``position`` and where its value starts."""
    if text[position] != '"':
        raise NotPlain
    key, position = _DECODER.raw_decode(text, position)
    return key, _skip_space(text, _expect(text, _skip_space(text, position), ":"))


def _after_member(text: str, position: int) -> tuple[int, bool]:
    """Past the comma after an object's member (and whether one follows), or at the closing
    brace."""
    position = _skip_space(text, position)
    if text[position] == ",":
        return _skip_space(text, position + 1), True
    if text[position] != "}":
        raise NotPlain
    return position, False


def _expect(text: str, position: int, character: str) -> int:
    if text[position] != character:
        raise NotPlain
    return _skip_space(text, position + 1)


def _skip_space(text: str, position: int) -> int:
    return SPACE.match(text, position).end()
