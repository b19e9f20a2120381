"""The printed map: terrain in colour with greyscale-safe hatching, coordinates, objects, tiling."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .._moved import forward
from ..cells import cell_name, column_name
from ..game import MapObjectKind, Maps, game, resolve
from ..geometry import MM
from ..labels import label
from ..model import GameMap, Ruleset
from ..pipeline.artefact import Build
from ..render import fonts
from ..render.canvas import draw_fitted, hex_colour, ink_on, open_canvas, tint
from .overlay import LegendEntry, map_colours, overlay_for
from .tiling import (
    AUTO_CELLS_MM,
    CAPTION_LINES,
    GAP,
    MARGIN,
    NOTE_LINE,
    NOTE_SIZE,
    ROW,
    RULER,
    SYMBOL_ROW,
    SYMBOLS,
    Layout,
    layout,
    left_edge,
    legend_height,
    note_lines,
    sheet_size,
    side_room,
    tiles,
)


def _hatch(c: Any, pattern: str | None, x: float, y: float, s: float, ink: tuple[float, float, float]) -> None:
    """A terrain's pattern (its ruleset names it), so the map still reads on a greyscale printer."""
    if pattern is None:
        return
    c.saveState()
    c.setStrokeColorRGB(*ink)
    c.setFillColorRGB(*ink)
    if pattern == "deep-waves":  # open sea: a dense band under the waves of the coast, to tell them apart
        c.setLineWidth(1.2)
        c.line(x + 0.15 * s, y + 0.12 * s, x + 0.85 * s, y + 0.12 * s)
        pattern = "waves"
    c.setLineWidth(0.45)
    if pattern == "dots":
        for cx, cy in ((0.25, 0.3), (0.5, 0.55), (0.75, 0.3), (0.25, 0.8), (0.75, 0.8)):
            c.circle(x + cx * s, y + cy * s, 0.03 * s, stroke=0, fill=1)
    elif pattern == "peaks":
        for dx in (0.25, 0.65):
            p = c.beginPath()
            p.moveTo(x + (dx - 0.15) * s, y + 0.3 * s)
            p.lineTo(x + dx * s, y + 0.7 * s)
            p.lineTo(x + (dx + 0.15) * s, y + 0.3 * s)
            c.drawPath(p, stroke=1, fill=0)
    elif pattern == "reeds":
        for k in (0.3, 0.55, 0.8):
            c.line(x + 0.2 * s, y + k * s, x + 0.45 * s, y + k * s)
            c.line(x + 0.55 * s, y + (k - 0.12) * s, x + 0.8 * s, y + (k - 0.12) * s)
    elif pattern == "trees":
        for cx, cy in ((0.3, 0.35), (0.7, 0.35), (0.5, 0.7)):
            c.circle(x + cx * s, y + cy * s, 0.09 * s, stroke=1, fill=0)
    elif pattern == "waves":
        for k in (0.3, 0.55, 0.8):
            p = c.beginPath()
            p.moveTo(x + 0.15 * s, y + k * s)
            p.curveTo(x + 0.35 * s, y + (k + 0.08) * s, x + 0.45 * s, y + (k - 0.08) * s, x + 0.65 * s, y + k * s)
            p.curveTo(x + 0.75 * s, y + (k + 0.06) * s, x + 0.8 * s, y + k * s, x + 0.85 * s, y + k * s)
            c.drawPath(p, stroke=1, fill=0)
    elif pattern == "cross":
        c.line(x + 0.25 * s, y + 0.25 * s, x + 0.75 * s, y + 0.75 * s)
        c.line(x + 0.25 * s, y + 0.75 * s, x + 0.75 * s, y + 0.25 * s)
    c.restoreState()


# The ink-saving kit's terrain: this tint of its colour. The open sea's deep blue alone laid a fifth
# of a sheet's toner; the patterns, drawn at full strength, still tell every terrain apart.
LIGHT_TERRAIN = 0.4


def terrain_fill(colour: str, light: bool) -> tuple[float, float, float]:
    """A terrain's fill on the map: its colour, or a pale tint of it in the ink-saving kit."""
    rgb = hex_colour(colour)
    return tint(rgb, LIGHT_TERRAIN) if light else rgb


