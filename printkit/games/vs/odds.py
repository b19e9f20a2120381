"""Exact odds of a VS battle between troops: orders at random, or both sides at their best."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from types import MappingProxyType

from .lanes import UNKNOWN, Squad, column_chances, fight, lanes, width
from .relay import Relays, ending
from .zerosum import Solution, double_oracle, solve

# One ending of a battle: (winner, troops of the attackers left, troops of the defenders left).
Ending = tuple[str, tuple[int, ...], tuple[int, ...]]
RANDOM_LIMIT = 16  # squads on both sides together for the odds at random
OPTIMAL_LIMIT = 3**10  # order choices of one side times the other's, for optimal play
OPTIMAL_SIDE = 8  # squads of one side at most: each of its 3**n choices is tried against the other's mix


@dataclass(frozen=True)
class Odds:
    """The chance of each ending, and what follows from it."""

    endings: Mapping[Ending, Fraction]
    attackers: int  # troops on each side
    defenders: int
    value: Fraction | None = None  # optimal play: the attackers' P(win) - P(lose)

    def __post_init__(self) -> None:
        # A battle's Odds are kept and shared between askers (see _optimal): read-only all through.
        object.__setattr__(self, "endings", MappingProxyType(dict(self.endings)))

    def winner(self, side: str) -> Fraction:
        return sum((p for e, p in self.endings.items() if e[0] == side), Fraction(0))

    def destroyed(self, side: str, troop: int) -> Fraction:
        """The chance that a troop loses all its squads."""
        k = 1 if side == "attackers" else 2
        return sum((p for e, p in self.endings.items() if troop not in e[k]), Fraction(0))


class _Left:
    """One way a column ends: how many ways, the squads left (with their places) on each side."""

    __slots__ = ("att", "dfn", "empty", "troops", "ways", "weight")

    def __init__(self, ways: int, att: tuple[tuple[int, Squad], ...], dfn: tuple[tuple[int, Squad], ...]) -> None:
        self.ways, self.att, self.dfn = ways, att, dfn
        self.empty = (not att, not dfn)
        self.troops = (frozenset(s[2] for _, s in att), frozenset(s[2] for _, s in dfn))
        # A final round's survivors still unrevealed count every order they could hold.
        self.weight = ways * 3 ** sum(s[0] == UNKNOWN for _, s in (*att, *dfn))


class RandomPlay:
    """Orders uniformly at random and independent; at a re-lay each side lays its survivors again
    in the sequence they had (the laying order of the troops as given).

    The chances are kept as whole numbers over 3**u, u the squads of a state whose order is not
    revealed yet: a branch of a round that reveals r orders weighs 3**(u - r), which is exactly the
    denominator of the state it leads to, so the numerators of that state simply add up."""

    def __init__(self, row: int = 3, mirror: bool = False) -> None:
        self.row, self.mirror = row, mirror
        self.memo: dict[tuple[tuple[Squad, ...], tuple[Squad, ...]], dict[Ending, int]] = {}
        self.columns: dict[
            tuple[tuple[int, ...], tuple[int, ...], tuple[Squad, ...], tuple[Squad, ...]], list[_Left]
        ] = {}

    def _column(self, qa: list[int], qd: list[int], att: tuple[Squad, ...], dfn: tuple[Squad, ...]) -> list[_Left]:
        """The ways one column ends, its survivors paired with their places (the last of each side's
        column), remembered: many states share a column."""
        key = (tuple(qa), tuple(qd), att, dfn)
        found = self.columns.get(key)
        if found is None:
            found = self.columns[key] = [
                _Left(n, tuple(zip(qa[len(qa) - len(la) :], la, strict=True)),
                      tuple(zip(qd[len(qd) - len(ld) :], ld, strict=True)))
                for n, la, ld in column_chances(att, dfn)
            ]  # fmt: skip
        return found

    def endings(self, att: tuple[Squad, ...], dfn: tuple[Squad, ...]) -> dict[Ending, int]:
        """Numerators over 3**(unrevealed squads of att and dfn)."""
        if not att or not dfn:
            return {ending(att, dfn): 3 ** sum(s[0] == UNKNOWN for s in (*att, *dfn))}
        key = (att, dfn)
        found = self.memo.get(key)
        if found is not None:
            return found
        w = width(len(att), len(dfn), self.row)
        pairs = zip(lanes(len(att), w, False), lanes(len(dfn), w, self.mirror), strict=True)
        columns = [self._column(qa, qd, tuple(att[i] for i in qa), tuple(dfn[j] for j in qd)) for qa, qd in pairs]
        out: dict[Ending, int] = defaultdict(int)
        # The rounds that end the battle only matter through the troops left: fold them column by
        # column (attackers gone everywhere, then defenders gone everywhere but not both).
        for side in (0, 1):
            folded: dict[frozenset[int], int] = {frozenset(): 1}
            for col in columns:
                step: dict[frozenset[int], int] = defaultdict(int)
                for left in col:
                    if left.empty[side]:
                        for troops, n in folded.items():
                            step[troops | left.troops[1 - side]] += n * left.weight
                folded = step
            for troops, n in folded.items():
                if side == 1 and not troops:
                    continue  # nobody left anywhere: counted once, with the attackers gone
                who = ("both" if not troops else "defenders") if side == 0 else "attackers"
                e: Ending = (who, (), tuple(sorted(troops))) if side == 0 else (who, tuple(sorted(troops)), ())
                out[e] += n
        # A column always ends with one side (or both) gone from it, so the battle goes on only when
        # one column is left to the attackers and another to the defenders.
        kept_a = [[c for c in col if not c.empty[0]] for col in columns]
        kept_d = [[c for c in col if not c.empty[1]] for col in columns]
        gone = [[c for c in col if c.empty[0] and c.empty[1]] for col in columns]
        for kinds in product((0, 1, 2), repeat=len(columns)):
            if 0 not in kinds or 1 not in kinds:
                continue
            pools = [kept_a[k] if kind == 0 else kept_d[k] if kind == 1 else gone[k] for k, kind in enumerate(kinds)]
            self._go_on(pools, out)
        self.memo[key] = dict(out)
        return self.memo[key]

    def _go_on(self, pools: list[list[_Left]], out: dict[Ending, int]) -> None:
        """Add the endings of every round whose columns come from these pools, with a next round."""
        for combo in product(*pools):
            n = 1
            placed_a: list[tuple[int, Squad]] = []
            placed_d: list[tuple[int, Squad]] = []
            for c in combo:
                n *= c.ways
                placed_a += c.att
                placed_d += c.dfn
            placed_a.sort()
            placed_d.sort()
            for e, q in self.endings(tuple(s for _, s in placed_a), tuple(s for _, s in placed_d)).items():
                out[e] += n * q


def at_random(att: Sequence[Squad], dfn: Sequence[Squad], row: int = 3, mirror: bool = False) -> Odds:
    """The exact odds when every squad's order is drawn at random."""
    return _at_random(tuple(att), tuple(dfn), row, mirror)


