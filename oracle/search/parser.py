"""Tokens -> condition tree, and the Query that ``parse`` returns.

Grammar (Scryfall's): terms side by side must all match; ``or`` between them offers
alternatives and binds more loosely ("a b or c" is "(a b) or c"); ``-`` negates a term or a
group; parentheses group. ``order:`` and ``dir:`` set the order of the results wherever they
are. A part that cannot be used becomes a Problem and is left out; the rest still runs.
"""

import contextlib
import dataclasses
import difflib

from django.db.models import Q
from django.utils.translation import gettext, ngettext

from common.text import fold
from oracle.models import searched_kinds
from oracle.search import added_terms, names, relevance
from oracle.search import conditions as c
from oracle.search.problems import Problem
from oracle.search.tokens import KEY_ALIASES, Token, canonical_key, tokenize

MAX_DEPTH = 20  # parentheses inside parentheses; deeper ones are ignored
# What one search may cost: a longer query, or one with more terms, is refused whole (each term
# is a condition on every card the others leave, so a query's cost grows with its terms).
MAX_LENGTH = 500  # characters
MAX_TERMS = 20
MAX_PROBLEMS = 20  # problems listed; the rest are counted
TEXT_CONDITIONS = {
    "name": c.NameCondition,
    "t": c.TypeCondition,
    "o": c.TextCondition,
    "kw": c.KeywordCondition,
}
POSITIVE_OPS = (":", "=")
NEGATIVE_OPS = ("!=", "<>")


@dataclasses.dataclass
class Query:
    """A parsed search query. Build it with ``parse(text)``; see ``oracle.search``."""

    text: str
    tree: c.Node | None = None
    problems: list[Problem] = dataclasses.field(default_factory=list)
    order: str = ""
    direction: str = ""
    # The terms a layer above added to this query's language (``added_terms``), the keyword
    # table once read (see conditions.keyword_table) and what the added keys read once (see
    # added_terms.SearchKey.lookups, by key); not part of the query.
    added: tuple = dataclasses.field(default=(), repr=False, compare=False)
    keyword_rows: list = dataclasses.field(default_factory=list, repr=False, compare=False)
    shared_lookups: dict = dataclasses.field(default_factory=dict, repr=False, compare=False)
    # Why the whole query is refused (over MAX_LENGTH or MAX_TERMS), if it is.
    refusal: Problem | None = None

    def __str__(self):
        parts = [str(self.tree)] if self.tree is not None else []
        if self.order:
            parts.append(f"order:{self.order}")
        if self.direction:
            parts.append(f"dir:{self.direction}")
        return " ".join(parts)

    @property
    def warnings(self) -> list[Problem]:
        return self.problems

    @property
    def is_empty(self) -> bool:
        return not self.text.strip()

    @property
    def is_usable(self) -> bool:
        if self.refusal is not None:
            return False
        return self.is_empty or self.tree is not None or bool(self.order or self.direction)

    def to_q(self, with_tokens: bool = False) -> Q:
        """The conditions as one Q on CardSearch (all cards when there are none), within what a
        search looks at (``scope``)."""
        if self.tree is not None:
            with self._tables():
                return self.scope(with_tokens) & self.tree.to_q()
        return self.scope(with_tokens) if self.is_usable else c.nothing()

    def scope(self, with_tokens: bool = False) -> Q:
        """What a search looks at: never art-series objects, tokens only when the query names
        them (``is:token``, ``t:token``, ``t:pedina``, ``is:emblem``: ``c.asks_for_tokens``)
        or the caller asks for them (a layout filter on tokens)."""
        tokens = with_tokens or any(c.asks_for_tokens(leaf) for leaf in c.leaves(self.tree))
        return c.likely(searched_kinds(tokens))

    def unknown_names(self) -> list[Problem]:
        """Keywords and set codes the query names that the database does not have (reads the
        keyword and set tables when the query has such terms; ``problems`` reads nothing)."""
        with self._tables():
            return names.unknown_names(self.tree, self.added)

    @contextlib.contextmanager
    def _tables(self):
        """The keyword table and what the added keys look up, read at most once for this
        query."""
        leaves = list(c.leaves(self.tree))
        with c.keyword_table(self.keyword_rows), contextlib.ExitStack() as stack:
            for search_key in added_terms.search_keys(self.added):
                if search_key.lookups is not None:
                    shared = self.shared_lookups.setdefault(search_key.key, {})
                    terms = search_key.conditions_in(leaves)
                    stack.enter_context(search_key.lookups(terms, shared))
            yield

    def filter(self, cards, with_tokens: bool = False):
        """``cards`` (a CardSearch queryset) narrowed to the cards that match (``scope``)."""
        if not self.is_usable:
            return cards.none()
        return cards.filter(self.to_q(with_tokens))

    @property
    def ordering(self) -> list:
        if not (self.order or self.direction):
            return []
        if self.order == "relevance":
            return relevance.ranking(self.tree) + c.ordering("name", self.direction or "asc")
        return c.ordering(self.order or "name", self.direction or "asc")

    @property
    def relevance(self) -> list | None:
        """The rank by the words (``relevance.ranking``) when the results are in that order."""
        in_order = self.order == "relevance" or not (self.order or self.direction)
        return (relevance.ranking(self.tree) or None) if in_order else None

    def apply(self, cards):
        """``filter`` then ``order_by``: the query's order, else by name."""
        return self.filter(cards).order_by(*(self.ordering or c.ordering("name", "asc")))


