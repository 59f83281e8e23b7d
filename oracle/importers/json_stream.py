"""Stream the top-level objects of a big JSON file one value at a time, with limits.

ijson's ``kvitems`` names each event by its full path ("data.FUT.cards.item..."), which costs
memory in proportion to the depth squared: a 200 KB file of ``[`` grows to gigabytes before
any error. Here the values are built from ijson's plain events (no paths), refusing what no
MTGJSON file holds:

- nesting deeper than ``MAX_DEPTH`` (MTGJSON goes about 7 deep),
- a string longer than ``MAX_STRING`` characters (the longest card text is a few thousand),
- a NUL character in a string (never stored: PostgreSQL refuses it, a page would serve it raw),
- more than ``MAX_VALUES`` values in one top-level value (the biggest set holds about a
  million), so that memory stays bounded whatever the file.

Every refusal is a ``StreamLimit`` naming where in the document it was found.
"""

from collections.abc import Iterator

import ijson

MAX_DEPTH = 32
MAX_STRING = 100_000
MAX_VALUES = 8_000_000

CONTAINERS = {"start_map": dict, "start_array": list}
ENDS = {"end_map", "end_array"}


class StreamLimit(Exception):
    """A value past one of the limits; the message says where and what."""


def _where(path: list) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "the top level"


def _location(names: list, stack: list, key=None) -> list:
    """The path to the value being read: keys of objects, indexes of lists (``key``: the key
    of the value being read, when the innermost container is an object)."""
    path = []
    for depth, (name, container) in enumerate(zip(names, stack, strict=True)):
        if name is not None:
            path.append(name)
        if isinstance(container, list):
            innermost = depth == len(stack) - 1
            path.append(len(container) if innermost else len(container) - 1)
    if stack and isinstance(stack[-1], dict) and key is not None:
        path.append(key)
    return path


def _check_string(text: str, prefix: list, names: list, stack: list, key=None) -> None:
    if len(text) > MAX_STRING:
        where = _where(prefix + _location(names, stack, key))
        raise StreamLimit(
            f"{where}: a text of {len(text):,} characters; at most {MAX_STRING:,} are read"
        )
    if "\x00" in text:
        where = _where(prefix + _location(names, stack, key))
        raise StreamLimit(f"{where}: a NUL character in {text[:40]!r}")


def build(events: Iterator, event: str, value, prefix: list):
    """The value that starts with (event, value), read from ``events``; ``prefix`` is the path
    to it, for messages."""
    if event == "start_map":
        root = {}
    elif event == "start_array":
        root = []
    else:
        if event == "string":
            _check_string(value, prefix, [], [])
        return value
    stack: list = [root]
    names: list = [None]  # the key each container of the stack sits under in its parent
    top, in_map, key = root, event == "start_map", None
    deepest = MAX_DEPTH - len(prefix)
    count = 0
    # The most frequent events are tested first: this loop runs for every value of the file.
    for event, value in events:
        if event == "map_key":
            if len(value) > MAX_STRING or "\x00" in value:
                _check_string(value, prefix, names, stack)
            key = value
            continue
        count += 1
        if count > MAX_VALUES:
            raise StreamLimit(
                f"{_where(prefix)}: more than {MAX_VALUES:,} values; not an MTGJSON set"
            )
        if event == "string":
            if len(value) > MAX_STRING or "\x00" in value:
                _check_string(value, prefix, names, stack, key)
        elif event == "end_map" or event == "end_array":
            stack.pop()
            names.pop()
            if not stack:
                return root
            top = stack[-1]
            in_map = type(top) is dict
            continue
        elif event == "start_map" or event == "start_array":
            if len(stack) >= deepest:
                where = _where(prefix + _location(names, stack, key))
                raise StreamLimit(f"{where}: nested deeper than {MAX_DEPTH} levels")
            new = {} if event == "start_map" else []
            if in_map:
                top[key] = new
            else:
                top.append(new)
            names.append(key if in_map else None)
            stack.append(new)
            top, in_map = new, event == "start_map"
            continue
        if in_map:
            top[key] = value
        else:
            top.append(value)
    return root  # the events ended early: ijson raises before this


def skip(events: Iterator, event: str, prefix: list) -> None:
    """Read past the value that starts with ``event``, within the depth limit."""
    if event not in CONTAINERS:
        return
    depth = len(prefix) + 1
    for event, _value in events:
        if event in CONTAINERS:
            depth += 1
            if depth > MAX_DEPTH:
                raise StreamLimit(f"{_where(prefix)}: nested deeper than {MAX_DEPTH} levels")
        elif event in ENDS:
            depth -= 1
            if depth == len(prefix):
                return


def top_level_items(handle, wanted: str) -> Iterator[tuple[str, object]]:
    """(key, value) of each member of the top-level object's ``wanted`` object (``"data"``),
    built one at a time; a ``wanted`` that is not an object is yielded whole as (None, value).
    Other top-level members are skipped."""
    events = ijson.basic_parse(handle, use_float=True)
    event, _value = next(events, (None, None))
    if event != "start_map":
        raise StreamLimit("the top level: expected a JSON object")
    for event, key in events:
        if event == "end_map":
            return
        event, value = next(events)
        if key != wanted:
            skip(events, event, [key])
            continue
        if event != "start_map":
            yield None, build(events, event, value, [key])
            continue
        for event, name in events:
            if event == "end_map":
                break
            _check_string(name, [key], [], [])
            event, value = next(events)
            yield name, build(events, event, value, [key, name])


def top_level_value(handle, wanted: str):
    """The top-level object's ``wanted`` member (``"meta"``), None when it has none before
    ``data`` (MTGJSON writes ``meta`` first)."""
    events = ijson.basic_parse(handle, use_float=True)
    event, _value = next(events, (None, None))
    if event != "start_map":
        return None
    for event, key in events:
        if event == "end_map":
            return None
        event, value = next(events)
        if key == wanted:
            return build(events, event, value, [key])
        if key == "data":
            return None
        skip(events, event, [key])
    return None
