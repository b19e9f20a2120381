"""«Стратегия» battles, hiding and escape against a second implementation written apart (tests/strategiya/naive.py)."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.strategiya.fights import (
    EXACT_STATES,
    Fighter,
    Readings,
    bow_kill,
    escape_chances,
    fight,
    fight_by_lives,
    fight_with_healing,
)
from printkit.games.strategiya.hiding import hide
from printkit.games.strategiya.model import rules_of

from ..conftest import EXAMPLES, run, write
from . import naive

BATTLE = rules_of(load_bundled("strategiya")).battle
assert BATTLE is not None


def within(estimate: float, exact: float, n: int) -> bool:
    """A Monte Carlo estimate within five standard errors of the exact chance."""
    spread = (max(exact * (1 - exact), 1e-4) / n) ** 0.5
    return abs(estimate - exact) < 5 * spread


# ---- the plain battle: a race of hits ---------------------------------------------------------------


@pytest.mark.rule("strategiya.battle.d6", "strategiya.battle.initiator")
@pytest.mark.parametrize("first", ["a", "b"])
def test_plain_fights_equal_the_exact_recursion_written_apart(first: str) -> None:
    rng = random.Random(13)
    for _ in range(40):
        la, lb = rng.randint(1, 25), rng.randint(1, 25)
        da, db = rng.randint(1, 6), rng.randint(1, 6)
        got = fight(BATTLE, Fighter(la, da), Fighter(lb, db), first)
        assert got.exact and got.win_a == naive.exact_duel(la, lb, da, db, a_first=first == "a")
        assert got.win_a + got.win_b == 1


@pytest.mark.rule("strategiya.backstab.double", "strategiya.surround.triple")
@pytest.mark.parametrize("times", [2, 3])
def test_first_damage_multiplied(times: int) -> None:
    for la, lb, da, db in ((10, 10, 1, 1), (15, 20, 3, 6), (7, 4, 2, 1)):
        got = fight(BATTLE, Fighter(la, da), Fighter(lb, db, first_times=times))
        assert got.win_a == naive.exact_duel(la, lb, da, db, mult_on_b=times)
        both = fight(BATTLE, Fighter(la, da, first_times=times), Fighter(lb, db, first_times=times), "b")
        assert both.win_a == naive.exact_duel(la, lb, da, db, a_first=False, mult_on_a=times, mult_on_b=times)


@pytest.mark.rule("strategiya.battle.d6")
def test_large_fights_in_floating_point_agree_with_the_exact_recursion() -> None:
    a, b = Fighter(60, 1), Fighter(55, 1)
    got = fight(BATTLE, a, b)
    assert EXACT_STATES < 60 * 55 and not got.exact
    assert abs(float(got.win_a) - float(naive.exact_duel(60, 55, 1, 1))) < 1e-12
    # and the same fight solved over lives, the other engine (exact fractions)
    assert abs(float(got.win_a) - float(fight_by_lives(BATTLE, a, b).win_a)) < 1e-12


@pytest.mark.slow
@pytest.mark.rule("strategiya.battle.d6", "strategiya.battle.rolls-per-turn")
def test_expected_rolls_and_lives_left_against_a_monte_carlo() -> None:
    got = fight(BATTLE, Fighter(12, 2), Fighter(9, 3))
    rng = random.Random(5)
    n = 20_000
    rolls = 0
    left: dict[int, int] = {}
    for _ in range(n):
        result = naive.simulate_battle(naive.Hero(lives=12, damage=2), naive.Hero(lives=9, damage=3), rng)
        rolls += result["rolls"]
    for _ in range(n):  # lives A keeps when it wins, from the same rules simulated step by step
        a, b = naive.Hero(lives=12, damage=2), naive.Hero(lives=9, damage=3)
        import copy

        h = [copy.copy(a), copy.copy(b)]
        roller = 0
        while h[0].lives > 0 and h[1].lives > 0:
            if rng.randint(1, 6) >= 4:
                h[1 - roller].lives -= h[roller].hit_damage()
            else:
                roller = 1 - roller
        if h[1].lives <= 0:
            left[h[0].lives] = left.get(h[0].lives, 0) + 1
    mean = float(got.expected_rolls)
    assert abs(rolls / n - mean) < 0.05 * mean
    assert got.expected_turns == got.expected_rolls / 2
    assert sum(got.lives_left_a.values()) == got.win_a
    for lives, count in left.items():
        assert within(count / n, float(got.lives_left_a[lives]), n)


@pytest.mark.rule("strategiya.battle.d6")
def test_five_hundred_lives_a_side_is_answered() -> None:
    # What the command line accepts (1..500 lives), it answers; bench/fights.py prints the time.
    got = fight(BATTLE, Fighter(500, 1), Fighter(500, 1))
    assert abs(float(got.win_a + got.win_b) - 1) < 1e-9 and 0.5 < float(got.win_a) < 0.51
    out = run("referee", "fight", "--lives", "500", "500", "--damage", "1", "1")
    assert out.exit_code == 0 and "≈ 50.45 %" in out.output
    refused = run("referee", "fight", "--lives", "501", "10", "--damage", "1", "1")
    assert refused.exit_code == 2 and "1<=x<=500" in refused.output


# ---- items -----------------------------------------------------------------------------------------


def monte_carlo(a: naive.Hero, b: naive.Hero, n: int, seed: int, opts: naive.BattleOptions | None = None) -> float:
    return float(naive.monte_carlo(a, b, n=n, seed=seed, opts=opts)["p_a_wins"])


@pytest.mark.slow
@pytest.mark.rule("strategiya.sword.one", "strategiya.sword.two", "strategiya.armour")
@pytest.mark.parametrize(
    ("mine", "theirs", "hero_a", "hero_b"),
    [
        (Fighter(20, 6, sword_blow=6), Fighter(20, 6), dict(strength=6, swords=1), dict(strength=6)),
        (Fighter(20, 6, sword_blow=12), Fighter(20, 6), dict(strength=6, swords=2), dict(strength=6)),
        (Fighter(20, 6), Fighter(20, 6, armour=True), dict(strength=6), dict(strength=6, armour=True)),
        (Fighter(15, 3, sword_blow=3), Fighter(20, 6, armour=True), dict(strength=3, swords=1),
         dict(strength=6, armour=True)),
    ],
)  # fmt: skip
def test_sword_and_armour_against_a_monte_carlo(mine: Fighter, theirs: Fighter, hero_a: dict, hero_b: dict) -> None:  # type: ignore[type-arg]
    got = fight(BATTLE, mine, theirs)
    n = 30_000
    assert got.exact and within(monte_carlo(naive.Hero(**hero_a), naive.Hero(**hero_b), n, 3), float(got.win_a), n)


@pytest.mark.rule("strategiya.sword.one")
def test_sword_keeps_roll_reading() -> None:
    a, b = Fighter(20, 6, sword_blow=6), Fighter(20, 6)
    passes, keeps = fight(BATTLE, a, b), fight(BATTLE, a, b, readings=Readings(sword_keeps_roll=True))
    assert keeps.win_a > passes.win_a
    n = 30_000
    opts = naive.BattleOptions(sword_three_continues=True)
    assert within(
        monte_carlo(naive.Hero(strength=6, swords=1), naive.Hero(strength=6), n, 9, opts), float(keeps.win_a), n
    )


@pytest.mark.slow
@pytest.mark.rule("strategiya.shield")
@pytest.mark.parametrize("any_one", [False, True])
def test_shield_against_a_monte_carlo(any_one: bool) -> None:
    a, b = Fighter(15, 3, shield_heal=4, max_lives=15), Fighter(20, 6)
    got = fight(BATTLE, a, b, readings=Readings(shield_any_one=any_one))
    assert not got.exact
    n = 30_000
    opts = naive.BattleOptions(shield_trigger="any" if any_one else "own")
    estimate = monte_carlo(naive.Hero(strength=3, shield=True), naive.Hero(strength=6), n, 21, opts)
    assert within(estimate, float(got.win_a), n)


@pytest.mark.rule("strategiya.item.two-handed-sword", "strategiya.battle.damage", "strategiya.lives.strength-cap")
def test_heroes_from_a_config_fight_with_their_strength_and_items() -> None:
    out = run("referee", "fight", "--config", EXAMPLES / "strategiya-heroes.yaml", "--heroes", "1", "4", "--json")
    data = json.loads(out.output)
    assert out.exit_code == 0 and data["exact"] is True and "sword" in data["readings"][0]
    text = run("referee", "fight", "--config", EXAMPLES / "strategiya-heroes.yaml", "--heroes", "1", "4").output
    assert text.startswith("A — Гром, метка 1 (жизни 25, урон 9) побеждает:") and "Чтение правил: удар меча" in text


@pytest.mark.rule("strategiya.bow.damage")
def test_bow_kills_on_two_sixes_and_a_shield_needs_a_third_roll() -> None:
    assert bow_kill(BATTLE, False) == naive.bow_kill_probability(False) == Fraction(1, 36)
    assert bow_kill(BATTLE, True) == naive.bow_kill_probability(True) == Fraction(1, 72)


# ---- the command's answer --------------------------------------------------------------------------


@pytest.mark.rule("strategiya.battle.d6")
def test_fight_answers_in_russian_english_and_json_within_80_columns() -> None:
    ru = run("referee", "fight", "--lives", "10", "10", "--damage", "1", "1", "--backstab")
    want = naive.exact_duel(10, 10, 1, 1, mult_on_b=2)
    assert ru.output.splitlines()[0] == f"A (жизни 10, урон 1) побеждает: {want} ({float(want) * 100:.2f} %)"
    assert "примечание: первый урон по B ×2" in ru.output
    en = run("referee", "fight", "--lives", "30", "30", "--damage", "2", "3", "--lang", "en")
    assert en.output.startswith("A (30 lives, 2 a hit) wins:") and "game turns" in en.output
    for result in (ru, en):
        assert max(len(line) for line in result.output.splitlines()) <= 80
    data = json.loads(run("referee", "fight", "--lives", "2", "2", "--damage", "1", "1", "--json").output)
    assert data["a_wins"] == "16/27" and set(data) >= {"b_wins", "expected_rolls", "a_lives_left"}


# ---- hiding ------------------------------------------------------------------------------------------


@pytest.mark.rule("strategiya.hide.contest")
@pytest.mark.parametrize("per_hero", [False, True])
def test_hiding_equals_the_brute_force_written_apart(per_hero: bool) -> None:
    rng = random.Random(8)
    brute = naive.hide_per_hero if per_hero else naive.hide_shared
    for _ in range(150):
        hiders = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        seekers = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        got, want = hide(hiders, seekers, per_hero=per_hero), brute(hiders, seekers)
        assert (got.hidden, got.tie) == (want["p_hidden"], want["p_tie"])


@pytest.mark.rule("strategiya.hide.contest")
def test_a_tie_means_the_hiders_are_found() -> None:
    even = hide([4], [4])  # one die a side, same intellect: hidden only when their die is higher
    assert even.hidden == Fraction(15, 36) and even.tie == Fraction(6, 36) and even.found == Fraction(21, 36)


@pytest.mark.rule("strategiya.hide.contest")
def test_hide_command_literal_by_default_with_the_switch_printed() -> None:
    ru = run("referee", "hide", "--hiders", "3", "2", "--seekers", "5")
    lines = ru.output.splitlines()
    assert lines[1] == "скрылись: 5/12 (41.67 %)" and "из них ничья 1/6" in lines[2]
    assert "при равных суммах прячущихся находят" in ru.output and "(--per-hero: к6 на героя)" in ru.output
    en = run("referee", "hide", "--hiders", "3", "2", "--seekers", "5", "--per-hero", "--lang", "en")
    assert "the hiders vanish: 13/27 (48.15 %)" in en.output and "a D6 per hero" in en.output
    data = json.loads(run("referee", "hide", "--hiders", "4", "--seekers", "2", "2", "1", "--json").output)
    want = hide([4], [2, 2, 1])
    assert data == {"hide": str(want.hidden), "percent": round(float(want.hidden) * 100, 4), "tie": str(want.tie),
                    "reading": "one-die-a-side", "tie_goes_to": "seekers"}  # fmt: skip
    for result in (ru, en):
        assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.rule("strategiya.hide.contest")
def test_hide_answers_its_whole_range_and_refuses_beyond_it_at_once() -> None:
    # 24 heroes a side of intellect 199, one die per hero: the largest question it accepts.
    big = ["--hiders", *["199"] * 24, "--seekers", *["198"] * 24, "--per-hero"]
    answer = run("referee", "hide", *big)
    assert answer.exit_code == 0 and answer.output.startswith("Прятки в городе")
    for words, message in (
        (["--hiders", *["1"] * 25, "--seekers", "1"], "at most 24 heroes a side"),
        (["--hiders", "200", "--seekers", "1"], "Invalid value for '--hiders': '200' is out of range 0<=x<=199"),
        (["--hiders", "9" * 5000, "--seekers", "1"], "is out of range 0<=x<=199"),
        (["--hiders", "²", "--seekers", "1"], "Invalid value for '--hiders': '²' is not a whole number (0<=x<=199)"),
    ):
        result = run("referee", "hide", *words, "--lang", "en")
        said = " ".join(result.output.split())  # the message as read, wherever it wrapped at 80 columns
        assert result.exit_code == 2 and message in said and "Traceback" not in result.output
    # --lang is the derived command's own option: a language it does not speak is refused as any choice is.
    result = run("referee", "hide", "--hiders", "1", "--seekers", "1", "--lang", "de")
    assert result.exit_code == 2 and "неверное значение «--lang»: «de» — не из списка: 'ru', 'en'" in result.output


# ---- escape ------------------------------------------------------------------------------------------


@pytest.mark.rule("strategiya.escape.roll")
@pytest.mark.parametrize("heroes", [1, 2, 3, 5])
def test_escape_equals_counting_every_roll(heroes: int) -> None:
    each, everyone, someone = escape_chances(BATTLE, heroes)
    want = naive.escape_group(heroes)
    assert (each, everyone, someone) == (Fraction(1, 2), want["p_all"], want["p_at_least_one"])


@pytest.mark.rule("strategiya.escape.roll")
def test_escape_command() -> None:
    ru = run("referee", "escape", "2").output.splitlines()
    assert ru == [
        "каждый герой убегает: 1/2 (50.00 %)",
        "убегают все 2: 1/4 (25.00 %); хотя бы один: 3/4 (75.00 %)",
        "4–6 — ушёл: бросает всё имущество и сразу делает 3 хода прочь от врага; 1–3 — не",
        "  ушёл: атака переходит к противнику",
    ]
    assert run("referee", "escape", "3", "--lang", "en").output.startswith("each hero escapes: 1/2")
    assert run("referee", "escape", "13").exit_code == 2


@pytest.mark.rule("strategiya.shield", "strategiya.armour")
@pytest.mark.parametrize("strength", [3, 6, 99])
def test_any_two_heroes_a_config_allows_are_answered(tmp_path: Path, strength: int) -> None:
    # The strongest heroes a config allows, shields and armour on both: lives climb back, yet the
    # fight is settled (bench/strategiya.py prints how long it takes).
    items = "[sword, shield, armour]" if strength >= 6 else "[sword, shield]"
    hero = f"{{name: H{{n}}, strength: {strength}, items: {items}}}"
    body = "game: strategiya\nplayers:\n" + "".join(
        f"  - name: P{n}\n    heroes:\n      - {hero.replace('{n}', str(n))}\n" for n in (1, 2)
    )
    config = write(tmp_path / "strong.yaml", body)
    for extra in ([], ["--shield-any-one", "--sword-keeps-roll"]):
        out = run("referee", "fight", "--config", config, "--heroes", "1", "А", "--json", *extra)
        assert out.exit_code == 0, out.output
        data = json.loads(out.output)
        assert data["exact"] is False and 0 < data["a_percent"] < 100


@pytest.mark.slow
@pytest.mark.rule("strategiya.shield")
def test_states_too_unlikely_to_follow_do_not_move_the_answer() -> None:
    """A long shielded fight leaves most of its states unfollowed (each reached only by dozens of
    heals in a row): the answer is the one followed a hundred times tighter, to 1e-12."""
    a = b = Fighter(67, 37, sword_blow=37, armour=True, shield_heal=4, max_lives=67)
    for readings in (Readings(), Readings(shield_any_one=True)):
        usual = fight_with_healing(BATTLE, a, b, readings=readings)
        tight = fight_with_healing(BATTLE, a, b, tolerance=1e-15, readings=readings)
        assert abs(float(usual.win_a - tight.win_a)) < 1e-12
        for k in tight.lives_left_a.keys() | usual.lives_left_a.keys():
            assert abs(float(usual.lives_left_a.get(k, 0) - tight.lives_left_a.get(k, 0))) < 1e-12
