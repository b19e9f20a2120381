"""A distribution as rows a terminal can show: every total, or ranges of totals when there are many."""

from __future__ import annotations

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
    """The rows and how many totals a row spans (1: one total a row; tails may span more). Each
    row's weight is summed where it lies, and the running weights are carried from row to row: no
    running weight is kept for every total (a wide sum has hundreds of thousands)."""
    values, weights = dist.ordered
    total = dist.total
    if every or len(values) <= MAX_SINGLE_ROWS:
        spans = [(v, v) for v in values]
        width = 1
    else:
        # the central totals, leaving out at most 1/TAIL of the chance at each end, in equal ranges
        low, high = _tail(values, weights, total // TAIL), _tail(values[::-1], weights[::-1], total // TAIL)
        width = _nice(-(-(high - low + 1) // RANGE_ROWS))
        start = low - low % width
        spans = [(values[0], start - 1)] if values[0] < start else []
        while start <= high:
            spans.append((max(start, values[0]), min(start + width - 1, values[-1])))
            start += width
        if start <= values[-1]:
            spans.append((start, values[-1]))
    out: list[Row] = []
    before = 0
    for lo, hi in spans:
        weight = dist.between(lo, hi)
        out.append(Row(lo, hi, weight, total - before, before + weight))
        before += weight
    return out, width


def _tail(values: list[int], weights: list[int], most: int) -> int:
    """The first value, from this end, past which the weight gone by exceeds `most`."""
    for value, gone in zip(values, accumulate(weights), strict=True):
        if gone > most:
            return value
    return values[-1]
