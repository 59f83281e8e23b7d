"""The condition tree: And, Or and Not over Conditions, the leaves (one term each)."""

from dataclasses import dataclass

from django.db.models import Q


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
        q = Q()
        for child in self.children:
            q &= child.to_q()
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
