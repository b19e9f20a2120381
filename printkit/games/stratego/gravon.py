"""Gravon archive boards: the 100-character field of StraDoS2 game files, read and written."""

# The format is the one of the public Gravon archive (gravon.de/strados2/files/), as decoded by
# rhalbersma/gravon at commit ad0b4ddefc0448d7bc6c59032089966926b25ee6: the letter table in
# src/gravon/strados2.py (lines 8-36, after page 90 of Vincent de Boer's MSc thesis) and the split
# into the two setups in src/scripts/transform/setups.py (lines 34-39). In short:
#
# - one character per square, index = (rank - 1) * 10 + file, rank 1 (red's back row) first;
# - `A` is an empty square and `_` a lake (always c5 d5 g5 h5 c6 d6 g6 h6);
# - red's pieces are B..M and blue's N..Y, each in the order bomb, spy, scout, miner, sergeant,
#   lieutenant, captain, major, colonel, general, marshal, flag;
# - red's setup, back row first, is field[:40]; blue's, seen from blue's side, is field[60:][::-1].
#
# Every game type of the archive uses this board: classic (40 pieces), duell (10), barrage (8),
# each anywhere in its side's four rows; empty squares there are `A`.

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from printkit.plugin import Phrase

from .model import EMPTY, Setup, SetupError, StrategoData, Variant

ORDER = "B123456789XF"  # printkit's symbol for each letter position: bomb, spy 1 ... marshal X, flag
LETTERS = {"red": "BCDEFGHIJKLM", "blue": "NOPQRSTUVWXY"}
BOARD_EMPTY = "A"
BOARD_LAKE = "_"
SIZE = 100
LAKES = frozenset({"c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"})
_FILES = "abcdefghij"
_FIELD = re.compile(r"<field\s+content=\"([^\"]*)\"")
_TYPE = re.compile(r"<game\s+type=\"([^\"]*)\"")


@dataclass(frozen=True)
class Board:
    """Both sides of a Gravon board; a side without a single piece is None."""

    variant: Variant
    red: Setup | None
    blue: Setup | None
    game_type: str | None = None  # the <game type="..."> of an archive file, when read from one

    def sides(self) -> list[tuple[str, Setup]]:
        return [(side, s) for side, s in (("red", self.red), ("blue", self.blue)) if s is not None]


def cell_name(index: int) -> str:
    """The square of a field index in printkit's letters (files a..j; Gravon's moves write K for j)."""
    return f"{_FILES[index % 10]}{index // 10 + 1}"


def _fits(variant: Variant) -> bool:
    return (variant.files, variant.rows, variant.setup_rows) == (10, 10, 4) and variant.lakes == LAKES


def looks_like_board(text: str) -> bool:
    """Whether a SETUP argument is a Gravon field (100 characters with lakes) or an archive file."""
    if _FIELD.search(text):
        return True
    flat = "".join(text.split())
    return len(flat) == SIZE and BOARD_LAKE in flat


def to_board(red: Setup | None, blue: Setup | None) -> str:
    """The 100-character field of a board holding the given setups (a missing side stays empty)."""
    given = red or blue
    if given is None:
        raise SetupError([Phrase("sg_one_side")])
    if not _fits(given.variant):
        raise SetupError([Phrase("sg_only_board")])
    field = [BOARD_EMPTY] * SIZE
    for index in range(SIZE):
        if cell_name(index) in LAKES:
            field[index] = BOARD_LAKE
    for side, setup in (("red", red), ("blue", blue)):
        if setup is None:
            continue
        letters = LETTERS[side]
        cells = [s for row in setup.rows for s in row]
        for k, symbol in enumerate(cells):
            # Red's k-th cell is field index k; blue's is counted back from the far corner.
            index = k if side == "red" else SIZE - 1 - k
            field[index] = BOARD_EMPTY if symbol == EMPTY else letters[ORDER.index(symbol)]
    return "".join(field)


def _field_of(text: str) -> tuple[str, str | None]:
    """The field string and the game type of an archive file, or the text itself as a field."""
    found = _FIELD.search(text)
    if found:
        kind = _TYPE.search(text)
        return found.group(1), kind.group(1) if kind else None
    if "<game" in text or "<stratego" in text:
        raise SetupError([Phrase("sg_no_field")])
    return "".join(text.split()), None


def _variant(data: StrategoData, game_type: str | None, counts: list[Counter[str]]) -> Variant:
    """The variant an archive file names, else the one whose counts one of the sides has."""
    if game_type is not None:
        for v in data.variants.values():
            if v.gravon == game_type:
                return v
        known = ", ".join(v.gravon for v in data.variants.values() if v.gravon)
        raise SetupError([Phrase("sg_game_type", kind=game_type, known=known)])
    for v in data.variants.values():
        if _fits(v) and any(c == Counter({s: n for s, n in v.counts.items() if n}) for c in counts):
            return v
    return next(iter(data.variants.values()))


def read_board(text: str, data: StrategoData, variant: Variant | None = None) -> Board:
    """Both setups of a Gravon field, given as the 100 characters or as a whole archive file.

    Without a variant, an archive file's game type names it; a bare field takes the variant whose
    piece counts one of its sides has (else the first, whose counts check then reports)."""
    field, game_type = _field_of(text)
    if len(field) != SIZE:
        raise SetupError([Phrase("sg_length", n=len(field), size=SIZE)])
    if game_type is not None and variant is None and not any(v.gravon == game_type for v in data.variants.values()):
        _variant(data, game_type, [])  # refuses, naming the game types printkit plays
    problems: list[str] = []
    outside: dict[str, list[str]] = {"red": [], "blue": []}
    owner = {ch: side for side, letters in LETTERS.items() for ch in letters}
    for index, ch in enumerate(field):
        lake = cell_name(index) in LAKES
        if ch == BOARD_LAKE or lake:
            if (ch == BOARD_LAKE) != lake:
                problems.append(Phrase("sg_lake_here" if lake else "sg_no_lake", i=index + 1, cell=cell_name(index)))
            continue
        if ch == BOARD_EMPTY:
            continue
        side = owner.get(ch)
        if side is None:
            problems.append(Phrase("sg_letter", i=index + 1, cell=cell_name(index), ch=ch))
        elif (side == "red" and index >= 40) or (side == "blue" and index < 60):
            outside[side].append(cell_name(index))
    for side, cells in outside.items():
        if cells:
            shown = " ".join(cells[:8]) + (" …" if len(cells) > 8 else "")
            named = {"en": side, "ru": data.sides[side]["ru"].lower()}
            problems.append(Phrase("sg_outside", n=len(cells), side=named, cells=shown))
    if problems:
        raise SetupError(problems)
    halves = {"red": field[:40], "blue": field[60:][::-1]}
    counts = [Counter(ORDER[LETTERS[side].index(ch)] for ch in half if ch != BOARD_EMPTY)
              for side, half in halves.items()]  # fmt: skip
    chosen = variant or _variant(data, game_type, counts)
    if not _fits(chosen):
        raise SetupError([Phrase("sg_variant", variant={"en": chosen.id, "ru": chosen.name["ru"].lower()})])
    setups: dict[str, Setup | None] = {}
    for side, half in halves.items():
        if set(half) == {BOARD_EMPTY}:
            setups[side] = None
            continue
        cells = [EMPTY if ch == BOARD_EMPTY else ORDER[LETTERS[side].index(ch)] for ch in half]
        setups[side] = Setup(chosen, tuple(tuple(cells[r * 10 : (r + 1) * 10]) for r in range(4)))
    return Board(chosen, setups["red"], setups["blue"], game_type)
