"""The condition tree: And, Or and Not over Conditions, the leaves (one term each)."""

from dataclasses import dataclass

from django.db.models import Q

from oracle.models.searched_text import Substring


class Node:
    """A part of the condition tree."""

    def to_q(self) -> Q:
        raise NotImplementedError


def leaves(node):
    """The conditions of a tree, left to right, through And, Or and Not."""
    if isinstance(node, And | Or):
        for child in node.children:
            yield from leaves(child)
    elif isinstance(node, Not):
        yield from leaves(node.child)
    elif node is not None:
        yield node


@dataclass(frozen=True)
class And(Node):
    children: tuple[Node, ...]

    def to_q(self) -> Q:
        """The children's conditions; those that are substrings of the search row in one
        ``Substring``, which the substring index answers at once."""
        q, terms = Q(), []
        for child in self.children:
            term = child.substring() if isinstance(child, Condition) else None
            if term is None:
                q &= child.to_q()
            else:
                terms.append(term)
        if len(terms) > 1:
            q &= Q(Substring.all_of(terms))
        elif terms:
            q &= substring_q(terms[0])
        return q

    def __str__(self):
        return " ".join(
            f"({child})" if isinstance(child, Or) else str(child) for child in self.children
        )


@dataclass(frozen=True)
class Or(Node):
    children: tuple[Node, ...]

    def to_q(self) -> Q:
        q = Q()
        for child in self.children:
            q |= child.to_q()
        return q

    def __str__(self):
        return " or ".join(str(child) for child in self.children)


@dataclass(frozen=True)
class Not(Node):
    child: Node

    def to_q(self) -> Q:
        return ~self.child.to_q()

    def __str__(self):
        if isinstance(self.child, Condition):
            return f"-{self.child}"
        return f"-({self.child})"


class Condition(Node):
    """A leaf of the tree: one term of the query."""

    def substring(self) -> tuple[str, str] | None:
        """(column, folded text) when the condition is that text in that column of the search
        row and nothing else (``And`` gives all of them to the substring index at once)."""
        return None


def substring_q(term: tuple[str, str]) -> Q:
    column, text = term
    return Q(**{f"{column}__substring": text})
