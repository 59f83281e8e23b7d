"""What a decklist may hold, stated on the page, in the API's errors and in docs/decks.md.

A tournament list has 60 to 100 cards on 20 to 110 lines and weighs a few kilobytes; the limits
leave room for comments and long Commander lists while keeping a hostile list (ten thousand
lines, a megabyte, a million copies) from costing the server more than a normal one.
"""

MAX_BYTES = 50_000  # the list's text in UTF-8 (a pasted list or an uploaded file)
MAX_LINES = 500
MAX_LINE_CHARS = 200  # longer than any card name with its count and set
MAX_COUNT = 999  # copies on one line
# The unknown names that get suggestions (each costs a look through every name): the others
# are flagged without any.
MAX_SUGGESTED = 25
SUGGESTIONS = 5
# The shared address: the list compressed (zlib) and written in URL-safe base64 in one query
# parameter of at most this many characters, well under the 8 KB a request line may have
# behind the usual servers and proxies.
MAX_SHARED_CHARS = 6_000


def grouped(number: int) -> str:
    """A number with the page language's thousands separator: "50,000", "50.000"."""
    from django.utils.formats import number_format

    return number_format(number, force_grouping=True)
