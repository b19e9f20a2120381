"""The re-lay as the players' choice, solved exactly as a matrix game of laying face down."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .lanes import Squad, fight
from .zerosum import Solution, solve

Kind = tuple[int, bool]  # what the other side can tell apart: the order and the «+»
Ending = tuple[str, tuple[int, ...], tuple[int, ...]]
RELAY_LIMIT = 900  # sequences of one side times the other's in one re-lay


def ending(att: Sequence[Squad], dfn: Sequence[Squad]) -> Ending:
    """The end of a battle: the winner and the troops left on each side."""
    who = "attackers" if att else "defenders" if dfn else "both"
    return who, tuple(sorted({s[2] for s in att})), tuple(sorted({s[2] for s in dfn}))


def sequences(kinds: Sequence[Kind]) -> list[tuple[Kind, ...]]:
    """Every distinct sequence of these cards (cards of one kind are alike to both players), in
    order, made kind by kind rather than by filtering all the permutations."""
    left = Counter(kinds)
    order = sorted(left)
    out: list[tuple[Kind, ...]] = []
    seq: list[Kind] = []

    def grow() -> None:
        if len(seq) == len(kinds):
            out.append(tuple(seq))
            return
        for k in order:
            if left[k]:
                left[k] -= 1
                seq.append(k)
                grow()
                seq.pop()
                left[k] += 1

    grow()
    return out


def count_sequences(kinds: Sequence[Kind]) -> int:
    from math import factorial

    out = factorial(len(kinds))
    for k in set(kinds):
        out //= factorial(list(kinds).count(k))
    return out


class TooLarge(Exception):
    """The re-lay has more sequences than RELAY_LIMIT allows to solve quickly."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def lay(squads: Sequence[Squad], seq: Sequence[Kind]) -> tuple[Squad, ...]:
    """The squads laid in a sequence of kinds; squads of one kind keep their relative order."""
    pool = list(squads)
    out = []
    for kind in seq:
        k = next(i for i, s in enumerate(pool) if (s[0], s[1]) == kind)
        out.append(pool.pop(k))
    return tuple(out)


@dataclass(frozen=True)
class Choice:
    """One re-lay solved: the value for the attackers (P(win) - P(lose)) and each side's mix."""

    value: Fraction
    attackers: list[tuple[tuple[Kind, ...], Fraction]]
    defenders: list[tuple[tuple[Kind, ...], Fraction]]


class Relays:
    """Values and endings of re-lays, remembered across the many states an odds question meets."""

    def __init__(self, row: int = 3, mirror: bool = False, limit: int = RELAY_LIMIT) -> None:
        self.row, self.mirror, self.limit = row, mirror, limit
        self.solved: dict[tuple[tuple[Kind, ...], tuple[Kind, ...]], Choice] = {}
        self.memo: dict[tuple[tuple[Squad, ...], tuple[Squad, ...]], dict[Ending, Fraction]] = {}

    def value(self, att: Sequence[Squad], dfn: Sequence[Squad]) -> Fraction:
        """The attackers' P(win) - P(lose) from here with best play by both."""
        if not att or not dfn:
            return Fraction(1 if att else -1 if dfn else 0)
        return self.choice(att, dfn).value

    def choice(self, att: Sequence[Squad], dfn: Sequence[Squad]) -> Choice:
        ka = tuple(sorted((s[0], s[1]) for s in att))
        kd = tuple(sorted((s[0], s[1]) for s in dfn))
        if (ka, kd) in self.solved:
            return self.solved[(ka, kd)]
        size = count_sequences(ka) * count_sequences(kd)
        if size > self.limit:
            raise TooLarge(size)
        sa, sd = sequences(ka), sequences(kd)
        pa = [(k[0], k[1], 0) for k in ka]
        pd = [(k[0], k[1], 0) for k in kd]
        matrix = []
        for x in sa:
            line = []
            for y in sd:
                left_a, left_d = fight(lay(pa, x), lay(pd, y), self.row, self.mirror)
                line.append(self.value(left_a, left_d))
            matrix.append(line)
        sol: Solution = solve(matrix)
        found = Choice(sol.value, [(sa[i], w) for i, w in sorted(sol.rows.items())],
                       [(sd[j], w) for j, w in sorted(sol.cols.items())])  # fmt: skip
        self.solved[(ka, kd)] = found
        return found

    def endings(self, att: tuple[Squad, ...], dfn: tuple[Squad, ...]) -> dict[Ending, Fraction]:
        """The chance of each ending from here when both sides re-lay by their optimal mixes."""
        if not att or not dfn:
            return {ending(att, dfn): Fraction(1)}
        key = (tuple(sorted(att)), tuple(sorted(dfn)))
        if key in self.memo:
            return self.memo[key]
        choice = self.choice(att, dfn)
        out: dict[Ending, Fraction] = defaultdict(Fraction)
        for x, px in choice.attackers:
            for y, py in choice.defenders:
                left_a, left_d = fight(lay(key[0], x), lay(key[1], y), self.row, self.mirror)
                for e, p in self.endings(left_a, left_d).items():
                    out[e] += px * py * p
        self.memo[key] = dict(out)
        return self.memo[key]
