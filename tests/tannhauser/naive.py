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


def die_value(face: int, bonus: int = 0, penalty: int = 0, penalty_on_nat1: bool = True,
              bonus_on_nat10: bool = True) -> int:  # fmt: skip
    """A natural 1 never takes a bonus; a natural 10 never takes a penalty (but does take a bonus,
    unless bonus_on_nat10 is False: the other reading)."""
    value = face
    if bonus and face != 1 and (face != 10 or bonus_on_nat10):
        value += bonus
    if penalty and face != 10 and (face != 1 or penalty_on_nat1):
        value -= penalty
    return value


def pool_distribution(dice: int, difficulty: int, bonus: int = 0, penalty: int = 0,
                      penalty_on_nat1: bool = True, bonus_on_nat10: bool = True) -> dict[int, Fraction]:  # fmt: skip
    """{successes: chance}, by enumerating all 10**dice rolls."""
    counts: dict[int, int] = {}
    for roll in product(FACES, repeat=dice):
        hits = sum(1 for f in roll if die_value(f, bonus, penalty, penalty_on_nat1, bonus_on_nat10) >= difficulty)
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


def every_move(adj: dict[str, list[str]], cost: dict[str, int], mp: int, start: str | None, friends: set[str],
               enemies: set[str], entry_points: set[str], enter_through: set[str], rush: bool = True,
               line_cost_one: bool = False, ally_cost_one: bool = False, rush_from_empty: bool = False,
               ) -> tuple[dict[str, int], dict[str, tuple[int, list[str]]]]:  # fmt: skip
    """Every move, tried one by one: each route that visits no circle twice is priced as the text
    prices it, and kept if the rules allow it. Returns where a move may end without a Bull Rush
    {circle: fewest points}, and where a won rush ends it cheaper {circle: (points, [first enemies])}.

    The text (IV.B.2, IV.B.4): a step costs the circle's cost (1, or 2 with the red symbol); an
    ally's circle is passed as usual (or 1 point: ally_cost_one); an enemy's circle only by the one
    Bull Rush of the cycle, from the circle just before it, through one enemy at its circle's cost
    or one unbroken run of adjacent enemies (1 point each when line_cost_one and the run holds two
    or more); where the mover stops before the enemy must be a circle a move may end on when
    rush_from_empty; a move ends on an empty circle, never an entry point, never where it began.
    Entering costs 1 point onto an own entry point."""

    def price(route: list[str], first_step_is_entry: bool) -> int:
        total = 0
        runs = _enemy_runs(route, enemies)
        for i, circle in enumerate(route):
            if i == 0 and first_step_is_entry:
                total += 1
            elif circle in enemies:
                length = next(n for lo, n in runs if lo <= i < lo + n)
                total += 1 if line_cost_one and length >= 2 else cost[circle]
            elif circle in friends and ally_cost_one:
                total += 1
            else:
                total += cost[circle]
        return total

    def allowed(route: list[str], whole: list[str]) -> tuple[bool, str | None]:
        """Whether the route keeps the rules, and the enemy its one rush is fought against."""
        runs = _enemy_runs(route, enemies)
        if not runs:
            return True, None
        if len(runs) > 1 or not rush:
            return False, None
        lo, _ = runs[0]
        before = whole[whole.index(route[lo]) - 1] if whole.index(route[lo]) > 0 else None
        if before is None:
            return False, None
        if rush_from_empty and before != start and (before in friends or before in entry_points):
            return False, None
        return True, route[lo]

    free: dict[str, int] = {}
    rushed: dict[str, tuple[int, set[str]]] = {}

    def visit(route: list[str]) -> None:
        if len(route) > mp:  # every step costs at least 1 point
            return
        whole = ([start] if start is not None else []) + route
        ok, enemy = allowed(route, whole)
        if not ok:  # no longer route can mend it
            return
        spent = price(route, start is None)
        end = route[-1]
        ends = end not in enemies and end not in friends and end not in entry_points
        if spent <= mp and ends and enemy is None:
            free[end] = min(spent, free.get(end, spent))
        elif spent <= mp and ends:
            low, who = rushed.get(end, (spent, set()))
            rushed[end] = (spent, {enemy}) if spent < low else (low, who | ({enemy} if spent == low else set()))
        for nxt in adj[end]:
            if nxt not in whole:
                visit([*route, nxt])

    if start is None:
        for entry in sorted(enter_through):
            if entry not in enemies:
                visit([entry])
    else:
        for nxt in adj[start]:
            visit([nxt])
    cheaper = {c: (p, sorted(w)) for c, (p, w) in rushed.items() if p < free.get(c, mp + 1)}
    return free, cheaper


def _enemy_runs(route: list[str], enemies: set[str]) -> list[tuple[int, int]]:
    """(first index, length) of each run of consecutive enemy circles in a route."""
    runs: list[tuple[int, int]] = []
    for i, circle in enumerate(route):
        if circle in enemies:
            if runs and runs[-1][0] + runs[-1][1] == i:
                runs[-1] = (runs[-1][0], runs[-1][1] + 1)
            else:
                runs.append((i, 1))
    return runs
