"""Data tables as printed: headers, rows of text, numeric columns; each game draws its own from its ruleset."""

# One source for every printed table: a figure printed in one place is the figure printed everywhere.

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Table:
    """A printed table: headers, rows of text, the columns to centre, an optional caption, and the
    notes printed right under it (the footnotes of its marked figures, a reading it took)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int] = frozenset()  # columns to centre
    caption: str = ""
    notes: tuple[str, ...] = ()  # footnotes under the table: what its marks mean ("† printkit's reading")


def make_table(
    rows: Sequence[Sequence[object]],
    headers: Sequence[str],
    numeric: set[int] | frozenset[int] = frozenset(),
    caption: str = "",
    notes: Sequence[str] = (),
) -> Table:
    """A table from rows of any values, each printed as text."""
    cells = tuple(tuple(str(c) for c in row) for row in rows)
    return Table(tuple(headers), cells, frozenset(numeric), caption, tuple(notes))


def fraction(f: Fraction) -> str:
    """3/4 as printed in tables."""
    return f"{f.numerator}/{f.denominator}"