# A battle's odds depend on nothing but its squads, so an evening's session or the phone referee,
# where every device at the table asks about the same battle, solves each battle once. The Odds
# are shared between askers: nothing changes an Odds once made.
@functools.lru_cache(maxsize=128)
def _at_random(att: tuple[Squad, ...], dfn: tuple[Squad, ...], row: int, mirror: bool) -> Odds:
    a = tuple((UNKNOWN, s[1], s[2]) for s in att)
    d = tuple((UNKNOWN, s[1], s[2]) for s in dfn)
    whole = 3 ** (len(a) + len(d))
    found = RandomPlay(row, mirror).endings(a, d)
    return Odds({e: Fraction(n, whole) for e, n in found.items()}, len({s[2] for s in att}), len({s[2] for s in dfn}))


def _orders(squads: Sequence[Squad], k: int) -> tuple[Squad, ...]:
    """The k-th way (base 3, first squad least significant) to give every squad an order."""
    out = []
    for s in squads:
        k, o = divmod(k, 3)
        out.append((o, s[1], s[2]))
    return tuple(out)


def optimal(att: Sequence[Squad], dfn: Sequence[Squad], row: int = 3, mirror: bool = False) -> Odds:
    """The odds when both sides choose the orders of all their squads by an optimal mix, and lay
    the survivors again by an optimal mix at every re-lay; the value is unique, the chances
    of each ending are those of the equilibrium found."""
    return _optimal(tuple(att), tuple(dfn), row, mirror)


