"""The map rules of «Стратегия»: open corners linked over open ground, numbered objects, a port by the water."""

from __future__ import annotations

from collections import deque

from printkit.maps import Finding, one_per_cell, unknown_letters
from printkit.plugin import GameMap, Phrase, Ruleset, cell_name

from .model import rules_of, strategiya_map

# The rules: corners may not be these terrains, and these terrains may not cut a corner off.
CORNER_FORBIDDEN = frozenset({"deathzone", "water", "mountain"})


def open_ground(game_map: GameMap) -> set[tuple[int, int]]:
    """Cells outside the three terrains that may not wall a corner in (a bridge does not count)."""
    return {(x, y) for y in range(game_map.height) for x in range(game_map.width)
            if game_map.terrain(x, y) not in CORNER_FORBIDDEN and game_map.terrain(x, y) is not None}  # fmt: skip


def linked(game_map: GameMap, ground: set[tuple[int, int]], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The cells of `ground` a king's moves reach from `start` without leaving it."""
    seen = {start}
    queue = deque([start])
    while queue:
        for n in game_map.neighbours(*queue.popleft()):
            if n in ground and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def cut_off_corners(game_map: GameMap) -> list[Finding]:
    """Corners that cannot reach the others over open ground: the rules forbid cutting a corner
    off with death zone, water or mountains, even where a fast hero could climb the mountains."""
    corners = [(0, 0), (game_map.width - 1, 0), (0, game_map.height - 1), (game_map.width - 1, game_map.height - 1)]
    ground = open_ground(game_map)
    start = next((c for c in corners if c in ground), None)
    if start is None:
        return []
    seen = linked(game_map, ground, start)
    return [
        Finding(cell_name(*c), Phrase("smc_cut_off", corner=cell_name(*start)))
        for c in corners
        if c in ground and c not in seen
    ]


def check(game_map: GameMap, rules: Ruleset) -> list[Finding]:
    """Every way a map breaks the rules of a «Стратегия» map, and warnings.

    A terrain region left open cannot happen here: every cell holds one terrain, and the printed map
    draws the dividing line along every change of terrain and round the map's edge (see map_sheet)."""
    out: list[Finding] = unknown_letters(game_map)
    names = {t.id: {"en": t.name["en"].lower(), "ru": t.name["ru"].lower()} for t in rules.terrains}
    corners = [(0, 0), (game_map.width - 1, 0), (0, game_map.height - 1), (game_map.width - 1, game_map.height - 1)]
    for x, y in corners:
        if game_map.terrain(x, y) in CORNER_FORBIDDEN:
            out.append(Finding(cell_name(x, y), Phrase("smc_corner", terrain=names[game_map.terrain(x, y) or ""])))
    out += cut_off_corners(game_map)
    present = {t for row in game_map.cells for t in row if t}
    for t in rules.terrains:
        if t.id not in present:
            out.append(Finding(None, Phrase("smc_missing", terrain=names[t.id]), warning=True))
    out += one_per_cell(game_map)
    numbers: dict[tuple[str, str, int], str] = {}
    slots = {t.id: t.slots for t in rules_of(rules).terrains}
    for o in game_map.objects:
        name = cell_name(o.x, o.y)
        if o.kind in ("resource", "adventure"):
            terrain = game_map.terrain(o.x, o.y)
            kind = Phrase(f"smc_{o.kind}")
            if o.number is None:
                out.append(Finding(name, Phrase("smc_number", kind=kind)))
                continue
            if terrain in slots and o.number > slots[terrain]:
                # The binary code reads an object's number off the secret sheets' rows, which stop here.
                out.append(Finding(name, Phrase("smc_slots", kind=kind, n=o.number, slots=slots[terrain],
                                                terrain=names[terrain])))  # fmt: skip
                continue
            slot = (terrain or "?", o.kind, o.number)
            if slot in numbers:
                where = names.get(terrain or "", "?")
                out.append(Finding(name, Phrase("smc_again", kind=kind, n=o.number, terrain=where, at=numbers[slot])))
            numbers[slot] = name
    if "water" in present:
        towns = [o for o in game_map.objects if o.kind in ("town", "port")]
        if not any(any(game_map.terrain(*n) == "water" for n in game_map.neighbours(o.x, o.y)) for o in towns):
            out.append(Finding(None, Phrase("smc_port")))
    for (x, y), _ in strategiya_map(game_map).currents:
        if game_map.terrain(x, y) != "water":
            out.append(Finding(cell_name(x, y), Phrase("smc_current_dry")))
    return out
