"""Stratego setups: the setup40 and grid formats, and legality checks with every problem."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...labels import Phrase
from .model import StrategoData, Variant

if TYPE_CHECKING:
    from .gravon import Board

EMPTY = "."


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
    problems: list[str] = []
    if rows_given is not None and any(len(r) != variant.files for r in rows_given):
        problems.append(Phrase("sc_rows_between", files=variant.files))
    if len(flat) != size:
        problems.append(Phrase("sc_cells_given", n=len(flat), variant=_named(variant), size=size,
                               rows=variant.setup_rows, files=variant.files))  # fmt: skip
    allowed = _symbols(data, variant)
    letters = variant.file_letters()
    for i, ch in enumerate(flat[:size]):
        if ch not in allowed and not lenient:
            row, file = divmod(i, variant.files)
            problems.append(Phrase("sc_not_symbol", i=i + 1, row=row + 1, file=letters[file], ch=ch,
                                   allowed=" ".join(sorted(allowed))))  # fmt: skip
    if problems:
        raise SetupError(problems)
    rows = tuple(tuple(flat[r * variant.files : (r + 1) * variant.files]) for r in range(variant.setup_rows))
    return Setup(variant, rows)


def parse_grid(text: str, data: StrategoData, variant: Variant) -> Setup:
    """The readable grid back into a setup (lines like '4 | 2 2 6 ...', front row first)."""
    lines = [line for line in text.splitlines() if "|" in line]
    if len(lines) != variant.setup_rows:
        raise SetupError([Phrase("sc_grid_rows", rows=variant.setup_rows, n=len(lines))])
    rows = ["".join(line.split("|", 1)[1].split()) for line in lines]
    return parse_setup40("/".join(reversed(rows)), data, variant)


def problems(setup: Setup, data: StrategoData) -> list[str]:
    """Every way the setup breaks the rules (piece counts); an empty list means legal."""
    counts = setup.counts()
    out: list[str] = [Phrase("sc_unknown_cell", i=i + 1) for i, s in enumerate(setup.to_setup40()) if s == "?"]
    for rank in data.ranks:
        need = setup.variant.counts.get(rank.symbol, 0)
        have = counts.get(rank.symbol, 0)
        if have != need:
            out.append(Phrase("sc_count", symbol=rank.symbol, name=dict(rank.name), have=have, need=need))
    return out


def _named(variant: Variant) -> dict[str, str]:
    """A variant as a message names it: its id in English (as typed after --variant), its name in Russian."""
    return {"en": variant.id, "ru": variant.name["ru"].lower()}


def read_setup(text: str, data: StrategoData, variant: Variant | None = None) -> Setup | Board:
    """A setup string, a grid as `convert --to grid` prints it, or a Gravon board (field or archive
    file). Without a variant, a setup is read as the variant whose pieces it holds (else the first,
    the battle, whose problems are then reported); a board names its own."""
    from .gravon import looks_like_board, read_board

    if looks_like_board(text):
        return read_board(text, data, variant)
    parse = parse_grid if "|" in text else parse_setup40
    if variant is None:
        # The variant whose pieces the setup holds; failing all, the first one reports the problems.
        for candidate in data.variants.values():
            try:
                setup = parse(text, data, candidate)
            except SetupError:
                continue
            if not problems(setup, data):
                return setup
    return parse(text, data, variant or next(iter(data.variants.values())))
