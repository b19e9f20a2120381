"""One group of dice exactly: a single die's faces, then sums, kept dice and successes among them."""

from __future__ import annotations

import math
from itertools import accumulate, repeat
from operator import add, mul

from .dist import Budget, Dist, boxes, check_total, from_dense, successes, sum_of
from .notation import COMPARE, Die, Group

# Steps (about a microsecond each, measured by bench/referee.py --calibrate on a busy 2-core machine):
KEEP_STEPS = 0.3  # per faces * (kept + 1)^2 of the keep-highest formula
BAND_STEPS = 2.0  # per state visit of the general keep/drop count


def box_steps(outcomes: int, sizes: int) -> int:
    """Steps of a sum of fair dice of `sizes` distinct sizes: half the coefficients are computed, each
    in a few big-number steps per size, and every outcome is stored."""
    return outcomes * (2 + 5 * sizes) // 4


def single(die: Die, cap: int) -> Dist:
    """One die: fair faces, minus rerolled ones (r) or with one second chance (ro), then explosions:
    the top face rolls again and adds, at most `cap` times."""
    faces = range(die.lo, die.hi + 1)
    sides = len(faces)
    if die.reroll and die.once:
        again = sum(die.rerolls(f) for f in faces)
        return Dist({f: (0 if die.rerolls(f) else sides) + again for f in faces}, sides * sides)
    if die.reroll:
        kept = [f for f in faces if not die.rerolls(f)]
        return Dist(dict.fromkeys(kept, 1), len(kept))
    dist = Dist(dict.fromkeys(faces, 1), sides)
    if die.explode:
        for _ in range(cap):  # built from the last allowed re-roll outwards
            out = {f: dist.total for f in faces if f != die.hi}
            for v, w in dist.weights.items():
                out[die.hi + v] = out.get(die.hi + v, 0) + w
            dist = Dist(out, sides * dist.total)
    return dist


def fair_range(die: Die) -> tuple[int, int] | None:
    """(lowest face, faces) when the die's outcomes are equally likely and consecutive."""
    if die.explode or die.once:
        return None
    kept = [f for f in range(die.lo, die.hi + 1) if not die.rerolls(f)]
    return (kept[0], len(kept)) if kept[-1] - kept[0] + 1 == len(kept) else None


