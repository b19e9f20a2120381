"""Gravon archive boards: real archive files check, convert and replay; round trips for both sides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.games.stratego.advice import generate
from printkit.games.stratego.attack import attack
from printkit.games.stratego.gravon import read_board, to_board
from printkit.games.stratego.model import stratego_of
from printkit.games.stratego.moves import Piece, Position, legal_moves
from printkit.games.stratego.setups import Setup, SetupError, parse_setup40, problems

from ..conftest import run

DATA = stratego_of(load_bundled("stratego"))
ARCHIVE = Path(__file__).parent / "data" / "gravon"
GAMES = sorted(p for p in ARCHIVE.glob("*.xml") if not p.name.startswith("classicfree"))
FILES = "abcdefghij"

# The letter table as the archive's decoders give it (rhalbersma/gravon src/gravon/strados2.py),
# written out here by hand: rank -> (red letter, blue letter).
TABLE = {"B": "BN", "1": "CO", "2": "DP", "3": "EQ", "4": "FR", "5": "GS", "6": "HT", "7": "IU",
         "8": "JV", "9": "KW", "X": "LX", "F": "MY"}  # fmt: skip
VARIANT_OF_TYPE = {"classic": "battle", "duell": "duel", "barrage": "barrage"}


def field_of(path: Path) -> str:
    found = re.search(r'<field content="([^"]*)"', path.read_text("utf-8"))
    assert found
    return found.group(1)


def decode_by_hand(field: str) -> dict[str, tuple[str, str]]:
    """cell -> (side, rank) straight from the letter table: index = (rank-1)*10 + file."""
    by_letter = {letters[i]: (("red", "blue")[i], rank) for rank, letters in TABLE.items() for i in (0, 1)}
    return {f"{FILES[i % 10]}{i // 10 + 1}": by_letter[ch] for i, ch in enumerate(field) if ch in by_letter}


def placed(board_setups: list[tuple[str, Setup]]) -> dict[str, tuple[str, str]]:
    """cell -> (side, rank) of printkit's setups: red from row 1 up, blue from row 10 down, mirrored."""
    out = {}
    for side, setup in board_setups:
        for r, f, symbol in setup.cells():
            cell = f"{FILES[f]}{r + 1}" if side == "red" else f"{FILES[9 - f]}{10 - r}"
            out[cell] = (side, symbol)
    return out


@pytest.mark.rule("stratego.files.gravon", "stratego.variant.barrage", "stratego.variant.duel")
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_real_boards_check_with_their_variant(path: Path) -> None:
    board = read_board(path.read_text("utf-8"), DATA)
    kind = re.search(r'<game type="([^"]*)"', path.read_text("utf-8"))
    assert kind and board.variant.id == VARIANT_OF_TYPE[kind.group(1)] and board.game_type == kind.group(1)
    assert [side for side, _ in board.sides()] == ["red", "blue"]
    for _, setup in board.sides():
        assert problems(setup, DATA) == []
    # The same pieces on the same squares as the archive's letter table puts them.
    assert placed(board.sides()) == decode_by_hand(field_of(path))
    # The bare field names no game type: its piece counts find the same variant.
    assert read_board(field_of(path), DATA).variant == board.variant
    result = run("stratego", "check", str(path), "--lang", "en")
    assert result.exit_code == 0 and result.output.endswith("ok\n"), result.output
    if board.variant.id != "battle":  # a variant from published rules names its source
        assert f"{board.variant.id}*" in result.output or f"{board.variant.id}‡" in result.output


@pytest.mark.rule("stratego.files.gravon")
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_real_boards_convert_back_to_the_same_field(path: Path) -> None:
    board = read_board(path.read_text("utf-8"), DATA)
    assert to_board(board.red, board.blue) == field_of(path)
    for side, setup in board.sides():
        text = run("stratego", "convert", str(path), "--to", "setup40", "--side", side).output.strip()
        assert parse_setup40(text, DATA, board.variant) == setup
        again = run("stratego", "convert", text, "--to", "gravon", "--side", side).output.strip()
        other = "blue" if side == "red" else "red"
        assert read_board(again, DATA).sides() == [(side, setup)], other
    assert run("stratego", "convert", str(path), "--to", "gravon").output.strip() == field_of(path)


def game_moves(path: Path) -> list[tuple[str, str]]:
    """(source, target) of every move in printkit's cell names: Gravon files skip J, ':' is rank 10."""

    def cell(text: str) -> str:
        return FILES["ABCDEFGHIK".index(text[0])] + str("123456789:".index(text[1]) + 1)

    moves = re.findall(r'<move id="\d+" source="(\w[\d:])" target="(\w[\d:])"', path.read_text("utf-8"))
    return [(cell(a), cell(b)) for a, b in moves]


