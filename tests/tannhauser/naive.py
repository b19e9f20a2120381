"""A deliberately naive second implementation of Tannhäuser's dice and Bull Rush, for the tests only.

Taken from the analysts' brute-force oracle (/work/scratch/naive/tannhauser_naive.py), written from
the rules text without printkit's code, trimmed to what the tests use. Pools are enumerated face by
face over every roll; the Bull Rush is a search over (circle, enemy rushed) states.
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from itertools import product

FACES = range(1, 11)


def die_value(face: int, bonus: int = 0, penalty: int = 0, penalty_on_nat1: bool = True) -> int:
    """A natural 1 never takes a bonus; a natural 10 never takes a penalty (but does take a bonus)."""
    value = face
    if bonus and face != 1:
        value += bonus
    if penalty and face != 10 and (face != 1 or penalty_on_nat1):
        value -= penalty
    return value


def pool_distribution(dice: int, difficulty: int, bonus: int = 0, penalty: int = 0,
                      penalty_on_nat1: bool = True) -> dict[int, Fraction]:  # fmt: skip
    """{successes: chance}, by enumerating all 10**dice rolls."""
    counts: dict[int, int] = {}
    for roll in product(FACES, repeat=dice):
        hits = sum(1 for f in roll if die_value(f, bonus, penalty, penalty_on_nat1) >= difficulty)
        counts[hits] = counts.get(hits, 0) + 1
    total = 10**dice
    return {k: Fraction(c, total) for k, c in sorted(counts.items())}


def duel(initiator: int, defender: int) -> Fraction:
    """P(initiator wins): both pools enumerated, ties to the defender."""
    a = pool_distribution(initiator, defender)
    d = pool_distribution(defender, initiator)
    return sum((pa * pd for sa, pa in a.items() for sd, pd in d.items() if sa > sd), Fraction(0))


def duel_joint(initiator: int, defender: int) -> Fraction:
    """The same by enumerating both pools' faces together (small stats only)."""
    wins = 0
    for roll in product(FACES, repeat=initiator + defender):
        a = sum(1 for f in roll[:initiator] if f >= defender)
        d = sum(1 for f in roll[initiator:] if f >= initiator)
        wins += a > d
    return Fraction(wins, 10 ** (initiator + defender))


def bull_rush_reach(adj: dict[str, list[str]], mp: int, start: str | None, friends: set[str], enemies: set[str],
                    entry_points: set[str], enter_through: set[str], cost: dict[str, int],
                    action_used: bool = False) -> dict[str, dict[str, object]]:  # fmt: skip
    """Where the active character may END its move: 'free' {circle: points} with no Bull Rush,
    'needs_win' {circle: sorted enemies} for circles only a won rush reaches, and 'cheaper_by_rush'
    {circle: (points, enemies)} where a won rush costs fewer points than any free move. One rush a cycle (it
    uses the Action Phase): the mover stops next to the first enemy, and a win lets it through that
    enemy and every enemy directly adjacent after it; off the line, the next enemy blocks."""
    best: dict[tuple[str, str], int] = {}  # (circle, the enemy rushed or "") -> points
    heap: list[tuple[int, str, str]] = []
    if start is None:
        heap = [(1, e, "") for e in sorted(enter_through) if mp >= 1 and e not in enemies]
    else:
        heap = [(0, start, "")]
    heapq.heapify(heap)
    while heap:
        spent, node, rushed = heapq.heappop(heap)
        if (node, rushed) in best and best[node, rushed] <= spent:
            continue
        best[node, rushed] = spent
        for nxt in adj.get(node, []):
            if nxt in enemies:
                if node in enemies:
                    new_rushed = rushed
                elif not rushed and not action_used:
                    new_rushed = nxt
                else:
                    continue
            else:
                new_rushed = rushed
            step = cost.get(nxt, 1)
            if spent + step <= mp:
                heapq.heappush(heap, (spent + step, nxt, new_rushed))

    def can_end(node: str) -> bool:
        return node not in enemies and node not in friends and node not in entry_points and node != start

    free: dict[str, int] = {}
    needs: dict[str, set[str]] = {}
    cheapest: dict[str, tuple[int, set[str]]] = {}  # after a rush: fewest points, and whose rush gives them
    for (node, rushed), spent in best.items():
        if not can_end(node):
            continue
        if not rushed:
            free[node] = min(spent, free.get(node, spent))
        else:
            needs.setdefault(node, set()).add(rushed)
            low, who = cheapest.get(node, (spent, set()))
            cheapest[node] = (spent, {rushed}) if spent < low else (low, who | ({rushed} if spent == low else set()))
    return {
        "free": free,
        "needs_win": {n: sorted(r) for n, r in needs.items() if n not in free},
        "cheaper_by_rush": {n: (p, sorted(w)) for n, (p, w) in cheapest.items() if p < free.get(n, mp + 1)},
    }
