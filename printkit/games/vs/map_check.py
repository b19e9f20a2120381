"""The map rules of «Великая Стратегическая»: letters, rivers, one piece a cell, names, spacing."""

from __future__ import annotations

from ...config.model import Ruleset
from ...maps.grid import Finding, GameMap, cell_name, one_per_cell, unknown_letters
from .model import VsData

WATERS = ("coast", "sea")  # the two sea terrains; ships sail them, land troops do not


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every problem of a VS map."""
    out = unknown_letters(game_map) + one_per_cell(game_map)
    for x, y in sorted(game_map.rivers, key=lambda c: (c[1], c[0])):
        if game_map.terrain(x, y) in WATERS:
            out.append(Finding(cell_name(x, y), "a river runs over land, not over the sea"))
    vs = rules.part
    if not isinstance(vs, VsData):
        return out
    known = {s.id for s in vs.structures} | {f"mine-{m.level}" for m in vs.mines}
    for o in game_map.objects:
        if o.structure and o.structure.casefold() not in known:
            out.append(Finding(cell_name(o.x, o.y), f"no building {o.structure!r} in {rules.id}"))
    # At least `buildings_apart` cells must lie between two постройки (lord houses and fortresses):
    # read as a king's distance of more than that.
    apart = int(vs.figures.get("buildings_apart") or 0)
    houses = [o for o in game_map.objects if o.kind in ("town", "port", "building")
              and (o.structure or "tower").casefold() in {s.id for s in vs.structures if s.id != "bridge"}]  # fmt: skip
    for i, a in enumerate(houses):
        for b in houses[i + 1 :]:
            if max(abs(a.x - b.x), abs(a.y - b.y)) <= apart:
                out.append(Finding(cell_name(b.x, b.y), f"fewer than {apart} cells from the building at "
                                   f"{cell_name(a.x, a.y)}"))  # fmt: skip
    seen: set[tuple[int, int]] = set()
    for p in game_map.pieces:
        where = cell_name(p.x, p.y)
        if vs.troop(p.troop) is None:
            out.append(Finding(where, f"no troop {p.troop!r} in {rules.id}"))
        if (p.x, p.y) in seen:
            out.append(Finding(where, "two troops in one cell"))
        seen.add((p.x, p.y))
    return out