def _star(c: Any, cx: float, cy: float, r: float) -> None:
    p = c.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i == 0:
            p.moveTo(x, y)
        else:
            p.lineTo(x, y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


# The opacity of the white under an object's number: enough to read the number on any terrain, little
# enough that the terrain's pattern shows through it (issue 33: the boxes hid it).
VEIL = 0.72


def _object(c: Any, symbol: str, number: int | None, x: float, y: float, s: float) -> None:
    """One object's symbol (its game names it for the object's kind; see printkit.game.MapObjectKind)."""
    cx, cy = x + s / 2, y + s / 2
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(0.8)
    if symbol == "star":
        c.setFillColorRGB(0.95, 0.77, 0.1)
        _star(c, cx, cy, 0.38 * s)
    elif symbol == "numbered-circle":
        # See-through white: the terrain's pattern stays readable under the number (VEIL).
        c.setFillAlpha(VEIL)
        c.circle(cx, cy, 0.26 * s, stroke=1, fill=1)
        c.setFillAlpha(1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.SANS_BOLD, 0.34 * s)  # 6 pt and more in the legend's sample
        c.drawCentredString(cx, cy - 0.12 * s, str(number or ""))
    elif symbol == "numbered-square":
        c.setFillAlpha(VEIL)
        c.setLineWidth(0.5)
        c.rect(cx - 0.22 * s, cy - 0.19 * s, 0.44 * s, 0.38 * s, stroke=1, fill=1)
        c.setFillAlpha(1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.SANS_BOLD, 0.36 * s)
        c.drawCentredString(cx, cy - 0.125 * s, str(number or ""))
    elif symbol == "bridge":
        c.setFillColorRGB(0.55, 0.4, 0.25)
        c.rect(x + 0.1 * s, cy - 0.15 * s, 0.8 * s, 0.3 * s, stroke=1, fill=1)
    else:
        c.rect(cx - 0.25 * s, cy - 0.25 * s, 0.5 * s, 0.5 * s, stroke=1, fill=1)
    c.restoreState()


def crossed_out(c: Any, x: float, y: float, s: float) -> None:
    """Two strokes across a cell's object, as a player crosses out a place on a paper map."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(max(0.8, s * 0.04))
    c.line(x + 0.2 * s, y + 0.2 * s, x + 0.8 * s, y + 0.8 * s)
    c.line(x + 0.2 * s, y + 0.8 * s, x + 0.8 * s, y + 0.2 * s)
    c.restoreState()


def _kinds(rules: Ruleset) -> dict[str, MapObjectKind]:
    return {k.kind: k for k in (game(rules.family).maps or Maps()).objects}


def legend_kinds(game_map: GameMap, rules: Ruleset) -> tuple[str, ...]:
    """The object kinds a map's legend shows: those on the map, in the order its game lists them."""
    return tuple(k.kind for k in _kinds(rules).values() if k.legend and any(o.kind == k.kind for o in game_map.objects))


def draw_map(game_map: GameMap, rules: Ruleset, target: str | Path, paper: str, lang: str, title: str,
             cell_mm: float | None = None, reach: dict[tuple[int, int], int] | None = None,
             reach_from: tuple[int, int] | None = None) -> int:  # fmt: skip
    """`map draw`: a map on the fewest sheets (the cell size given, or the largest of AUTO_CELLS_MM
    that needs no more sheets; landscape where it takes fewer), its objects in the legend."""
    symbols = legend_kinds(game_map, rules)
    placed = map_layout(game_map, rules, lang, paper, (cell_mm,) if cell_mm else AUTO_CELLS_MM, symbols)
    return write_map(game_map, rules, target, paper, lang, title, placed.cell_mm, reach, reach_from,
                     landscape=placed.landscape, beside=placed.beside, symbols=symbols)  # fmt: skip


def map_layout(game_map: GameMap, rules: Ruleset, lang: str, paper: str, cells_mm: tuple[float, ...],
               symbols: tuple[str, ...] = (), note: str = "") -> Layout:  # fmt: skip
    """tiling.layout for a map of this ruleset: its legend's entries counted for a column beside the grid."""
    overlay = overlay_for(game_map, rules, lang)
    extra = overlay.legend() if overlay is not None else []
    entries = len(rules.terrains) + len(extra) + (len(overlay.terrain_row()) if overlay is not None else 0)
    return layout(game_map, paper, cells_mm, symbols, note, game_row=bool(extra), entries=entries)


def write_map(game_map: GameMap, rules: Ruleset, target: str | Path, paper: str, lang: str, title: str,
              cell_mm: float = 12.0, reach: dict[tuple[int, int], int] | None = None,
              reach_from: tuple[int, int] | None = None, *, landscape: bool = False, beside: bool = False,
              blank: bool = False, symbols: tuple[str, ...] = (), note: str = "",
              colours: Mapping[str, str] | None = None, light: bool = False) -> int:  # fmt: skip
    """map.pdf; returns the number of sheets.

    beside: the legend in a column right of the grid (tiling.layout chooses it); blank: white cells
    to draw the terrain on by hand; symbols: object kinds the legend shows; note: a few words under
    the legend (how to draw the map, say); colours: owners' colours for a game's overlay; light:
    the ink-saving kit's pale terrain (its pattern still tells it)."""
    overlay = overlay_for(game_map, rules, lang, colours)
    extra = overlay.legend() if overlay is not None else []
    terrain_row = overlay.terrain_row() if overlay is not None else []
    cell = cell_mm * MM
    width, height = sheet_size(paper, landscape)
    lines = note_lines(note, width - 2 * MARGIN)
    below = 0.0 if beside else legend_height(symbols, len(lines), bool(extra))
    sheets = tiles(game_map, paper, cell, landscape, below, side_room(beside))
    c = open_canvas(str(target), paper, f"{title} — {label('map_title', lang)}", label("map_title", lang),
                    pagesize=(width, height))  # fmt: skip
    fills = {t.id: terrain_fill(t.colour, light) for t in rules.terrains}
    patterns = {t.id: t.pattern for t in rules.terrains}
    kinds = _kinds(rules)
    for number, (cols, rows) in enumerate(sheets, start=1):
        x0 = left_edge(width, len(cols), cell, side_room(beside))
        top = height - MARGIN - RULER
        for j, y in enumerate(rows):
            for i, x in enumerate(cols):
                px, py = x0 + i * cell, top - (j + 1) * cell
                terrain = None if blank else game_map.terrain(x, y)
                rgb = (1.0, 1.0, 1.0) if blank else fills.get(terrain or "", (1.0, 0.0, 1.0))
                c.setFillColorRGB(*rgb)
                c.setStrokeColorRGB(*((0.55, 0.62, 0.72) if blank else (0.35, 0.35, 0.35)))
                c.setLineWidth(0.3)
                c.rect(px, py, cell, cell, stroke=1, fill=1)
                if terrain:
                    _hatch(c, patterns.get(terrain), px, py, cell, ink_on(rgb))
                drawn = overlay is not None and overlay.cell(c, x, y, px, py, cell)
                # Every object on the cell, a bridge first: what stands on a bridge's water (an
                # adventure, a resource) is drawn over it, not hidden by it.
                on_cell = [o for o in game_map.objects if (o.x, o.y) == (x, y)] if not drawn else []
                here = [(kinds[o.kind].symbol if o.kind in kinds else "square", o.number) for o in on_cell]
                for drawn_as, numbered in sorted(here, key=lambda found: found[0] != "bridge"):
                    _object(c, drawn_as, numbered, px, py, cell)
                if any(o.detail("crossed") for o in on_cell):  # a place worked out: crossed out, as by hand
                    crossed_out(c, px, py, cell)
                if reach is not None and ((x, y) in reach or (x, y) == reach_from):
                    c.saveState()
                    c.setFillColorRGB(1, 1, 1)
                    c.setStrokeColorRGB(0.8, 0.1, 0.1)
                    size = max(cell * 0.2, 6.0)  # small cells keep the turn number at 6 pt
                    c.circle(px + cell * 0.8, py + cell * 0.8, size * 0.8, stroke=1, fill=1)
                    c.setFillColorRGB(0.8, 0.1, 0.1)
                    c.setFont(fonts.SANS_BOLD, size)
                    text = "@" if (x, y) == reach_from else str(reach[(x, y)])
                    c.drawCentredString(px + cell * 0.8, py + cell * 0.8 - size * 0.35, text)
                    c.restoreState()
        if overlay is not None:
            for j, y in enumerate(rows):
                for i, x in enumerate(cols):
                    overlay.over(c, x, y, x0 + i * cell, top - (j + 1) * cell, cell)
        # Coordinates on all four sides.
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.setFont(fonts.SANS, 7)
        bottom = top - len(rows) * cell
        right = x0 + len(cols) * cell
        # A side at a time, in reading order: a text layer reads each row of coordinates as a line.
        for line in (top + 1.5 * MM, bottom - 3.8 * MM):
            for i, x in enumerate(cols):
                c.drawCentredString(x0 + i * cell + cell / 2, line, column_name(x))
        for j, y in enumerate(rows):
            cy = top - j * cell - cell / 2 - 2.5
            c.drawRightString(x0 - 1.2 * MM, cy, str(y + 1))
            c.drawString(right + 1.2 * MM, cy, str(y + 1))
        # The overlap strips shared with neighbouring sheets, dashed, to glue over.
        c.setDash(3, 2)
        c.setStrokeColorRGB(0.1, 0.1, 0.1)
        c.setLineWidth(0.8)
        if cols.start > 0:
            c.line(x0 + cell, bottom, x0 + cell, top)
        if cols.stop < game_map.width:
            c.line(right - cell, bottom, right - cell, top)
        if rows.start > 0:
            c.line(x0, top - cell, right, top - cell)
        if rows.stop < game_map.height:
            c.line(x0, bottom + cell, right, bottom + cell)
        c.setDash()
        if beside:
            left = right + RULER + GAP
            _legend_column(c, rules, lang, left, MARGIN, width - MARGIN - left, height - 2 * MARGIN, title, number,
                           len(sheets), cols, rows, reach_from, symbols, note, extra, terrain_row, light)  # fmt: skip
        else:
            _legend(c, rules, lang, MARGIN, MARGIN, width - 2 * MARGIN, title, number, len(sheets), cols, rows,
                    reach_from, symbols, lines, extra, terrain_row, light)  # fmt: skip
        c.showPage()
    c.save()
    return len(sheets)


def _legend(c: Any, rules: Ruleset, lang: str, x: float, y: float, width: float, title: str, number: int,
            total: int, cols: range, rows: range, reach_from: tuple[int, int] | None,
            symbols: tuple[str, ...] = (), lines: list[str] | None = None,
            extra: list[LegendEntry] | None = None, terrain_row: list[LegendEntry] | None = None,
            light: bool = False) -> None:  # fmt: skip
    """From the bottom up: the caption, the note, the terrains, the object symbols and the game's own,
    every word of it at one size (see legend_size)."""
    s = 5 * MM
    lines = lines or []
    base = y
    beside = terrain_row or []  # the game's lines among the terrains (rivers, say)
    step = width / (len(rules.terrains) + len(beside))
    # A terrain's name, never its map-file letter: a Latin code beside a Russian name reads as a word.
    names = [t.name[lang] if len(t.name[lang]) <= 16 else t.short[lang] for t in rules.terrains]
    each = width / len(extra) if extra else width
    kinds = _kinds(rules)
    sym_step = min(width / len(symbols), 45 * MM) if symbols else width
    wanted = [
        *((words, each - s - 3.5 * MM) for _, words in extra or []),
        *((words, step - s - 3.5 * MM) for _, words in beside),
        *((name, step - s - 3.5 * MM) for name in names),
        *((label(kinds[k].label, lang), sym_step - SYMBOL - 3.5 * MM) for k in symbols),
    ]
    size = legend_size(wanted)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont(fonts.SANS, NOTE_SIZE)
    for k, line in enumerate(reversed(lines)):
        c.drawString(x, y + 6.5 * MM + k * NOTE_LINE, line)
    y += len(lines) * NOTE_LINE
    if symbols:
        _symbols(c, rules, symbols, lang, x, y + 15 * MM, sym_step, size)
    if extra:  # the game's own symbols: a row above the terrains (and above the object symbols)
        row = y + 14.5 * MM + (SYMBOLS if symbols else 0)
        for i, (symbol, words) in enumerate(extra):
            symbol(c, x + i * each, row, s)
            c.setFillColorRGB(0, 0, 0)
            draw_fitted(c, x + i * each + s + 1.5 * MM, row + 1.5 * MM, words, fonts.SANS, size, each - s - 3.5 * MM,
                        min_size=size, shorten=True)  # fmt: skip
    for k, (symbol, words) in enumerate(beside):
        left = x + (len(rules.terrains) + k) * step
        symbol(c, left, y + 8 * MM, s)
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, left + s + 1.5 * MM, y + 9.5 * MM, words, fonts.SANS, size, step - s - 3.5 * MM,
                    min_size=size, shorten=True)  # fmt: skip
    for i, t in enumerate(rules.terrains):
        rgb = terrain_fill(t.colour, light)
        c.setFillColorRGB(*rgb)
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.rect(x + i * step, y + 8 * MM, s, s, stroke=1, fill=1)
        _hatch(c, t.pattern, x + i * step, y + 8 * MM, s, ink_on(rgb))
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, x + i * step + s + 1.5 * MM, y + 9.5 * MM, names[i], fonts.SANS, size, step - s - 3.5 * MM,
                    min_size=size, shorten=True)  # fmt: skip
    c.setFillColorRGB(0.2, 0.2, 0.2)
    caption = _caption(lang, title, number, total, cols, rows, reach_from)
    draw_fitted(c, x, base + 2 * MM, caption, fonts.SANS, size, width, min_size=size, shorten=True)


