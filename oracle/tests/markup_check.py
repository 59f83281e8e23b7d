"""What a text renderer may write: its tags, their attributes and the shape of each value.

``read_markup`` parses a renderer's output with html.parser and fails on any tag, attribute or
value outside what the renderer makes itself (a rule set: tag -> attribute -> pattern the whole
value matches), on an end tag that closes no open tag, and on a tag left open; it returns the
text the markup shows, entities read, so that a test can also check that every character of the
input is shown exactly once (escaped once: "&" is not "&amp;amp;")."""

import re
from html.parser import HTMLParser

ANY = re.compile(r".*", re.DOTALL)
VOID = {"br"}


def exactly(*values: str) -> re.Pattern:
    return re.compile("|".join(map(re.escape, values)))


# A planeswalker's loyalty cost at the start of a line is a badge (a span like a symbol run's).
LOYALTY_CLASSES = [f"loyalty-cost loyalty-{kind}" for kind in ("up", "down", "zero")]
SYMBOL_TAGS = {
    "abbr": {
        "class": re.compile(r"ms ms-cost ms-.*", re.DOTALL),
        "role": exactly("img"),
        "aria-label": ANY,
        "title": ANY,
    },
    "span": {
        "class": exactly("visually-hidden", "mana-symbols", *LOYALTY_CLASSES),
        "role": exactly("img"),
        "aria-label": ANY,
    },
}
ORACLE_TEXT_TAGS = {**SYMBOL_TAGS, "p": {}, "i": {"class": exactly("reminder")}}
# A word diff writes its symbols as the text does.
DIFF_TAGS = {"del": {}, "ins": {}, "br": {}, **SYMBOL_TAGS}


class MarkupError(AssertionError):
    pass


class _Reader(HTMLParser):
    def __init__(self, allowed):
        super().__init__(convert_charrefs=True)
        self.allowed = allowed
        self.open: list[str] = []
        self.shown: list[str] = []
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.allowed:
            raise MarkupError(f"a <{tag}> the renderer does not make")
        rules = self.allowed[tag]
        seen = set()
        for name, value in attrs:
            if name not in rules or name in seen:
                raise MarkupError(f"<{tag} {name}={value!r}>: not an attribute it makes")
            seen.add(name)
            if value is None or not rules[name].fullmatch(value):
                raise MarkupError(f"<{tag} {name}={value!r}>: not a value it makes")
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        raise MarkupError(f"a self-closing <{tag}/> the renderer does not make")

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            raise MarkupError(f"</{tag}> closes no open tag (open: {self.open})")
        self.open.pop()

    def handle_data(self, data):
        self.shown.append(data)

    def unknown_decl(self, data):
        raise MarkupError(f"a declaration <!{data}>")

    def handle_comment(self, data):
        raise MarkupError(f"a comment <!--{data}-->")

    def handle_decl(self, decl):
        raise MarkupError(f"a declaration <!{decl}>")

    def handle_pi(self, data):
        raise MarkupError(f"a processing instruction <?{data}>")


def read_markup(markup: str, allowed: dict) -> tuple[str, list[tuple[str, dict]]]:
    """(the text shown, the tags with their attributes); fails as the module says."""
    if re.search(r"<(?![a-z/])", markup):
        raise MarkupError(f"a bare '<' in {markup!r}")
    reader = _Reader(allowed)
    reader.feed(markup)
    reader.close()
    if reader.rawdata:
        raise MarkupError(f"unparsed markup left: {reader.rawdata!r}")
    if reader.open:
        raise MarkupError(f"tags left open: {reader.open}")
    return "".join(reader.shown), reader.tags
