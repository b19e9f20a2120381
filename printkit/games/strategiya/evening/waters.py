"""The evening's map as its builders left it: bridges over water, and a dam's river dried below it."""

# «Создание карты» 6) and «Строительство» 1), 3): a bridge lets heroes cross the water at the
# plain's speed; a dam turns the stretch of river it cuts off into plain, and the adventures and
# resources on that stretch are lost; the current must run into the dam, so a river is cut off
# whole only at its source. Reading (said when a dam is finished): the stretch cut off is the
# running water below the dam that no other current still feeds (a cell dries when every current
# flowing into it has dried), followed cell by cell along the arrows; still water (a lake) never
# dries, and the dam's own cells are land, walked as plain. The text names no other stretch that
# a dam could cut off, so there is no switch: the master can undo a dam he reads otherwise.

from __future__ import annotations

import dataclasses
from collections import deque
from typing import Any

from printkit.plugin import GameMap, MapObject, RefusedValue, cell_name, parse_cell

from ..model import StrategiyaMap, strategiya_map
from .part import Built, Heroes

LOST_KINDS = ("resource", "adventure")  # what a dried stretch destroys («Строительство» 3))
DRIES = "dam"
SPANS = ("bridge", "dam")  # the buildings that stand over water, named cell by cell

Cell = tuple[int, int]


def standing(part: Heroes) -> GameMap | None:
    """The evening's map with every finished bridge and dam in place (None without a map): a
    bridge's cells hold a bridge (crossed as plain), a dam's cells and the river it dried are
    plain, with their adventures and resources gone."""
    drawn: GameMap | None = part.session.game_map
    if drawn is None or not any(b.over for b in part.built):
        return drawn
    return changed(drawn, part.built, _plain(part))


def _plain(part: Heroes) -> tuple[str, str]:
    """The plain's terrain id and the letter a map writes it with."""
    plain = next(t for t in part.session.ruleset.terrains if t.id == "plain")
    return plain.id, plain.letter or "P"


def changed(drawn: GameMap, built: tuple[Built, ...], plain: tuple[str, str]) -> GameMap:
    """A map with these bridges and dams applied, in the order they were finished."""
    land = {parse_cell(c) for b in built if b.kind == DRIES for c in (*b.over, *b.dried)}
    bridges = [parse_cell(c) for b in built if b.kind != DRIES for c in b.over]
    cells = tuple(tuple(plain[0] if (x, y) in land else t for x, t in enumerate(row))
                  for y, row in enumerate(drawn.cells))  # fmt: skip
    letters = tuple("".join(plain[1] if (x, y) in land else ch for x, ch in enumerate("".join(row.split())))
                    for y, row in enumerate(drawn.letters))  # fmt: skip
    kept = tuple(o for o in drawn.objects if not ((o.x, o.y) in land and o.kind in LOST_KINDS))
    spans = tuple(MapObject(x, y, "bridge") for x, y in bridges if (x, y) not in land)
    river = strategiya_map(drawn)
    part = drawn.part
    if isinstance(part, StrategiyaMap):
        part = dataclasses.replace(river, currents=tuple((c, d) for c, d in river.currents if c not in land))
    return dataclasses.replace(drawn, cells=cells, letters=letters, objects=kept + spans, part=part)


def span(game_map: GameMap | None, ruleset: Any, kind: str, bank: str, words: str) -> tuple[str, ...]:
    """The water cells a bridge or a dam is to stand on, as named (I4 J4, or I4,J4): each on the
    map and water, none twice, the first beside the bank the hero stands on and each next beside
    the one before; a dam's on running water (still water has no river to cut)."""
    if game_map is None:
        raise RefusedValue("sev_over_no_map")
    named: list[str] = []
    for word in words.replace(",", " ").split():
        x, y = parse_cell(word)
        if not game_map.inside(x, y):
            raise RefusedValue("sev_off_map", cell=word, width=game_map.width, height=game_map.height)
        cell = cell_name(x, y)
        terrain = game_map.terrain(x, y)
        if terrain is None or not ruleset.terrain(terrain).water:
            raise RefusedValue("sev_over_dry", cell=cell)
        if cell in named:
            raise RefusedValue("sev_over_twice", cell=cell)
        before = parse_cell(named[-1]) if named else parse_cell(bank)
        if max(abs(x - before[0]), abs(y - before[1])) != 1:
            raise RefusedValue("sev_over_apart", cell=cell, before=cell_name(*before))
        if kind == DRIES and (x, y) not in strategiya_map(game_map).flows():
            raise RefusedValue("sev_over_still", cell=cell)
        if kind != DRIES and any((o.x, o.y, o.kind) == (x, y, "bridge") for o in game_map.objects):
            raise RefusedValue("sev_over_bridged", cell=cell)
        named.append(cell)
    if not named:
        raise RefusedValue("sev_over_none")
    _across(game_map, ruleset, kind, bank, named)
    return tuple(named)


