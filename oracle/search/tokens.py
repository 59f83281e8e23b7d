"""Query text -> tokens: words, "quoted phrases", key:value terms, "-", "or" and parentheses.

One small rule per kind of token, no giant regular expression. The tokenizer never fails: what
it cannot read becomes a Problem and the rest goes on (an unclosed quote is closed at the end).
The key aliases, English and Italian, live in ``KEYS`` below (a layer above may add keys to a
query: ``oracle.search.added_terms``).
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext

from common.text import fold
from oracle.search.problems import Problem

# Canonical key -> every spelling accepted (compared folded: "identità" = "identita").
KEYS = {
    "name": ("name", "nome"),
    "t": ("t", "type", "types", "tipo", "tipi"),
    "o": ("o", "oracle", "text", "testo"),
    "kw": ("kw", "k", "keyword", "keywords"),
    "s": ("s", "e", "set", "edition", "espansione", "edizione"),
    "r": ("r", "rarity", "rarita"),
    "c": ("c", "color", "colors", "colour", "colours", "colore", "colori"),
    "id": ("id", "identity", "ci", "identita"),
    "mv": ("mv", "cmc", "manavalue", "vm"),
    "m": ("m", "mana", "cost", "manacost", "costo"),
    "pow": ("pow", "power", "forza"),
    "tou": ("tou", "toughness", "costituzione"),
    "loy": ("loy", "loyalty", "fedelta"),
    "is": ("is",),
    "has": ("has", "ha"),
    "lang": ("lang", "language", "lingua"),
    "year": ("year", "anno"),
    "date": ("date", "data"),
    "f": ("f", "format", "legal", "formato", "legale"),
    "banned": ("banned", "ban", "bandita", "bandito", "bannata", "bannato"),
    "restricted": ("restricted", "limitata", "limitato", "ristretta", "ristretto"),
    "a": ("a", "artist", "artista", "illustratore"),
    "ft": ("ft", "flavor", "flavour", "flavortext", "testodicolore", "ambientazione"),
    "wm": ("wm", "watermark", "filigrana"),
    "b": ("b", "block", "blocco"),
    "st": ("st", "settype", "tipoespansione"),
    "frame": ("frame", "cornice"),
    "border": ("border", "bordo"),
    "not": ("not", "non"),
    "order": ("order", "sort", "ordine", "ordina"),
    "dir": ("dir", "direction", "direzione"),
    "oracleid": ("oracleid",),
    "edhrec": ("edhrec", "edhrecrank"),
    "sets": ("sets", "espansioni"),
}
KEY_ALIASES = {alias: key for key, aliases in KEYS.items() for alias in aliases}

# Longest first, so that ">=" is not read as ">" followed by "=".
OPERATORS = (">=", "<=", "!=", "<>", ":", "=", "<", ">")
KEY = re.compile(r"[^\W\d_]+")
SPECIAL = '()"'


@dataclass(frozen=True)
class Token:
    """``kind`` is "(", ")", "-", "or", "and" or "term".

    A term has ``value`` (unquoted) and, for key:value terms, ``key`` (as typed) and ``op``;
    ``exact`` for ``!name``. ``text`` is the source text.
    """

    kind: str
    text: str
    key: str = ""
    op: str = ""
    value: str = ""
    exact: bool = False


def canonical_key(key: str) -> str | None:
    return KEY_ALIASES.get(fold(key))


# Phone keyboards turn '"' into typographic quotes as it is typed: read them as '"'.
TYPOGRAPHIC_QUOTES = str.maketrans(dict.fromkeys("\u201c\u201d\u201e\u201f\u2033", '"'))


def clean(text: str) -> str:
    """Drop characters no database can store (NUL, lone surrogates), read typographic double
    quotes as '"'."""
    text = "".join(ch for ch in text if ch != "\x00" and not "\ud800" <= ch <= "\udfff")
    return text.translate(TYPOGRAPHIC_QUOTES)


def tokenize(text: str) -> tuple[list[Token], list[Problem]]:
    text, problems = clean(text), []
    tokens: list[Token] = []
    i, end = 0, len(text)
    while i < end:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token(ch, ch))
            i += 1
        elif ch == "-":
            if i + 1 < end and not text[i + 1].isspace():
                tokens.append(Token("-", ch))
            else:
                problems.append(Problem("-", gettext("nothing follows “-”")))
            i += 1
        elif ch == '"':
            start = i
            value, i, closed = _quoted(text, i)
            token = Token("term", text[start:i], value=value)
            tokens.append(_checked_quote(token, closed, problems))
        elif ch == "!":
            start = i
            i += 1
            if i < end and text[i] == '"':
                value, i, closed = _quoted(text, i)
                token = Token("term", text[start:i], value=value, exact=True)
                tokens.append(_checked_quote(token, closed, problems))
            else:
                value, i = _bare(text, i)
                tokens.append(Token("term", text[start:i], value=value, exact=True))
        else:
            tokens.append(_word(text, i, problems))
            i += len(tokens[-1].text)
    return tokens, problems


def _word(text: str, start: int, problems: list[Problem]) -> Token:
    """A bare word, "or"/"and", or key, operator and value (bare or quoted)."""
    key = KEY.match(text, start)
    if key:
        at = key.end()
        op = next((op for op in OPERATORS if text.startswith(op, at)), "")
        if op:
            at += len(op)
            if at < len(text) and text[at] == '"':
                value, at, closed = _quoted(text, at)
                token = Token("term", text[start:at], key=key.group(), op=op, value=value)
                return _checked_quote(token, closed, problems)
            value, at = _bare(text, at)
            return Token("term", text[start:at], key=key.group(), op=op, value=value)
    value, at = _bare(text, start)
    if fold(value) in ("or", "and"):
        return Token(fold(value), value)
    return Token("term", value, value=value)


def _bare(text: str, start: int) -> tuple[str, int]:
    at = start
    while at < len(text) and not text[at].isspace() and text[at] not in SPECIAL:
        at += 1
    return text[start:at], at


def _quoted(text: str, start: int) -> tuple[str, int, bool]:
    """The phrase in quotes starting at ``start``; backslash escapes the next character."""
    chars = []
    at = start + 1
    while at < len(text):
        ch = text[at]
        if ch == "\\" and at + 1 < len(text):
            chars.append(text[at + 1])
            at += 2
        elif ch == '"':
            return "".join(chars), at + 1, True
        else:
            chars.append(ch)
            at += 1
    return "".join(chars), at, False


def _checked_quote(token: Token, closed: bool, problems: list[Problem]) -> Token:
    if not closed:
        # Closed, an empty phrase is still nothing to search for: then there is no suggestion.
        suggestion = token.text + '"' if token.value.strip() else ""
        problems.append(
            Problem(
                token.text,
                gettext("a quote is not closed: read as if it closed at the end"),
                suggestion,
            )
        )
    return token


def quote(value: str, bare_word: bool = False) -> str:
    """``value`` as it must be written to be read back the same: in quotes when needed.

    A value after a key needs quotes for spaces, parentheses, quotes, or when empty; a bare
    word also when it would be read as something else ("or", "-x", "!x", "t:x").
    """
    needs = (
        not value
        or any(ch.isspace() or ch in SPECIAL or ch == "\\" for ch in value)
        or (
            bare_word
            and (value[0] in "-!" or fold(value) in ("or", "and") or _looks_like_term(value))
        )
    )
    if not needs:
        return value
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _looks_like_term(value: str) -> bool:
    key = KEY.match(value)
    return bool(key) and any(value.startswith(op, key.end()) for op in OPERATORS)
