"""Random «Стратегия» maps that pass the map check: irregular regions, objects spread evenly."""

from __future__ import annotations

from collections import deque

from ...config.model import Ruleset
from ...maps.grid import GameMap, MapObject, cell_name, check
from ...randomness import Entropy, RandomStream
from .map_check import CORNER_FORBIDDEN
from .model import rules_of

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
            return game_map
    raise RuntimeError("no valid map found; try another seed or size")


def to_yaml(game_map: GameMap, game: str) -> str:
    lines = [f"game: {game}", "rows:"]
    lines += [f"  - {row}" for row in game_map.letters]
    lines.append("objects:")
    for o in game_map.objects:
        number = f", number: {o.number}" if o.number else ""
        lines.append(f"  - {{at: {cell_name(o.x, o.y)}, kind: {o.kind}{number}}}")
    return "\n".join(lines) + "\n"


def random_map_file(rules: Ruleset, width: int, height: int, seed: str | None) -> str:
    """`printkit map random` for a «Стратегия» ruleset: the map file's YAML."""
    return to_yaml(random_map(rules, width, height, seed), rules.id)
