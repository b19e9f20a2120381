"""Stratego positions as text and the legal moves of one piece: one step, or a scout's straight run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.plugin import ConfigError, Problem, load_bundled

from .model import StrategoData, StrategoError, Variant, stratego_of

SIDES = {"r": "red", "b": "blue"}
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Piece:
    side: str  # red or blue
    symbol: str  # a rank symbol, or "?" for a piece whose rank is hidden


@dataclass(frozen=True)
class Position:
    variant: Variant
    pieces: dict[str, Piece]  # cell like e4 -> piece

    def cell(self, file: int, row: int) -> str:
        return f"{self.variant.file_letters()[file]}{row + 1}"


@dataclass(frozen=True)
class Move:
    to: str
    attacks: bool


def parse_position(text: str, label: str, data: StrategoData, variant: Variant) -> Position:
    """Rows from the top of the board (blue's back row) down to row 1 (red's back row); one token a
    cell: `.` empty, `~` a lake, `r5` a red piece of rank 5, `b?` a blue piece of unknown rank.
    Lines that are blank or start with # are skipped. Every problem is reported with its line."""
    problems: list[Problem] = []
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith("#")]  # fmt: skip
    if len(lines) != variant.rows:
        problems.append(Problem(label, None, "", f"{len(lines)} rows; the {variant.id} board has {variant.rows}"))
        raise ConfigError(problems)
    letters = variant.file_letters()
    pieces: dict[str, Piece] = {}
    for index, (number, tokens) in enumerate(lines):
        row = variant.rows - index  # the first written row is the top one
        if len(tokens) != variant.files:
            problems.append(Problem(label, number, f"row {row}", f"{len(tokens)} cells; it needs {variant.files}"))
            continue
        for file, token in enumerate(tokens):
            cell = f"{letters[file]}{row}"
            lake = cell in variant.lakes
            if token == "~" or (token == "." and not lake):
                if (token == "~") != lake:
                    problems.append(Problem(label, number, cell, "a lake is only where the board has one"))
                continue
            side, symbol = SIDES.get(token[:1].lower()), token[1:].upper()
            rank = data.rank(symbol) if symbol and symbol != "?" else None  # r10 is the marshal, like rX
            if lake:
                problems.append(Problem(label, number, cell, "this cell is a lake (write ~)"))
            elif side is None or (symbol != "?" and rank is None):
                problems.append(
                    Problem(label, number, cell, f"{token!r}: write ., ~, r or b then a rank like r5, r10 or b?")
                )
            else:
                pieces[cell] = Piece(side, rank.symbol if rank else "?")
    if problems:
        raise ConfigError(problems)
    return Position(variant, pieces)


def read_position(path: Path, data: StrategoData, variant: Variant) -> Position:
    from printkit.plugin import read_text

    return parse_position(read_text(path, str(path), MAX_BYTES), str(path), data, variant)


def complete_squares(given: Any, incomplete: str) -> list[str]:
    """The cells of the position file given on the same command line that hold a piece."""
    data = stratego_of(load_bundled("stratego"))
    variant = data.variants[given.get("variant") or "battle"]
    return sorted(read_position(Path(given.get("position_file")), data, variant).pieces)


class MoveError(StrategoError):
    """A move question about a cell that holds no piece of known rank."""


def legal_moves(position: Position, data: StrategoData, at: str, run_attacks: bool = True,
                fly_over: bool = False) -> list[Move]:  # fmt: skip
    """Where the piece on `at` may go: one step up, down, left or right onto an empty cell or an
    enemy; a scout runs any distance over empty cells and may attack at the end of its run (the
    text lets a piece attack by moving onto an enemy; run_attacks=False: a scout attacks only a
    neighbour). Lakes and own pieces block; with fly_over (the other reading of a page that names
    only lakes as what a scout cannot fly over) a scout's run goes on over pieces, ending on any
    free cell or enemy beyond. (The two-squares rule needs the game's history.)"""
    letters = position.variant.file_letters()
    if (
        len(at) < 2
        or at[0] not in letters
        or not (at[1:].isascii() and at[1:].isdigit() and len(at) <= 4)
        or not 1 <= int(at[1:]) <= position.variant.rows
    ):
        raise MoveError("mv_bad_cell", cell=at)
    piece = position.pieces.get(at)
    if piece is None:
        raise MoveError("mv_no_piece", cell=at)
    rank = data.rank(piece.symbol) if piece.symbol != "?" else None
    if rank is None:
        raise MoveError("mv_hidden", cell=at)
    if not rank.movable:
        return []
    variant = position.variant
    file, row = letters.index(at[0]), int(at[1:]) - 1
    moves: list[Move] = []
    for df, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        f, r = file + df, row + dr
        while 0 <= f < variant.files and 0 <= r < variant.rows:
            cell = position.cell(f, r)
            if cell in variant.lakes:
                break
            other = position.pieces.get(cell)
            if other is not None:
                if other.side != piece.side and (run_attacks or (f, r) == (file + df, row + dr)):
                    moves.append(Move(cell, True))
                if not (fly_over and rank.runs):
                    break
            else:
                moves.append(Move(cell, False))
            if not rank.runs:
                break
            f, r = f + df, r + dr
    return moves