def distribution(group: Group, cap: int, budget: Budget) -> Dist:
    n, where = group.count, (group.text(), group.column)
    if group.die.explode:  # each explosion adds a copy of the die to every outcome so far
        budget.charge((cap + 1) ** 2 * (group.die.hi - group.die.lo + 1) // 4, where)
    die = single(group.die, cap)
    check_total(die.total**n, group.column)
    top, kept = group.band()
    if group.success:
        budget.charge(2 * n * n, where)
        return kept_successes(n, die, top, kept, *group.success)
    if kept == 0:
        return Dist({0: die.total**n}, die.total**n)
    fair = fair_range(group.die)
    if kept == n:
        if fair:
            lo, faces = fair
            budget.charge(box_steps(n * (faces - 1) + 1, 1), where)
            return from_dense(n * lo, boxes({faces: n}), faces**n)
        return sum_of(die, n, budget, where)
    if fair and fair[1] > 1 and top in (0, n - kept):
        lo, faces = fair
        budget.charge(int(faces * (kept + 1) ** 2 * KEEP_STEPS), where)
        counts = keep_highest(n, faces, kept)
        if top == 0:  # faces lo..: each kept die adds lo - 1 to a 1..faces die
            return from_dense(kept * (lo - 1), counts, faces**n)
        # the lowest dice are the highest of the mirrored dice (face f read as faces + 1 - f)
        return from_dense(kept * lo, counts[::-1][: kept * (faces - 1) + 1], faces**n)
    return band(n, die, top, kept, budget, where)


def keep_highest(n: int, sides: int, k: int) -> list[int]:
    """Ways to roll each sum of the k highest of n fair dice with faces 1..sides (0 < k < n); index =
    sum, from 0.

    With N_v the number of dice showing v or more, the kept sum is the sum over v of min(k, N_v). Split
    by the first v where N_v <= k (call N_v = c): every layer below v adds k, and the c dice at v or above
    are fair on v..sides, so they add a sum of c dice of sides - v + 1 faces, (x (1 - x^m) / (1 - x))^c.
    Collecting the powers of 1/(1 - x) turns the whole sum into k + 1 sparse polynomials and k running
    sums (Horner's rule in 1/(1 - x)), instead of a search over every way the dice can fall."""
    size = k * sides + k + 2  # room for terms past k*sides that cancel; running sums only move right
    acc = [0] * size
    below = n - k - 1  # dice that end below the k+1 dice at or above v - 1
    ys = list(range(sides))  # y = v - 2 for v = 2 .. sides + 1
    # g[y] = sum over f <= below of C(r, f) y^f for r = n - c, built from r = n - k upwards by Pascal's rule
    g = [(1 + y) ** (n - k) - y ** (n - k) for y in ys]
    tail = [y ** (below + 1) for y in ys]
    for c in range(k, -1, -1):
        if c < k:
            acc = list(accumulate(acc))
            r = n - c
            step = math.comb(r - 1, below)
            g = [(1 + y) * gy - step * t for y, gy, t in zip(ys, g, tail, strict=True)]
        beta = list(map(mul, g, repeat(math.comb(n, c))))
        for j in range(c + 1):
            coef = -math.comb(c, j) if j % 2 else math.comb(c, j)
            stride = k - j
            start = c + j * sides + stride  # v = 2; each next v moves by stride
            if stride == 0:
                acc[start] += coef * sum(beta)
                continue
            end = start + stride * sides
            acc[start:end:stride] = list(map(add, acc[start:end:stride], map(mul, beta, repeat(coef))))
    assert not any(acc[k * sides + 1 :]), "terms past the highest sum must cancel"
    return acc[: k * sides + 1]


def band(n: int, die: Dist, top: int, kept: int, budget: Budget, where: tuple[str, int]) -> Dist:
    """The sum of the dice ranked top+1 .. top+kept from the highest, for any die: faces are visited
    from the highest, and each step chooses how many dice show that face; once the band is full the
    remaining dice are simply lower."""
    faces = sorted(die.weights, reverse=True)
    full = top + kept
    # an upper bound of the steps below: at each face, every (dice placed, kept sum) state tries every
    # count of dice; kept sums so far lie between (placed - top) times this face and the highest face
    work = 0
    for face in faces:
        work += sum(((j - top) * (faces[0] - face) if j > top else 0) * (n - j + 1) + n - j + 1 for j in range(full))
    budget.charge(int(work * BAND_STEPS), where)
    lower = [0, *accumulate(die.weights[f] for f in reversed(faces))][::-1]  # lower[i]: below faces[i]
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    out: dict[int, int] = {}
    for i, face in enumerate(faces):
        w, rest = die.weights[face], lower[i + 1]
        nxt: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            for c in range(n - placed + 1):
                now = placed + c
                inside = max(0, min(now, full) - max(placed, top))
                value = total + inside * face
                count = ways * math.comb(n - placed, c) * w**c
                if now >= full:
                    out[value] = out.get(value, 0) + count * rest ** (n - now)
                else:
                    nxt[(now, value)] = nxt.get((now, value), 0) + count
        states = nxt
    return Dist({v: c for v, c in out.items() if c}, die.total**n)


def kept_successes(n: int, die: Dist, top: int, kept: int, op: str, target: int) -> Dist:
    """How many of the kept dice meet the target. The dice meeting it are one run of values; with A dice
    above that run and E in it, they hold ranks A+1 .. A+E, and the kept dice are ranks top+1 ..
    top+kept, so the count is the overlap, summed over A and E (a trinomial)."""
    if (top, kept) == (0, n):
        return successes(n, die.probability(lambda v: COMPARE[op](v, target)))
    test = COMPARE[op]
    hit = [v for v in die.weights if test(v, target)]
    w_in = sum(die.weights[v] for v in hit)
    w_above = sum(w for v, w in die.weights.items() if hit and v > max(hit))
    w_below = die.total - w_in - w_above
    out: dict[int, int] = {}
    for above in range(n + 1):
        for inside in range(n - above + 1):
            ways = math.comb(n, above) * math.comb(n - above, inside)
            ways *= w_above**above * w_in**inside * w_below ** (n - above - inside)
            count = max(0, min(above + inside, top + kept) - max(above, top))
            out[count] = out.get(count, 0) + ways
    return Dist({v: c for v, c in out.items() if c}, die.total**n)
