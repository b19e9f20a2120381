"""The «Стратегия» kit's map sheet: the config's map, a random one, or a blank squared sheet to draw on."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.maps import AUTO_CELLS_MM, LegendEntry, cell_tag, check_sheet, crossed_out, map_layout, write_map
from printkit.plugin import Build, Colour, GameMap, Ruleset, UsageError, display_title, label
from printkit.render import draw_fitted, fonts

from .map_random import random_map, to_yaml
from .model import rules_of, session_of, strategiya_map
from .session_schema import DEFAULT_MAP_SIZE

LINE: Colour = (0.08, 0.08, 0.08)  # the dividing line between terrains: black, over a white halo
HALO: Colour = (1.0, 1.0, 1.0)
ARROW: Colour = (0.02, 0.1, 0.25)  # a current: dark navy over the water's blue, on a white halo
# A side of a cell by the step to its neighbour (map rows grow downwards): the edge in units of a cell.
SIDES = {(1, 0): (1, 0, 1, 1), (-1, 0): (0, 0, 0, 1), (0, 1): (0, 0, 1, 0), (0, -1): (0, 1, 1, 1)}


class StrategiyaOverlay:
    """The dividing line the rules ask round every terrain region, and the current of running water
    as an arrow in each of its cells (water without one is still)."""

    def __init__(self, game_map: GameMap, rules: Ruleset, lang: str, colours: Mapping[str, str]) -> None:
        self.map, self.lang = game_map, lang
        self.flows = strategiya_map(game_map).flows()
        self.pieces = strategiya_map(game_map).pieces
        self.owners = strategiya_map(game_map).owners
        self.ships = strategiya_map(game_map).ships
        self.blank = all(t is None for row in game_map.cells for t in row)
        self.water = any(t.water for t in rules.terrains)

    def sides(self, x: int, y: int) -> list[tuple[int, int]]:
        """The sides of a cell along which a dividing line runs: another terrain, or the map's edge."""
        here = self.map.terrain(x, y)
        if here is None:
            return []
        return [(dx, dy) for dx, dy in SIDES
                if not self.map.inside(x + dx, y + dy) or self.map.terrain(x + dx, y + dy) != here]  # fmt: skip

    def cell(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> bool:
        flow = self.flows.get((x, y))
        if flow is not None:
            _arrow(c, px + s / 2, py + s / 2, s * 0.34, flow)
        return False

    def over(self, c: Any, x: int, y: int, px: float, py: float, s: float) -> None:
        # An evening's heroes and ships over everything of their cell (its object's symbol too).
        for row, words in enumerate(w for cell, w in self.pieces if cell == (x, y)):
            _tag(c, words, px, py, s, row)
        # Page y grows upwards while map rows grow downwards: the row below is the cell's lower edge.
        sides = self.sides(x, y)
        if not sides:
            return
        c.saveState()
        # The halo stops short of the corners, where another cell's line may already be drawn: the
        # black lines meet unbroken.
        for colour, width, cap, short in ((HALO, 2.6, 0, 1.3), (LINE, 1.3, 2, 0.0)):
            c.setStrokeColorRGB(*colour)
            c.setLineWidth(width)
            c.setLineCap(cap)
            for dx, dy in sides:
                x0, y0, x1, y1 = SIDES[(dx, dy)]
                ax, ay = px + x0 * s + abs(dy) * short, py + y0 * s + abs(dx) * short
                bx, by = px + x1 * s - abs(dy) * short, py + y1 * s - abs(dx) * short
                c.line(ax, ay, bx, by)
        c.restoreState()

    def legend(self) -> list[LegendEntry]:
        """An evening's map: how a hero's tag and a ship's read, whose each player's mark is, and
        what a place crossed out is (the death zone's own sign is a cross too)."""
        out: list[LegendEntry] = []
        if self.pieces:
            whose = ", ".join(label("map_owner_mark", self.lang, mark=m, player=p) for m, p in self.owners)
            out.append((_hero_symbol, label("map_hero_tag", self.lang, owners=whose)))
        if self.ships:
            out.append((_ship_symbol, label("map_ship_tag", self.lang)))
        if any(o.detail("crossed") for o in self.map.objects):
            out.append((_crossed_symbol, label("map_crossed", self.lang)))
        return out

    def terrain_row(self) -> list[LegendEntry]:
        """Beside the terrains (a row of its own would cost a sheet on a full page): the dividing
        line, and the current's arrow where the map has one or is blank to be drawn on."""
        out: list[LegendEntry] = [(_line_symbol, label("map_dividing_line", self.lang))]
        if self.flows or (self.blank and self.water):
            out.append((_arrow_symbol, label("map_current", self.lang)))
        return out


def _tag(c: Any, words: str, px: float, py: float, s: float, row: int) -> None:
    """A hero or a ship an evening puts on a cell: black words on a white tag along the cell's foot,
    a further one on the same cell above it, so that a grey print still tells whose it is."""
    inset, height = s * 0.04, s * 0.2
    y0 = py + inset + row * height
    if y0 + height > py + s:
        return  # more than the cell holds: `evening show` lists them all
    cell_tag(c, words, px + inset, y0, s - 2 * inset, height, min(8.0, s * 0.14))


def _tag_symbol(c: Any, words: str, x: float, y: float, s: float) -> None:
    """A tag in the legend as the cells carry it: black words on white, larger to be read."""
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    c.setLineWidth(0.5)
    c.roundRect(x, y + s * 0.18, s, s * 0.64, s * 0.1, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    draw_fitted(c, x + 0.5, y + s * 0.34, words, fonts.NARROW_BOLD, s * 0.42, s - 1, align="center", shorten=True)
    c.restoreState()


def _hero_symbol(c: Any, x: float, y: float, s: float) -> None:
    _tag_symbol(c, "1\u00a0А", x, y, s)


def _ship_symbol(c: Any, x: float, y: float, s: float) -> None:
    _tag_symbol(c, "«»\u00a0А", x, y, s)


def _crossed_symbol(c: Any, x: float, y: float, s: float) -> None:
    """A place crossed out as the cells show it: a numbered place under the two bold strokes (the
    death zone's thin cross has no place under it)."""
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    c.setLineWidth(0.5)
    c.rect(x + s * 0.2, y + s * 0.2, s * 0.6, s * 0.6, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts.SANS_BOLD, s * 0.45)
    c.drawCentredString(x + s / 2, y + s * 0.34, "1")
    c.restoreState()
    crossed_out(c, x, y, s)


def _arrow(c: Any, cx: float, cy: float, half: float, flow: tuple[int, int]) -> None:
    """An arrow through (cx, cy) pointing the way the water flows (map rows grow downwards)."""
    length = math.hypot(*flow)
    ux, uy = flow[0] / length, -flow[1] / length
    tail = (cx - ux * half, cy - uy * half)
    tip = (cx + ux * half, cy + uy * half)
    head = half * 0.6
    wings = [(tip[0] - head * (ux * 0.8 - uy * 0.55), tip[1] - head * (uy * 0.8 + ux * 0.55)),
             (tip[0] - head * (ux * 0.8 + uy * 0.55), tip[1] - head * (uy * 0.8 - ux * 0.55))]  # fmt: skip
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for colour, width in ((HALO, max(2.4, half * 0.3)), (ARROW, max(1.1, half * 0.14))):
        c.setStrokeColorRGB(*colour)
        c.setFillColorRGB(*colour)
        c.setLineWidth(width)
        c.line(tail[0], tail[1], tip[0] - ux * head * 0.5, tip[1] - uy * head * 0.5)
        p = c.beginPath()
        p.moveTo(*tip)
        p.lineTo(*wings[0])
        p.lineTo(*wings[1])
        p.close()
        c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def _line_symbol(c: Any, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setFillColorRGB(0.92, 0.92, 0.92)
    c.rect(x, y, s, s, stroke=0, fill=1)
    for colour, width in ((HALO, 2.6), (LINE, 1.3)):
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(width)
        c.line(x + s / 2, y, x + s / 2, y + s)
    c.restoreState()


def _arrow_symbol(c: Any, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setFillColorRGB(0.24, 0.52, 0.78)
    c.rect(x, y, s, s, stroke=0, fill=1)
    c.restoreState()
    _arrow(c, x + s / 2, y + s / 2, s * 0.4, (1, 0))


def overlay(game_map: GameMap, rules: Ruleset, lang: str, colours: Mapping[str, str]) -> StrategiyaOverlay:
    """The registry's entry point: the overlay of one «Стратегия» map."""
    return StrategiyaOverlay(game_map, rules, lang, colours)


# The marks the rules use, in the legend of every «Стратегия» sheet (a blank one shows how to draw them).
SYMBOLS = ("town", "resource", "adventure", "bridge", "building")


@dataclass(frozen=True)
class MapPlan:
    """What the kit's map sheet shows and how it lies on the paper."""

    game_map: GameMap
    blank: bool  # white cells to draw the terrain on by hand
    random: bool  # drawn by `build --random-map`: the kit also holds it as map.yaml
    cell_mm: float
    landscape: bool
    beside: bool  # the legend in a column beside the grid (where that lets the cells grow)
    note: str


def blank_map(width: int, height: int) -> GameMap:
    """A map of no terrain and no objects: the grid the players draw on."""
    return GameMap(width, height, ((None,) * width,) * height, (), ("." * width,) * height)


def plan(b: Build) -> MapPlan:
    """The config's map; else `--random-map`; else a blank sheet of the config's `map_size`."""
    session, part = b.session, session_of(b.session)
    lang = session.language
    note = ""
    if session.game_map is not None:
        if b.options.own("random_map", False):
            raise UsageError("--random-map: the config has a map already; remove its map: to draw a random one")
        game_map, blank = session.game_map, False
    else:
        width, height = part.map_size or DEFAULT_MAP_SIZE
        blank = not b.options.own("random_map", False)
        if blank:
            game_map = blank_map(width, height)
            slots = max((t.slots for t in rules_of(session.ruleset).terrains), default=10)
            note = label("map_draw_note", lang, n=slots)
        else:
            game_map = random_map(session.ruleset, width, height, entropy=b.entropy)
    cells = (part.map_cell_mm,) if part.map_cell_mm else AUTO_CELLS_MM
    placed = map_layout(game_map, session.ruleset, lang, session.paper, cells, SYMBOLS, note)
    return MapPlan(game_map, blank, not blank and session.game_map is None, placed.cell_mm, placed.landscape,
                   placed.beside, note)  # fmt: skip


def build(b: Build) -> None:
    """map.pdf on the fewest sheets (landscape where that saves one); map.yaml for a random map."""
    session = b.session
    p = plan(b)
    write_map(p.game_map, session.ruleset, b.writer.path("map.pdf"), session.paper, session.language,
              display_title(session), p.cell_mm, landscape=p.landscape, beside=p.beside, blank=p.blank,
              symbols=SYMBOLS, note=p.note)  # fmt: skip
    if p.random:
        # The same map as data, for `printkit referee reach` and for pasting into the config.
        b.writer.write("map.yaml", to_yaml(p.game_map, session.ruleset.id).encode("utf-8"))
    b.progress("map", 1, 1)


def preflight(b: Build) -> None:
    """The legend and captions of the sheet the build would print (a title too long for them)."""
    session = b.session
    p = plan(b)
    check_sheet(p.game_map, session.ruleset, session.paper, session.language, display_title(session), p.cell_mm,
                landscape=p.landscape, beside=p.beside, symbols=SYMBOLS, note=p.note)  # fmt: skip
