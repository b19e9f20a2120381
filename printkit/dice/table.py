"""A distribution as rows a terminal can show: every total, or ranges of totals when there are many."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from itertools import accumulate

from .dist import Dist

MAX_SINGLE_ROWS = 40  # up to this many totals, one row each
RANGE_ROWS = 30  # otherwise about this many ranges of equal width, plus the two tails
TAIL = 2000  # the tails left out of the equal ranges hold at most 1/TAIL of the chance each


@dataclass(frozen=True)
class Row:
    """Totals lo..hi (one total when equal), with weights out of the distribution's total."""

    lo: int
    hi: int
    weight: int  # of a total in lo..hi
    at_least: int  # of a total of lo or more
    at_most: int  # of a total of hi or less


def _nice(width: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is at least width."""
    step = 1
    while True:
        for k in (1, 2, 5):
            if k * step >= width:
                return k * step
        step *= 10


def rows(dist: Dist, every: bool = False) -> tuple[list[Row], int]:
    """The rows and how many totals a row spans (1: one total a row; tails may span more)."""
    values = sorted(dist.weights)
    upto = list(accumulate(map(dist.weights.__getitem__, values)))  # upto[i]: weight of values[0..i]
    total = upto[-1]

    def row(lo: int, hi: int) -> Row:
        i, j = bisect.bisect_left(values, lo), bisect.bisect_right(values, hi)
        before = upto[i - 1] if i else 0
        through = upto[j - 1] if j else 0
        return Row(lo, hi, through - before, total - before, through)

    if every or len(values) <= MAX_SINGLE_ROWS:
        return [row(v, v) for v in values], 1
    # the central totals, leaving out at most 1/TAIL of the chance at each end, in equal ranges
    low = values[bisect.bisect_right(upto, total // TAIL)]
    high = values[bisect.bisect_left(upto, total - total // TAIL)]
    width = _nice(-(-(high - low + 1) // RANGE_ROWS))
    start = low - low % width
    out = [row(values[0], start - 1)] if values[0] < start else []
    while start <= high:
        out.append(row(max(start, values[0]), min(start + width - 1, values[-1])))
        start += width
    if start <= values[-1]:
        out.append(row(start, values[-1]))
    return out, width
