"""Stratego: every attack against the rules, setups legal and convertible, the CLI, the sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.advice import STYLES, advice, generate
from printkit.games.stratego.attack import AttackError, attack, rank
from printkit.games.stratego.model import stratego_of
from printkit.games.stratego.setups import SetupError, from_gravon, parse_grid, parse_setup40, problems, to_gravon

from ..conftest import EXAMPLES, pdf_text, run, write

DATA = stratego_of(load_bundled("stratego"))
BATTLE = DATA.variants["battle"]
DUEL = DATA.variants["duel"]
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


def test_ranks_by_name() -> None:
    assert rank(DATA, "сапёр").symbol == "3" and rank(DATA, "Marshal").symbol == "X"
    with pytest.raises(AttackError):
        rank(DATA, "king")


def test_example_setup_is_legal_with_advice() -> None:
    setup = parse_setup40(EXAMPLE, DATA, BATTLE)
    assert problems(setup, DATA) == []
    assert advice(setup, DATA) == ["the flag is not closed in by bombs"]
    assert setup.rows[0] == tuple("BFB343B563")


@pytest.mark.parametrize(("text", "message"), [
    ("BFB343B563", "10 cells given; a battle setup has 40 (4 rows of 10)"),
    (EXAMPLE[:-1] + "Z", "cell 40 (row 4 from the back, file j): 'Z' is not a piece symbol (1 2 3 4 5 6 7 8 9 B F X)"),
    ("BFB343B563/B3492625B/728X176258/2264B752324", "rows between '/' must hold 10 cells each"),
])  # fmt: skip
def test_bad_strings_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(SetupError) as info:
        parse_setup40(text, DATA, BATTLE)
    assert message in info.value.problems


def test_wrong_counts_are_listed_per_rank() -> None:
    setup = parse_setup40(EXAMPLE.replace("X", "9"), DATA, BATTLE)
    assert problems(setup, DATA) == ["X (Marshal): 0 placed, 1 needed", "9 (General): 2 placed, 1 needed"]


def test_a_thousand_random_setups_are_legal_and_follow_the_advice() -> None:
    for i in range(1000):
        variant = DUEL if i % 10 == 0 else BATTLE
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
        board = to_gravon(red, blue)
        assert len(board) == 100 and board[40:60] == "__AA__AA____AA__AA__"
        assert from_gravon(board, DATA, BATTLE) == (red, blue)


def test_gravon_letters() -> None:
    board = to_gravon(parse_setup40(EXAMPLE, DATA, BATTLE), None)
    # Red letters B..M stand for F 1 2 ... 9 X B; the back row comes first.
    assert board[:10] == "MBMEFEMGHE"
    assert board[60:] == "_" * 40


def test_cli_check_random_convert(workdir: Path) -> None:
    ok = run("stratego", "check", EXAMPLE)
    assert (ok.exit_code, ok.output) == (0, "advice: the flag is not closed in by bombs\nok\n")
    bad = run("stratego", "check", EXAMPLE.replace("X", "9"))
    assert bad.exit_code == 1
    assert bad.output == (
        "X (Marshal): 0 placed, 1 needed\n9 (General): 2 placed, 1 needed\nadvice: the flag is not closed in by bombs\n"
    )
    setup_file = write(workdir / "mine.txt", EXAMPLE + "\n")
    assert run("stratego", "check", setup_file).exit_code == 0
    first = run("stratego", "random", "--seed", "42", "--style", "aggressive")
    again = run("stratego", "random", "--seed", "42", "--style", "aggressive")
    assert first.exit_code == 0 and first.output == again.output
    assert run("stratego", "check", first.output.strip()).output == "ok\n"
    grid = run("stratego", "convert", EXAMPLE, "--to", "grid").output
    assert grid.splitlines()[-2] == "1 | B F B 3 4 3 B 5 6 3"
    assert run("stratego", "convert", grid, "--to", "setup40").output.strip() == EXAMPLE
    gravon = run("stratego", "convert", EXAMPLE, "--to", "gravon", "--side", "blue").output.strip()
    assert gravon.startswith("_" * 40) and run("stratego", "check", gravon).exit_code == 1  # red side empty
    duel = run("stratego", "random", "--variant", "duel", "--seed", "1").output.strip()
    assert run("stratego", "check", "--variant", "duel", duel).output == "ok\n"


@pytest.mark.parametrize(("args", "output"), [
    (["3", "B"], "3 B: Miner wins, bomb removed\n"),
    (["X", "1"], "X 1: Marshal wins\n"),
    (["1", "X"], "1 X: Spy wins\n"),
    (["4", "F"], "4 F: Sergeant wins — flag taken, game over\n"),
])  # fmt: skip
def test_referee_stratego(args: list[str], output: str) -> None:
    result = run("referee", "stratego", *args, "--lang", "en")
    assert result.exit_code == 0 and result.output.startswith(output)


def test_referee_stratego_bombs_and_json() -> None:
    house = run("referee", "stratego", "5", "B", "--json")
    original = run("referee", "stratego", "5", "B", "--original-bombs", "--json")
    assert json.loads(house.output) == {"winner": "defender", "bomb_removed": True, "game_over": False}
    assert json.loads(original.output) == {"winner": "defender", "bomb_removed": False, "game_over": False}
    assert run("referee", "stratego", "B", "3").exit_code == 2


def test_build_example(tmp_path: Path) -> None:
    result = run("build", EXAMPLES / "stratego.yaml", "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    pages = pdf_text(tmp_path / "kit" / "stratego-setup.pdf")
    assert len(pages) == 3  # a planning page per side, then red's own setup
    assert "План расстановки — Красные · Аня" in pages[0] and "План расстановки — Синие · Борис" in pages[1]
    assert "Секретно" in pages[2] and EXAMPLE in pages[2]
    quick = " ".join(pdf_text(tmp_path / "kit" / "quickref.pdf"))
    assert len(PdfReader(tmp_path / "kit" / "quickref.pdf").pages) == 1
    for r in DATA.ranks:
        assert r.name["ru"] in quick
    assert "Сапёр побеждает, мина снята" in quick and "Шпион побеждает" in quick


def test_build_random_setups_are_legal(tmp_path: Path) -> None:
    result = run("build", EXAMPLES / "stratego.yaml", "--random", "--seed", "club-night-2026", "--only",
                 "stratego-setup", "--out", tmp_path / "kit")  # fmt: skip
    assert result.exit_code == 0, result.output
    pages = pdf_text(tmp_path / "kit" / "stratego-setup.pdf")
    assert len(pages) == 4
    for page in pages[2:]:
        line = next(x for x in page.splitlines() if x.count("/") == 3)
        assert problems(parse_setup40(line, DATA, BATTLE), DATA) == []


def test_config_setups_are_checked(tmp_path: Path) -> None:
    config = write(tmp_path / "c.yaml", "game: stratego\nsetups:\n  red: BFB343B563/B3492625B4/728X176258/2264B7523\n")
    result = run("validate", config)
    assert result.exit_code == 3
    assert f"{config}:3: setups.red: 39 cells given; a battle setup has 40 (4 rows of 10)" in result.output
    other = write(tmp_path / "d.yaml", "game: strategiya\nvariant: duel\n")
    assert run("validate", other).output == f"{other}:2: variant: only Stratego has variant; strategiya does not\n"
