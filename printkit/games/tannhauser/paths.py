"""Tannhäuser movement along a path graph: circles, links, slowing circles, entry points, other characters."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from printkit.plugin import ConfigError, Problem
from printkit.plugin.schema import INVALID, Checker, Choice, Field, Integer, ListOf, MapOf, Record, Text, load_yaml

Node = TypeVar("Node", str, tuple[str, str])  # a circle, or a circle with where a Bull Rush stands on it
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
                        # an entry point, and whose: the placement roll gives each side its own
                        "entry": Field(Choice(["red", "blue"])),
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
    entries: dict[str, str]  # entry circle -> the side (red or blue) whose entry point it is
    characters: dict[str, str]  # circle -> ally or enemy (of the character that moves)


@dataclass(frozen=True)
class Reach:
    """Where a character may end its move: without a bull rush, and only after one it wins."""

    free: dict[str, int]  # circle -> the fewest points it costs
    # circle -> (fewest points, the enemies whose won duel gets there), where that beats a free move
    rushed: dict[str, tuple[int, tuple[str, ...]]]


def load_graph(path: Path) -> Graph:
    """A path graph file; every problem with its line."""
    doc = load_yaml(path, str(path))
    ck = Checker(doc)
    data = GRAPH.check(doc.data, (), ck)
    if data is INVALID or ck.problems:
        raise ConfigError(ck.problems or [Problem(doc.label, None, "", "not a path graph")])
    cost: dict[str, int] = {}
    entries: dict[str, str] = {}
    for i, c in enumerate(data["circles"]):
        if c["id"] in cost:
            ck.fail(("circles", i, "id"), f"circle {c['id']} is listed twice")
        cost[c["id"]] = c["cost"]
        if c.get("entry"):
            entries[c["id"]] = c["entry"]
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
    return Graph(cost, {k: tuple(v) for k, v in links.items()}, entries, dict(data["characters"]))


def complete_circles(given: Any, incomplete: str) -> list[str]:
    """The circles of the path graph given on the same command line."""
    return list(load_graph(Path(given.get("graph_file"))).cost)


@dataclass(frozen=True)
class MoveReading:
    """How printkit reads the movement rules where the text leaves room; the defaults are printkit's.

    line_cost_one: the circles of a rushed line of two or more enemies cost 1 point each (the
    text's figure) rather than their usual price; a lone enemy's circle costs its usual price in
    either reading. ally_cost_one: an ally's circle costs 1 point (the text's parenthesis) rather
    than its usual price, which differs on a slowing circle. rush_from_empty: the mover stops for a
    Bull Rush only where a move may end (its own circle, or an empty one that is no entry point),
    not on an ally's circle or an entry point it is passing."""

    line_cost_one: bool = False
    ally_cost_one: bool = False
    rush_from_empty: bool = False


PRINTKITS = MoveReading()

# Where a character stands during a Bull Rush, as Dijkstra states: on the first enemy passed alone
# (it must step off the enemies next), on the first of a line priced at 1 (it must go on along the
# line), on a later enemy of the line, or past the enemies (every enemy blocks again).
LONE, HEAD, LINE, PAST = "lone", "head", "line", "past"


