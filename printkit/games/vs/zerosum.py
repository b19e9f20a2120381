"""Two-player zero-sum matrix games solved exactly in fractions: simplex, and a double oracle."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any


@dataclass(frozen=True)
class Solution:
    """The value for the row player (who maximises) and both sides' optimal mixes (index -> weight)."""

    value: Fraction
    rows: dict[int, Fraction]
    cols: dict[int, Fraction]


def solve(matrix: Sequence[Sequence[Fraction]]) -> Solution:
    """An exact equilibrium of a matrix game.

    The payoffs are shifted to be positive; the column player's mix is then the solution of
    max sum(q) subject to A q <= 1, q >= 0, scaled by the value, and the row player's mix is the
    dual. A floating-point simplex finds which strategies are in play; the equilibrium on them is
    then solved in fractions and checked against every pure strategy, so the answer is exact. If
    the check fails (rounding chose a wrong basis), the simplex runs again in fractions."""
    _m, _n = len(matrix), len(matrix[0])
    low = min(min(r) for r in matrix)
    shift = 1 - Fraction(low) if low <= 0 else Fraction(0)
    a = [[Fraction(x) + shift for x in row] for row in matrix]
    basis = _simplex([[float(x) for x in row] for row in a], exact=False)
    found = _exact_on(a, basis)
    if found is None:
        found = _exact_on(a, _simplex(a, exact=True))
    assert found is not None, "the exact simplex's basis always checks"
    p, q, total = found
    return Solution(1 / total - shift, {i: v / total for i, v in p.items()}, {j: v / total for j, v in q.items()})


def _simplex(a: list[list[Fraction]] | list[list[float]], *, exact: bool) -> list[int]:
    """The optimal basis of max sum(q), A q <= 1, q >= 0 (variables 0..n-1 are q, n+i the slack of
    row i)."""
    m, n = len(a), len(a[0])
    one, zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
    eps = 0 if exact else 1e-9
    rows: list[list[Any]] = [[*a[i], *(one if i == k else zero for k in range(m)), one] for i in range(m)]
    cost: list[Any] = [-one] * n + [zero] * (m + 1)
    basis = [n + i for i in range(m)]
    width = n + m
    stalled = 0
    while True:
        # Dantzig's rule (the steepest reduced cost) moves fast; after a run of degenerate pivots,
        # Bland's rule (the first improving column) takes over, which cannot cycle.
        if stalled < 50:
            enter = min(range(width), key=cost.__getitem__)
            if cost[enter] >= -eps:
                return basis
        else:
            found = next((j for j in range(width) if cost[j] < -eps), None)
            if found is None:
                return basis
            enter = found
        best: tuple[Any, int, int] | None = None
        for i in range(m):
            x = rows[i][enter]
            if x > eps:
                ratio = rows[i][width] / x
                if best is None or ratio < best[0] - eps or (ratio <= best[0] + eps and basis[i] < best[1]):
                    best = (ratio, basis[i], i)
        assert best is not None, "a game with positive payoffs is bounded"
        stalled = stalled + 1 if best[0] <= eps else 0
        r = best[2]
        pivot = rows[r][enter]
        rows[r] = [x / pivot for x in rows[r]]
        for i in range(m):
            f = rows[i][enter]
            if i != r and f:
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[r], strict=True)]
        f = cost[enter]
        cost = [x - f * y for x, y in zip(cost, rows[r], strict=True)]
        basis[r] = enter


def _exact_on(
    a: list[list[Fraction]], basis: list[int]
) -> tuple[dict[int, Fraction], dict[int, Fraction], Fraction] | None:
    """The primal and dual solutions of the basis in fractions, or None when they are not optimal."""
    m, n = len(a), len(a[0])
    cols = sorted(j for j in basis if j < n)
    slack_rows = {j - n for j in basis if j >= n}
    tight = [i for i in range(m) if i not in slack_rows]
    if len(tight) != len(cols):
        return None
    q_s = _linear([[a[i][j] for j in cols] for i in tight], [Fraction(1)] * len(cols))
    p_t = _linear([[a[i][j] for i in tight] for j in cols], [Fraction(1)] * len(cols))
    if q_s is None or p_t is None or min(q_s, default=0) < 0 or min(p_t, default=0) < 0:
        return None
    q = {j: v for j, v in zip(cols, q_s, strict=True) if v}
    p = {i: v for i, v in zip(tight, p_t, strict=True) if v}
    if any(sum(a[i][j] * v for j, v in q.items()) > 1 for i in range(m)):
        return None
    if any(sum(a[i][j] * v for i, v in p.items()) < 1 for j in range(n)):
        return None
    total = sum(q.values(), Fraction(0))
    if total == 0 or total != sum(p.values(), Fraction(0)):
        return None
    return p, q, total


