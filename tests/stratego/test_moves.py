"""Stratego legal moves on a written position, in the library and at the referee's command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.errors import ConfigError
from printkit.games.stratego.model import stratego_of
from printkit.games.stratego.moves import MoveError, legal_moves, parse_position

from ..conftest import EXAMPLES, run, write
from . import naive

DATA = stratego_of(load_bundled("stratego"))
assert DATA is not None
BATTLE = DATA.variants["battle"]
EMPTY = [". " * 10] * 10


def board(**pieces: str) -> list[str]:
    """An empty 10×10 board with lakes, plus pieces given as cell=token."""
    rows = [["."] * 10 for _ in range(10)]
    for cell in BATTLE.lakes:
        rows[10 - int(cell[1:])]["abcdefghij".index(cell[0])] = "~"
    for cell, token in pieces.items():
        rows[10 - int(cell[1:])]["abcdefghij".index(cell[0])] = token
    return [" ".join(r) for r in rows]


def moves(rows: list[str], at: str, run_attacks: bool = True, fly_over: bool = False) -> tuple[set[str], set[str]]:
    found = legal_moves(parse_position("\n".join(rows), "test", DATA, BATTLE), DATA, at, run_attacks, fly_over)
    return {m.to for m in found if not m.attacks}, {m.to for m in found if m.attacks}


@pytest.mark.rule("stratego.move.step")
def test_a_piece_steps_one_cell_orthogonally() -> None:
    assert moves(board(e4="r5"), "e4") == ({"e3", "e5", "d4", "f4"}, set())
    assert moves(board(a1="r5"), "a1") == ({"a2", "b1"}, set())


@pytest.mark.rule("stratego.move.step")
def test_own_pieces_block_and_enemies_are_attacked() -> None:
    assert moves(board(e4="r5", e5="r3", f4="b?"), "e4") == ({"e3", "d4"}, {"f4"})


@pytest.mark.rule("stratego.move.lakes", "stratego.board.lakes")
def test_lakes_block_steps_and_runs() -> None:
    assert moves(board(c4="r5"), "c4") == ({"c3", "b4", "d4"}, set())
    steps, attacks = moves(board(a5="r2", j5="b?"), "a5")
    assert steps == {f"a{r}" for r in range(1, 11)} - {"a5"} | {"b5"} and attacks == set()
    steps, attacks = moves(board(e5="r2", f5="."), "e5")
    assert "f5" in steps and "g5" not in steps and "h5" not in steps  # stops at the lake


@pytest.mark.rule("stratego.move.scout", "stratego.move.scout-attack")
def test_a_scout_runs_and_attacks_at_the_end() -> None:
    steps, attacks = moves(board(e1="r2", e8="b?"), "e1")
    assert {"e2", "e7"} <= steps and "e8" not in steps and attacks == {"e8"}
    assert "a1" in steps and "j1" in steps
    # No jumping: a piece in the way ends the run.
    steps, attacks = moves(board(e1="r2", e3="r4", a1="b?"), "e1")
    assert "e2" in steps and "e4" not in steps and attacks == {"a1"}


@pytest.mark.rule("stratego.move.scout-attack")
def test_a_scout_that_strikes_only_neighbours() -> None:
    steps, attacks = moves(board(e1="r2", e8="b?", f1="b?"), "e1", run_attacks=False)
    assert "e7" in steps and attacks == {"f1"}  # e8 is at the end of a run, f1 next door


@pytest.mark.rule("stratego.move.scout")
def test_a_scout_that_flies_over_pieces() -> None:
    # The other reading: only lakes stop a scout; it ends on a free cell or an enemy beyond pieces.
    steps, attacks = moves(board(e1="r2", e3="r4", e5="b?", a1="b?"), "e1", fly_over=True)
    assert {"e2", "e4", "e6", "e10"} <= steps and "e3" not in steps and attacks == {"e5", "a1"}
    steps, attacks = moves(board(e1="r2", e3="r4", e5="b?"), "e1", run_attacks=False, fly_over=True)
    assert "e6" in steps and attacks == set()  # flying over, but striking only a neighbour
    steps, _ = moves(board(d4="r2", d3="r5"), "d4", fly_over=True)
    assert "d5" not in steps and {"d2", "d1"} <= steps  # a lake still stops the run (d5 is one)
    assert moves(board(e4="r5", e5="r3"), "e4", fly_over=True) == ({"e3", "d4", "f4"}, set())  # only scouts fly


@pytest.mark.slow
@pytest.mark.rule("stratego.move.step", "stratego.move.scout", "stratego.move.scout-attack", "stratego.move.lakes")
@pytest.mark.parametrize(("run_attacks", "fly_over"), [(True, False), (False, False), (True, True), (False, True)])
def test_random_positions_against_the_naive_rules(run_attacks: bool, fly_over: bool) -> None:
    rng = random.Random(f"stratego moves {run_attacks} {fly_over}")
    tokens = ["r2", "r2", "r5", "rB", "b?", "b3", "."]
    for case in range(200):
        cells = {f"{f}{r}": rng.choice(tokens) for f in "abcdefghij" for r in range(1, 11)
                 if f"{f}{r}" not in BATTLE.lakes and rng.random() < 0.35}  # fmt: skip
        position = parse_position("\n".join(board(**cells)), "test", DATA, BATTLE)
        for at, piece in position.pieces.items():
            if piece.side != "red":
                continue
            got = legal_moves(position, DATA, at, run_attacks, fly_over)
            want = naive.moves(position.pieces, BATTLE.lakes, at, run_attacks, fly_over)
            assert ({m.to for m in got if not m.attacks}, {m.to for m in got if m.attacks}) == want, (case, at)


def test_a_marshal_may_be_written_as_ten() -> None:
    position = parse_position("\n".join(board(e4="r10", e5="b10")), "test", DATA, BATTLE)
    assert position.pieces["e4"].symbol == "X" and position.pieces["e5"].symbol == "X"
    with pytest.raises(MoveError) as info:
        legal_moves(position, DATA, "z9")
    assert info.value.text("ru") == "'z9' — не клетка этой доски (a1 … j10)"


@pytest.mark.rule("stratego.move.immovable")
def test_bombs_and_the_flag_never_move() -> None:
    assert moves(board(e4="rB"), "e4") == (set(), set())
    assert moves(board(e4="rF"), "e4") == (set(), set())


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (EMPTY[:9], "9 rows"),
        ([*board(e4="r5")[:3], "." * 10, *board()[4:]], "1 cells"),
        (board(e4="q5"), "'q5'"),
        (board(c5="r5"), "this cell is a lake"),
        (board(a1="~"), "a lake is only where"),
    ],
)
def test_bad_positions_are_refused_with_their_line(rows: list[str], message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_position("\n".join(rows), "pos.txt", DATA, BATTLE)
    assert any(message in str(p) for p in exc.value.problems), [str(p) for p in exc.value.problems]


def test_moves_cli(tmp_path: Path) -> None:
    result = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "j5", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"moves": ["j6", "i5"], "attacks": ["j7"]}
    empty = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "e5")
    assert empty.exit_code == 2 and "на e5 нет фишки" in empty.output
    assert "no piece on e5" in run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "e5",
                                   "--lang", "en").output  # fmt: skip
    bad = write(tmp_path / "p.txt", "\n".join([*board(e4="r5")[:9], "r5 . . . . . . . . x9"]))
    refused = run("referee", "moves", bad, "--from", "e4")
    assert refused.exit_code == 3 and "p.txt:10: j1:" in refused.output


@pytest.mark.rule("stratego.move.two-squares")
def test_moves_cli_answers_in_russian_and_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)
    ru = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "j5").output.splitlines()
    assert ru[:3] == ["Красные, Разведчик (2) на j5: ходов — 3", "  на:     j6 i5", "  атака:  j7"]
    assert "правило двух клеток (ISF, ст. 10.1) не проверяется" in ru[-2]
    # The lakes stop this scout's run to the left: named, with their source.
    assert ru[-3] == "озёра† c5 d5 g5 h5 c6 d6 g6 h6 ограничивают эту фишку"
    assert ru[-1] == "† как на стандартном поле Стратего (Jumbo, Gravon)"
    en = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "j5", "--lang", "en").output
    assert en.splitlines()[0] == "Red Scout (2) on j5: 3 legal moves"
    assert "reading: a scout may attack at the end of a run" in en
    flat = " ".join(en.split())
    assert "(--scout-strikes-adjacent: only a neighbour, as the page's Attack section reads)" in flat
    assert "reads) gives to: j6 i5; attack: —" in flat
    assert "gives to: j6 i5; attack: j7 j8 j9 j10" in flat  # flying over the blue piece on j7
    one = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "e4", "--lang", "en").output
    assert (
        one.splitlines()[0] == "Red Lieutenant (5) on e4: 4 legal moves" and "reading" not in one and "lakes" not in one
    )
    adjacent = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "j5", "--scout-strikes-adjacent")
    assert "  атака:  " not in adjacent.output and "чтение --scout-strikes-adjacent" in adjacent.output
    assert "чтение printkit (по умолчанию) даёт — на: j6 i5; атака: j7" in " ".join(adjacent.output.split())
    for out in (ru, en.splitlines(), adjacent.output.splitlines()):
        assert max(len(line) for line in out) <= 80