def _legend_column(c: Any, rules: Ruleset, lang: str, x: float, y: float, width: float, height: float, title: str,
                   number: int, total: int, cols: range, rows: range, reach_from: tuple[int, int] | None,
                   symbols: tuple[str, ...], note: str, extra: list[LegendEntry],
                   terrain_row: list[LegendEntry], light: bool = False) -> None:  # fmt: skip
    """The legend beside the grid, from the top down: the object samples, the game's own symbols, the
    terrains and the game's lines among them; the note and the caption at the foot. The same entries
    and one size of words as _legend, one to a line."""
    from reportlab.lib.utils import simpleSplit

    s = 5 * MM
    kinds = _kinds(rules)
    names = [t.name[lang] if len(t.name[lang]) <= 16 else t.short[lang] for t in rules.terrains]
    words = width - s - 2 * MM
    entries = [*(w for _, w in extra), *names, *(w for _, w in terrain_row)]
    size = legend_size([*((w, words) for w in entries), *((label(kinds[k].label, lang), width - SYMBOL - 2 * MM)
                                                          for k in symbols)])  # fmt: skip
    top = y + height
    for kind in symbols:
        top -= SYMBOL_ROW
        _symbol(c, kinds[kind], lang, x, top, width - SYMBOL - 2 * MM, size)
    samples: list[tuple[Any, str]] = [*extra]
    for i, t in enumerate(rules.terrains):
        samples.append((lambda cv, sx, sy, ss, t=t: _terrain_sample(cv, t.colour, t.pattern, sx, sy, ss, light),
                        names[i]))  # fmt: skip
    samples += terrain_row
    for symbol, text in samples:
        top -= ROW
        symbol(c, x, top, s)
        c.setFillColorRGB(0, 0, 0)
        draw_fitted(c, x + s + 1.5 * MM, top + 1.5 * MM, text, fonts.SANS, size, words, min_size=size, shorten=True)
    # The caption a part to a line where it can ("title", "sheet 1 of 1:", "rows ..."), each wrapped
    # to the column; at most CAPTION_LINES lines (the room layout kept), the last cut short.
    caption = [line for part in re.split(r"(?<=:) | · ", _caption(lang, title, number, total, cols, rows, reach_from))
               for line in simpleSplit(part, fonts.SANS, size, width)]  # fmt: skip
    if len(caption) > CAPTION_LINES:
        caption = [*caption[: CAPTION_LINES - 1], " ".join(caption[CAPTION_LINES - 1 :])]
    lines = note_lines(note, width)
    foot = y + 1 * MM
    above = foot + (len(caption) + 0.5) * NOTE_LINE
    # Top down, so that a text layer reads them in order.
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont(fonts.SANS, NOTE_SIZE)
    for k, line in enumerate(lines):
        c.drawString(x, above + (len(lines) - 1 - k) * NOTE_LINE, line)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    for k, line in enumerate(caption):
        draw_fitted(c, x, foot + (len(caption) - 1 - k) * NOTE_LINE, line, fonts.SANS, size, width, min_size=size,
                    shorten=True)  # fmt: skip


