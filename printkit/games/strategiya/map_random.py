"""Random «Стратегия» maps that pass the map check: irregular regions, objects spread evenly."""

from __future__ import annotations

from ...config.model import Ruleset
from ...maps.grid import GameMap, MapObject, cell_name, check
from ...randomness import Entropy, RandomStream
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
    grid = []
    for y in range(height):
        row = []
        for x in range(width):
            best = min(seeds, key=lambda s: abs(s[0] - x) * 1.1 + abs(s[1] - y) + noise[y][x] * (1 + (s[0] + s[1]) % 3))
            row.append(best[2])
        grid.append(row)
    forbidden = {"deathzone", "water", "mountain"}
    for cx, cy in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        for y in range(max(0, cy - 1), min(height, cy + 2)):
            for x in range(max(0, cx - 1), min(width, cx + 2)):
                if grid[y][x] in forbidden:
                    grid[y][x] = SAFE
    return grid


def _spread(
    cells: list[tuple[int, int]], n: int, stream: RandomStream, taken: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Up to n cells far from each other and from objects already placed."""
    chosen: list[tuple[int, int]] = []
    candidates = [c for c in cells if c not in taken]
    for _ in range(n):
        if not candidates:
            break
        best = max(
            (candidates[stream.below(len(candidates))] for _ in range(8)),
            key=lambda c: min((max(abs(c[0] - o[0]), abs(c[1] - o[1])) for o in (*taken, *chosen)), default=99),
        )
        chosen.append(best)
        candidates.remove(best)
    return chosen


def random_map(rules: Ruleset, width: int, height: int, seed: str | int | None = None) -> GameMap:
    """A map that passes `check` without violations; the same seed gives the same map."""
    letters = {t.id: t.letter or "?" for t in rules.terrains}
    slots = {t.id: t.slots for t in rules_of(rules).terrains}
    stream = Entropy.from_seed(seed).stream("map", width, height)
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
