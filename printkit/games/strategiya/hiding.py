"""Hiding in a town («Стратегия»): each side's total of D6 × intellect, the hiders' chance to vanish."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from printkit.plugin import RefusedValue

# What `hide` answers: heroes a side and the intellect of each (a config allows 0..99, +2 for the
# staff, +1 inside a castle). Within these the one-die-per-hero reading stays under a second.
HIDE_MAX_HEROES = 24
HIDE_MAX_INTELLECT = 199


@dataclass(frozen=True)
class Hiding:
    """Hiding in a town: the chance the hiders vanish, the chance of a tie (they are found)."""

    hidden: Fraction
    tie: Fraction
    per_hero: bool

    @property
    def found(self) -> Fraction:
        return 1 - self.hidden


def _check_hiding(hiders: list[int], seekers: list[int]) -> None:
    for side in (hiders, seekers):
        if not 1 <= len(side) <= HIDE_MAX_HEROES:
            raise RefusedValue("rf_e_hide_count", n=HIDE_MAX_HEROES)
        if any(not 0 <= v <= HIDE_MAX_INTELLECT for v in side):
            raise RefusedValue("rf_e_intellect", n=HIDE_MAX_INTELLECT)


def hide(hiders: list[int], seekers: list[int], die: int = 6, per_hero: bool = False) -> Hiding:
    """Each side's total against the other's; the hiders vanish only if theirs is higher.

    The rules' reading (default): each side rolls one die and multiplies it by every hero's
    intellect, so a side's total is the die × its intellect summed. per_hero: one die per hero."""
    _check_hiding(hiders, seekers)
    if not per_hero:
        h, s = sum(hiders), sum(seekers)
        wins = sum(1 for x in range(1, die + 1) for y in range(1, die + 1) if x * h > y * s)
        ties = sum(1 for x in range(1, die + 1) for y in range(1, die + 1) if x * h == y * s)
        return Hiding(Fraction(wins, die * die), Fraction(ties, die * die), False)
    ways_h, ways_s = _dice_sums(hiders, die), _dice_sums(seekers, die)
    below = 0  # seekers' outcomes with a total below the current value
    wins = ties = 0
    for total in range(max(len(ways_h), len(ways_s))):
        w_s = ways_s[total] if total < len(ways_s) else 0
        if total < len(ways_h) and ways_h[total]:
            wins += ways_h[total] * below
            ties += ways_h[total] * w_s
        below += w_s
    outcomes = die ** (len(hiders) + len(seekers))
    return Hiding(Fraction(wins, outcomes), Fraction(ties, outcomes), True)


def _dice_sums(intellects: list[int], die: int) -> list[int]:
    """Ways to reach each total of one die per hero times the hero's intellect: index = total.

    Adding a hero with intellect v sums a window of `die` entries v apart; a running window
    does that in one pass over the totals, so the work is heroes × totals."""
    ways = [1]
    for v in sorted(intellects):
        if v == 0:
            ways = [w * die for w in ways]
            continue
        size = len(ways) + die * v
        new = [0] * size
        for start in range(v):  # each residue class mod v is a separate sliding window
            window = 0
            for k, total in enumerate(range(start, size, v)):
                # new[total] = sum of ways[total - f v] for f = 1..die
                add = total - v
                if 0 <= add < len(ways):
                    window += ways[add]
                drop = total - (die + 1) * v
                if 0 <= drop < len(ways):
                    window -= ways[drop]
                if k:
                    new[total] = window
        ways = new
    return ways


def hide_chance(hiders: list[int], seekers: list[int], die: int = 6, per_hero: bool = False) -> Fraction:
    """The chance the hiders vanish (see `hide`)."""
    return hide(hiders, seekers, die, per_hero).hidden