def parse(text: str, added: tuple = ()) -> Query:
    """``text`` read as a query; ``added``: the search keys and flag values a layer above adds
    to the language (``oracle.search.added_terms``)."""
    text = "" if text is None else str(text)
    if len(text.strip()) > MAX_LENGTH:
        message = gettext(
            "the query is too long: a search may have at most %(limit)d characters, this one "
            "has %(count)d"
        ) % {"limit": MAX_LENGTH, "count": len(text.strip())}
        return _refused(text, message)
    tokens, problems = tokenize(text)
    parser = _Parser(_limit_depth(tokens, problems), problems, tuple(added))
    query = Query(text, parser.parse(), problems, parser.order, parser.direction, tuple(added))
    if parser.terms > MAX_TERMS:
        message = gettext(
            "too many terms: a search may have at most %(limit)d, this one has %(count)d"
        ) % {"limit": MAX_TERMS, "count": parser.terms}
        return _refused(text, message)
    if not query.is_usable and not problems:
        problems.append(Problem(text.strip(), gettext("there is nothing to search for here")))
    query.problems = _fewer(problems)
    return query


def _refused(text: str, message: str) -> Query:
    """A query refused whole: nothing of it is searched for."""
    part = " ".join(text.split())
    refusal = Problem(part if len(part) <= 40 else part[:39] + "…", message)
    return Query(text, problems=[refusal], refusal=refusal)


def _fewer(problems: list[Problem]) -> list[Problem]:
    """Each problem once, and no more than MAX_PROBLEMS of them, then how many more."""
    problems = list(dict.fromkeys(problems))
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS
    message = ngettext(
        "%(count)d more part could not be used", "%(count)d more parts could not be used", more
    )
    return problems[:MAX_PROBLEMS] + [Problem("…", message % {"count": more})]


def _limit_depth(tokens: list[Token], problems: list[Problem]) -> list[Token]:
    """Drop parentheses nested deeper than MAX_DEPTH, with their closing partners."""
    kept, stack, depth, dropped = [], [], 0, False
    for token in tokens:
        if token.kind == "(":
            keep = depth < MAX_DEPTH
            stack.append(keep)
            depth += keep
            dropped = dropped or not keep
            if not keep:
                continue
        elif token.kind == ")" and stack:
            keep = stack.pop()
            depth -= keep
            if not keep:
                continue
        kept.append(token)
    if dropped:
        problems.append(
            Problem(
                "(",
                gettext("parentheses nested more than %(count)d deep were ignored")
                % {"count": MAX_DEPTH},
            )
        )
    return kept