def _linear(m: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """x with m x = b by Gauss-Jordan elimination in fractions, or None when m is singular."""
    size = len(b)
    rows = [[*m[i], b[i]] for i in range(size)]
    for c in range(size):
        pivot = next((r for r in range(c, size) if rows[r][c] != 0), None)
        if pivot is None:
            return None
        rows[c], rows[pivot] = rows[pivot], rows[c]
        p = rows[c][c]
        rows[c] = [x / p for x in rows[c]]
        for r in range(size):
            f = rows[r][c]
            if r != c and f:
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c], strict=True)]
    return [rows[i][size] for i in range(size)]


def double_oracle(payoff: Callable[[int, int], Fraction], n_rows: int, n_cols: int,
                  start: tuple[int, int] = (0, 0)) -> Solution:  # fmt: skip
    """An exact equilibrium of a large game whose payoffs are asked one at a time: solve the game
    of the strategies found so far, add each side's best pure reply to the other's mix while it
    does strictly better than that value, and stop when neither does (then the mixes are optimal
    in the whole game). Replies are ranked in floating point and the leaders checked in fractions."""
    rough: dict[tuple[int, int], float] = {}

    def approx(i: int, j: int) -> float:
        found = rough.get((i, j))
        if found is None:
            found = rough[(i, j)] = float(payoff(i, j))
        return found

    rows, cols = [start[0]], [start[1]]
    while True:
        sol = solve([[payoff(i, j) for j in cols] for i in rows])
        mix_r = {rows[k]: w for k, w in sol.rows.items()}
        mix_c = {cols[k]: w for k, w in sol.cols.items()}
        fr = [(j, float(w)) for j, w in mix_c.items()]
        fc = [(i, float(w)) for i, w in mix_r.items()]
        row_scores = [sum(w * approx(i, j) for j, w in fr) for i in range(n_rows)]
        col_scores = [-sum(w * approx(i, j) for i, w in fc) for j in range(n_cols)]
        found_r = _better(row_scores, partial(_row_score, payoff, mix_c), sol.value, set(rows))
        found_c = _better(col_scores, partial(_col_score, payoff, mix_r), -sol.value, set(cols))
        rows += found_r
        cols += found_c
        grown = bool(found_r or found_c)
        if not grown:
            return Solution(sol.value, mix_r, mix_c)


def _row_score(payoff: Callable[[int, int], Fraction], mix: dict[int, Fraction], i: int) -> Fraction:
    return sum((w * payoff(i, j) for j, w in mix.items()), Fraction(0))


def _col_score(payoff: Callable[[int, int], Fraction], mix: dict[int, Fraction], j: int) -> Fraction:
    return -sum((w * payoff(i, j) for i, w in mix.items()), Fraction(0))


def _better(scores: list[float], exact: Callable[[int], Fraction], value: Fraction, taken: set[int],
            most: int = 8) -> list[int]:  # fmt: skip
    """Strategies that beat value: up to `most` clear winners by floating point, else the first
    near tie whose exact score beats it (none: no strategy does better, exactly)."""
    bar = float(value)
    ranked = sorted(range(len(scores)), key=lambda k: -scores[k])
    clear = [k for k in ranked[: most * 4] if scores[k] > bar + 1e-9 and k not in taken][:most]
    if clear:
        return clear
    for k in ranked:
        if scores[k] < bar - 1e-9:
            return []
        if k not in taken and exact(k) > value:
            return [k]
    return []
