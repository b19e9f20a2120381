"""How a map divides into sheets: margins, legend room, orientation, cell size and tiles."""

from __future__ import annotations

from ..geometry import MM, paper_size
from ..render import fonts
from .grid import GameMap

MARGIN = 12 * MM
RULER = 6 * MM  # room for the coordinates around a tile
LEGEND = 22 * MM  # room for the legend and the tile caption at the bottom
SYMBOLS = 8 * MM  # a row of object symbols above the terrains, where a sheet shows them
NOTE_LINE = 3 * MM  # a line of notes under the legend
NOTE_SIZE = 7.0
# Cell sizes a sheet may choose from when none is asked for: from 12 mm down to 9, a cell still
# holds a circled number and a pencilled marker.
AUTO_CELLS_MM = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5, 9.0)


def sheet_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    width, height = paper_size(paper)
    return (height, width) if landscape else (width, height)


def note_lines(note: str, width: float) -> list[str]:
    """A note under the legend, broken into lines of the sheet's width."""
    from reportlab.lib.utils import simpleSplit

    fonts.register_reportlab()
    return list(simpleSplit(note, fonts.SANS, NOTE_SIZE, width)) if note else []


def legend_height(symbols: tuple[str, ...], lines: int, game_row: bool = False) -> float:
    """The legend's room: a game's own row of symbols fits in LEGEND alone, beside the object
    symbols it takes a row of its own."""
    return LEGEND + (SYMBOLS if symbols else 0) + (SYMBOLS if symbols and game_row else 0) + lines * NOTE_LINE


def tiles(game_map: GameMap, paper: str, cell: float, landscape: bool = False,
          legend: float = LEGEND) -> list[tuple[range, range]]:  # fmt: skip
    """Column and row ranges per sheet; neighbouring sheets share one cell to glue over."""
    width, height = sheet_size(paper, landscape)
    cols = max(1, int((width - 2 * MARGIN - 2 * RULER) // cell))
    rows = max(1, int((height - 2 * MARGIN - 2 * RULER - legend) // cell))

    def spans(total: int, per: int) -> list[range]:
        out, start = [], 0
        while True:
            end = min(total, start + per)
            out.append(range(start, end))
            if end >= total:
                return out
            start = end - 1  # one cell of overlap

    return [(c, r) for r in spans(game_map.height, rows) for c in spans(game_map.width, cols)]


def left_edge(width: float, cols: int, cell: float) -> float:
    """Where a tile's first column starts: the grid centred across the sheet, the legend below."""
    return MARGIN + RULER + max(0.0, (width - 2 * MARGIN - 2 * RULER - cols * cell) / 2)


def layout(game_map: GameMap, paper: str, cells_mm: tuple[float, ...], symbols: tuple[str, ...] = (),
           note: str = "", *, game_row: bool = False) -> tuple[float, bool]:  # fmt: skip
    """The cell size (of those offered) and orientation that print the map on the fewest sheets;
    then the largest cells; then portrait."""
    best: tuple[tuple[int, float, bool], float, bool] | None = None
    for landscape in (False, True):
        width = sheet_size(paper, landscape)[0] - 2 * MARGIN
        legend = legend_height(symbols, len(note_lines(note, width)), game_row)
        for cell_mm in cells_mm:
            count = len(tiles(game_map, paper, cell_mm * MM, landscape, legend))
            rank = (count, -cell_mm, landscape)
            if best is None or rank < best[0]:
                best = (rank, cell_mm, landscape)
    assert best is not None
    return best[1], best[2]
