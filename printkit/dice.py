"""Dice notation, exact distributions and replayable rolls: NdS, d%, kh/kl/dh/dl, x, cs, + - *, >= ..."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .randomness import RandomStream

MAX_DICE = 100
MAX_SIDES = 1000
EXPLODE_CAP = 3  # an exploding die rerolls at most this many times: keeps the distribution finite


class DiceError(ValueError):
    """A notation that cannot be read; column is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass(frozen=True)
class Dist:
    """An exact distribution: integer weights over outcomes, out of a common total."""

    weights: dict[int, int]
    total: int

    @staticmethod
    def const(value: int) -> Dist:
        return Dist({value: 1}, 1)

    def combine(self, other: Dist, op: Callable[[int, int], int]) -> Dist:
        out: dict[int, int] = {}
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                v = op(a, b)
                out[v] = out.get(v, 0) + wa * wb
        return Dist(out, self.total * other.total)

    def probability(self, test: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(w for v, w in self.weights.items() if test(v)), self.total)

    def mean(self) -> Fraction:
        return Fraction(sum(v * w for v, w in self.weights.items()), self.total)

    def table(self) -> list[tuple[int, Fraction]]:
        return [(v, Fraction(w, self.total)) for v, w in sorted(self.weights.items())]


def _sum_of(die: Dist, n: int) -> Dist:
    out = Dist.const(0)
    base = die
    while n:
        if n & 1:
            out = out.combine(base, lambda a, b: a + b)
        base = base.combine(base, lambda a, b: a + b)
        n >>= 1
    return out


def die(sides: int) -> Dist:
    return Dist(dict.fromkeys(range(1, sides + 1), 1), sides)


def exploding(sides: int, cap: int = EXPLODE_CAP) -> Dist:
    """A die that rolls again on its highest face, adding up, at most `cap` extra times."""
    dist = die(sides)
    for _ in range(cap):
        top = {v: w for v, w in dist.weights.items() if v % sides == 0 and v >= sides}
        rest = {v: w * sides for v, w in dist.weights.items() if v not in top}
        for v, w in top.items():
            for face in range(1, sides + 1):
                rest[v + face] = rest.get(v + face, 0) + w
        dist = Dist(rest, dist.total * sides)
    return dist


def keep(n: int, sides: int, count: int, highest: bool) -> Dist:
    """Sum of the `count` highest (or lowest) of n dice, exactly, by dynamic programming over faces:
    faces are visited from the kept end, and each step chooses how many dice show that face."""
    count = max(0, min(count, n))
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    # state: (dice still to place, dice kept so far, sum) -> number of arrangements
    states: dict[tuple[int, int, int], int] = {(n, 0, 0): 1}
    for face in faces:
        nxt: dict[tuple[int, int, int], int] = {}
        for (left, kept, total), ways in states.items():
            for c in range(left + 1):
                take = min(c, count - kept)
                key = (left - c, kept + take, total + take * face)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(left, c)
        states = nxt
    out: dict[int, int] = {}
    for (left, _, total), ways in states.items():
        if left == 0:
            out[total] = out.get(total, 0) + ways
    return Dist(out, sides**n)


def successes(n: int, p: Fraction) -> Dist:
    """How many of n independent trials succeed with probability p (binomial, exact)."""
    a, b = p.numerator, p.denominator
    return Dist({k: math.comb(n, k) * a**k * (b - a) ** (n - k) for k in range(n + 1)}, b**n)


COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
    "==": lambda a, b: a == b, "=": lambda a, b: a == b,
}  # fmt: skip


