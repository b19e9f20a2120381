"""Tannhäuser d10 pools: successes against a difficulty with natural 10 and natural 1, and duels."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from printkit.dice import Dist, successes

SIDES = 10


@dataclass(frozen=True)
class Reading:
    """How printkit reads the modifier rules where the text leaves room; the defaults are literal.

    The text exempts a natural 10 from penalties only and a natural 1 from bonuses only, each die
    taking the bonus and the penalty on its own. natural_one_penalised=False is the other reading
    of the natural 1 (it stays 1 whatever the penalty); natural_ten_raised=False the other reading
    of the natural 10 (it stays 10 whatever the bonus); net=True first nets the bonus against the
    penalty and applies only what is left, with the exemption of its kind."""

    natural_one_penalised: bool = True
    net: bool = False
    natural_ten_raised: bool = True


LITERAL = Reading()


def die_value(face: int, bonus: int = 0, penalty: int = 0, reading: Reading = LITERAL) -> int:
    """One die's value after its modifiers: a natural 10 takes no penalty, a natural 1 no bonus (and
    each of them, by the other readings, nothing at all)."""
    if reading.net:
        net = bonus - penalty
        bonus, penalty = max(net, 0), max(-net, 0)
    value = face
    if face != 1 and (face != SIDES or reading.natural_ten_raised):
        value += bonus
    if face != SIDES and (face != 1 or reading.natural_one_penalised):
        value -= penalty
    return value


def die_success(difficulty: int, bonus: int = 0, penalty: int = 0, reading: Reading = LITERAL) -> Fraction:
    """One d10 against a difficulty: the faces whose value reaches it, out of ten."""
    hits = sum(die_value(face, bonus, penalty, reading) >= difficulty for face in range(1, SIDES + 1))
    return Fraction(hits, SIDES)


def pool(dice: int, difficulty: int, bonus: int = 0, penalty: int = 0, reading: Reading = LITERAL) -> Dist:
    """How many dice of the pool succeed (each die on its own, never summed)."""
    return successes(dice, die_success(difficulty, bonus, penalty, reading))


def at_least(dice: int, difficulty: int, k: int, bonus: int = 0, penalty: int = 0) -> Fraction:
    return pool(dice, difficulty, bonus, penalty).probability(lambda v: v >= k)


def duel(initiator: int, defender: int) -> Fraction:
    """P(the initiator wins): each rolls its current stat in dice against the other's stat as the
    difficulty; more successes wins, and a tie goes to the defender."""
    a = pool(initiator, defender).table()
    d = pool(defender, initiator).table()
    return sum((pa * pd for va, pa in a for vd, pd in d if va > vd), Fraction(0))
