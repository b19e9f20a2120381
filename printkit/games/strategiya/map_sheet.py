"""The «Стратегия» kit's map sheet: the config's map, a random one, or a blank squared sheet to draw on."""

from __future__ import annotations

from dataclasses import dataclass

from ...artefact import Build
from ...config.session import display_title
from ...errors import UsageError
from ...labels import label
from ...maps.grid import GameMap
from ...maps.sheet import check_sheet, write_map
from ...maps.tiling import AUTO_CELLS_MM, layout
from .map_random import random_map, to_yaml
from .model import rules_of, session_of
from .session_schema import DEFAULT_MAP_SIZE

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
    cell_mm, landscape = layout(game_map, session.paper, cells, SYMBOLS, note)
    return MapPlan(game_map, blank, not blank and session.game_map is None, cell_mm, landscape, note)


def build(b: Build) -> None:
    """map.pdf on the fewest sheets (landscape where that saves one); map.yaml for a random map."""
    session = b.session
    p = plan(b)
    write_map(p.game_map, session.ruleset, b.writer.path("map.pdf"), session.paper, session.language,
              display_title(session), p.cell_mm, landscape=p.landscape, blank=p.blank, symbols=SYMBOLS,
              note=p.note)  # fmt: skip
    if p.random:
        # The same map as data, for `printkit referee reach` and for pasting into the config.
        b.writer.write("map.yaml", to_yaml(p.game_map, session.ruleset.id).encode("utf-8"))
    b.progress("map", 1, 1)


def preflight(b: Build) -> None:
    """The legend and captions of the sheet the build would print (a title too long for them)."""
    session = b.session
    p = plan(b)
    check_sheet(p.game_map, session.ruleset, session.paper, session.language, display_title(session), p.cell_mm,
                landscape=p.landscape, symbols=SYMBOLS, note=p.note)  # fmt: skip
