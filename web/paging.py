"""Which page of a paginated list a request asks for: one reading for every page and the API."""

import re

PAGE_NUMBER = re.compile(r"[0-9]{1,9}")


def requested_page(raw: str | None) -> int | None:
    """The page number in ``raw`` (a ``?page=`` value): a whole number from 1; "" or None is
    page 1; None for anything else (the API answers 400, a page shows the first page)."""
    raw = (raw or "").strip() or "1"
    if not PAGE_NUMBER.fullmatch(raw) or int(raw) < 1:
        return None
    return int(raw)


def page_number(raw: str | None) -> int:
    """The page a web page shows for ``raw``: the number asked for, or the first page when it
    is not one (a number past the end is the last page: ``Paginator.get_page``)."""
    return requested_page(raw) or 1
