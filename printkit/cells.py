"""Cells of a grid as people write them (C4, AA12), a Cyrillic look-alike letter typed for the Latin one."""

from __future__ import annotations

import re

# Cyrillic letters whose capitals look like Latin ones: a cell typed on a Russian keyboard («С4») is
# the cell it looks like, in a question and in a map file alike.
LOOKALIKES = "АВСЕКМНОРТХавсекмнортх"
_LATIN = str.maketrans(LOOKALIKES, "ABCEKMHOPTXABCEKMHOPTX")
Cell = tuple[int, int]


def column_name(x: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    x += 1
    while x:
        x, rem = divmod(x - 1, 26)
        name = chr(65 + rem) + name
    return name


def cell_name(x: int, y: int) -> str:
    """(2, 3) -> C4: the cell at column x and row y, both counted from 0."""
    return f"{column_name(x)}{y + 1}"


_CELL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,4})")


def latin(text: str) -> str:
    """A cell's name with its Cyrillic look-alike letters (С4, а1) made the Latin ones (C4, A1)."""
    return text.translate(_LATIN)


def parse_cell(text: str) -> tuple[int, int]:
    """C4 -> (2, 3): columns from A, rows from 1 at the top; a Cyrillic look-alike (С4) is its Latin letter."""
    # ASCII only and short: "²" passes isdigit() and fails int(), and no map is wider than ZZZ.
    found = _CELL.fullmatch(latin(text.strip()))
    if not found:
        from .labels import RefusedValue

        raise RefusedValue("mc_bad_cell", text=text[:12])
    letters, digits = found.group(1).upper(), found.group(2)
    x = 0
    for ch in letters:
        x = x * 26 + (ord(ch) - 64)
    return x - 1, int(digits) - 1


def cell_ranges(text: str) -> set[tuple[int, int]]:
    """Cells from "A1-C3 D4": rectangles between two corners, and single cells."""
    out: set[tuple[int, int]] = set()
    for word in text.replace(",", " ").split():
        corners = [parse_cell(part) for part in word.split("-")]
        if len(corners) > 2:
            raise ValueError(f"{word!r} is not a cell like C4 or a range like A1-C3")
        (x1, y1), (x2, y2) = corners[0], corners[-1]
        out |= {(x, y) for x in range(min(x1, x2), max(x1, x2) + 1) for y in range(min(y1, y2), max(y1, y2) + 1)}
    if not out:
        raise ValueError("no cells")
    return out
