"""Tannhäuser d10 pools: successes against a difficulty with natural 10 and natural 1, and duels."""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dist, successes

SIDES = 10


def die_success(difficulty: int, bonus: int = 0) -> Fraction:
    """One d10 against a difficulty: a natural 10 keeps its 10 whatever the penalty, a natural 1
    keeps its 1 whatever the bonus; other faces take the bonus (or penalty, if negative)."""
    hits = 0
    for face in range(1, SIDES + 1):
        value = face if face in (1, SIDES) else face + bonus
        hits += value >= difficulty
    return Fraction(hits, SIDES)


def pool(dice: int, difficulty: int, bonus: int = 0) -> Dist:
    """How many dice of the pool succeed."""
    return successes(dice, die_success(difficulty, bonus))


def at_least(dice: int, difficulty: int, k: int, bonus: int = 0) -> Fraction:
    return pool(dice, difficulty, bonus).probability(lambda v: v >= k)


def duel(attacker: int, defender: int) -> Fraction:
    """P(the attacker wins): each rolls its stat in dice against the other's stat; more successes
    wins, and a tie goes to the defender."""
    a = pool(attacker, defender).table()
    d = pool(defender, attacker).table()
    return sum((pa * pd for va, pa in a for vd, pd in d if va > vd), Fraction(0))
