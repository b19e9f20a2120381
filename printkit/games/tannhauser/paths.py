"""Tannhäuser movement along a path graph: circles, links, slowing circles, entry points, other characters."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from pathlib import Path

from ...config.schema import INVALID, Checker, Choice, Field, Integer, ListOf, MapOf, Record, Text
from ...config.yamlsource import load_yaml
from ...errors import ConfigError, Problem

CIRCLE_ID = Text(max_len=12, pattern=r"[A-Za-z0-9_-]+", pattern_hint="a circle name like A3")

GRAPH = Record(
    {
        "game": Field(Choice(["tannhauser"])),
        "circles": Field(
            ListOf(
                Record(
                    {
                        "id": Field(CIRCLE_ID, required=True),
                        "cost": Field(Integer(1, 2), default=1),  # 2: the red movement symbol
                        "entry": Field(Choice(["red", "blue", "any"])),  # an entry point, and whose
                    }
                ),
                min_items=1,
                max_items=2000,
            ),
            required=True,
        ),
        "links": Field(ListOf(ListOf(CIRCLE_ID, min_items=2, max_items=2), max_items=8000), required=True),
        "characters": Field(MapOf(CIRCLE_ID, Choice(["ally", "enemy"]), max_items=100), default={}),
    }
)


@dataclass(frozen=True)
class Graph:
    cost: dict[str, int]  # circle -> movement points to step onto it
    links: dict[str, tuple[str, ...]]
    entries: frozenset[str]
    characters: dict[str, str]  # circle -> ally or enemy


def load_graph(path: Path) -> Graph:
    """A path graph file; every problem with its line."""
    doc = load_yaml(path, str(path))
    ck = Checker(doc)
    data = GRAPH.check(doc.data, (), ck)
    if data is INVALID or ck.problems:
        raise ConfigError(ck.problems or [Problem(doc.label, None, "", "not a path graph")])
    cost: dict[str, int] = {}
    entries = set()
    for i, c in enumerate(data["circles"]):
        if c["id"] in cost:
            ck.fail(("circles", i, "id"), f"circle {c['id']} is listed twice")
        cost[c["id"]] = c["cost"]
        if c.get("entry"):
            entries.add(c["id"])
    links: dict[str, list[str]] = {c: [] for c in cost}
    for i, (a, b) in enumerate(data["links"]):
        for j, end in enumerate((a, b)):
            if end not in cost:
                ck.fail(("links", i, j), f"no circle {end}")
        if a in cost and b in cost and a != b:
            links[a].append(b)
            links[b].append(a)
    for circle in data["characters"]:
        if circle not in cost:
            ck.fail(("characters", circle), f"no circle {circle}")
    if ck.problems:
        raise ConfigError(ck.problems)
    return Graph(cost, {k: tuple(v) for k, v in links.items()}, frozenset(entries), dict(data["characters"]))


def reach(graph: Graph, start: str | None, points: int, bull_rush: bool = False) -> dict[str, int]:
    """Every circle the character may end its move on, with the fewest points it costs.

    start None: the character enters the board, paying 1 point to stand on an entry circle.
    Stepping onto a circle costs its cost (1, or 2 for a slowing circle). Allies are passed at
    the normal cost; an enemy stops the move on the circle before it unless `bull_rush` assumes
    the duel is won. No move ends on an occupied circle or on an entry circle."""
    best: dict[str, int] = {}
    queue: list[tuple[int, str]] = []
    if start is None:
        queue = [(1, e) for e in sorted(graph.entries) if points >= 1 and graph.characters.get(e) != "enemy"]
    else:
        queue = [(0, start)]
    heapq.heapify(queue)
    while queue:
        spent, circle = heapq.heappop(queue)
        if circle in best:
            continue
        best[circle] = spent
        for n in graph.links[circle]:
            if n in best:
                continue
            if graph.characters.get(n) == "enemy" and not bull_rush:
                continue
            total = spent + graph.cost[n]
            if total <= points:
                heapq.heappush(queue, (total, n))
    return {c: p for c, p in best.items()
            if c != start and c not in graph.characters and c not in graph.entries}  # fmt: skip