# ---- parsing ---------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<op>>=|<=|==|[-+*()<>=!%])|(?P<word>[a-z]+))", re.IGNORECASE)


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int
    keep: tuple[str, int] | None = None  # ("kh"|"kl"|"dh"|"dl", n)
    explode: bool = False
    success: tuple[str, int] | None = None  # ("cs", comparison, target) -> counts dice meeting it
    column: int = 0

    def distribution(self) -> Dist:
        if self.success:
            op, target = self.success
            single = exploding(self.sides) if self.explode else die(self.sides)
            p = single.probability(lambda v: COMPARE[op](v, target))
            return successes(self.count, p)
        if self.keep:
            kind, k = self.keep
            kept = k if kind in ("kh", "kl") else self.count - k
            highest = kind in ("kh", "dl")
            return keep(self.count, self.sides, kept, highest)
        return _sum_of(exploding(self.sides) if self.explode else die(self.sides), self.count)

    def text(self) -> str:
        out = f"{self.count}d{self.sides}"
        if self.explode:
            out += "x"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.success:
            out += f"cs{self.success[0]}{self.success[1]}"
        return out


@dataclass(frozen=True)
class Node:
    op: str  # "+", "-", "*", "const", "dice"
    left: Node | None = None
    right: Node | None = None
    value: int = 0
    dice: Dice | None = None


