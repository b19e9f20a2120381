"""Exact odds of a whole expression: all fair dice of a sum in one pass, everything else pairwise."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from . import groups
from .dist import MAX_OUTCOMES, Budget, Dist, add, boxes, boxes_moments, chance, check_total, from_dense, multiply
from .notation import EXPLODE_CAP, MAX_EXPLODE_CAP, DiceError, Expression, Node, parse


def terms(node: Node) -> list[tuple[int, Node]]:
    """The signed terms of a sum, parentheses and minus signs opened (a loop, not recursion)."""
    out: list[tuple[int, Node]] = []
    stack = [(1, node)]
    while stack:
        sign, n = stack.pop()
        if n.op in ("+", "-"):
            assert n.left is not None and n.right is not None
            stack.append((sign if n.op == "+" else -sign, n.right))
            stack.append((sign, n.left))
        elif n.op == "neg":
            assert n.right is not None
            stack.append((-sign, n.right))
        else:
            out.append((sign, n))
    return out


def evaluate(node: Node, cap: int, budget: Budget) -> Dist:
    """The exact distribution of an expression. Fair dice added or subtracted anywhere in a sum are
    gathered into one product of boxes (a die subtracted is a die added, mirrored and shifted); groups
    with rerolls, explosions, keeps or successes, and products, are combined with it pairwise."""
    shift = 0
    widths: Counter[int] = Counter()
    others: list[Dist] = []
    for sign, term in terms(node):
        group = term.group
        fair = groups.fair_range(group.die) if group else None
        if term.op == "const":
            shift += sign * term.value
        elif group and fair and not group.success and group.band() == (0, group.count):
            lo, faces = fair
            widths[faces] += group.count
            shift += group.count * (lo if sign > 0 else -(lo + faces - 1))
        else:
            dist = groups.distribution(group, cap, budget) if group else product(term, cap, budget)
            others.append(dist if sign > 0 else dist.negated())
    outcomes = 1 + sum(n * (w - 1) for w, n in widths.items())
    if outcomes > MAX_OUTCOMES:
        raise DiceError("dice_e_outcomes", node.column, n=outcomes, limit=MAX_OUTCOMES)
    total = 1
    for w, n in widths.items():
        total *= w**n
    check_total(total, node.column)
    where = (node.text(), node.column)
    budget.charge(groups.box_steps(outcomes, len(widths)), where)
    out = from_dense(shift, boxes(dict(widths)), total, boxes_moments(shift, dict(widths)))
    for dist in sorted(others, key=lambda d: len(d.weights)):
        out = add(out, dist, budget, where)
    return out


def product(node: Node, cap: int, budget: Budget) -> Dist:
    assert node.op == "*" and node.left is not None and node.right is not None
    left, right = evaluate(node.left, cap, budget), evaluate(node.right, cap, budget)
    return multiply(left, right, budget, (node.text(), node.column))


def check_cap(cap: int) -> None:
    if not 0 <= cap <= MAX_EXPLODE_CAP:
        raise ValueError(f"the explode cap is 0 to {MAX_EXPLODE_CAP}, not {cap}")


def has_dice(node: Node) -> bool:
    stack = [node]
    while stack:
        n = stack.pop()
        if n.op == "dice":
            return True
        stack += [c for c in (n.left, n.right) if c is not None]
    return False


@dataclass(frozen=True)
class Odds:
    """The distribution of the expression and the chance of its comparison. When both sides of the
    comparison have dice, `dist` is the distribution of left minus right (the chance is that of the
    difference against 0): one sum, so fair dice on both sides still go in one pass."""

    expression: Expression
    dist: Dist
    chance: Fraction | None  # of the comparison, when there is one
    explode_cap: int = EXPLODE_CAP

    @property
    def two_sided(self) -> bool:
        return self.expression.compare is not None and has_dice(self.expression.compare[1])

    def versus(self) -> tuple[Fraction, Fraction, Fraction]:
        """P(left > right), P(left = right), P(left < right) of a comparison with dice on both sides."""
        assert self.two_sided
        dist = self.dist
        total = dist.total
        more = dist.between(1, None)
        tie = dist.weights.get(0, 0)
        return Fraction(more, total), Fraction(tie, total), Fraction(total - more - tie, total)


def odds(notation: str | Expression, explode_cap: int = EXPLODE_CAP) -> Odds:
    """Exact odds of a notation; DiceError (with its column) when it cannot be read or is past a limit."""
    check_cap(explode_cap)
    expression = parse(notation) if isinstance(notation, str) else notation
    budget = Budget()
    if not expression.compare:
        return Odds(expression, evaluate(expression.root, explode_cap, budget), None, explode_cap)
    op, other = expression.compare
    if has_dice(other):
        root = expression.root
        dist = evaluate(Node("-", root.column, root, other), explode_cap, budget)
        return Odds(expression, dist, chance(dist, op, Dist.const(0)), explode_cap)
    dist = evaluate(expression.root, explode_cap, budget)
    return Odds(expression, dist, chance(dist, op, evaluate(other, explode_cap, budget)), explode_cap)
