"""Whole numbers written by a visitor: ASCII digits only, and no more of them than a bound.

``str.isdigit()`` says yes to more than "0" to "9": superscripts ("²"), circled numbers ("①")
and every script's digits ("٣", the fullwidth "３"), and ``int()`` then fails on the first two
kinds and reads the others. ``int()`` also refuses a text of more than 4,300 digits. Text from
a request (a query, a form, an address, a JSON body) is read with these instead.
"""


def is_ascii_number(text: str) -> bool:
    """True for "0", "12", "007"; False for "", "-1", " 3", "²", "٣"."""
    return bool(text) and text.isascii() and text.isdigit()


def bounded_number(text: str, largest: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits, from 0 to ``largest``; None for any
    other text (a sign, a space, another script's digits, a number past ``largest``)."""
    if not is_ascii_number(text):
        return None
    significant = text.lstrip("0") or "0"
    if len(significant) > len(str(largest)):
        return None
    number = int(significant)
    return number if number <= largest else None
