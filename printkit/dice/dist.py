"""Exact distributions as integer weights over one total, and their arithmetic within measured limits."""

from __future__ import annotations

import bisect
import decimal
import math
import operator
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, partial
from itertools import accumulate, compress, product, repeat, starmap
from operator import add as plus
from operator import mul

from .notation import DiceError

# Limits, measured with bench/referee.py on a 2-core machine so that every accepted expression is
# answered within a second (the command line's start and its table included).
MAX_OUTCOMES = 250_000  # distinct totals of any distribution (d1000*d1000 has 248,083)
MAX_DIGITS = 4_000  # digits of the common total: exact fractions stay printable (Python's limit is 4,300)
MAX_WORK = 500_000  # steps of about a microsecond: the arithmetic one answer may do
# What each kind of step costs, measured by bench/referee.py (--calibrate):
PAIR_STEPS = 0.5  # one pair of outcomes visited in Python
COUNTED_STEPS = 0.35  # one pair of equally likely outcomes multiplied and counted in C
SLICE_STEPS = 0.05  # one pair of equally likely outcomes counted along a slice
SPAN_STEPS = 0.1  # one total of the dense array those slices fill
DENSE_PRODUCT_SPAN = 4_000_000  # products spread wider than this are counted pair by pair
DIGITS_A_STEP = 16  # decimal digits a dense sum packs, multiplies and unpacks in one step

# Sums are products of polynomials; packed into one big decimal number each (Kronecker substitution),
# libmpdec multiplies them with a number-theoretic transform, far faster than pairwise loops.
_CONTEXT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


@dataclass(frozen=True)
class Dist:
    """An exact distribution: integer weights over outcomes, out of a common total.

    An answer asks one distribution several things (its mean and spread, the chance of a
    comparison, the rows of its table): the sorted outcomes with their running weights and the
    moments are worked out once, on first use, and kept."""

    weights: dict[int, int]
    total: int
    # The mean and variance where the arithmetic that made the distribution knows them already (a
    # sum of fair dice, sums and shifts of such): then no pass over the weights is made for them.
    known: tuple[Fraction, Fraction] | None = field(default=None, compare=False, repr=False)

    @staticmethod
    def const(value: int) -> Dist:
        return Dist({value: 1}, 1, (Fraction(value), Fraction(0)))

    def probability(self, test: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(w for v, w in self.weights.items() if test(v)), self.total)

    @cached_property
    def ordered(self) -> tuple[list[int], list[int]]:
        """The outcomes in order and their weights in the same order. A distribution made dense is
        in order already, and then its weights are the dict's own (no new number is made)."""
        values = list(self.weights)
        if any(map(operator.ge, values, values[1:])):
            values.sort()
            return values, list(map(self.weights.__getitem__, values))
        return values, list(self.weights.values())

    def between(self, lo: int | None, hi: int | None) -> int:
        """The weight of the outcomes from lo to hi (None: no bound), summed where it lies."""
        values, weights = self.ordered
        i = 0 if lo is None else bisect.bisect_left(values, lo)
        j = len(values) if hi is None else bisect.bisect_right(values, hi)
        return sum(weights[i:j]) if i < j else 0

    @cached_property
    def _moments(self) -> tuple[Fraction, Fraction]:
        if self.known is not None:
            return self.known
        # About the smallest outcome, so the squares stay small for outcomes far from zero; the
        # products are summed as they are made, none is kept (a wide sum has 600-digit weights).
        values, weights = self.ordered
        low = values[0]
        shifted: range | list[int]
        shifted = range(len(values)) if values[-1] - low + 1 == len(values) else [v - low for v in values]
        by_i = sum(map(mul, shifted, weights))
        by_ii = sum(map(mul, map(mul, shifted, shifted), weights))
        first = Fraction(by_i, self.total)
        return low + first, Fraction(by_ii, self.total) - first * first

    def mean(self) -> Fraction:
        return self._moments[0]

    def variance(self) -> Fraction:
        return self._moments[1]

    def table(self) -> list[tuple[int, Fraction]]:
        return [(v, Fraction(w, self.total)) for v, w in sorted(self.weights.items())]

    def span(self) -> int:
        return max(self.weights) - min(self.weights) + 1

    def shifted(self, by: int) -> Dist:
        known = (self.known[0] + by, self.known[1]) if self.known else None
        return Dist({v + by: w for v, w in self.weights.items()}, self.total, known) if by else self

    def negated(self) -> Dist:
        known = (-self.known[0], self.known[1]) if self.known else None
        return Dist({-v: w for v, w in self.weights.items()}, self.total, known)