def _terrain_sample(c: Any, colour: str, pattern: str | None, x: float, y: float, s: float,
                    light: bool = False) -> None:  # fmt: skip
    rgb = terrain_fill(colour, light)
    c.setFillColorRGB(*rgb)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.rect(x, y, s, s, stroke=1, fill=1)
    _hatch(c, pattern, x, y, s, ink_on(rgb))


def cell_tag(c: Any, words: str, x: float, y: float, width: float, height: float, size: float) -> None:
    """Black words on a white tag laid across a cell (a game's pieces as an evening has them): read in
    grey as in colour, over any terrain or pattern; words too long for it are cut short."""
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    c.setLineWidth(0.5)
    c.roundRect(x, y, width, height, height * 0.2, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, x + 1, y + height * 0.3, words, fonts.NARROW_BOLD, size, width - 2, align="center", shorten=True)
    c.restoreState()


LEGEND_SIZE, LEGEND_MIN = 7.5, 6.0  # pt: a legend's words, and the least they shrink to all together
SYMBOL = 6.5 * MM  # an object's sample in the legend: the numbers inside stay above 6 pt


def legend_size(wanted: list[tuple[str, float]]) -> float:
    """The one size of a legend's words: LEGEND_SIZE, or less where an entry needs it to fit its
    room (not below LEGEND_MIN: an entry longer still is cut short), so that no entry prints
    smaller than its neighbours."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = LEGEND_SIZE
    for words, room in wanted:
        natural = stringWidth(words, fonts.SANS, LEGEND_SIZE)
        if natural > room > 0:
            # Rounded down to a hundredth of a point: the exact quotient may come out a hair wider
            # than the room, and the entry that set the size was then cut short ("постройка владель…").
            size = min(size, math.floor(100 * LEGEND_SIZE * room / natural) / 100)
    return max(size, LEGEND_MIN)


def _symbols(c: Any, rules: Ruleset, symbols: tuple[str, ...], lang: str, x: float, y: float, step: float,
             size: float) -> None:  # fmt: skip
    """What each object looks like on the map, drawn by the code that draws it there."""
    kinds = _kinds(rules)
    for i, kind in enumerate(symbols):
        _symbol(c, kinds[kind], lang, x + i * step, y, step - SYMBOL - 3.5 * MM, size)


def _symbol(c: Any, kind: MapObjectKind, lang: str, x: float, y: float, room: float, size: float) -> None:
    """One legend entry: the object in a grey square, as the map draws it, and its name beside it."""
    c.saveState()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.3)
    c.rect(x, y, SYMBOL, SYMBOL, stroke=1, fill=0)
    c.restoreState()
    _object(c, kind.symbol, 1 if kind.numbered else None, x, y, SYMBOL)
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, x + SYMBOL + 1.5 * MM, y + 2.2 * MM, label(kind.label, lang), fonts.SANS, size, room,
                min_size=size, shorten=True)  # fmt: skip


def _caption(lang: str, title: str, number: int, total: int, cols: range, rows: range,
             reach_from: tuple[int, int] | None) -> str:  # fmt: skip
    caption = f"{title} · " + label("map_tile", lang, n=number, total=total,
                                    rows=f"{rows.start + 1}–{rows.stop}",
                                    cols=f"{column_name(cols.start)}–{column_name(cols.stop - 1)}")  # fmt: skip
    if total > 1:
        caption += " · " + label("map_glue", lang)
    if reach_from is not None:
        caption += " · " + label("map_reach", lang, cell=cell_name(*reach_from))
    return caption


DEFAULT_CELL_MM = 20.0


def kit_cell_mm(session: Any) -> float:
    """A kit map's cell: as the game sizes it (VS: as large as its tokens), else DEFAULT_CELL_MM."""
    target = (game(session.ruleset.family).maps or Maps()).cell_mm
    return float(resolve(target)(session)) if target else DEFAULT_CELL_MM