@pytest.mark.rule("stratego.files.gravon")
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_real_games_replay_on_the_decoded_boards(path: Path) -> None:
    """Every archived move is legal on the board printkit decodes, with the pieces it decodes: a
    wrong letter, orientation or lake would soon move a bomb, a lake or the other side's piece."""
    board = read_board(path.read_text("utf-8"), DATA)
    pieces = {cell: Piece(side, rank) for cell, (side, rank) in placed(board.sides()).items()}
    position = Position(board.variant, pieces)
    captured_flag = False
    moves = game_moves(path)
    for number, (source, target) in enumerate(moves, start=1):
        mover = pieces.get(source)
        assert mover is not None and mover.side == ("red" if number % 2 else "blue"), (number, source)
        legal = {m.to: m.attacks for m in legal_moves(position, DATA, source)}
        assert target in legal, (number, source, target, sorted(legal))
        defender = pieces.get(target)
        del pieces[source]
        if defender is None:
            pieces[target] = mover
            continue
        # Gravon plays the original rule: a bomb stays unless a miner takes it.
        a, d = DATA.rank(mover.symbol), DATA.rank(defender.symbol)
        assert a is not None and d is not None
        outcome = attack(DATA, a, d, original_bombs=True)
        captured_flag = outcome.game_over
        if outcome.winner == "attacker":
            pieces[target] = mover
        elif outcome.winner == "both_removed":
            del pieces[target]
    won_by_flag = re.search(r'<result type="1" winner="(\d)"', path.read_text("utf-8"))
    assert captured_flag == bool(won_by_flag)
    if won_by_flag:
        assert int(won_by_flag.group(1)) == (1 if len(moves) % 2 else 2)


@pytest.mark.slow
@pytest.mark.rule("stratego.files.gravon")
@pytest.mark.parametrize("variant", ["battle", "duel", "barrage"])
@pytest.mark.parametrize("side", ["red", "blue"])
def test_round_trips_for_both_sides(variant: str, side: str) -> None:
    v = DATA.variants[variant]
    for i in range(30):
        setup = generate(DATA, v, "balanced", seed=f"{variant}-{side}-{i}")
        field = run("stratego", "convert", setup.to_setup40(), "--to", "gravon", "--side", side).output.strip()
        assert len(field) == 100 and field[40:60] == "AA__AA__AAAA__AA__AA"
        # The side's pieces stand in its own four ranks: red at the start of the field, blue at the end.
        own = field[:40] if side == "red" else field[60:]
        assert set(field[60:] if side == "red" else field[:40]) == {"A"}
        assert sum(ch != "A" for ch in own) == v.pieces
        back = run("stratego", "convert", field, "--to", "setup40").output.strip()
        assert back == setup.to_setup40(slashes=True)
        board = read_board(field, DATA)
        assert board.variant == v and dict(board.sides()) == {side: setup}


@pytest.mark.rule("stratego.files.gravon")
def test_a_whole_board_round_trips() -> None:
    red = generate(DATA, DATA.variants["battle"], "aggressive", seed="red")
    blue = generate(DATA, DATA.variants["battle"], "defensive", seed="blue")
    field = to_board(red, blue)
    assert read_board(field, DATA).sides() == [("red", red), ("blue", blue)]
    lines = run("stratego", "convert", field, "--to", "setup40").output.split()
    assert lines == [red.to_setup40(slashes=True), blue.to_setup40(slashes=True)]
    # The back rows: red's is rank 1, the start of the field; blue's is rank 10, read from the far end.
    assert field[:10] == "".join(TABLE[s][0] for s in red.rows[0])
    assert field[99:89:-1] == "".join(TABLE[s][1] for s in blue.rows[0])


@pytest.mark.parametrize(("field", "message"), [
    ("A" * 99, "99 characters given; a Gravon board has 100"),
    ("A" * 100, "character 43 (c5): this square is a lake (_)"),
    ("A" * 42 + "__AA__AAAA__AA__AA" + "N" + "A" * 38 + "_", "character 100 (j10): _ (a lake) where"),
    ("A" * 40 + "AA__AA__AAAA__AA__AA" + "Z" + "A" * 39, "'Z' is not a Gravon letter"),
])  # fmt: skip
def test_bad_fields_are_refused_clearly(field: str, message: str) -> None:
    with pytest.raises(SetupError) as info:
        read_board(field, DATA)
    assert any(message in p for p in info.value.problems), info.value.problems


def test_free_placement_boards_are_not_setups() -> None:
    free = ARCHIVE / "classicfree-2005.5-459.xml"
    refused = run("stratego", "check", str(free), "--lang", "en")
    assert refused.exit_code == 1 and "'classicfree' is not a variant printkit plays" in refused.output
    bare = run("stratego", "check", field_of(free), "--lang", "en")
    assert bare.exit_code == 1 and "pieces outside" in bare.output and "(a free-placement" not in bare.output
    assert max(len(line) for line in bare.output.splitlines()) <= 120