def _added(a: Dist, b: Dist) -> tuple[Fraction, Fraction] | None:
    """The mean and variance of the sum of two independent outcomes, where both are known."""
    if a.known is None or b.known is None:
        return None
    return a.known[0] + b.known[0], a.known[1] + b.known[1]


def from_dense(lo: int, counts: list[int], total: int, known: tuple[Fraction, Fraction] | None = None) -> Dist:
    if 0 not in counts:  # sums of fair dice have no gaps: the outcomes are made in C
        return Dist(dict(zip(range(lo, lo + len(counts)), counts, strict=True)), total, known)
    return Dist({lo + i: c for i, c in enumerate(counts) if c}, total, known)


def boxes_moments(lo: int, widths: dict[int, int]) -> tuple[Fraction, Fraction]:
    """The mean and variance of lo plus n fair dice of faces 0..w-1 for each {w: n}."""
    mean = lo + sum((Fraction(n * (w - 1), 2) for w, n in widths.items()), Fraction(0))
    return mean, sum((Fraction(n * (w * w - 1), 12) for w, n in widths.items()), Fraction(0))


def dense(d: Dist) -> tuple[int, list[int]]:
    lo = min(d.weights)
    counts = [0] * d.span()
    for v, w in d.weights.items():
        counts[v - lo] = w
    return lo, counts


def _digits(n: int) -> int:
    """Decimal digits of n, from its bit length (never formats n)."""
    return n.bit_length() * 30103 // 100000 + 1


def check_total(total: int, column: int) -> None:
    digits = _digits(total)
    if digits > MAX_DIGITS:
        raise DiceError("dice_e_digits", column, n=digits, limit=MAX_DIGITS)