def build(b: Build) -> None:
    """The kit's map.pdf from the config's map; cells as large as the game's tokens where it has them."""
    from ..config.session import display_title

    session = b.session
    assert session.game_map is not None
    cell_mm = kit_cell_mm(session)
    write_map(session.game_map, session.ruleset, b.writer.path("map.pdf"), session.paper, session.language,
              display_title(session), cell_mm, colours=map_colours(session),
              light=bool(b.options.greyscale))  # fmt: skip
    b.progress("map", 1, 1)


def preflight(b: Build) -> None:
    """What can refuse the kit's map sheet (see check_sheet)."""
    from ..config.session import display_title

    session = b.session
    assert session.game_map is not None
    check_sheet(session.game_map, session.ruleset, session.paper, session.language, display_title(session),
                kit_cell_mm(session), colours=map_colours(session))  # fmt: skip


def check_sheet(game_map: GameMap, rules: Ruleset, paper: str, lang: str, title: str, cell_mm: float, *,
                landscape: bool = False, beside: bool = False, symbols: tuple[str, ...] = (), note: str = "",
                colours: Mapping[str, str] | None = None) -> None:  # fmt: skip
    """What can refuse a map sheet, without drawing a cell: the legend and caption of every tile."""
    import io

    from reportlab.pdfbase.pdfmetrics import stringWidth

    width, height = sheet_size(paper, landscape)
    lines = note_lines(note, width - 2 * MARGIN)
    overlay = overlay_for(game_map, rules, lang, colours)
    extra = overlay.legend() if overlay is not None else []
    terrain_row = overlay.terrain_row() if overlay is not None else []
    below = 0.0 if beside else legend_height(symbols, len(lines), bool(extra))
    sheets = tiles(game_map, paper, cell_mm * MM, landscape, below, side_room(beside))
    c = open_canvas(io.BytesIO(), paper, "check", "check")
    total = len(sheets)
    # The legend is the same on every tile but for its caption: draw it once, with the widest caption.
    captions = [_caption(lang, title, n, total, cols, rows, None) for n, (cols, rows) in enumerate(sheets, start=1)]
    widest = max(range(total), key=lambda i: stringWidth(captions[i], fonts.SANS, LEGEND_SIZE))
    cols, rows = sheets[widest]
    if beside:
        cell = cell_mm * MM
        left = left_edge(width, len(cols), cell, side_room(beside)) + len(cols) * cell + RULER + GAP
        _legend_column(c, rules, lang, left, MARGIN, width - MARGIN - left, height - 2 * MARGIN, title, widest + 1,
                       total, cols, rows, None, symbols, note, extra, terrain_row)  # fmt: skip
    else:
        _legend(c, rules, lang, MARGIN, MARGIN, width - 2 * MARGIN, title, widest + 1, total, cols, rows, None,
                symbols, lines, extra, terrain_row)  # fmt: skip
    if overlay is not None:  # labels and symbols of every cell, on a scratch page
        for y in range(game_map.height):
            for x in range(game_map.width):
                overlay.cell(c, x, y, 0, 0, cell_mm * MM)
                overlay.over(c, x, y, 0, 0, cell_mm * MM)


# Names this module held before they went to the game whose maps have rivers; each answers for one release.
_MOVED = {"draw_river": "printkit.games.vs.map_sheet", "river_symbol": "printkit.games.vs.map_sheet"}
__getattr__ = forward(__name__, _MOVED)