@dataclass(frozen=True)
class Expression:
    root: Node
    compare: tuple[str, int] | None
    source: str


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                raise DiceError(f"unexpected {text[pos]!r}", pos + 1)
            kind = m.lastgroup or ""
            self.tokens.append((kind, m.group(kind).lower(), m.start(kind) + 1))
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i] if self.i < len(self.tokens) else ("end", "", len(self.text) + 1)

    def take(self) -> tuple[str, str, int]:
        tok = self.peek()
        self.i += 1
        return tok

    def number(self, what: str) -> int:
        kind, value, col = self.take()
        if kind != "num":
            raise DiceError(f"expected {what}", col)
        return int(value)

    def parse(self) -> Expression:
        if not self.tokens:
            raise DiceError("empty notation", 1)
        root = self.expr()
        compare = None
        kind, value, col = self.peek()
        if kind == "op" and value in COMPARE:
            self.take()
            compare = (value, self.number("a number to compare with"))
        kind, value, col = self.peek()
        if kind != "end":
            raise DiceError(f"unexpected {value!r}", col)
        return Expression(root, compare, self.text)

    def expr(self) -> Node:
        node = self.term()
        while self.peek()[0] == "op" and self.peek()[1] in "+-":
            op = self.take()[1]
            node = Node(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.peek()[0] == "op" and self.peek()[1] == "*":
            self.take()
            node = Node("*", node, self.factor())
        return node

    def factor(self) -> Node:
        kind, value, col = self.peek()
        if kind == "op" and value == "(":
            self.take()
            node = self.expr()
            if self.take()[1] != ")":
                raise DiceError("missing ')'", self.peek()[2])
            return node
        if kind == "op" and value == "-":
            self.take()
            return Node("-", Node("const"), self.factor())
        count = 1
        if kind == "num":
            self.take()
            count = int(value)
            kind, value, col = self.peek()
            if not (kind == "word" and value.startswith("d")):
                return Node("const", value=count)
        if kind == "word" and value.startswith("d"):
            return Node("dice", dice=self.dice(count, col))
        raise DiceError("expected a number or dice like 2d6", col)

    def dice(self, count: int, col: int) -> Dice:
        kind, word, wcol = self.take()
        rest = word[1:]
        if rest:
            raise DiceError(f"unexpected {word!r}; write dice like 3d6", wcol)
        kind, value, scol = self.peek()
        if kind == "op" and value == "%":
            self.take()
            sides = 100
        elif kind == "num":
            self.take()
            sides = int(value)
        else:
            raise DiceError("expected the number of sides after 'd'", scol)
        if not 1 <= count <= MAX_DICE:
            raise DiceError(f"{count} dice: roll 1 to {MAX_DICE}", col)
        if not 2 <= sides <= MAX_SIDES:
            raise DiceError(f"a d{sides} has too few or too many sides (2 to {MAX_SIDES})", scol)
        keep_part = None
        explode = False
        success = None
        while True:
            kind, value, mcol = self.peek()
            if kind == "op" and value == "!":
                self.take()
                explode = True
            elif kind == "word" and value in ("x", "kh", "kl", "dh", "dl", "k", "d", "cs"):
                self.take()
                if value == "x":
                    explode = True
                elif value == "cs":
                    _, op, ocol = self.take()
                    if op not in COMPARE:
                        raise DiceError("expected a comparison after cs, like cs>=7", ocol)
                    success = (op, self.number("a target for cs"))
                else:
                    n = self.number(f"how many dice to {'keep' if value.startswith('k') else 'drop'}")
                    kind_name = {"k": "kh", "d": "dl"}.get(value, value)
                    if n > count:
                        raise DiceError(f"cannot {kind_name[0]}{'eep' if kind_name[0] == 'k' else 'rop'} {n} of "
                                        f"{count} dice", mcol)  # fmt: skip
                    keep_part = (kind_name, n)
            else:
                break
        if keep_part and explode:
            raise DiceError("keeping or dropping exploding dice is not supported", col)
        return Dice(count, sides, keep_part, explode, success, col)


def parse(text: str) -> Expression:
    return _Parser(text).parse()


def distribution(node: Node) -> Dist:
    if node.op == "const":
        return Dist.const(node.value)
    if node.op == "dice":
        assert node.dice is not None
        return node.dice.distribution()
    assert node.left is not None and node.right is not None
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
    return distribution(node.left).combine(distribution(node.right), ops[node.op])


@dataclass(frozen=True)
class Odds:
    expression: Expression
    dist: Dist
    chance: Fraction | None  # of the comparison, when there is one


def odds(text: str) -> Odds:
    expression = parse(text)
    dist = distribution(expression.root)
    chance = None
    if expression.compare:
        op, target = expression.compare
        chance = dist.probability(lambda v: COMPARE[op](v, target))
    return Odds(expression, dist, chance)


# ---- rolling ---------------------------------------------------------------------------------------


def _roll_die(sides: int, explode: bool, stream: RandomStream) -> int:
    total = value = stream.below(sides) + 1
    extra = 0
    while explode and value == sides and extra < EXPLODE_CAP:
        value = stream.below(sides) + 1
        total += value
        extra += 1
    return total


def _roll(node: Node, stream: RandomStream, shown: list[str]) -> int:
    if node.op == "const":
        return node.value
    if node.op == "dice":
        d = node.dice
        assert d is not None
        values = [_roll_die(d.sides, d.explode, stream) for _ in range(d.count)]
        if d.success:
            op, target = d.success
            hits = [v for v in values if COMPARE[op](v, target)]
            shown.append(f"{d.text()}: [{', '.join(map(str, values))}] → {len(hits)}")
            return len(hits)
        if d.keep:
            kind, k = d.keep
            kept_n = k if kind in ("kh", "kl") else d.count - k
            order = sorted(range(len(values)), key=lambda i: values[i], reverse=kind in ("kh", "dl"))
            kept = set(order[:kept_n])
            parts = [str(v) if i in kept else f"({v})" for i, v in enumerate(values)]
            shown.append(f"{d.text()}: [{', '.join(parts)}]")
            return sum(values[i] for i in kept)
        shown.append(f"{d.text()}: [{', '.join(map(str, values))}]")
        return sum(values)
    assert node.left is not None and node.right is not None
    a, b = _roll(node.left, stream, shown), _roll(node.right, stream, shown)
    return {"+": a + b, "-": a - b, "*": a * b}[node.op]


@dataclass(frozen=True)
class Roll:
    expression: Expression
    shown: tuple[str, ...]
    total: int
    passed: bool | None


def roll(text: str, stream: RandomStream) -> Roll:
    expression = parse(text)
    shown: list[str] = []
    total = _roll(expression.root, stream, shown)
    passed = None
    if expression.compare:
        op, target = expression.compare
        passed = COMPARE[op](total, target)
    return Roll(expression, tuple(shown), total, passed)
