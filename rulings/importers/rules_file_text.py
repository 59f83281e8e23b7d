"""From the bytes of a rules file to clean lines: the encoding worked out (UTF-8, UTF-16, or the
likeliest single-byte code page of an old file) and every kind of line end and odd space made
plain. No database."""

import re

# Typographic characters a rules file really contains; a code page that turns the file's bytes
# into these (or into lower-case Latin letters) is more likely right than one giving symbols.
TYPOGRAPHIC = set("‘’“”–—…•™®©°·«»")
NON_ASCII = re.compile(r"[^\x00-\x7f]")
FALLBACK_ENCODINGS = ("cp1252", "mac_roman", "cp437")
# Enough non-ASCII characters to tell the code pages apart (a real file has a few hundred), so
# that a large binary file is not weighed character by character three times over.
PLAUSIBILITY_SAMPLE = 20_000


def _plausibility(text: str) -> int:
    score = 0
    for count, match in enumerate(NON_ASCII.finditer(text)):
        if count == PLAUSIBILITY_SAMPLE:
            break
        char, at = match.group(), match.start()
        if char in TYPOGRAPHIC:
            score += 2
        elif "\u00c0" <= char <= "\u00ff" and char.isalpha():
            before = text[at - 1] if at else " "
            if char.islower():
                score += 2
            elif before.isalpha() and before.islower():
                score -= 1  # a capital inside a word: "El-HajjÉj"
            else:
                score += 1
        else:
            score -= 2  # "ƒ", "‰", box drawing, Greek: not what rules text is made of
    return score


def decode(data: bytes) -> tuple[str, str]:
    """The text of a rules file and the encoding used.

    UTF-8 (with or without BOM) first. Otherwise the file is in a single-byte code page, and each
    of cp1252, Mac Roman and cp437 is tried: the one that turns the non-ASCII bytes into the most
    plausible characters wins (the May 2007 file's 0x83 in "El-Hajj\\x83j" is 'â' in cp437 and
    'ƒ' in cp1252). On a tie, a file with bare CR line ends (a classic Mac file) is taken as Mac
    Roman, where 0x89 is 'â' too; otherwise the order above decides.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), "utf-16"
    try:
        return data.decode("utf-8-sig"), (
            "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
        )
    except UnicodeDecodeError:
        pass
    bare_cr = data.count(b"\r") > 2 * data.count(b"\r\n")
    order = ("mac_roman", "cp1252", "cp437") if bare_cr else FALLBACK_ENCODINGS
    best = None
    for preference, encoding in enumerate(order):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        candidate = (_plausibility(text), -preference, text, encoding)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    return best[2], best[3]  # cp437 and Mac Roman decode every byte, so best is never None


def normalise_lines(text: str) -> list[str]:
    """Lines with any line end (LF, CRLF, bare CR, U+2028/U+2029), no-break spaces made plain
    spaces, stray BOMs and trailing spaces removed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\u2028", "\n").replace("\u2029", "\n")
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("\ufeff", "")
    return [line.rstrip() for line in text.split("\n")]
