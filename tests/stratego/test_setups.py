"""Stratego: every attack against the rules, setups legal and convertible, the setup commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.advice import STYLES, advice, generate
from printkit.games.stratego.attack import AttackError, attack, rank
from printkit.games.stratego.model import stratego_of
from printkit.games.stratego.setups import SetupError, parse_grid, parse_setup40, problems, read_setup

from ..conftest import run, write

DATA = stratego_of(load_bundled("stratego"))
BATTLE = DATA.variants["battle"]
DUEL = DATA.variants["duel"]
BARRAGE = DATA.variants["barrage"]
SYMBOLS = ["X", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "F"]
EXAMPLE = "BFB343B563/B3492625B4/728X176258/2264B75232"
STRENGTH = {"X": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2, "1": 1}


def expected(a: str, d: str, original: bool) -> tuple[str, bool, bool] | None:
    """The rules, written out independently: (winner, bomb removed, game over); None if a cannot attack."""
    if a in "BF":
        return None
    if d == "F":
        return ("attacker", False, True)
    if d == "B":
        if a == "3":
            return ("attacker", True, False)
        return ("defender", not original, False)
    if a == "1" and d == "X":
        return ("attacker", False, False)
    if STRENGTH[a] == STRENGTH[d]:
        return ("both_removed", False, False)
    return ("attacker" if STRENGTH[a] > STRENGTH[d] else "defender", False, False)


@pytest.mark.rule("stratego.attack.resolution", "stratego.attack.tie", "stratego.attack.spy", "stratego.attack.bomb",
                  "stratego.attack.bomb-house-rule", "stratego.attack.flag", "stratego.move.immovable")  # fmt: skip
@pytest.mark.parametrize("original", [False, True], ids=["house", "original"])
def test_every_rank_pair(original: bool) -> None:
    for a in SYMBOLS:
        for d in SYMBOLS:
            want = expected(a, d, original)
            if want is None:
                with pytest.raises(AttackError):
                    attack(DATA, rank(DATA, a), rank(DATA, d), original)
                continue
            got = attack(DATA, rank(DATA, a), rank(DATA, d), original)
            assert (got.winner, got.bomb_removed, got.game_over) == want, (a, d)


@pytest.mark.rule("stratego.pieces.strength")
def test_ranks_by_name_and_number() -> None:
    assert rank(DATA, "сапёр").symbol == "3" and rank(DATA, "сапер").symbol == "3"
    assert rank(DATA, "Marshal").symbol == "X" and rank(DATA, "10").symbol == "X" and rank(DATA, "x").symbol == "X"
    assert [rank(DATA, str(n)).strength for n in range(1, 11)] == list(range(1, 11))
    for word in ("king", "11", "0", ""):
        with pytest.raises(AttackError):
            rank(DATA, word)


def test_example_setup_is_legal_with_advice() -> None:
    setup = parse_setup40(EXAMPLE, DATA, BATTLE)
    assert problems(setup, DATA) == []
    assert advice(setup, DATA) == ["the flag is not closed in by bombs"]
    assert setup.rows[0] == tuple("BFB343B563")


@pytest.mark.rule("stratego.setup.battle")
@pytest.mark.parametrize(("text", "message"), [
    ("BFB343B563", "10 cells given; a battle setup has 40 (4 rows of 10)"),
    (EXAMPLE[:-1] + "Z", "cell 40 (row 4 from the back, file j): 'Z' is not a piece symbol (1 2 3 4 5 6 7 8 9 B F X)"),
    ("BFB343B563/B3492625B/728X176258/2264B752324", "rows between '/' must hold 10 cells each"),
])  # fmt: skip
def test_bad_strings_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(SetupError) as info:
        parse_setup40(text, DATA, BATTLE)
    assert message in info.value.problems


@pytest.mark.rule("stratego.setup.battle")
def test_wrong_counts_are_listed_per_rank() -> None:
    setup = parse_setup40(EXAMPLE.replace("X", "9"), DATA, BATTLE)
    assert problems(setup, DATA) == ["X (Marshal): 0 placed, 1 needed", "9 (General): 2 placed, 1 needed"]


@pytest.mark.rule("stratego.setup.battle")
def test_a_thousand_random_setups_are_legal_and_follow_the_advice() -> None:
    for i in range(1000):
        variant = DUEL if i % 10 == 0 else BARRAGE if i % 10 == 5 else BATTLE
        setup = generate(DATA, variant, STYLES[i % 3], seed=f"setup-{i}")
        assert problems(setup, DATA) == [], setup.to_setup40()
        assert advice(setup, DATA) == [], setup.to_setup40()


def test_same_seed_same_setup_and_styles_differ() -> None:
    a = generate(DATA, BATTLE, "balanced", seed=7)
    assert generate(DATA, BATTLE, "balanced", seed=7) == a
    assert generate(DATA, BATTLE, "balanced", seed=8) != a
    rows_of = {s: [r for r, _, sym in generate(DATA, BATTLE, s, seed=3).cells() if sym in "X98"] for s in STYLES}
    assert sum(rows_of["aggressive"]) > sum(rows_of["defensive"])


def test_conversions_round_trip() -> None:
    for i in range(200):
        red = generate(DATA, BATTLE, STYLES[i % 3], seed=f"red-{i}")
        blue = generate(DATA, BATTLE, STYLES[i % 3], seed=f"blue-{i}")
        assert parse_setup40(red.to_setup40(), DATA, BATTLE) == red
        assert parse_setup40(red.to_setup40(slashes=True), DATA, BATTLE) == red
        assert parse_grid(red.to_grid(), DATA, BATTLE) == red
        duel = generate(DATA, DUEL, STYLES[i % 3], seed=f"duel-{i}")
        assert parse_grid(duel.to_grid(), DATA, DUEL) == duel
        # Without a variant, the one whose pieces the setup holds.
        assert read_setup(duel.to_setup40(), DATA) == duel and read_setup(blue.to_setup40(), DATA) == blue


def test_cli_check_random_convert(workdir: Path) -> None:
    ok = run("stratego", "check", EXAMPLE, "--lang", "en")
    assert (ok.exit_code, ok.output) == (0, "advice: the flag is not closed in by bombs\nok\n")
    # Russian by default, as every referee answer.
    assert run("stratego", "check", EXAMPLE).output == "совет: флаг не закрыт минами\nвсё в порядке\n"
    bad = run("stratego", "check", EXAMPLE.replace("X", "9"), "--lang", "en")
    assert bad.exit_code == 1
    assert bad.output == (
        "X (Marshal): 0 placed, 1 needed\n9 (General): 2 placed, 1 needed\nadvice: the flag is not closed in by bombs\n"
    )
    assert run("stratego", "check", EXAMPLE.replace("X", "9")).output.startswith("X (Маршал): поставлено 0, нужно 1\n")
    setup_file = write(workdir / "mine.txt", EXAMPLE + "\n")
    assert run("stratego", "check", setup_file).exit_code == 0
    first = run("stratego", "random", "--seed", "42", "--style", "aggressive")
    again = run("stratego", "random", "--seed", "42", "--style", "aggressive", "--lang", "en")
    assert first.exit_code == 0 and first.output == again.output
    assert run("stratego", "check", first.output.strip(), "--lang", "en").output == "ok\n"
    grid = run("stratego", "convert", EXAMPLE, "--to", "grid").output
    assert grid.splitlines()[-2] == "1 | B F B 3 4 3 B 5 6 3"
    assert run("stratego", "convert", grid, "--to", "setup40").output.strip() == EXAMPLE
    gravon = run("stratego", "convert", EXAMPLE, "--to", "gravon", "--side", "blue").output.strip()
    assert gravon.startswith("A" * 40)
    one_side = run("stratego", "check", gravon, "--lang", "en")
    assert one_side.exit_code == 0 and "red: no pieces on this board" in one_side.output
    assert "красные: на этой доске нет их фишек" in run("stratego", "check", gravon).output
    assert run("stratego", "convert", gravon, "--to", "setup40").output.strip() == EXAMPLE
    duel = run("stratego", "random", "--variant", "duel", "--seed", "1").output.strip()
    # The duel's pieces are Jumbo's, not the rules page's: named with their mark and source.
    jumbo = "variant: duel*\n* from Jumbo's “Stratego Duel” rules (item 81320)\nok\n"
    assert run("stratego", "check", "--variant", "duel", duel, "--lang", "en").output == jumbo
    assert run("stratego", "check", duel, "--lang", "en").output == jumbo  # found from its pieces
    assert run("stratego", "check", duel).output == (
        "вариант: дуэль*\n* по правилам Jumbo «Stratego Duel» (арт. 81320)\nвсё в порядке\n"
    )
    assert run("stratego", "check", "--variant", "battle", duel).exit_code == 1


@pytest.mark.rule("stratego.attack.resolution", "stratego.attack.spy", "stratego.attack.flag")
@pytest.mark.parametrize(("args", "output", "russian"), [
    (["3", "B"], "3 B: Miner wins, bomb removed\n", "3 B: Сапёр побеждает, мина снята\n"),
    (["X", "1"], "X 1: Marshal wins\n", "X 1: Маршал побеждает\n"),
    (["1", "10"], "1 X: Spy wins\n", "1 X: Шпион побеждает\n"),
    (["сержант", "флаг"], "4 F: Sergeant wins — flag taken, game over\n",
     "4 F: Сержант побеждает — флаг взят, игра окончена\n"),
])  # fmt: skip
def test_referee_stratego(args: list[str], output: str, russian: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)
    result = run("referee", "stratego", *args, "--lang", "en")
    assert result.exit_code == 0 and result.output.startswith(output)
    assert run("referee", "stratego", *args).output.startswith(russian)
    monkeypatch.setenv("PRINTKIT_LANG", "en")
    assert run("referee", "stratego", *args).output.startswith(output)


@pytest.mark.rule("stratego.attack.bomb", "stratego.attack.bomb-house-rule")
def test_referee_stratego_bombs_and_json() -> None:
    house = run("referee", "stratego", "5", "B", "--json")
    original = run("referee", "stratego", "5", "B", "--original-bombs", "--json")
    assert json.loads(house.output) == {"winner": "defender", "bomb_removed": True, "game_over": False}
    assert json.loads(original.output) == {"winner": "defender", "bomb_removed": False, "game_over": False}
    refused = run("referee", "stratego", "B", "3")
    assert refused.exit_code == 2 and "Мина не ходит и поэтому не нападает" in refused.output
    assert "(правило этой версии: взорвавшаяся мина уходит с поля)" in run("referee", "stratego", "5", "B").output
    unknown = run("referee", "stratego", "king", "3", "--lang", "en")
    assert unknown.exit_code == 2 and "unknown piece 'king'" in unknown.output


def test_config_setups_are_checked(tmp_path: Path) -> None:
    text = "game: stratego\nsetups:\n  red: BFB343B563/B3492625B4/728X176258/2264B7523\nlanguage: en\n"
    config = write(tmp_path / "c.yaml", text)
    result = run("validate", config)
    assert result.exit_code == 3
    assert f"{config}:3: setups.red: 39 cells given; a battle setup has 40 (4 rows of 10)" in result.output
    other = write(tmp_path / "d.yaml", "game: strategiya\nvariant: duel\n")
    assert run("validate", other).output == (
        f"{other}:2: variant: ключ variant бывает только у игры Stratego, а здесь игра «Стратегия»\n"
    )
