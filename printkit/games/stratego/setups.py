"""Stratego setups read and checked: the setup40 and grid formats (Gravon boards too), every problem found."""

from __future__ import annotations

from printkit.plugin import Phrase

from .gravon import Board, looks_like_board, read_board
from .model import EMPTY, Setup, SetupError, StrategoData, Variant

# Setup (what the readers give) and SetupError (what they raise) live in model.py, where gravon.py
# takes them too; callers import them from here with the readers.
__all__ = ["EMPTY", "Setup", "SetupError", "parse_grid", "parse_setup40", "problems", "read_setup"]


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
