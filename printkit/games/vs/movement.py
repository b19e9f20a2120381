"""«Великая Стратегическая» troop movement: cells per troop and terrain, stops at terrain changes and rivers."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ...config.model import Ruleset
from ...errors import UsageError
from ...maps.grid import GameMap
from ...maps.moves import MoveRequest, Reach, Route
from .map_check import WATERS
from .model import Troop, VsData, vs_of

Cell = tuple[int, int]


@dataclass(frozen=True)
class Going:
    """How one troop moves this turn: its table row, and a ship's cargo."""

    troop: Troop
    laden: bool = False  # a ship carrying a troop sails slower


def water_of(rules: Ruleset, game_map: GameMap, cell: Cell) -> str | None:
    """The water a ship sees in a cell: the sea terrains, and rivers (which count as coastal waters
    in 2025 and as sea in 2003, where the sea terrain holds the rivers)."""
    terrain = game_map.terrain(*cell)
    if terrain in WATERS:
        return terrain
    if cell in game_map.rivers:
        return "coast" if any(t.id == "coast" for t in rules.terrains) else "sea"
    return None


def _river_edition(rules: Ruleset) -> bool:
    """2003: a ship stops where it passes between a river and the sea; 2025 counts them as one."""
    return not any(t.id == "coast" for t in rules.terrains)


def cells_per_turn(rules: Ruleset, going: Going, terrain: str) -> int | None:
    cells = going.troop.move.get(terrain)
    if cells is None:
        return None
    if going.laden and isinstance(rules.part, VsData):
        cells = rules.part.figures.get("ship_cargo_speed", {}).get(terrain, cells)
    return cells


def one_turn(game_map: GameMap, rules: Ruleset, going: Going, start: Cell) -> dict[Cell, Cell]:
    """Cells reachable this turn, each with the cell it came from. A troop's cells per turn are those
    of the terrain it starts on: since any change of terrain ends the move, it never walks on
    another terrain's allowance."""
    troop = going.troop
    sailing = troop.kind == "sea" or (troop.kind == "magic" and not troop.move.keys() - set(WATERS))

    def ground(cell: Cell) -> str | None:
        if sailing:
            water = water_of(rules, game_map, cell)
            if water and _river_edition(rules) and cell in game_map.rivers:
                return "river"  # the same allowance as the sea, but a different water to stop at
            return water
        terrain = game_map.terrain(*cell)
        return None if terrain in WATERS and not troop.crosses else terrain

    def allowance(cell: Cell) -> int | None:
        g = ground(cell)
        return None if g is None else cells_per_turn(rules, going, "sea" if g == "river" else g)

    budget = allowance(start)
    came: dict[Cell, Cell] = {start: start}
    if not budget:
        return came
    home = ground(start)
    depth = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if depth[cell] == budget:
            continue
        for n in game_map.neighbours(*cell):
            if n in came or allowance(n) is None:
                continue
            came[n] = cell
            depth[n] = depth[cell] + 1
            # Magical troops and mages ignore terrain changes and rivers; everyone else stops on
            # entering another terrain, and a land troop stops on a river to cross it.
            stops = not troop.crosses and (ground(n) != home or (not sailing and n in game_map.rivers))
            if not stops:
                queue.append(n)
    return came


def reach(game_map: GameMap, rules: Ruleset, going: Going, start: Cell, turns: int = 1) -> dict[Cell, int]:
    """The first turn (1..turns) each cell can be reached in; the start maps to 0."""
    found: dict[Cell, int] = {start: 0}
    frontier = {start}
    for turn in range(1, turns + 1):
        fresh: set[Cell] = set()
        for cell in frontier:
            for n in one_turn(game_map, rules, going, cell):
                if n not in found:
                    found[n] = turn
                    fresh.add(n)
        if not fresh:
            break
        frontier = fresh
    return found


def reach_answer(game_map: GameMap, rules: Ruleset, request: MoveRequest) -> Reach:
    """`printkit referee reach` on a VS map: the troop's cells, from its table row."""
    vs = vs_of(rules)
    if not request.troop:
        raise UsageError("a «Великая Стратегическая» map needs --troop NAME")
    troop = vs.troop(request.troop)
    if troop is None:
        names = ", ".join(t.id for t in vs.troops)
        raise UsageError(f"no troop {request.troop!r} in {rules.id}; one of {names}")
    found = reach(game_map, rules, Going(troop, laden=request.laden), request.start, request.turns)
    rule = "ignores terrain changes and rivers" if troop.crosses else "stops at terrain changes and rivers"
    return Reach({c: t for c, t in found.items() if c != request.start}, f"{troop.id} ({rules.id}); {rule}")


def route_answer(game_map: GameMap, rules: Ruleset, request: MoveRequest, goal: Cell) -> Route:
    """`printkit referee route` on a VS map: not answered yet, refused rather than guessed."""
    raise UsageError("routes on «Великая Стратегическая» maps are not available yet; use `referee reach --turns N`")
