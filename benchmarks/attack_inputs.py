"""The crafted inputs of issue 41 (item 3, and item 5's oversized requests), each a request to
send through nginx and the answers it may get: 4xx for the crafted ones; the longest shared
decklist address the docs promise must be answered (200), not refused by gunicorn or nginx."""

import base64
import json
import random
import string
import zlib
from urllib.parse import quote, urlencode

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
LIST = "4 Tarox Bladewing\n56 Mountain\n"
MAX_SHARED_CHARS = 6_000  # oracle.decks.limits, as docs/decks.md promises
FOUR_XX = range(400, 500)
NO_500 = range(200, 500)  # where SQLite finds nothing (200) and PostgreSQL refused the NUL


def form(**fields) -> bytes:
    return urlencode(fields).encode()


def nested(depth: int, inner: str) -> bytes:
    return ("[" * depth + inner + "]" * depth).encode()


def shared_parameter(chars: int) -> str:
    """A ``d=`` parameter of about ``chars`` characters: a list of made-up names, which
    compresses badly (long ones, to stay under the 500 lines a list may have), packed as
    oracle.decks.sharing packs one."""
    picker = random.Random(41)
    lines, packed = [], ""
    while True:
        name = "".join(picker.choice(string.ascii_lowercase) for _ in range(40))
        candidate = "\n".join([*lines, f"1 {name}"])
        encoded = base64.urlsafe_b64encode(zlib.compress(candidate.encode(), 9)).rstrip(b"=")
        if len(encoded) > chars:
            return packed
        lines.append(f"1 {name}")
        packed = encoded.decode()


def crafted_requests() -> list[tuple[str, str, str, bytes | None, str | None, range]]:
    """(what, method, path, body, content type, the statuses that pass)."""
    requests = []
    for query in ("m:{²}", "m:{①}", "m={²}{W}"):
        q = quote(query)
        for path in (
            f"/en/cards/?q={q}",
            f"/api/cards/?q={q}",
            f"/api/scryfall/cards/search?q={q}",
            f"/api/scryfall/cards/random?q={q}",
            f"/en/cards/random/?q={q}",
        ):
            requests.append((query, "GET", path, None, None, FOUR_XX))
    long_number = "9" * 5000
    picks = {
        "pick=²:Tarox Bladewing": "²:Tarox Bladewing",
        "pick=<5,000 digits>:Tarox Bladewing": f"{long_number}:Tarox Bladewing",
    }
    for what, pick in picks.items():
        body = form(list=LIST, format="modern", pick=pick)
        for path in ("/en/decks/", "/en/decks/sheet/", "/en/decks/export/mtgo/"):
            requests.append((what, "POST", path, body, FORM, FOUR_XX))
    collection = "/api/scryfall/cards/collection"
    deep = 100_000
    requests += [
        ("JSON nested 100,000 deep", "POST", collection, nested(deep, "1"), JSON, FOUR_XX),
        ("mtgo_id of 5,000 digits", "POST", collection,
         f'{{"identifiers": [{{"mtgo_id": {long_number}}}]}}'.encode(), JSON, FOUR_XX),
        ("lone surrogate \\ud800", "POST", collection,
         b'{"identifiers": [{"name": "\\ud800"}]}', JSON, FOUR_XX),
        ("NUL in an identifier (PostgreSQL's 500)", "POST", collection,
         b'{"identifiers": [{"name": "Tarox\\u0000Bladewing"}]}', JSON, NO_500),
        ("JSON nested 100,000 deep", "POST", "/api/decks/check/", nested(deep, "1"), JSON,
         FOUR_XX),
        ("lone surrogate \\ud800", "POST", "/api/decks/check/",
         b'{"list": "4 \\ud800", "format": "modern"}', JSON, FOUR_XX),
        ("a 3 MB body", "POST", "/api/decks/check/",
         json.dumps({"list": "x" * 3_000_000, "format": "modern"}).encode(), JSON, [413]),
        ("a 3 MB upload", "POST", "/en/decks/",
         form(list="x" * 3_000_000, format="modern"), FORM, [413]),
    ]  # fmt: skip
    d = urlencode({"format": "modern", "d": shared_parameter(MAX_SHARED_CHARS)})
    for path in ("/en/decks/", "/en/decks/sheet/"):
        what = f"a shared address of {len(path) + 1 + len(d):,} characters"
        requests.append((what, "GET", f"{path}?{d}", None, None, [200]))
    return requests


def staff_requests(admin: str, ids: dict) -> list[tuple[str, str, str, dict | None, range]]:
    """Crafted input only staff can send: a NUL in an admin foreign-key filter and in
    ``_selected_action`` (what, method, path, form fields, the statuses that pass)."""
    erratum = ids["erratum"]
    return [
        ("NUL in a foreign-key filter", "GET",
         f"/{admin}oracle/erratum/?card__id__exact=1%00", None, FOUR_XX),
        ("NUL in _selected_action", "POST", f"/{admin}oracle/erratum/",
         {"action": "delete_selected", "_selected_action": f"{erratum}\x00"}, FOUR_XX),
    ]  # fmt: skip