def multiply_dense(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials with non-negative integer coefficients, exactly."""
    width = _digits(max(a)) + _digits(max(b)) + _digits(min(len(a), len(b)))
    pa = decimal.Decimal("".join([str(x).zfill(width) for x in reversed(a)]))
    pb = decimal.Decimal("".join([str(x).zfill(width) for x in reversed(b)]))
    size = len(a) + len(b) - 1
    text = str(_CONTEXT.multiply(pa, pb)).zfill(size * width)
    return [int(text[i - width : i]) for i in range(len(text), 0, -width)]


Where = tuple[str, int]  # the part of the notation doing the work, and its column


class Budget:
    """The work one answer may do, in steps of about a microsecond on a 2-core machine. Every
    algorithm charges its estimate before it starts, so a refusal comes at once and names the limit."""

    def __init__(self, limit: int = MAX_WORK) -> None:
        self.limit = limit
        self.spent = 0

    def charge(self, steps: int, where: Where) -> None:
        self.spent += steps
        if self.spent > self.limit:
            text, column = where
            part = text if len(text) <= 24 else text[:21] + "..."
            raise DiceError("dice_e_work", column, part=part, n=self.spent, limit=self.limit)


def add(a: Dist, b: Dist, budget: Budget, where: Where) -> Dist:
    """The distribution of the sum of two independent outcomes."""
    if len(b.weights) == 1 and b.total == 1:
        return a.shifted(next(iter(b.weights)))
    if len(a.weights) == 1 and a.total == 1:
        return b.shifted(next(iter(a.weights)))
    pairs = len(a.weights) * len(b.weights)
    outcomes = min(pairs, a.span() + b.span() - 1)
    if outcomes > MAX_OUTCOMES:
        raise DiceError("dice_e_outcomes", where[1], n=outcomes, limit=MAX_OUTCOMES)
    total = a.total * b.total
    check_total(total, where[1])
    dense_steps = sum_steps(a.span() + b.span(), _digits(max(a.weights.values())) + _digits(max(b.weights.values())))
    if pairs * PAIR_STEPS <= dense_steps:
        budget.charge(int(pairs * PAIR_STEPS), where)
        out: dict[int, int] = {}
        for va, wa in a.weights.items():
            for vb, wb in b.weights.items():
                out[va + vb] = out.get(va + vb, 0) + wa * wb
        return Dist(out, total, _added(a, b))
    budget.charge(dense_steps, where)
    (la, ca), (lb, cb) = dense(a), dense(b)
    return from_dense(la + lb, multiply_dense(ca, cb), total, _added(a, b))


def sum_steps(slots: int, digits: int) -> int:
    """Steps of a dense sum: packing, multiplying and unpacking numbers of slots * digits digits."""
    return slots * (digits + 6) // DIGITS_A_STEP + slots // 2


def _by_weight(d: Dist) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for v, w in d.weights.items():
        out.setdefault(w, []).append(v)
    return out


def _progression(values: list[int]) -> int | None:
    """The step of sorted values that go up evenly (1, 2, 3 or 2, 4, 6), else None."""
    step = values[1] - values[0] if len(values) > 1 else 1
    return step if values == list(range(values[0], values[-1] + 1, step)) else None


def _dense_span(va: list[int], vb: list[int]) -> tuple[int, int, int] | None:
    """(lowest product, span, step of B) when B's sorted values go up evenly and the products fit a
    dense array, else None."""
    step = _progression(vb)
    corners = [a * b for a in (min(va), max(va)) for b in (vb[0], vb[-1])]
    span = max(corners) - min(corners) + 1
    return (min(corners), span, step) if step is not None and span <= DENSE_PRODUCT_SPAN else None


def _product_steps(va: list[int], vb: list[int]) -> int:
    dense = _dense_span(va, sorted(vb))
    if dense is None:
        return int(len(va) * len(vb) * COUNTED_STEPS)
    return int(dense[1] * SPAN_STEPS + len(va) * len(vb) * SLICE_STEPS)


def _products(va: list[int], vb: list[int]) -> Counter[int]:
    """How often each product a*b occurs over the pairs. When B's values go up evenly, a's products do
    too, so each a adds 1 along one slice of a dense array, all in C."""
    vb = sorted(vb)
    dense = _dense_span(va, vb)
    if dense is None:
        return Counter(starmap(mul, product(va, vb)))
    lo, span, step = dense
    counts = [0] * span
    for a in va:
        first = a * (vb[0] if a >= 0 else vb[-1]) - lo  # the smallest product of a
        stride = abs(a) * step
        if stride == 0:
            counts[first] += len(vb)
            continue
        end = first + stride * len(vb)
        counts[first:end:stride] = map(plus, counts[first:end:stride], repeat(1))
    return Counter(dict(zip(compress(range(lo, lo + span), counts), filter(None, counts), strict=True)))


def multiply(a: Dist, b: Dist, budget: Budget, where: Where) -> Dist:
    """The distribution of the product of two independent outcomes."""
    pairs = len(a.weights) * len(b.weights)
    total = a.total * b.total
    check_total(total, where[1])
    out: Counter[int] = Counter()
    ga, gb = _by_weight(a), _by_weight(b)
    if len(ga) * len(gb) <= 16:
        # outcomes of equal weight (a fair die has one weight) are multiplied and counted in C
        classes = []
        for wa, va in ga.items():
            for wb, vb in gb.items():
                short, long = (va, vb) if len(va) <= len(vb) else (vb, va)
                classes.append((wa * wb, short, long))
        budget.charge(sum(_product_steps(short, long) for _, short, long in classes), where)
        for weight, short, long in classes:
            counted = _products(short, long)
            if weight == 1:
                out.update(counted)
            else:
                for v, c in counted.items():
                    out[v] += c * weight
    else:
        budget.charge(int(pairs * PAIR_STEPS), where)
        for x, wx in a.weights.items():
            for y, wy in b.weights.items():
                out[x * y] += wx * wy
    if len(out) > MAX_OUTCOMES:
        raise DiceError("dice_e_outcomes", where[1], n=len(out), limit=MAX_OUTCOMES)
    return Dist(dict(out), total)


def sum_of(die: Dist, n: int, budget: Budget, where: Where) -> Dist:
    """n independent copies of a die added up, by repeated squaring. The last squaring costs about as
    much as all before it, so the whole is charged at twice the last one, up front."""
    outcomes = n * (die.span() - 1) + 1
    if outcomes > MAX_OUTCOMES:
        raise DiceError("dice_e_outcomes", where[1], n=outcomes, limit=MAX_OUTCOMES)
    check_total(die.total**n, where[1])
    budget.charge(2 * sum_steps(outcomes, n * _digits(die.total)), where)
    paid = Budget(limit=2**62)
    out: Dist | None = None
    base = die
    while n:
        if n & 1:
            out = base if out is None else add(out, base, paid, where)
        n >>= 1
        if n:
            base = add(base, base, paid, where)
    assert out is not None
    return out


def boxes(widths: dict[int, int]) -> list[int]:
    """Coefficients of the product of (1 + x + ... + x^(w-1))^n over {w: n}: the sums of fair dice.

    P'/P is a sum of simple fractions, which gives each coefficient from the ones before it in a few
    steps per distinct width: (m+1) p[m+1] = N * (p[0] + ... + p[m]) - sum over w of n*w * (p[m+1-w] +
    p[m+1-2w] + ...), N the number of dice. The result is symmetric, so half is computed."""
    widths = {w: n for w, n in widths.items() if w > 1 and n > 0}
    if len(widths) == 1:
        return _one_width(*next(iter(widths.items())))
    length = 1 + sum(n * (w - 1) for w, n in widths.items())
    half = (length + 1) // 2
    p = [0] * length
    p[0] = 1
    dice = sum(widths.values())
    strided = {w: [0] * half for w in widths}  # strided[w][t] = p[t] + p[t-w] + p[t-2w] + ...
    running = 0
    for m in range(half - 1):
        running += p[m]
        c = dice * running
        for w, n in widths.items():
            row = strided[w]
            row[m] = p[m] + (row[m - w] if m >= w else 0)
            if m + 1 >= w:
                c -= n * w * row[m + 1 - w]
        p[m + 1] = c // (m + 1)
    for i in range(half, length):
        p[i] = p[length - 1 - i]
    return p


def _one_width(w: int, n: int) -> list[int]:
    """The coefficients of (1 + x + ... + x^(w-1))^n: n fair dice of w faces. With one width P'/P
    gives a recurrence of three terms, (m+1) p[m+1] = (m+n) p[m] + (m+1-w-nw) p[m+1-w] +
    (n(w-1)+w-m) p[m-w], and no running sums; half is computed, the rest is its mirror."""
    length = 1 + n * (w - 1)
    half = (length + 1) // 2
    p = [0] * length
    p[0] = 1
    back, far = 1 - w - n * w, n * (w - 1) + w
    for m in range(min(w - 1, half - 1)):  # before x^w only the first term counts
        p[m + 1] = (m + n) * p[m] // (m + 1)
    if w - 1 < half - 1:
        m = w - 1
        p[m + 1] = ((m + n) * p[m] + (m + back) * p[0]) // (m + 1)
        for m in range(w, half - 1):
            p[m + 1] = ((m + n) * p[m] + (m + back) * p[m + 1 - w] + (far - m) * p[m - w]) // (m + 1)
    for i in range(half, length):
        p[i] = p[length - 1 - i]
    return p


def successes(n: int, p: Fraction) -> Dist:
    """How many of n independent trials succeed with probability p (binomial, exact)."""
    a, b = p.numerator, p.denominator
    return Dist({k: math.comb(n, k) * a**k * (b - a) ** (n - k) for k in range(n + 1)}, b**n)


def chance(a: Dist, op: str, b: Dist) -> Fraction:
    """P(A op B) for independent A and B: for each outcome of B, the weight of A's outcomes below it (or
    at most it), read from running sums over A's sorted outcomes; every step runs in C."""
    if len(b.weights) == 1:  # a number: one sum over the outcomes of A it lets through
        ((vb, wb),) = b.weights.items()
        lo, hi = {"<": (None, vb - 1), "<=": (None, vb), ">": (vb + 1, None), ">=": (vb, None), "=": (vb, vb)}[op]
        return Fraction(wb * a.between(lo, hi), a.total * b.total)
    values = sorted(a.weights)
    below = [0, *accumulate(a.weights[v] for v in values)]  # below[i]: weight of the i lowest outcomes
    others, weights = list(b.weights), list(b.weights.values())

    def weighted(cut: Callable[[list[int], int], int]) -> int:
        """Sum over B's outcomes of its weight times the weight of A's outcomes left of the cut."""
        at = map(below.__getitem__, map(partial(cut, values), others))
        return sum(map(mul, weights, at))

    if op in ("<", ">="):
        hits = weighted(bisect.bisect_left)
    elif op in ("<=", ">"):
        hits = weighted(bisect.bisect_right)
    else:
        hits = weighted(bisect.bisect_right) - weighted(bisect.bisect_left)
    if op in (">", ">="):
        hits = a.total * b.total - hits
    return Fraction(hits, a.total * b.total)
