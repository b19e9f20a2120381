"""Rolling an expression die by die, replayable from a seed, with the same rules as the odds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..randomness import Entropy, RandomStream
from .notation import COMPARE, EXPLODE_CAP, Die, Expression, Group, Node, parse
from .odds import check_cap

# After this many rerolls of one die, its face is drawn from the faces that stay: the same chances
# (each roll is independent), and a die that rerolls on 999 faces of 1000 takes no longer than another.
_REROLLS = 3


class DieRoll(NamedTuple):
    """One die: every face rolled in order (rerolled ones first, then the kept face and its explosions).

    (A named tuple rather than a frozen dataclass: a Monte Carlo of the odds makes hundreds of
    thousands of them, and a tuple is made four times faster.)"""

    faces: tuple[int, ...]
    rerolled: int  # how many of the first faces were rolled again
    fudge: bool = False
    more: bool = False  # it would have gone on rerolling: the last face came from the faces that stay
    kept: bool = True
    success: bool = False

    @property
    def value(self) -> int:
        return sum(self.faces[self.rerolled :])

    def text(self, arrow: str) -> str:
        def face(f: int) -> str:
            return f"{f:+d}" if self.fudge and f else str(f)

        gone = [face(f) for f in self.faces[: self.rerolled]] + (["..."] if self.more else [])
        out = "".join(g + arrow for g in gone) + "+".join(face(f) for f in self.faces[self.rerolled :])
        out += "*" if self.success else ""
        return out if self.kept else f"({out})"


@dataclass(frozen=True)
class GroupRoll:
    group: Group
    dice: tuple[DieRoll, ...]
    result: int  # the kept dice added up, or how many of them succeed

    def text(self, arrow: str = "→") -> str:
        out = f"{self.group.text()}: [{', '.join(d.text(arrow) for d in self.dice)}]"
        return out + (f" {arrow} {self.result}" if self.group.success else "")


@dataclass(frozen=True)
class Roll:
    expression: Expression
    groups: tuple[GroupRoll, ...]  # every group of both sides, in the order written
    total: int
    passed: bool | None  # the comparison's verdict, when there is one
    right: int | None = None  # the other side's total
    worked: str = ""  # the total's sum with each group's result in place of its dice: "5 + 1"
    worked_right: str = ""  # the other side's, the same way

    def sums(self) -> str:
        """The result line: every term of the sum, constants too, and the total (and the comparison's)."""
        if self.expression.compare is None:
            return f"= {_spelled(self.worked, self.total)}"
        op = self.expression.compare[0]
        return f"= {_bracketed(self.worked, self.total)} {op} {_bracketed(self.worked_right, self.right)}"

    @property
    def shown(self) -> tuple[str, ...]:
        return tuple(g.text() for g in self.groups)


def _die(die: Die, stream: RandomStream, cap: int) -> tuple[tuple[int, ...], int, bool]:
    """One die's faces in order, how many of the first were rerolled, and whether it would have gone
    on rerolling (the last face then came from the faces that stay)."""
    span = die.hi - die.lo + 1
    faces = [die.lo + stream.below(span)]
    more = False
    while die.reroll and die.rerolls(faces[-1]) and not (die.once and len(faces) > 1):
        if len(faces) == _REROLLS:
            stay = [f for f in range(die.lo, die.hi + 1) if not die.rerolls(f)]
            faces.append(stay[stream.below(len(stay))])
            more = True
            break
        faces.append(die.lo + stream.below(span))
    rerolled = len(faces) - 1
    while die.explode and faces[-1] == die.hi and len(faces) - rerolled <= cap:
        faces.append(die.lo + stream.below(span))
    return tuple(faces), rerolled, more


def _group(group: Group, stream: RandomStream, cap: int) -> GroupRoll:
    die = group.die
    rolled = [_die(die, stream, cap) for _ in range(group.count)]
    values = [sum(faces[rerolled:]) for faces, rerolled, _ in rolled]
    top, kept = group.band()
    keep: range | set[int]
    if top == 0 and kept >= len(values):
        keep = range(len(values))  # nothing kept or dropped: every die counts
    else:
        ranked = sorted(range(len(values)), key=lambda i: -values[i])  # ties: the earlier die ranks higher
        keep = set(ranked[top : top + kept])
    fudge = die.lo == -1
    if group.success:
        op, target = group.success
        hits = {i for i in keep if COMPARE[op](values[i], target)}
        shown = tuple(
            DieRoll(faces, rerolled, fudge, more, i in keep, i in hits)
            for i, (faces, rerolled, more) in enumerate(rolled)
        )
        return GroupRoll(group, shown, len(hits))
    shown = tuple(DieRoll(faces, rerolled, fudge, more, i in keep) for i, (faces, rerolled, more) in enumerate(rolled))
    return GroupRoll(group, shown, sum(values[i] for i in keep))


def _spelled(worked: str, total: int | None) -> str:
    return str(total) if worked in ("", str(total)) else f"{worked} = {total}"


def _bracketed(worked: str, total: int | None) -> str:
    return str(total) if worked in ("", str(total)) else f"{total} ({worked})"


class _Worked(NamedTuple):
    value: int
    text: str  # the sum as written, each group's result in place of its dice


def _number(n: int) -> str:
    return f"({n})" if n < 0 else str(n)


def _roll(node: Node, stream: RandomStream, cap: int, out: list[GroupRoll]) -> _Worked:
    if node.op == "const":
        return _Worked(node.value, str(node.value))
    if node.op == "dice":
        assert node.group is not None
        out.append(_group(node.group, stream, cap))
        return _Worked(out[-1].result, _number(out[-1].result))
    assert node.right is not None
    if node.op == "neg":
        inner = _roll(node.right, stream, cap, out)
        return _Worked(-inner.value, "-" + (f"({inner.text})" if node.right.op in "+-*" else inner.text))
    assert node.left is not None
    a = _roll(node.left, stream, cap, out)
    b = _roll(node.right, stream, cap, out)
    if node.op == "*":
        left = f"({a.text})" if node.left.op in "+-" else a.text
        right = f"({b.text})" if node.right.op in "+-" else b.text
        return _Worked(a.value * b.value, f"{left} * {right}")
    right = f"({b.text})" if node.right.op in "+-" else b.text
    value = a.value + b.value if node.op == "+" else a.value - b.value
    return _Worked(value, f"{a.text} {node.op} {right}")


def roll(
    notation: str | Expression, seed: str | int | None = None, *, stream: RandomStream | None = None,
    explode_cap: int = EXPLODE_CAP,
) -> Roll:  # fmt: skip
    """Roll every die. A seed replays the roll: the stream is derived from the seed and the canonical
    notation, so `2к6` and `2d6` with one seed show the same dice."""
    check_cap(explode_cap)
    expression = parse(notation) if isinstance(notation, str) else notation
    if stream is None:
        stream = Entropy.from_seed(seed).stream("roll", expression.canonical())
    shown: list[GroupRoll] = []
    left = _roll(expression.root, stream, explode_cap, shown)
    if not expression.compare:
        return Roll(expression, tuple(shown), left.value, None, worked=left.text)
    op, other = expression.compare
    right = _roll(other, stream, explode_cap, shown)
    return Roll(expression, tuple(shown), left.value, COMPARE[op](left.value, right.value), right.value,
                left.text, right.text)  # fmt: skip
