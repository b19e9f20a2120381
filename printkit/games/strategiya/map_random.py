"""Random «Стратегия» maps that pass the map check: irregular regions, objects spread evenly."""

from __future__ import annotations

import dataclasses
from collections import deque

from printkit.maps import check
from printkit.plugin import Cell, Entropy, GameMap, MapObject, RandomStream, Ruleset, cell_name

from .map_check import CORNER_FORBIDDEN
from .model import DIRECTIONS, StrategiyaMap, rules_of, strategiya_map

# How common each terrain is among the region seeds (the six always appear at least once).
WEIGHTS = {"plain": 5, "forest": 4, "swamp": 2, "mountain": 2, "water": 2, "deathzone": 1}
SAFE = "plain"


def _pick(stream: RandomStream, items: list) -> object:  # type: ignore[type-arg]
    return items[stream.below(len(items))]


def _regions(rules: Ruleset, width: int, height: int, stream: RandomStream) -> list[list[str]]:
    ids = [t.id for t in rules.terrains]
    count = max(len(ids), width * height // 14)
    pool = [t for t in ids for _ in range(WEIGHTS.get(t, 1))]
    kinds = ids + [str(_pick(stream, pool)) for _ in range(count - len(ids))]
    seeds = [(stream.below(width), stream.below(height), kind) for kind in kinds]
    noise = [[stream.below(100) / 60 for _ in range(width)] for _ in range(height)]
    # Each cell takes the kind of its nearest seed (the first of equals), by a distance stretched
    # across and roughened by the noise, each seed weighting the noise 1, 2 or 3 times.
    weighted = [(sx, sy, 1 + (sx + sy) % 3, kind) for sx, sy, kind in seeds]
    grid = []
    for y in range(height):
        row = []
        for x in range(width):
            rough = noise[y][x]
            best, kind = None, ""
            for sx, sy, weight, seed_kind in weighted:
                far = abs(sx - x) * 1.1 + abs(sy - y) + rough * weight
                if best is None or far < best:
                    best, kind = far, seed_kind
            row.append(kind)
        grid.append(row)
    for cx, cy in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        for y in range(max(0, cy - 1), min(height, cy + 2)):
            for x in range(max(0, cx - 1), min(width, cx + 2)):
                if grid[y][x] in CORNER_FORBIDDEN:
                    grid[y][x] = SAFE
    _open_paths(grid, width, height)
    return grid


def _open_paths(grid: list[list[str]], width: int, height: int) -> None:
    """Join every corner to the first over open ground: where death zone, water or mountains wall
    a corner in, the cheapest way through (fewest such cells) becomes plain, a pass or a ford."""
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]

    def blocked(c: tuple[int, int]) -> int:
        return 1 if grid[c[1]][c[0]] in CORNER_FORBIDDEN else 0

    def near(c: tuple[int, int]) -> list[tuple[int, int]]:
        return [(c[0] + dx, c[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if (dx or dy) and 0 <= c[0] + dx < width and 0 <= c[1] + dy < height]  # fmt: skip

    for corner in corners[1:]:
        # 0-1 breadth-first search from the first corner: open cells cost nothing, walls one each.
        cost = {corners[0]: 0}
        came: dict[tuple[int, int], tuple[int, int]] = {}
        queue = deque([corners[0]])
        while queue:
            cell = queue.popleft()
            for n in near(cell):
                step = cost[cell] + blocked(n)
                if step < cost.get(n, step + 1):
                    cost[n] = step
                    came[n] = cell
                    (queue.append if blocked(n) else queue.appendleft)(n)
        cell = corner
        while cell != corners[0]:
            if blocked(cell):
                grid[cell[1]][cell[0]] = SAFE
            cell = came[cell]


def _spread(
    cells: list[tuple[int, int]], n: int, stream: RandomStream, taken: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Up to n cells far from each other and from objects already placed."""
    chosen: list[tuple[int, int]] = []
    candidates = [c for c in cells if c not in taken]
    for _ in range(n):
        if not candidates:
            break
        others = (*taken, *chosen)
        picks = [candidates[stream.below(len(candidates))] for _ in range(8)]
        best = max(picks, key=lambda c: min((max(abs(c[0] - ox), abs(c[1] - oy)) for ox, oy in others), default=99))
        chosen.append(best)
        candidates.remove(best)
    return chosen


def random_map(
    rules: Ruleset, width: int, height: int, seed: str | int | None = None, *, entropy: Entropy | None = None
) -> GameMap:
    """A map that passes `check` without violations; the same seed gives the same map.

    entropy: a kit's own (`build --random-map`); with the kit's --seed S it draws the same map as
    `map random --seed S` of that size. Corners are always open and joined (see `_open_paths`); a
    retry is left only for the rare map that breaks another rule (a port, numbers)."""
    letters = {t.id: t.letter or "?" for t in rules.terrains}
    slots = {t.id: t.slots for t in rules_of(rules).terrains}
    stream = (entropy or Entropy.from_seed(seed)).stream("map", width, height)
    for _ in range(200):
        grid = _regions(rules, width, height, stream)
        taken: set[tuple[int, int]] = set()
        objects: list[MapObject] = []
        land = [(x, y) for y in range(height) for x in range(width) if grid[y][x] not in ("water", "deathzone")]
        by_terrain: dict[str, list[tuple[int, int]]] = {}
        for y in range(height):
            for x in range(width):
                by_terrain.setdefault(grid[y][x], []).append((x, y))
        shore = [c for c in land if any(grid[y][x] == "water"
                                         for y in range(max(0, c[1] - 1), min(height, c[1] + 2))
                                         for x in range(max(0, c[0] - 1), min(width, c[0] + 2)))]  # fmt: skip
        towns = _spread(shore, 1, stream, taken) if shore else []
        taken.update(towns)
        towns += _spread(land, max(1, width * height // 90), stream, taken)
        taken.update(towns)
        objects += [MapObject(x, y, "town") for x, y in towns]
        for kind in ("resource", "adventure"):
            for terrain, cells in sorted(by_terrain.items()):
                n = min(slots[terrain], max(1, len(cells) // 12))
                for number, (x, y) in enumerate(_spread(cells, n, stream, taken), start=1):
                    objects.append(MapObject(x, y, kind, number))
                    taken.add((x, y))
        rows = tuple("".join(letters[t] for t in row) for row in grid)
        game_map = GameMap(width, height, tuple(tuple(row) for row in grid), tuple(objects), rows)
        if not any(not f.warning for f in check(game_map, rules)):
            # The currents are drawn last, so a seed keeps the terrain and objects it drew before.
            return dataclasses.replace(game_map, part=StrategiyaMap(_currents(grid, stream)))
    raise RuntimeError("no valid map found; try another seed or size")


STILL_BELOW = 4  # water bodies smaller than this are ponds: still water
STILL_CHANCE = 3  # one larger body in this many is a lake (still), the others run (rivers, seas)


def _currents(grid: list[list[str]], stream: RandomStream) -> tuple[tuple[Cell, str], ...]:
    """Currents for the running water of a map: a body of water (king-connected) that reaches the
    map's edge and has at least STILL_BELOW cells is a lake or runs off the map at one edge cell,
    every cell flowing to a neighbour one step nearer to it; a body closed in by land is still."""
    height, width = len(grid), len(grid[0])
    step = {v: k for k, v in DIRECTIONS.items()}
    seen: set[Cell] = set()
    out: list[tuple[Cell, str]] = []
    for y in range(height):
        for x in range(width):
            if grid[y][x] != "water" or (x, y) in seen:
                continue
            body = _body(grid, (x, y))
            seen |= body
            order = sorted(body, key=lambda c: (c[1], c[0]))
            edge = [c for c in order if c[0] in (0, width - 1) or c[1] in (0, height - 1)]
            if len(body) < STILL_BELOW or not edge or stream.below(STILL_CHANCE) == 0:
                continue
            outflow = edge[stream.below(len(edge))]
            far = {outflow: 0}
            queue = deque([outflow])
            while queue:
                cell = queue.popleft()
                for n in _near(cell, width, height):
                    if n in body and n not in far:
                        far[n] = far[cell] + 1
                        queue.append(n)
            flows: dict[Cell, Cell] = {}
            for cell in order:
                if cell == outflow:
                    continue
                nearer = [n for n in _near(cell, width, height) if far.get(n) == far[cell] - 1]
                # Straight steps first, so rivers run along the grid where they can.
                nearer.sort(key=lambda n: abs(n[0] - cell[0]) + abs(n[1] - cell[1]))
                straight = [n for n in nearer if abs(n[0] - cell[0]) + abs(n[1] - cell[1]) == 1] or nearer
                n = straight[stream.below(len(straight))]
                flows[cell] = (n[0] - cell[0], n[1] - cell[1])
            # The outflow runs off the map across its edge.
            ox, oy = outflow
            flows[outflow] = (-1, 0) if ox == 0 else (1, 0) if ox == width - 1 else (0, -1) if oy == 0 else (0, 1)
            out += [(cell, step[flows[cell]]) for cell in order if cell in flows]
    return tuple(out)


def _near(c: Cell, width: int, height: int) -> list[Cell]:
    return [(c[0] + dx, c[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= c[0] + dx < width and 0 <= c[1] + dy < height]  # fmt: skip


def _body(grid: list[list[str]], start: Cell) -> set[Cell]:
    """The water cells king moves join to `start`."""
    height, width = len(grid), len(grid[0])
    body = {start}
    queue = deque([start])
    while queue:
        for n in _near(queue.popleft(), width, height):
            if n not in body and grid[n[1]][n[0]] == "water":
                body.add(n)
                queue.append(n)
    return body


def to_yaml(game_map: GameMap, game: str) -> str:
    lines = [f"game: {game}", "rows:"]
    lines += [f"  - {row}" for row in game_map.letters]
    lines.append("objects:")
    for o in game_map.objects:
        number = f", number: {o.number}" if o.number else ""
        lines.append(f"  - {{at: {cell_name(o.x, o.y)}, kind: {o.kind}{number}}}")
    currents = strategiya_map(game_map).currents
    if currents:
        lines.append("# Running water flows this way; water with no current is still (lakes, ponds).")
        lines.append("currents:")
        for flow in DIRECTIONS:
            cells = sorted((c for c, d in currents if d == flow), key=lambda c: (c[1], c[0]))
            if cells:
                lines.append(f'  - {{flow: {flow}, cells: "{_runs(cells)}"}}')
    return "\n".join(lines) + "\n"


def _runs(cells: list[Cell]) -> str:
    """Cells of one row side by side as a range (B4-E4), the rest one by one."""
    words: list[str] = []
    first = last = cells[0]
    for cell in [*cells[1:], (-9, -9)]:
        if cell == (last[0] + 1, last[1]):
            last = cell
            continue
        words.append(cell_name(*first) if first == last else f"{cell_name(*first)}-{cell_name(*last)}")
        first = last = cell
    return " ".join(words)


def random_map_file(rules: Ruleset, width: int, height: int, seed: str | None) -> str:
    """`printkit map random` for a «Стратегия» ruleset: the map file's YAML."""
    return to_yaml(random_map(rules, width, height, seed), rules.id)
