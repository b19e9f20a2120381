"""The map rules of «Великая Стратегическая»: letters, rivers, one piece a cell, names, spacing."""

from __future__ import annotations

from ...config.model import Ruleset
from ...labels import Phrase
from ...maps.grid import Finding, GameMap, cell_name, one_per_cell, unknown_letters
from ...suggest import did_you_mean
from .model import VsData

WATERS = ("coast", "sea")  # the two sea terrains; ships sail them, land troops do not


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every problem of a VS map."""
    out = unknown_letters(game_map) + one_per_cell(game_map)
    for x, y in sorted(game_map.rivers, key=lambda c: (c[1], c[0])):
        if game_map.terrain(x, y) in WATERS:
            out.append(Finding(cell_name(x, y), Phrase("vmc_river")))
    vs = rules.part
    if not isinstance(vs, VsData):
        return out
    known = {s.id for s in vs.structures} | {f"mine-{m.level}" for m in vs.mines}
    for o in game_map.objects:
        if o.structure and o.structure.casefold() not in known:
            said = Phrase("vmc_building", name=o.structure, edition=rules.id, hint=did_you_mean(o.structure, known))
            out.append(Finding(cell_name(o.x, o.y), said))
    # At least `buildings_apart` cells must lie between two постройки (lord houses and fortresses):
    # read as a king's distance of more than that.
    apart = int(vs.figures.get("buildings_apart") or 0)
    houses = [o for o in game_map.objects if o.kind in ("town", "port", "building")
              and (o.structure or "tower").casefold() in {s.id for s in vs.structures if s.id != "bridge"}]  # fmt: skip
    for i, a in enumerate(houses):
        for b in houses[i + 1 :]:
            if max(abs(a.x - b.x), abs(a.y - b.y)) <= apart:
                out.append(Finding(cell_name(b.x, b.y), Phrase("vmc_apart", apart=apart, at=cell_name(a.x, a.y))))
    seen: set[tuple[int, int]] = set()
    for p in game_map.pieces:
        where = cell_name(p.x, p.y)
        if vs.troop(p.troop) is None:
            hint = did_you_mean(p.troop, [t.id for t in vs.troops])
            out.append(Finding(where, Phrase("vmc_troop", name=p.troop, edition=rules.id, hint=hint)))
        if (p.x, p.y) in seen:
            out.append(Finding(where, Phrase("vmc_two_troops")))
        seen.add((p.x, p.y))
    return out
