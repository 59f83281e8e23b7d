"""Opening MTGJSON files and reading their sets one at a time: plain or gzip-compressed JSON, a
set file, AllPrintings or Keywords. A file is parsed from its text with the standard library
(json_text) when it is within json_stream's limits, else streamed (ijson, json_stream), which
says where a problem is and keeps memory flat whatever the file."""

import gzip
import hashlib
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import ijson

from oracle.importers import json_text
from oracle.importers.json_stream import StreamLimit, top_level_items, top_level_value
from oracle.importers.mtgjson_records import MtgjsonData, ReadError

# A damaged JSON file is read again to say where it breaks, up to this many bytes; past that
# the parser's own message is given.
ERROR_LOCATION_LIMIT = 64 * 1024 * 1024
# What a damaged or cut-short gzip file raises while it is read.
DAMAGED = (OSError, EOFError, UnicodeDecodeError, zlib.error)

KEYWORD_NAME_LENGTH = 80  # Keyword.name
# The lists of Keywords.json and the kind of keyword each holds.
KEYWORD_KINDS = {
    "abilityWords": "ability_word",
    "keywordAbilities": "ability",
    "keywordActions": "action",
}


def _open(path: Path):
    try:
        handle = path.open("rb")
    except OSError as error:
        raise ReadError(f"{path}: cannot be opened ({error.strerror})") from error
    magic = handle.read(2)
    handle.seek(0)
    return gzip.GzipFile(fileobj=handle) if magic == b"\x1f\x8b" else handle


def file_digest(path: Path) -> str:
    """The sha256 of the file as it is on disk (compressed or not)."""
    try:
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError as error:
        raise ReadError(f"{path}: cannot be opened ({error.strerror})") from error


def read_meta(path: Path) -> dict:
    """The file's ``meta`` object ({"date": "2022-04-25", "version": "5.2.0+20220425"}), {}
    when it has none. MTGJSON writes it first, so only the file's start is read."""
    try:
        with _open(path) as handle:
            meta = top_level_value(handle, "meta")
    except (ijson.JSONError, StreamLimit, *DAMAGED):
        return {}  # iter_sets reports what is wrong with the file
    return meta if isinstance(meta, dict) else {}


def iter_sets(path: Path, data: MtgjsonData) -> Iterator[tuple[str, dict]]:
    """Yield (code, set object) pairs, streaming AllPrintings one set at a time."""
    single_set: dict = {}
    found = False  # this file, not the files before it, held sets or keywords
    try:
        for key, value in _data_members(path):
            if key is None:
                raise ReadError(
                    f"{path.name}: 'data' should be an object, found "
                    f"{type(value).__name__}; is this an MTGJSON file?"
                )
            if key in KEYWORD_KINDS:
                _read_keyword_list(key, value, path, data)
                found = True
            elif isinstance(value, dict) and "cards" in value:
                found = True
                yield key, value
            else:
                single_set[key] = value
    except StreamLimit as error:
        raise ReadError(f"{path.name}: {error}") from error
    except ijson.JSONError as error:
        raise ReadError(_json_error_message(path, error)) from error
    except DAMAGED as error:
        raise ReadError(f"{path.name}: not readable as JSON or gzip ({error})") from error
    if single_set:
        if "cards" not in single_set or "code" not in single_set:
            raise ReadError(
                f"{path.name}: 'data' holds neither a set (with 'code' and 'cards') "
                "nor sets keyed by code; is this an MTGJSON file?"
            )
        yield single_set["code"], single_set
    elif not found:
        raise ReadError(
            f"{path.name}: no MTGJSON 'data' object with sets or keywords found; "
            "is this an MTGJSON file?"
        )


def _data_members(path: Path) -> Iterator[tuple[str | None, object]]:
    """The members of the file's ``data`` object, as ``json_stream.top_level_items`` gives
    them; from the file's text when json_text can read it, else (from where it stopped) from
    json_stream."""
    with _open(path) as handle:
        try:
            text = json_text.read_text(handle)
            json_text.check_plain(text)
        except json_text.NotPlain:
            text = None
    given = 0
    if text is not None:
        try:
            for member in json_text.top_level_items(text, "data"):
                yield member
                given += 1
            return
        except json_text.NotPlain:
            pass
        finally:
            del text
    with _open(path) as handle:
        for index, member in enumerate(top_level_items(handle, "data")):
            if index >= given:
                yield member


def _json_error_message(path: Path, error: Exception) -> str:
    """Name the line and column, which the streaming parser does not report."""
    parser_says = f"{path.name}: invalid JSON ({str(error).splitlines()[0][:200]})"
    try:
        with _open(path) as handle:
            data = handle.read(ERROR_LOCATION_LIMIT + 1)
        if len(data) > ERROR_LOCATION_LIMIT:
            return parser_says
        # Only to find the error: every object is dropped as soon as it is parsed, so a damaged
        # AllPrintings does not build its whole tree in memory.
        json.loads(data.decode("utf-8", errors="replace"), object_pairs_hook=lambda pairs: None)
    except json.JSONDecodeError as exact:
        return f"{path.name}: line {exact.lineno}, column {exact.colno}: invalid JSON ({exact.msg})"
    except RecursionError:
        return parser_says
    except DAMAGED as broken:
        return f"{path.name}: the file is cut short or damaged ({broken})"
    return parser_says


def _read_keyword_list(key: str, names, path: Path, data: MtgjsonData) -> None:
    if not isinstance(names, list) or not all(
        isinstance(n, str) and 0 < len(n) <= KEYWORD_NAME_LENGTH for n in names
    ):
        raise ReadError(
            f"{path.name}: data.{key}: expected a list of keyword names (at most "
            f"{KEYWORD_NAME_LENGTH} characters each)"
        )
    for name in names:
        data.keyword_kinds[name] = KEYWORD_KINDS[key]