def reach(graph: Graph, start: str | None, points: int, side: str | None = None, bull_rush: bool = True,
          reading: MoveReading = PRINTKITS) -> Reach:  # fmt: skip
    """Every circle the character may end its move on, with the fewest points it costs.

    start None: the character enters the board through one of its own side's entry points, paying
    1 point to stand on it. Stepping onto a circle costs its cost (1, or 2 for a slowing circle).
    Allies are passed; an enemy stops the move on the circle before it. A bull rush (a Stamina
    duel that takes the Action Phase, so at most one a cycle) passes one enemy at its circle's
    cost, or one unbroken line of enemies on adjacent circles; after it every enemy blocks again.
    No move ends on an occupied circle or on an entry circle. bull_rush False: the Action Phase is
    spent. `reading` chooses where the text leaves room (MoveReading)."""
    enemies = {c for c, who in graph.characters.items() if who == "enemy"}

    def step(n: str) -> int:
        return 1 if reading.ally_cost_one and graph.characters.get(n) == "ally" else graph.cost[n]

    def can_end(c: str) -> bool:
        return c != start and c not in graph.characters and c not in graph.entries

    # Before any bull rush: enemies block.
    if start is None:
        seeds = {e: 1 for e, owner in graph.entries.items() if owner == side and e not in enemies and points >= 1}
    else:
        seeds = {start: 0}
    free_best = _cheapest(seeds, lambda c: [(n, step(n)) for n in graph.links[c] if n not in enemies], points)
    # After one won duel: from a circle reached so far where the move may pause, into the enemy next
    # to it, along the enemies adjacent to one another, then on with every enemy blocking.
    first: dict[tuple[str, str], tuple[int, set[str]]] = {}

    def seed(state: tuple[str, str], cost: int, enemy: str) -> None:
        if cost <= points:
            low, who = first.get(state, (points + 1, set()))
            first[state] = (cost, {enemy}) if cost < low else (low, who | ({enemy} if cost == low else set()))

    if bull_rush:
        for circle, spent in free_best.items():
            if reading.rush_from_empty and circle != start and not can_end(circle):
                continue
            for n in graph.links[circle]:
                if n in enemies:
                    if reading.line_cost_one:
                        seed((n, LONE), spent + graph.cost[n], n)
                        seed((n, HEAD), spent + 1, n)
                    else:
                        seed((n, LINE), spent + graph.cost[n], n)

    def onward(state: tuple[str, str]) -> list[tuple[tuple[str, str], int]]:
        circle, where = state
        out: list[tuple[tuple[str, str], int]] = []
        for n in graph.links[circle]:
            if n in enemies:
                if where in (HEAD, LINE):
                    out.append(((n, LINE), 1 if reading.line_cost_one else graph.cost[n]))
            elif where != HEAD:
                out.append(((n, PAST), step(n)))
        return out

    rush_best, opened_by = _cheapest_with_origin(first, onward, points)
    free = {c: p for c, p in free_best.items() if can_end(c)}
    rushed = {c: (p, tuple(sorted(opened_by[(c, where)]))) for (c, where), p in rush_best.items()
              if where == PAST and can_end(c) and p < free.get(c, points + 1)}  # fmt: skip
    return Reach(free, rushed)


def _cheapest(seeds: dict[str, int], steps: Callable[[str], list[tuple[str, int]]], points: int) -> dict[str, int]:
    """Dijkstra: the fewest points to every circle reachable within `points`."""
    best, _ = _cheapest_with_origin({c: (p, {c}) for c, p in seeds.items()}, steps, points)
    return best


def _cheapest_with_origin(seeds: dict[Node, tuple[int, set[str]]], steps: Callable[[Node], list[tuple[Node, int]]],
                          points: int) -> tuple[dict[Node, int], dict[Node, set[str]]]:  # fmt: skip
    """Dijkstra from several seeds, each with the origins it stands for: the fewest points to every
    node, and the origins of all its cheapest routes (steps cost at least 1, so a node's origins
    are complete when it is taken from the queue)."""
    pending: dict[Node, tuple[int, set[str]]] = {c: (p, set(o)) for c, (p, o) in seeds.items()}
    queue = [(p, c) for c, (p, _) in pending.items()]
    heapq.heapify(queue)
    best: dict[Node, int] = {}
    origin: dict[Node, set[str]] = {}
    while queue:
        spent, circle = heapq.heappop(queue)
        if circle in best or pending[circle][0] != spent:
            continue
        best[circle], origin[circle] = spent, pending[circle][1]
        for n, step in steps(circle):
            total = spent + step
            if n in best or total > points:
                continue
            low, who = pending.get(n, (points + 1, set()))
            if total < low:
                pending[n] = (total, set(origin[circle]))
                heapq.heappush(queue, (total, n))
            elif total == low:
                who |= origin[circle]
    return best, origin
