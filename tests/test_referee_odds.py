"""The referee's exact odds, against hand-computed fractions and an independent seeded Monte Carlo (dice:
tests/test_dice*.py)."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.strategiya.fights import Fighter, fight
from printkit.games.strategiya.hiding import hide_chance
from printkit.games.strategiya.model import rules_of

from .conftest import EXAMPLES, run

BATTLE = rules_of(load_bundled("strategiya")).battle


def within(estimate: float, exact: Fraction, n: int) -> bool:
    p = float(exact)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(estimate - p) <= 3 * se + 1e-9


# ---- «Стратегия» fights ------------------------------------------------------------------------------


def simulate(a: Fighter, b: Fighter, n: int, seed: str) -> float:
    rng = random.Random(seed)
    wins = 0
    for _ in range(n):
        la, lb, turn = a.lives, b.lives, "a"
        pend_b = b.first_times > 1
        while la > 0 and lb > 0:
            face = rng.randint(1, 6)
            me, other = (a, b) if turn == "a" else (b, a)
            if face >= 4:
                if not (other.armour and face == 6):
                    dmg = me.damage
                    if turn == "a" and pend_b:
                        dmg *= b.first_times
                        pend_b = False
                    if turn == "a":
                        lb -= dmg
                    else:
                        la -= dmg
            elif face == 3 and me.sword_blow:
                if turn == "a":
                    lb -= me.sword_blow * (b.first_times if pend_b else 1)
                    pend_b = False
                else:
                    la -= me.sword_blow
                turn = "b" if turn == "a" else "a"
            else:
                turn = "b" if turn == "a" else "a"
        wins += lb <= 0
    return wins / n


def test_fights_by_hand() -> None:
    assert fight(BATTLE, Fighter(1, 1), Fighter(1, 1)).win_a == Fraction(2, 3)
    assert fight(BATTLE, Fighter(2, 1), Fighter(2, 1)).win_a == Fraction(16, 27)
    assert round(float(fight(BATTLE, Fighter(10, 1), Fighter(10, 1)).win_a) * 100, 2) == 53.29


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), [
    (Fighter(10, 1), Fighter(10, 1)),
    (Fighter(25, 9, sword_blow=9), Fighter(15, 3, armour=True)),
    (Fighter(12, 2), Fighter(20, 1, first_times=3)),
])  # fmt: skip
def test_fights_match_a_monte_carlo(a: Fighter, b: Fighter) -> None:
    exact = fight(BATTLE, a, b)
    assert exact.win_a + exact.win_b == 1
    n = 20_000
    assert within(simulate(a, b, n, f"{a}{b}"), exact.win_a, n)


def simulate_with_shield(a: Fighter, b: Fighter, n: int, seed: str) -> float:
    rng = random.Random(seed)
    wins = 0
    for _ in range(n):
        lives = {"a": a.lives, "b": b.lives}
        side = {"a": a, "b": b}
        turn = "a"
        while lives["a"] > 0 and lives["b"] > 0:
            face = rng.randint(1, 6)
            other = "b" if turn == "a" else "a"
            if face >= 4:
                lives[other] -= side[turn].damage
            else:
                if face == 1 and side[turn].shield_heal:
                    lives[turn] = min(side[turn].max_lives, lives[turn] + side[turn].shield_heal)
                turn = other
        wins += lives["b"] <= 0
    return wins / n


@pytest.mark.slow
def test_shield_fights_are_solved_numerically_and_match_a_monte_carlo() -> None:
    from printkit.games.strategiya.fights import fight_with_healing

    plain = fight_with_healing(BATTLE, Fighter(10, 1), Fighter(10, 1))
    assert abs(float(plain.win_a) - float(fight(BATTLE, Fighter(10, 1), Fighter(10, 1)).win_a)) < 1e-12
    a, b = Fighter(12, 2, shield_heal=4, max_lives=15), Fighter(15, 2)
    result = fight(BATTLE, a, b)
    assert not result.exact and result.win_a > fight(BATTLE, Fighter(12, 2), Fighter(15, 2)).win_a
    n = 20_000
    assert within(simulate_with_shield(a, b, n, "shield"), result.win_a, n)


def test_expected_rolls_and_lives_left_are_consistent() -> None:
    r = fight(BATTLE, Fighter(1, 1), Fighter(1, 1))
    assert r.expected_rolls == 2 and r.expected_turns == 1  # 1/2·1 + 1/2·(1 + E) from B ... solves to 2
    assert sum(r.lives_left_a.values()) == r.win_a and set(r.lives_left_a) == {1}


def test_hiding() -> None:
    # One die a side by default (the rules' wording); a die per hero is the switch.
    assert hide_chance([1], [1]) == Fraction(15, 36)
    assert hide_chance([3, 2], [5]) == Fraction(5, 12)
    assert hide_chance([3, 2], [5], per_hero=True) == Fraction(13, 27)


# ---- the command line --------------------------------------------------------------------------------


def test_cli_answers() -> None:
    fight_out = run("referee", "fight", "--lives", "10", "10", "--damage", "1", "1").output
    assert "(53.29 %)" in fight_out.splitlines()[0]
    data = json.loads(run("referee", "fight", "--lives", "2", "2", "--damage", "1", "1", "--json").output)
    assert data["a_wins"] == "16/27"
    assert "скрылись: 5/12" in run("referee", "hide", "--hiders", "3", "2", "--seekers", "5").output
    assert json.loads(run("referee", "duel", "3", "2", "--json").output)["attacker_wins"] == "20439/25000"
    assert "68.75 %" in run("referee", "pool", "4d10", "--difficulty", "6").output
    heroes = run("referee", "fight", "--config", EXAMPLES / "strategiya-heroes.yaml", "--heroes", "1", "4")
    assert heroes.exit_code == 0 and heroes.output.startswith("A — Гром, метка 1 (жизни 25, урон 9)")  # issue 34


def test_output_fits_80_columns() -> None:
    for args in (["fight", "--lives", "30", "30", "--damage", "2", "3"],):
        assert max(len(line) for line in run("referee", *args).output.splitlines()) <= 80


# ---- odds on paper -------------------------------------------------------------------------------------


def test_strategiya_quickref_prints_first_attacker_odds(kits) -> None:  # type: ignore[no-untyped-def]
    from .conftest import pdf_text

    text = " ".join(" ".join(pdf_text(kits.default() / "quickref.pdf")).split())  # the bundled game's, in Russian
    # A Russian page writes a decimal comma (issue 42, second review).
    expected = [f"{float(fight(BATTLE, Fighter(10, d), Fighter(10, d)).win_a) * 100:.1f} %".replace(".", ",")
                for d in (1, 2, 3)]  # fmt: skip
    assert "10 " + " ".join(expected) in text
    assert expected[0] == "53,3 %"