def _across(game_map: GameMap, ruleset: Any, kind: str, bank: str, named: list[str]) -> None:
    """A bridge or a dam reaches the far bank: its last cell has land beside it away from the bank
    it starts from (a bridge «на другую сторону реки»; a dam cuts the river off only across its
    whole width). A dam runs across the current: no current of its cells flows into another."""
    bx, by = parse_cell(bank)
    lx, ly = parse_cell(named[-1])
    far = [(x, y) for x, y in game_map.neighbours(lx, ly) if max(abs(x - bx), abs(y - by)) > 1
           and (t := game_map.terrain(x, y)) is not None and not ruleset.terrain(t).water]  # fmt: skip
    if not far:
        raise RefusedValue("sev_over_far", cell=named[-1])
    if kind == DRIES:
        flows = strategiya_map(game_map).flows()
        cells = {parse_cell(c) for c in named}
        for x, y in cells:
            step = flows.get((x, y))
            if step is not None and (x + step[0], y + step[1]) in cells:
                raise RefusedValue("sev_over_along", cell=cell_name(x, y), into=cell_name(x + step[0], y + step[1]))


def dried_below(game_map: GameMap, ruleset: Any, dam: tuple[str, ...]) -> tuple[str, ...]:
    """The running water a dam on these cells cuts off: followed along the currents from the dam,
    each cell every current flowing into which has dried (the dam's own cells first), in the
    order they dry; still water and a cell another current still feeds stay water."""
    flows = strategiya_map(game_map).flows()
    running = {c for c in flows if (t := game_map.terrain(*c)) is not None and ruleset.terrain(t).water}
    feeders: dict[Cell, set[Cell]] = {}
    for (x, y), (dx, dy) in flows.items():
        below = (x + dx, y + dy)
        if (x, y) in running and below in running:
            feeders.setdefault(below, set()).add((x, y))
    dry = {parse_cell(c) for c in dam}
    queue = deque(parse_cell(c) for c in dam)
    out: list[str] = []
    while queue:
        x, y = queue.popleft()
        if (x, y) not in flows:
            continue
        dx, dy = flows[(x, y)]
        below = (x + dx, y + dy)
        if below in running and below not in dry and feeders.get(below, set()) <= dry:
            dry.add(below)
            out.append(cell_name(*below))
            queue.append(below)
    return tuple(out)


def lost_on(game_map: GameMap, cells: tuple[str, ...]) -> list[MapObject]:
    """The adventures and resources on cells a dam dries, which the rules destroy."""
    at = {parse_cell(c) for c in cells}
    return [o for o in game_map.objects if (o.x, o.y) in at and o.kind in LOST_KINDS]


def _at(listed: Any) -> Cell | None:
    """Where a map file's object stands (None: not an object a cell can be read from)."""
    if not isinstance(listed, dict):
        return None
    try:
        return parse_cell(str(listed.get("at")))
    except RefusedValue:
        return None


def written(the_map: dict[str, Any], standing_map: GameMap) -> None:
    """A map file's data made to say what the standing map does: its rows, its currents cell by
    cell, its objects without those lost and with the bridges added (as the referee reads it)."""
    the_map["rows"] = list(standing_map.letters)
    river = strategiya_map(standing_map)
    if river.currents or the_map.get("currents"):
        the_map["currents"] = [{"cells": cell_name(*c), "flow": d} for c, d in river.currents]
    present = {(o.x, o.y, o.kind) for o in standing_map.objects}
    kept = [o for o in the_map.get("objects") or [] if (at := _at(o)) is None or (*at, o.get("kind")) in present]
    there = {(*at, "bridge") for o in kept if (at := _at(o)) is not None and o.get("kind") == "bridge"}
    bridges = sorted((y, x) for x, y, kind in present if kind == "bridge" and (x, y, kind) not in there)
    the_map["objects"] = kept + [{"at": cell_name(x, y), "kind": "bridge"} for y, x in bridges]
