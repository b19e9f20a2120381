"""The dice engine: notation as people type it, hand-computed odds, rolls against a seeded Monte Carlo,
and every limit refused at once with a clean error naming it."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from printkit import dice
from printkit.dice import DiceError, odds, parse, roll
from printkit.randomness import Entropy


def within(estimate: float, exact: Fraction | float, n: int) -> bool:
    p = float(exact)
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(estimate - p) <= 3 * se + 1e-9


def table(notation: str, **kw: int) -> dict[int, Fraction]:
    return {v: p for v, p in odds(notation, **kw).dist.table() if p}


# ---- hand-computed odds ------------------------------------------------------------------------------


@pytest.mark.parametrize(("notation", "chance"), [
    ("2d6+1>=8", Fraction(7, 12)), ("3d6>=15", Fraction(5, 54)), ("d6>=4", Fraction(1, 2)),
    ("2d6=7", Fraction(1, 6)), ("2d6==7", Fraction(1, 6)), ("d%<=5", Fraction(1, 20)), ("2*d6>10", Fraction(1, 6)),
    ("d6-d6>0", Fraction(5, 12)), ("d6 ≥ 5", Fraction(1, 3)), ("-d6 < -5", Fraction(1, 6)),
])  # fmt: skip
def test_comparisons_by_hand(notation: str, chance: Fraction) -> None:
    assert odds(notation).chance == chance


def test_keep_and_drop() -> None:
    assert odds("4d6kh3").dist.mean() == Fraction(15869, 1296)
    assert table("4d6dl1") == table("4d6kh3") == table("4d6k3")
    assert odds("2d20kh1>=20").chance == Fraction(39, 400)  # advantage on a natural 20
    assert odds("2d20kl1>=20").chance == Fraction(1, 400)
    assert table("4d6dh1") == table("4d6kl3")


def test_keep_and_drop_steps_apply_in_order_to_the_dice_still_kept() -> None:
    """4d6kh3dl1 keeps the three highest, then drops the lowest of those: the two highest dice."""
    assert parse("4d6kh3dl1").root.group.band() == (0, 2)  # type: ignore[union-attr]
    assert table("4d6kh3dl1") == table("4d6kh2")
    assert table("5d6dh1dl1") == table("5d6kl4kh3")  # the middle three either way
    assert parse("6d6dh1kl2").root.group.band() == (4, 2)  # the lowest two of the five left  # type: ignore[union-attr]


def test_successes_are_counted_on_the_kept_dice() -> None:
    # of the 3 highest of 5d10, how many show 7+: at least one whenever any die does
    got = odds("5d10kh3cs>=7").dist
    assert got.probability(lambda v: v == 0) == Fraction(3, 5) ** 5
    assert got.probability(lambda v: v == 3) == sum(
        Fraction(math.comb(5, k) * 4**k * 6 ** (5 - k), 10**5) for k in range(3, 6)
    )
    assert table("5d10cs>=7")[5] == Fraction(2, 5) ** 5  # without a keep, all five count


def test_rerolls() -> None:
    assert table("d6r1") == {v: Fraction(1, 5) for v in range(2, 7)}  # until it stops showing 1
    assert table("d6r<3") == {v: Fraction(1, 4) for v in range(3, 7)}
    assert table("d6ro<2") == {1: Fraction(1, 36), **{v: Fraction(7, 36) for v in range(2, 7)}}  # once
    assert table("d6r1r6") == table("d4+1")  # several conditions
    assert odds("2d6r1").dist.probability(lambda v: v == 4) == Fraction(1, 25)


def test_fudge_dice() -> None:
    assert table("dF") == {-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)}
    assert table("4dF")[0] == Fraction(19, 81)
    assert table("4dF") == table("4d3-8")


def test_explode_cap_is_three_by_default_and_can_be_raised() -> None:
    default = table("d6x")
    assert max(default) == 24 and default[24] == Fraction(1, 6**4)  # 6, 6, 6 and a last roll that stays
    assert table("d6!") == default
    raised = table("d6x", explode_cap=5)
    assert max(raised) == 36 and raised[7] == Fraction(1, 36)
    assert table("d6x", explode_cap=0) == table("d6")
    with pytest.raises(ValueError, match="0 to 20"):
        odds("d6x", explode_cap=21)


def test_comparing_two_expressions() -> None:
    result = odds("3d6 >= 2d6+2")
    wins = sum(a + b + c >= d + e + 2 for a, b, c, d, e in itertools.product(range(1, 7), repeat=5))
    assert result.two_sided and result.chance == Fraction(wins, 6**5)
    more, tie, less = result.versus()
    assert more + tie + less == 1 and more + tie == result.chance
    assert table("3d6 >= 2d6+2") == table("3d6-2d6-2")  # the difference, left minus right
    assert odds("d20+5 > d20+3").chance == odds("d20+2 > d20").chance
    assert not odds("2d6 >= 3+4").two_sided and table("2d6 >= 3+4") == table("2d6")
    assert odds("2d6 >= 3+4").chance == odds("2d6>=7").chance


# ---- notation as people type it ----------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "meant"), [
    ("2к6", "2d6"), ("3к6+1", "3d6+1"), ("к%", "d100"), ("2Д6", "2d6"), ("2D6", "2d6"), ("4кF", "4dF"),
    ("4dФ", "4dF"), ("2К6 + 1", "2d6+1"), ("4d6 kh 3", "4d6kh3"), ("4d6K3", "4d6kh3"),
])  # fmt: skip
def test_russian_and_loose_notation(typed: str, meant: str) -> None:
    assert table(typed) == table(meant)
    assert parse(typed).canonical() == parse(meant).canonical()


def test_same_seed_same_dice_however_typed() -> None:
    assert roll("2к6", "s").shown == roll("2d6", "s").shown == roll("2D6", "s").shown
    assert roll("2d6", "s") != roll("2d6", "t")


@pytest.mark.slow
@pytest.mark.parametrize(("notation", "column", "key"), [
    ("2d6+kq", 5, "dice_e_operand"), ("3d", 3, "dice_e_no_sides"), ("2d6>=", 6, "dice_e_operand"),
    ("4d6kh5", 4, "dice_e_keep_k"), ("", 1, "dice_e_empty"), ("   ", 1, "dice_e_empty"),
    ("d6²", 3, "dice_e_char"), ("d６", 2, "dice_e_char"), ("٣d6", 1, "dice_e_char"),
    ("4к6кх3", 5, "dice_e_latin"), ("2d6\x1b[31m", 4, "dice_e_char"), ("d6\udcff", 3, "dice_e_char"),
    ("(2d6", 5, "dice_e_paren"), ("2d6)", 4, "dice_e_char"), ("d1", 2, "dice_e_sides"),
    ("0d6", 1, "dice_e_count"), ("d6r<7", 1, "dice_e_reroll_all"), ("d6r1ro2", 5, "dice_e_reroll_mix"),
    ("d6r1x", 1, "dice_e_reroll_explode"), ("5d10cs", 7, "dice_e_success_what"), ("2d6>3>4", 6, "dice_e_char"),
])  # fmt: skip
def test_bad_notation_points_at_the_column(notation: str, column: int, key: str) -> None:
    with pytest.raises(DiceError) as info:
        odds(notation)
    assert (info.value.column, info.value.key) == (column, key)


# ---- limits: refused at once, never a traceback ------------------------------------------------------


def test_numbers_past_pythons_digit_limit_are_refused_cleanly() -> None:
    for text in ("9" * 5000, "d" + "9" * 5000, "d6+" + "9" * 150, "d6>=" + "1" * 4301):
        with pytest.raises(DiceError) as info:
            odds(text)
        assert info.value.key in ("dice_e_number", "dice_e_length")
    with pytest.raises(DiceError) as info:
        odds("d6+10000000")
    assert (info.value.key, info.value.column) == ("dice_e_number", 4)
    assert odds("d6+1000000").dist.mean() == Fraction(2000007, 2)


def test_thousands_of_terms_and_deep_nesting_never_recurse_too_far() -> None:
    for text in ("d6+" * 3000 + "d6", "(" * 500 + "d6" + ")" * 500, "-" * 5000 + "1"):
        with pytest.raises(DiceError) as info:
            odds(text)
        assert info.value.key == "dice_e_length" and info.value.column == dice.MAX_LENGTH + 1
    longest = "1+" * 99 + "1"  # 199 characters, 100 terms
    assert odds(longest).dist.mean() == 100
    assert odds("-" * 199 + "1").dist.mean() == -1
    nested = "(" * dice.MAX_NESTING + "d6" + ")" * dice.MAX_NESTING
    assert table(nested) == table("d6")
    with pytest.raises(DiceError, match="nested"):
        odds("(" + nested + ")")


@pytest.mark.parametrize(("notation", "key"), [
    ("100d1000+100d1000+100d1000", "dice_e_outcomes"),
    ("d1000*d1000*d6", "dice_e_work"),
    ("100d1000kh60", "dice_e_work"),
    ("100d6dh1dl1", "dice_e_work"),
    ("60d1000x", "dice_e_work"),
    ("(d1000*d1000)+d6", "dice_e_outcomes"),
])  # fmt: skip
def test_work_past_a_limit_is_refused_naming_it(notation: str, key: str) -> None:
    with pytest.raises(DiceError) as info:
        odds(notation)
    assert info.value.key == key and "limit" in info.value.message


SIZES = ["20d100", "40d100", "100d100", "d1000*d1000", "100d100kh50", "100d1000", "100d1000 >= 100d1000"]


@pytest.mark.slow
@pytest.mark.parametrize("notation", [*SIZES, "100d1000kh30", "8d1000x", "50d20x"])
def test_the_sizes_named_in_the_issue_are_answered(notation: str) -> None:
    dist = odds(notation).dist
    assert sum(dist.weights.values()) == dist.total


@pytest.mark.slow
def test_large_sums_are_exact() -> None:
    """Checked by the sums every distribution must have: total weight, symmetry, mean and variance."""
    for count, sides in ((100, 100), (100, 1000), (37, 7)):
        dist = odds(f"{count}d{sides}").dist
        assert sum(dist.weights.values()) == dist.total == sides**count
        assert all(dist.weights[v] == dist.weights[count * (sides + 1) - v] for v in dist.weights)
        assert dist.mean() == Fraction(count * (sides + 1), 2)
        assert dist.variance() == Fraction(count * (sides * sides - 1), 12)
    difference = odds("100d1000-100d1000").dist
    assert Fraction(difference.weights[0], difference.total) == odds("100d1000 = 100d1000").chance


# ---- rolling -----------------------------------------------------------------------------------------


def rolls(notation: str, n: int) -> list[int]:
    stream = Entropy.from_seed("monte-carlo").stream(notation)
    expression = parse(notation)  # roll() takes the parsed notation too: the same dice, not parsed n times
    return [roll(expression, stream=stream).total for _ in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("notation", [
    "4d6kh3", "3d8+2", "2d10dl1", "6d6cs>=5", "d6x+d4", "5d10kh3cs>=7", "4d6kh3dl1", "3d6r1", "4d6ro<3",
    "4dF", "5d6dh1dl1", "3d4xkh2", "d6*d4",
])  # fmt: skip
def test_rolls_match_the_odds_by_a_seeded_monte_carlo(notation: str) -> None:
    n = 20_000
    sample = rolls(notation, n)
    for value, p in odds(notation).dist.table():
        if p > Fraction(1, 200):
            assert within(sample.count(value) / n, p, n), (notation, value)


def test_large_keep_matches_a_monte_carlo_mean() -> None:
    n = 400
    sample = rolls("100d100kh50", n)
    dist = odds("100d100kh50").dist
    se = math.sqrt(float(dist.variance()) / n)
    assert abs(sum(sample) / n - float(dist.mean())) < 4 * se


def test_roll_is_replayable_and_shows_every_die() -> None:
    a, b = roll("4d6kh3", "s"), roll("4d6kh3", "s")
    assert a == b and len(a.shown) == 1 and a.shown[0].count(",") == 3 and a.shown[0].count("(") == 1
    kept = roll("5d10kh3cs>=7", "s")
    (group,) = kept.groups
    assert [d.kept for d in group.dice].count(True) == 3
    assert kept.total == sum(d.success for d in group.dice) and all(d.kept for d in group.dice if d.success)
    both = roll("3d6 >= 2d6+2", "s")
    assert len(both.groups) == 2 and both.right is not None and both.passed == (both.total >= both.right)


def test_rolled_dice_follow_the_modifiers() -> None:
    for seed in range(30):
        (r1,) = roll("4d6r1", seed).groups
        assert all(d.value != 1 and all(f == 1 for f in d.faces[: d.rerolled]) for d in r1.dice)
        (once,) = roll("4d6ro<3", seed).groups
        assert all(d.rerolled <= 1 for d in once.dice)
        (boom,) = roll("6d4x", seed, explode_cap=2).groups
        assert all(len(d.faces) <= 3 and all(f == 4 for f in d.faces[:-1]) for d in boom.dice)
        (fudge,) = roll("4dF", seed).groups
        assert all(d.value in (-1, 0, 1) for d in fudge.dice)
    (stubborn,) = roll("100d1000r<1000", "s").groups  # 999 faces of 1000 reroll: bounded all the same
    assert all(d.value == 1000 and d.rerolled <= 3 for d in stubborn.dice) and any(d.more for d in stubborn.dice)
    assert "...→1000" in stubborn.text()