@functools.lru_cache(maxsize=128)
def _optimal(att: tuple[Squad, ...], dfn: tuple[Squad, ...], row: int, mirror: bool) -> Odds:
    if not att or not dfn:
        # A zero garrison (a tower, a 2003 bridge) plays no card and always loses.
        return Odds({ending(att, dfn): Fraction(1)}, len({s[2] for s in att}), len({s[2] for s in dfn}),
                    Fraction(1 if att else -1 if dfn else 0))  # fmt: skip
    relays = Relays(row, mirror)
    n_a, n_d = 3 ** len(att), 3 ** len(dfn)
    w = width(len(att), len(dfn), row)
    lanes_a, lanes_d = lanes(len(att), w, False), lanes(len(dfn), w, mirror)
    # A pure strategy is an order for every squad (base-3 digits). Columns are fought apart, so a
    # round's survivors, counted by kind (order and «+»), add up column by column.
    keys_a: dict[int, tuple[tuple[int, ...], ...]] = {}
    keys_d: dict[int, tuple[tuple[int, ...], ...]] = {}
    tables = [_ColumnTable([att[k] for k in qa], [dfn[k] for k in qd]) for qa, qd in zip(lanes_a, lanes_d, strict=True)]
    values: dict[tuple[int, ...], Fraction] = {}
    cache: dict[tuple[int, int], Fraction] = {}

    def payoff(i: int, j: int) -> Fraction:
        found = cache.get((i, j))
        if found is None:
            total = [0] * 12
            ki = keys_a.get(i) or keys_a.setdefault(i, _column_keys(i, len(att), lanes_a))
            kj = keys_d.get(j) or keys_d.setdefault(j, _column_keys(j, len(dfn), lanes_d))
            for table, ka, kd in zip(tables, ki, kj, strict=True):
                for k, n in enumerate(table[(ka, kd)]):
                    total[k] += n
            counts = tuple(total)
            found = values.get(counts)
            if found is None:
                found = values[counts] = relays.value(_kinds(counts[:6]), _kinds(counts[6:]))
            cache[(i, j)] = found
        return found

    # Turning every order one step round the cycle on both sides changes no duel, so the game has
    # an optimal mix that treats the three turns of a strategy alike: solve the game of those
    # triples (a third of the strategies a side), then spread each weight over its three.
    # Each triple holds exactly one strategy whose first squad attacks: number u stands for 3u.
    def orbit_payoff(u: int, v: int) -> Fraction:
        j1 = _turn(3 * v, len(dfn))
        j2 = _turn(j1, len(dfn))
        return (payoff(3 * u, 3 * v) + payoff(3 * u, j1) + payoff(3 * u, j2)) / 3

    if n_a * n_d <= 3600:
        small = solve([[orbit_payoff(u, v) for v in range(n_d // 3)] for u in range(n_a // 3)])
    else:
        small = double_oracle(orbit_payoff, n_a // 3, n_d // 3)
    rows: dict[int, Fraction] = {}
    cols: dict[int, Fraction] = {}
    for spread, mix, count in ((rows, small.rows, len(att)), (cols, small.cols, len(dfn))):
        for u, weight in mix.items():
            k = 3 * u
            for _ in range(3):
                spread[k] = weight / 3
                k = _turn(k, count)
    sol = Solution(small.value, rows, cols)
    out: dict[Ending, Fraction] = defaultdict(Fraction)
    for i, x in sol.rows.items():
        for j, y in sol.cols.items():
            left_a, left_d = fight(_orders(att, i), _orders(dfn, j), row, mirror)
            for e, p in relays.endings(left_a, left_d).items():
                out[e] += x * y * p
    return Odds(dict(out), len({s[2] for s in att}), len({s[2] for s in dfn}), sol.value)


def _turn(k: int, count: int) -> int:
    """The strategy with every squad's order one step further round the cycle."""
    out, place = 0, 1
    for _ in range(count):
        k, o = divmod(k, 3)
        out += (o + 1) % 3 * place
        place *= 3
    return out


def _column_keys(k: int, count: int, columns: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    digits = []
    for _ in range(count):
        k, o = divmod(k, 3)
        digits.append(o)
    return tuple(tuple(digits[p] for p in col) for col in columns)


class _ColumnTable:
    """For one column, the survivors of given orders counted by kind, attackers' 6 then defenders'
    6 (kind = 2 * order + «+»), worked out when first asked."""

    def __init__(self, att: list[Squad], dfn: list[Squad]) -> None:
        self.att, self.dfn = att, dfn
        self.known: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}

    def __getitem__(self, key: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
        found = self.known.get(key)
        if found is None:
            a = [(o, s[1], s[2]) for o, s in zip(key[0], self.att, strict=True)]
            d = [(o, s[1], s[2]) for o, s in zip(key[1], self.dfn, strict=True)]
            left_a, left_d = fight(a, d, 1)
            counts = [0] * 12
            for s in left_a:
                counts[2 * s[0] + s[1]] += 1
            for s in left_d:
                counts[6 + 2 * s[0] + s[1]] += 1
            found = self.known[key] = tuple(counts)
        return found


def _kinds(counts: tuple[int, ...]) -> list[Squad]:
    return [(k // 2, bool(k % 2), 0) for k, n in enumerate(counts) for _ in range(n)]
