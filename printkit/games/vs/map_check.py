"""The map rules of «Великая Стратегическая»: known letters, rivers on land, one object per cell."""

from __future__ import annotations

from ...config.model import Ruleset
from ...maps.grid import Finding, GameMap, cell_name, one_per_cell, unknown_letters

WATERS = ("coast", "sea")  # the two sea terrains; ships sail them, land troops do not


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every problem of a VS map."""
    out = unknown_letters(game_map) + one_per_cell(game_map)
    for x, y in sorted(game_map.rivers, key=lambda c: (c[1], c[0])):
        if game_map.terrain(x, y) in WATERS:
            out.append(Finding(cell_name(x, y), "a river runs over land, not over the sea"))
    return out