class _Parser:
    def __init__(self, tokens: list[Token], problems: list[Problem], added: tuple):
        self.tokens = tokens
        self.added = added
        self.added_keys = {key.key: key for key in added_terms.search_keys(added)}
        self.added_spellings = {
            spelling: key.key for key in self.added_keys.values() for spelling in key.spellings
        }
        self.pos = 0
        self.problems = problems
        self.order = ""
        self.direction = ""
        self.terms = 0

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def problem(self, part: str, message: str, suggestion: str = "") -> None:
        self.problems.append(Problem(part, message, suggestion))

    def parse(self) -> c.Node | None:
        parts = []
        while self.peek() is not None:
            if self.peek().kind == ")":
                self.pos += 1
                self.problem(")", gettext("this “)” closes no parenthesis: ignored"))
                continue
            node = self.alternatives(0)
            if node is not None:
                parts.append(node)
        return _all_of(parts)

    def alternatives(self, depth: int) -> c.Node | None:
        start = self.pos
        options = [self.sequence(depth)]
        missing = self.pos == start
        while self.peek() is not None and self.peek().kind == "or":
            self.pos += 1
            start = self.pos
            options.append(self.sequence(depth))
            missing = missing or self.pos == start
        if missing and len(options) > 1:
            self.problem("or", gettext("“or” needs something on each side"))
        options = [option for option in options if option is not None]
        flat = []
        for option in options:
            flat += option.children if isinstance(option, c.Or) else [option]
        if not flat:
            return None
        return flat[0] if len(flat) == 1 else c.Or(tuple(flat))

    def sequence(self, depth: int) -> c.Node | None:
        parts = []
        while (token := self.peek()) is not None and token.kind not in (")", "or"):
            if token.kind == "and":
                self.pos += 1
                continue
            node = self.negation(depth)
            if node is not None:
                parts.append(node)
        return _all_of(parts)

    def negation(self, depth: int) -> c.Node | None:
        negated = 0
        while (token := self.peek()) is not None and token.kind == "-":
            negated += 1
            self.pos += 1
        token = self.peek()
        if token is None or token.kind in (")", "or", "and"):
            self.problem("-", gettext("nothing follows “-”"))
            return None
        if negated and token.kind == "term" and canonical_key(token.key) in ("order", "dir"):
            self.pos += 1
            self.problem(token.text, gettext("the order of the results cannot be negated"))
            return None
        node = self.group(depth)
        if node is not None and negated % 2:
            node = node.child if isinstance(node, c.Not) else c.Not(node)
        return node

    def group(self, depth: int) -> c.Node | None:
        token = self.peek()
        self.pos += 1
        if token.kind != "(":
            return self.term(token)
        node = self.alternatives(depth + 1)
        closing = self.peek()
        if closing is not None and closing.kind == ")":
            self.pos += 1
        else:
            self.problem(
                "(", gettext("a parenthesis is not closed: read as if it closed at the end")
            )
        if node is None:
            self.problem("()", gettext("there is nothing inside these parentheses"))
        return node

    def term(self, token: Token) -> c.Node | None:
        value = " ".join(token.value.split())
        if not token.key:
            if not value:
                what = "!" if token.exact else token.text
                self.problem(what, gettext("there is nothing to search for here"))
                return None
            return self._counted(c.NameCondition(value.lower(), exact=token.exact))
        key = canonical_key(token.key) or self.added_spellings.get(fold(token.key))
        if key is None:
            spellings = [*KEY_ALIASES, *self.added_spellings]
            match = difflib.get_close_matches(fold(token.key), spellings, n=1, cutoff=0.6)
            suggestion = match[0] + token.text[len(token.key) :] if match else ""
            self.problem(
                token.text,
                gettext("unknown search key “%(key)s”") % {"key": token.key},
                suggestion,
            )
            return None
        if not value:
            self.problem(
                token.text, gettext("“%(key)s” needs a value") % {"key": token.key + token.op}
            )
            return None
        node = self._condition(key, token.op, value)
        if isinstance(node, Problem):
            self.problems.append(dataclasses.replace(node, part=token.text))
            return None
        return node if node is None else self._counted(node)

    def _condition(self, key: str, op: str, value: str):
        if key in ("order", "dir"):
            return self._ordering(key, op, value)
        if key in ("mv", "pow", "tou", "loy") or key in c.CARD_NUMBER_COLUMNS:
            return c.NumberCondition.from_term(key, op, value, canonical_key)
        if key in ("c", "id"):
            return c.ColorCondition.from_term(key, op, value)
        if key in ("year", "date"):
            return c.DateCondition.from_term(key, op, value)
        if key == "r":
            return c.RarityCondition.from_term(op, value)
        if key == "m":
            return c.ManaCostCondition.from_term(op, value)
        if op not in POSITIVE_OPS + NEGATIVE_OPS:
            return c.needs_colon(key, op, value)
        if key in TEXT_CONDITIONS:
            node = TEXT_CONDITIONS[key](value.lower())
        elif key in self.added_keys:
            node = self.added_keys[key].condition.from_term(op, value)
        elif key == "s":
            node = c.SetCondition.from_term(op, value)
        elif key == "oracleid":
            node = c.OracleIdCondition.from_term(op, value)
        elif key in c.FORMAT_KEYS:
            node = c.FormatCondition.from_term(key, op, value)
        elif key in c.PRINTED_CONDITIONS:
            node = c.PRINTED_CONDITIONS[key].from_term(key, op, value)
        elif key == "not":  # not:x is -is:x, and prints back so
            added = added_terms.flag_values(self.added, "is")
            node = c.FlagCondition.from_term("is", op, value, written="not", added=added)
            node = node if isinstance(node, Problem) else c.Not(node)
        else:
            added = added_terms.flag_values(self.added, key)
            node = c.FlagCondition.from_term(key, op, value, added=added)
        if op in NEGATIVE_OPS and not isinstance(node, Problem):
            return node.child if isinstance(node, c.Not) else c.Not(node)
        return node

    def _ordering(self, key: str, op: str, value: str):
        if op not in POSITIVE_OPS:
            return c.needs_colon(key, op, value)
        aliases = c.ORDER_ALIASES if key == "order" else c.DIR_ALIASES
        word = aliases.get(fold(value))
        if word is None:
            return c.unknown_value("", key, value, aliases.values(), aliases)
        if key == "order":
            self.order = word
        else:
            self.direction = word
        return None

    def _counted(self, node: c.Node) -> c.Node:
        self.terms += 1
        return node


def _all_of(parts: list[c.Node]) -> c.Node | None:
    flat = []
    for part in parts:
        flat += part.children if isinstance(part, c.And) else [part]
    if not flat:
        return None
    return flat[0] if len(flat) == 1 else c.And(tuple(flat))
