"""Stratego setups: the setup40, Gravon and grid formats, and legality checks with every problem."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .model import StrategoData, Variant

EMPTY = "."
# Gravon archive letters: flag, spy, scout, miner, sergeant ... marshal, bomb; red B..M, blue N..Y.
_GRAVON_ORDER = "F123456789XB"
_GRAVON_RED = "BCDEFGHIJKLM"
_GRAVON_BLUE = "NOPQRSTUVWXY"
GRAVON_LAKE = "A"
GRAVON_EMPTY = "_"


@dataclass(frozen=True)
class Setup:
    """One side's pieces: rows from the owner's back row forward, files a→j as the owner sees them."""

    variant: Variant
    rows: tuple[tuple[str, ...], ...]

    def cells(self) -> list[tuple[int, int, str]]:
        """(row from the back 0.., file 0.., symbol) of every occupied cell."""
        return [(r, f, s) for r, row in enumerate(self.rows) for f, s in enumerate(row) if s != EMPTY]

    def counts(self) -> Counter[str]:
        return Counter(s for _, _, s in self.cells())

    def to_setup40(self, slashes: bool = False) -> str:
        return ("/" if slashes else "").join("".join(row) for row in self.rows)

    def to_grid(self) -> str:
        """A readable grid: the front row on top, the back row next to you, files along the bottom."""
        n = len(self.rows)
        lines = [f"{n - i} | " + " ".join(self.rows[n - 1 - i]) for i in range(n)]
        lines.append("    " + " ".join(self.variant.file_letters()))
        return "\n".join(lines)


class SetupError(ValueError):
    """A setup string that cannot be read; carries every problem found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _symbols(data: StrategoData, variant: Variant) -> set[str]:
    return {r.symbol for r in data.ranks if r.symbol in variant.counts} | ({EMPTY} if _has_gaps(variant) else set())


def _has_gaps(variant: Variant) -> bool:
    return variant.pieces < variant.files * variant.setup_rows


def parse_setup40(text: str, data: StrategoData, variant: Variant, lenient: bool = False) -> Setup:
    """A setup string: one character per cell, back row first, '/' between rows allowed.

    lenient: unknown symbols become '?' instead of an error, so counts can still be checked.
    """
    raw = "".join(text.split()).upper().replace("-", EMPTY)
    rows_given = raw.split("/") if "/" in raw else None
    flat = raw.replace("/", "")
    size = variant.files * variant.setup_rows
    problems = []
    if rows_given is not None and any(len(r) != variant.files for r in rows_given):
        problems.append(f"rows between '/' must hold {variant.files} cells each")
    if len(flat) != size:
        problems.append(f"{len(flat)} cells given; a {variant.id} setup has {size} ({variant.setup_rows} rows of "
                        f"{variant.files})")  # fmt: skip
    allowed = _symbols(data, variant)
    letters = variant.file_letters()
    for i, ch in enumerate(flat[:size]):
        if ch not in allowed and not lenient:
            row, file = divmod(i, variant.files)
            problems.append(f"cell {i + 1} (row {row + 1} from the back, file {letters[file]}): {ch!r} is not a "
                            f"piece symbol ({' '.join(sorted(allowed))})")  # fmt: skip
    if problems:
        raise SetupError(problems)
    rows = tuple(tuple(flat[r * variant.files : (r + 1) * variant.files]) for r in range(variant.setup_rows))
    return Setup(variant, rows)


def parse_grid(text: str, data: StrategoData, variant: Variant) -> Setup:
    """The readable grid back into a setup (lines like '4 | 2 2 6 ...', front row first)."""
    lines = [line for line in text.splitlines() if "|" in line]
    if len(lines) != variant.setup_rows:
        raise SetupError([f"a grid needs {variant.setup_rows} rows like '1 | B F B ...', found {len(lines)}"])
    rows = ["".join(line.split("|", 1)[1].split()) for line in lines]
    return parse_setup40("/".join(reversed(rows)), data, variant)


def problems(setup: Setup, data: StrategoData) -> list[str]:
    """Every way the setup breaks the rules (piece counts); an empty list means legal."""
    counts = setup.counts()
    out = [f"cell {i + 1}: {'?'!r} is not a piece symbol" for i, s in enumerate(setup.to_setup40()) if s == "?"]
    for rank in data.ranks:
        need = setup.variant.counts.get(rank.symbol, 0)
        have = counts.get(rank.symbol, 0)
        if have != need:
            out.append(f"{rank.symbol} ({rank.name['en']}): {have} placed, {need} needed")
    return out


def to_gravon(red: Setup | None, blue: Setup | None) -> str:
    """The 100-character board of Gravon archive files: red's 40 cells from its back row, the two
    middle rows with lakes ('A') and empty cells ('_'), then blue's 40 from its front row."""
    variant = (red or blue).variant  # type: ignore[union-attr]
    if variant.files != 10 or variant.setup_rows != 4:
        raise SetupError(["the Gravon format holds the 10×10 battle board only"])
    board = [[GRAVON_EMPTY] * 10 for _ in range(10)]
    if red:
        for r, row in enumerate(red.rows):
            for f, s in enumerate(row):
                board[r][f] = _GRAVON_RED[_GRAVON_ORDER.index(s)]
    if blue:
        for r, row in enumerate(blue.rows):
            for f, s in enumerate(row):
                # Blue sits opposite: its back row is board row 10 and its files run the other way.
                board[9 - r][9 - f] = _GRAVON_BLUE[_GRAVON_ORDER.index(s)]
    letters = "abcdefghij"
    for cell in variant.lakes:
        board[int(cell[1:]) - 1][letters.index(cell[0])] = GRAVON_LAKE
    return "".join("".join(row) for row in board)


def from_gravon(text: str, data: StrategoData, variant: Variant) -> tuple[Setup, Setup]:
    """Both setups from a 100-character Gravon board."""
    board = "".join(text.split())
    if len(board) != 100:
        raise SetupError([f"{len(board)} characters given; a Gravon board has 100"])
    bad = sorted({ch for ch in board if ch not in _GRAVON_RED + _GRAVON_BLUE + GRAVON_LAKE + GRAVON_EMPTY})
    if bad:
        raise SetupError([f"not Gravon board letters: {' '.join(bad)}"])
    rows = [board[i * 10 : (i + 1) * 10] for i in range(10)]

    def side(letters: str, cells: list[list[str]]) -> Setup:
        out = []
        for row in cells:
            symbols = []
            for ch in row:
                if ch not in letters:
                    raise SetupError([f"{ch!r} does not belong in this side's rows"])
                symbols.append(_GRAVON_ORDER[letters.index(ch)])
            out.append(tuple(symbols))
        return Setup(variant, tuple(out))

    red = side(_GRAVON_RED, [list(rows[r]) for r in range(4)])
    blue = side(_GRAVON_BLUE, [list(reversed(rows[9 - r])) for r in range(4)])
    return red, blue


def read_setup(text: str, data: StrategoData, variant: Variant) -> tuple[Setup, Setup | None]:
    """Any of the three formats: returns (setup, other side if the text held a whole board)."""
    stripped = "".join(text.split())
    if "|" in text:
        return parse_grid(text, data, variant), None
    if len(stripped) == 100 and set(stripped) & set(GRAVON_LAKE + GRAVON_EMPTY):
        red, blue = from_gravon(stripped, data, variant)
        return red, blue
    return parse_setup40(text, data, variant), None
