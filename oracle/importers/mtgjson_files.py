"""Opening MTGJSON files and streaming their sets: plain or gzip-compressed JSON, a set file,
AllPrintings or Keywords, read one set at a time (ijson) so memory stays flat."""

import gzip
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import ijson

from .mtgjson_records import MtgjsonData, ReadError

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
            meta = next(ijson.items(handle, "meta"), None)
    except (ijson.JSONError, OSError, EOFError, UnicodeDecodeError):
        return {}  # iter_sets reports what is wrong with the file
    return meta if isinstance(meta, dict) else {}


def iter_sets(path: Path, data: MtgjsonData) -> Iterator[tuple[str, dict]]:
    """Yield (code, set object) pairs, streaming AllPrintings one set at a time."""
    single_set: dict = {}
    found = False  # this file, not the files before it, held sets or keywords
    try:
        with _open(path) as handle:
            for key, value in ijson.kvitems(handle, "data", use_float=True):
                if key in KEYWORD_KINDS:
                    _read_keyword_list(key, value, path, data)
                    found = True
                elif isinstance(value, dict) and "cards" in value:
                    found = True
                    yield key, value
                else:
                    single_set[key] = value
    except ijson.JSONError as error:
        raise ReadError(_json_error_message(path, error)) from error
    except (OSError, EOFError, UnicodeDecodeError) as error:
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


def _json_error_message(path: Path, error: Exception) -> str:
    """Name the line and column, which the streaming parser does not report."""
    try:
        with _open(path) as handle:
            text = handle.read().decode("utf-8", errors="replace")
        # Only to find the error: every object is dropped as soon as it is parsed, so a damaged
        # AllPrintings does not build its whole tree in memory.
        json.loads(text, object_pairs_hook=lambda pairs: None)
    except json.JSONDecodeError as exact:
        return f"{path.name}: line {exact.lineno}, column {exact.colno}: invalid JSON ({exact.msg})"
    except (OSError, EOFError) as broken:
        return f"{path.name}: the file is cut short or damaged ({broken})"
    return f"{path.name}: invalid JSON ({str(error).splitlines()[0]})"


def _read_keyword_list(key: str, names, path: Path, data: MtgjsonData) -> None:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ReadError(f"{path.name}: data.{key}: expected a list of keyword names")
    for name in names:
        data.keyword_kinds[name] = KEYWORD_KINDS[key]
