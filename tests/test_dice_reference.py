"""The dice engine against independent exact computations: icepool over a few hundred generated
expressions (seeded), and plain enumeration of every way small groups can fall."""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool
import pytest

from printkit.dice import odds

OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq,
}  # fmt: skip
CAP = 3


def band(count: int, steps: list[tuple[str, int]]) -> tuple[int, int]:
    """(dropped from the top, kept): each step acts on the dice still kept, in the order written."""
    ranks = list(range(count))  # 0 = the highest die
    for kind, n in steps:
        if kind == "kh":
            ranks = ranks[:n]
        elif kind == "kl":
            ranks = ranks[len(ranks) - n :]
        elif kind == "dh":
            ranks = ranks[n:]
        else:
            ranks = ranks[: len(ranks) - n]
    return (ranks[0] if ranks else 0), len(ranks)


class Maker:
    """Random small notations, each with its icepool twin built from the same choices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def group(self) -> tuple[str, Any]:
        rng = self.rng
        n = rng.randint(1, 5)
        sides = rng.choice([2, 3, 4, 6, 8, 10, 12, 20, "F"])
        faces = [-1, 0, 1] if sides == "F" else list(range(1, int(sides) + 1))
        die = icepool.Die(faces)
        text = f"{n}d{sides}"
        roll = rng.random()
        if roll < 0.2:
            op, target = rng.choice(list(OPS)), rng.choice(faces)
            once = rng.random() < 0.5
            if not all(OPS[op](f, target) for f in faces):  # icepool refuses it even for ro
                die = die.reroll(lambda v, op=op, t=target: OPS[op](v, t), depth=1 if once else "inf")
                text += ("ro" if once else "r") + op + str(target)
        elif roll < 0.4:
            die = die.explode(depth=CAP)
            text += rng.choice(["x", "!"])
        steps: list[tuple[str, int]] = []
        kept = n
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            kind = rng.choice(["kh", "kl", "dh", "dl"])
            k = rng.randint(0, kept)
            steps.append((kind, k))
            kept = k if kind[0] == "k" else kept - k
            text += f"{kind}{k}"
        top, kept = band(n, steps)
        pool = die.pool(n)[n - top - kept : n - top]
        if rng.random() < 0.25:
            op, target = rng.choice(list(OPS)), rng.choice(faces)
            text += f"cs{op}{target}"
            return text, pool.keep_outcomes(lambda v, op=op, t=target: OPS[op](v, t)).size()
        return text, pool.sum()

    def term(self) -> tuple[str, Any]:
        if self.rng.random() < 0.2:
            k = self.rng.randint(0, 12)
            return str(k), icepool.Die([k])
        return self.group()

    def expression(self) -> tuple[str, Any]:
        text, die = self.term()
        for _ in range(self.rng.choice([0, 0, 1, 1, 2])):
            op = self.rng.choice("+-*")
            more, other = self.term()
            if op == "*":
                text, die = f"({text})*{more}", die * other
            else:
                text, die = f"{text}{op}{more}", die + other if op == "+" else die - other
        return text, die


def exact(die: Any) -> dict[int, Fraction]:
    return {int(v): Fraction(die.probability(v)) for v in die.outcomes() if die.quantity(v)}


def generated(count: int, seed: int) -> list[tuple[str, Any]]:
    maker = Maker(seed)
    return [maker.expression() for _ in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("block", range(6))
def test_generated_expressions_match_icepool(block: int) -> None:
    for text, die in generated(50, 1600 + block):
        ours = {v: p for v, p in odds(text).dist.table() if p}
        assert ours == exact(die), text


@pytest.mark.slow
def test_generated_comparisons_match_icepool() -> None:
    maker = Maker(1699)
    for _ in range(60):
        (left, a), (right, b) = maker.expression(), maker.expression()
        op = maker.rng.choice(list(OPS))
        expected = Fraction(OPS[op](a, b).probability(True))
        assert odds(f"{left} {op} {right}").chance == expected, (left, op, right)


@pytest.mark.slow
@pytest.mark.parametrize(("text", "die"), [
    ("30d20kh10", lambda: icepool.d(20).pool(30)[-10:].sum()),
    ("12d100kh5", lambda: icepool.d(100).pool(12)[-5:].sum()),
    ("20d12kl7", lambda: icepool.d(12).pool(20)[:7].sum()),
    ("40d6dl5", lambda: icepool.d(6).pool(40)[5:].sum()),
    ("8d10xdh2dl2", lambda: icepool.d(10).explode(depth=3).pool(8)[2:6].sum()),
    ("6d6r<3kh3", lambda: icepool.d(6).reroll(lambda v: v < 3, depth="inf").pool(6)[-3:].sum()),
    ("25d100-3d20+d8", lambda: 25 @ icepool.d(100) - 3 @ icepool.d(20) + icepool.d(8)),
    ("10d10x", lambda: 10 @ icepool.d(10).explode(depth=3)),
    ("12d10kh4cs>=7", lambda: icepool.d(10).pool(12)[-4:].keep_outcomes(lambda v: v >= 7).size()),
    ("9dFkh5", lambda: icepool.Die([-1, 0, 1]).pool(9)[-5:].sum()),
])  # fmt: skip
def test_larger_groups_match_icepool(text: str, die: Callable[[], Any]) -> None:
    assert {v: p for v, p in odds(text).dist.table() if p} == exact(die())


def test_the_two_combinations_that_were_wrong() -> None:
    """Successes are counted on the kept dice only, and keep and drop together narrow the kept dice."""
    assert dict(odds("5d10kh3cs>=7").dist.table()) == exact(icepool.d(10).pool(5)[-3:].keep_outcomes(
        lambda v: v >= 7).size())  # fmt: skip
    assert dict(odds("4d6kh3dl1").dist.table()) == exact(icepool.d(6).pool(4)[2:4].sum())


# ---- every way the dice can fall, for small groups ---------------------------------------------------


def one_die(faces: list[int], reroll: Callable[[int], bool] | None, once: bool, explode: bool) -> dict[int, Fraction]:
    """A die's outcomes by following every branch of its rolls."""
    out: dict[int, Fraction] = {}

    def follow(value: int, face: int, p: Fraction, left: int) -> None:
        if explode and face == max(faces) and left:
            for f in faces:
                follow(value + f, f, p / len(faces), left - 1)
        else:
            out[value] = out.get(value, Fraction(0)) + p

    first = Fraction(1, len(faces))
    for f in faces:
        if reroll and reroll(f):
            if once:
                for g in faces:
                    follow(g, g, first / len(faces), CAP)
            continue
        follow(f, f, first, CAP)
    if reroll and not once:  # rerolling until it stops: the other faces, equally likely
        total = sum(out.values(), Fraction(0))
        out = {v: p / total for v, p in out.items()}
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_small_groups_match_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        n = rng.randint(1, 4)
        faces = rng.choice([[1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [-1, 0, 1]])
        text = f"{n}d{'F' if faces[0] < 0 else len(faces)}"
        reroll, once, explode = None, False, False
        if rng.random() < 0.3:
            target = rng.choice(faces[1:])
            once = rng.random() < 0.5
            reroll = lambda v, t=target: v < t  # noqa: E731
            text += ("ro" if once else "r") + f"<{target}"
        elif rng.random() < 0.3:
            explode = True
            text += "x"
        kind = rng.choice(["kh", "kl", "dh", "dl"])
        k = rng.randint(0, n)
        text += f"{kind}{k}"
        top, kept = band(n, [(kind, k)])
        cs = rng.choice([None, (">=", faces[-1]), ("=", faces[0])])
        text += f"cs{cs[0]}{cs[1]}" if cs else ""
        die = one_die(faces, reroll, once, explode)
        expected: dict[int, Fraction] = {}
        for values in itertools.product(die, repeat=n):
            p = Fraction(1)
            for v in values:
                p *= die[v]
            chosen = sorted(values, reverse=True)[top : top + kept]
            result = sum(OPS[cs[0]](v, cs[1]) for v in chosen) if cs else sum(chosen)
            expected[result] = expected.get(result, Fraction(0)) + p
        assert {v: p for v, p in odds(text).dist.table() if p} == {v: p for v, p in expected.items() if p}, text
