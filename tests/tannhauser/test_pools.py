"""Tannhäuser pools and duels against a naive enumeration of every roll, hand-worked examples and a
seeded Monte Carlo."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.tannhauser.model import tannhauser_of
from printkit.games.tannhauser.pools import Reading, die_success, die_value, duel, pool

from . import naive

STAYS = Reading(natural_one_penalised=False)
NET = Reading(net=True)


def within(estimate: float, exact: Fraction, n: int) -> bool:
    p = float(exact)
    return abs(estimate - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-9


@pytest.mark.rule("tannhauser.dice.d10")
def test_the_die_has_ten_faces() -> None:
    assert tannhauser_of(load_bundled("tannhauser")).die == 10
    assert die_success(1) == 1 and die_success(10) == Fraction(1, 10) and die_success(11) == 0
    assert die_success(6) == Fraction(1, 2)
    assert pool(4, 6).probability(lambda k: k >= 2) == Fraction(11, 16)  # 1 - (1 + 4) / 16, by hand


@pytest.mark.rule("tannhauser.dice.pool", "tannhauser.dice.difficulty", "tannhauser.dice.modifiers",
                  "tannhauser.dice.natural-10", "tannhauser.dice.natural-1")  # fmt: skip
@pytest.mark.parametrize("dice", [1, 2, pytest.param(3, marks=pytest.mark.slow)])
def test_pools_match_every_roll_enumerated(dice: int) -> None:
    for difficulty in range(1, 14):
        for bonus in range(4):
            for penalty in range(4):
                for stays, ten in ((False, True), (True, True), (False, False), (True, False)):
                    want = naive.pool_distribution(dice, difficulty, bonus, penalty, penalty_on_nat1=not stays,
                                                   bonus_on_nat10=ten)  # fmt: skip
                    reading = Reading(natural_one_penalised=not stays, natural_ten_raised=ten)
                    got = dict(pool(dice, difficulty, bonus, penalty, reading).table())
                    assert {k: p for k, p in got.items() if p} == want, (dice, difficulty, bonus, penalty, stays, ten)


@pytest.mark.rule("tannhauser.dice.natural-10", "tannhauser.dice.natural-1", "tannhauser.dice.modifiers")
def test_the_texts_examples() -> None:
    # Three dice with a penalty of 1 roll 5, 6 and a natural 10: 4, 5 and 10.
    assert [die_value(f, penalty=1) for f in (5, 6, 10)] == [4, 5, 10]
    # Two dice with a bonus of 2 roll 1 and 5: 1 and 7.
    assert [die_value(f, bonus=2) for f in (1, 5)] == [1, 7]
    # A 9 with a bonus of 1 makes 10 but is no natural 10: a penalty still takes it down.
    assert die_value(9, bonus=1, penalty=1) == 9 and die_value(10, bonus=1, penalty=1) == 11


@pytest.mark.rule("tannhauser.dice.natural-10")
def test_a_natural_ten_keeps_its_bonus() -> None:
    # The case: one die against 11 with a bonus of 2 succeeds on a 9 (11) and a 10 (12).
    assert die_success(11, bonus=2) == Fraction(2, 10)
    assert dict(pool(1, 11, bonus=2).table())[1] == Fraction(1, 5)
    assert die_success(10, penalty=3) == Fraction(1, 10)  # only a natural 10 gets there
    assert die_success(13, bonus=2) == 0
    # The other reading: the text spares a natural 10 penalties only, so a 10 that stays 10 whatever
    # the bonus is printkit's other reading; against 11 only the 9 (raised to 11) then succeeds.
    assert die_success(11, bonus=2, reading=Reading(natural_ten_raised=False)) == Fraction(1, 10)
    assert die_success(10, bonus=2, reading=Reading(natural_ten_raised=False)) == Fraction(3, 10)  # 8, 9, 10


@pytest.mark.rule("tannhauser.dice.natural-1")
def test_difficulty_one_with_a_penalty() -> None:
    assert die_success(1, penalty=1) == Fraction(9, 10)  # the natural 1 drops to 0 and fails
    assert die_success(1, penalty=2) == Fraction(8, 10)
    assert die_success(1, penalty=1, reading=STAYS) == 1  # the other reading: a 1 stays 1
    assert die_success(1, penalty=2, reading=STAYS) == Fraction(9, 10)  # then only the 2 fails
    assert die_success(2, bonus=5) == Fraction(9, 10)  # a natural 1 never takes the bonus
    assert die_success(2, penalty=1) == die_success(2, penalty=1, reading=STAYS)  # no difference above 1


@pytest.mark.rule("tannhauser.dice.modifiers")
def test_bonus_and_penalty_together() -> None:
    # Apart (the literal reading): a natural 10 takes +2 and no -1; a natural 1 takes -1 and no +2.
    assert (die_value(10, 2, 1), die_value(1, 2, 1), die_value(5, 2, 1)) == (12, 0, 6)
    # Netted first (--net): +1 for every face but the natural 1.
    assert (die_value(10, 2, 1, NET), die_value(1, 2, 1, NET), die_value(5, 2, 1, NET)) == (11, 1, 6)
    assert (die_value(10, 1, 3, NET), die_value(1, 1, 3, NET)) == (10, -1)
    assert die_success(1, 2, 1) == Fraction(9, 10) and die_success(1, 2, 1, NET) == 1


@pytest.mark.slow
@pytest.mark.rule("tannhauser.duel.stats", "tannhauser.duel.tie", "tannhauser.bullrush.duel")
def test_duels_match_the_naive_enumeration() -> None:
    for a in range(1, 5):
        for d in range(1, 5):
            assert duel(a, d) == naive.duel(a, d), (a, d)
    for a, d in ((1, 1), (2, 1), (2, 2), (3, 2), (2, 3), (3, 3)):
        assert duel(a, d) == naive.duel_joint(a, d), (a, d)


@pytest.mark.rule("tannhauser.duel.tie")
def test_ties_go_to_the_defender() -> None:
    assert duel(1, 1) == 0  # both always succeed against 1: a tie, so the defender
    assert duel(2, 1) == 1  # two sure successes against at most one
    # 3 dice against 2 (each 9/10) versus 2 dice against 3 (each 8/10), worked out by hand:
    assert duel(3, 2) == Fraction(20439, 25000)
    # The initiator's share and the defender's (ties included) make one.
    assert duel(5, 4) == Fraction(8349803, 12500000) and duel(4, 5) < duel(5, 4)


@pytest.mark.rule("tannhauser.duel.stats")
def test_a_duel_against_a_seeded_monte_carlo() -> None:
    rng = random.Random("duel")
    n = 20_000

    def successes(dice: int, difficulty: int) -> int:
        return sum(rng.randint(1, 10) >= difficulty for _ in range(dice))

    wins = sum(successes(5, 4) > successes(4, 5) for _ in range(n))
    assert within(wins / n, duel(5, 4), n)


def test_thirty_dice_answer_exactly() -> None:
    table = dict(pool(30, 2).table())
    assert sum(table.values()) == 1 and table[30] == Fraction(9, 10) ** 30
    assert 0 < duel(8, 8) < 1
    # Against a stat above 10 no die succeeds (values are not capped, and nothing adds to them):
    # both roll no success, and the tie goes to the defender.
    assert duel(30, 30) == 0 and duel(30, 9) == 1 - Fraction(8, 10) ** 30
