"""Tannhäuser movement along a path graph: costs, entry points by side, allies, enemies and the Bull
Rush, checked by hand and against the naive search on random graphs."""

from __future__ import annotations

import random
from dataclasses import astuple
from itertools import pairwise
from pathlib import Path

import pytest

from printkit.errors import ConfigError
from printkit.games.tannhauser.paths import Graph, MoveReading, load_graph, reach

from ..conftest import EXAMPLES, write
from . import naive

GRAPH = """\
circles:
  - {id: E, entry: red}
  - {id: A}
  - {id: B, cost: 2}
  - {id: C}
  - {id: D}
  - {id: F}
  - {id: G, entry: blue}
links: [[E, A], [A, B], [B, C], [A, D], [D, F], [F, C], [C, G]]
"""


def line(*names: str, enemies: str = "", allies: str = "", costs: dict[str, int] | None = None) -> Graph:
    """A corridor of circles in the given order."""
    links: dict[str, list[str]] = {n: [] for n in names}
    for a, b in pairwise(names):
        links[a].append(b)
        links[b].append(a)
    chars = {c: "enemy" for c in enemies.split()} | {c: "ally" for c in allies.split()}
    cost = {n: (costs or {}).get(n, 1) for n in names}
    return Graph(cost, {k: tuple(v) for k, v in links.items()}, {}, chars)


@pytest.mark.rule("tannhauser.move.step", "tannhauser.move.slowing", "tannhauser.move.points")
def test_slowing_circles_cost_two(tmp_path: Path) -> None:
    graph = load_graph(write(tmp_path / "g.yaml", GRAPH))
    assert reach(graph, "A", 2).free == {"B": 2, "D": 1, "F": 2}
    assert reach(graph, "A", 3).free == {"B": 2, "D": 1, "F": 2, "C": 3}
    assert reach(graph, "A", 0).free == {}


@pytest.mark.rule("tannhauser.move.slowing", "tannhauser.move.entering")
def test_the_eva_example_costs_six() -> None:
    # Entering (1), two circles with the red symbol (2 + 2), then a plain one (1).
    graph = line("X", "r1", "r2", "p", "q", costs={"r1": 2, "r2": 2})
    graph = Graph(graph.cost, graph.links, {"X": "red"}, {})
    assert reach(graph, None, 6, "red").free == {"r1": 3, "r2": 5, "p": 6}


@pytest.mark.rule("tannhauser.move.entering", "tannhauser.move.end", "tannhauser.board.entry-point")
def test_entering_through_your_own_side_only(tmp_path: Path) -> None:
    graph = load_graph(write(tmp_path / "g.yaml", GRAPH))
    assert reach(graph, None, 2, "red").free == {"A": 2}
    assert reach(graph, None, 2, "blue").free == {"C": 2}
    assert "A" not in reach(graph, None, 3, "blue").free  # blue never comes in at red's E
    assert reach(graph, None, 5, None).free == {}  # a character of no side has no entry point
    # Anyone may cross an entry point; nobody ends on one, own or not.
    assert "E" not in reach(graph, "A", 5).free and "G" not in reach(graph, "A", 9).free
    assert "B" in reach(graph, None, 5, "blue").free  # from G through C to B


def test_an_entry_point_belongs_to_red_or_blue(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as exc:
        load_graph(write(tmp_path / "g.yaml", GRAPH.replace("entry: red", "entry: any")))
    assert "circles[0].entry" in str(exc.value)


@pytest.mark.rule("tannhauser.move.allies", "tannhauser.move.enemies", "tannhauser.move.end")
def test_allies_are_passed_and_enemies_stop_the_move(tmp_path: Path) -> None:
    ally = load_graph(write(tmp_path / "a.yaml", GRAPH + "characters: {D: ally}\n"))
    assert reach(ally, "A", 2).free == {"B": 2, "F": 2}  # through D, but not ending on it
    enemy = load_graph(write(tmp_path / "e.yaml", GRAPH + "characters: {D: enemy}\n"))
    assert reach(enemy, "A", 2, bull_rush=False).free == {"B": 2}
    found = reach(enemy, "A", 2)
    assert found.free == {"B": 2} and found.rushed == {"F": (2, ("D",))}


@pytest.mark.rule("tannhauser.bullrush.line", "tannhauser.bullrush.once-per-cycle")
def test_one_rush_opens_one_unbroken_line() -> None:
    # S - a - E1 - E2 - b - E3 - c: beating E1 opens E1 and E2; E3 after b needs a second rush.
    graph = line("S", "a", "E1", "E2", "b", "E3", "c", enemies="E1 E2 E3")
    found = reach(graph, "S", 6)
    assert found.free == {"a": 1}
    assert found.rushed == {"b": (4, ("E1",))}
    assert "c" not in found.rushed  # the old referee let any number of separate enemies through
    assert reach(graph, "S", 6, bull_rush=False).rushed == {}  # the Action Phase is spent: no rush


ONE_EACH = MoveReading(line_cost_one=True)
READINGS = [MoveReading(a, b, c) for a in (False, True) for b in (False, True) for c in (False, True)]


@pytest.mark.rule("tannhauser.bullrush.line")
def test_the_line_costs_normal_prices_unless_read_as_one_each() -> None:
    graph = line("S", "E1", "E2", "b", enemies="E1 E2", costs={"E2": 2})
    assert reach(graph, "S", 4).rushed == {"b": (4, ("E1",))}
    assert reach(graph, "S", 3).rushed == {}
    assert reach(graph, "S", 3, reading=ONE_EACH).rushed == {"b": (3, ("E1",))}


@pytest.mark.rule("tannhauser.bullrush.lone")
def test_a_lone_enemy_costs_its_circle_in_either_reading() -> None:
    # The audit's lone.yaml: X0 - X1 (a slowing circle, an enemy on it) - X2 - X3 - X4.
    graph = line("X0", "X1", "X2", "X3", "X4", enemies="X1", costs={"X1": 2})
    for reading in (MoveReading(), ONE_EACH):
        assert reach(graph, "X0", 4, reading=reading).rushed == {"X2": (3, ("X1",)), "X3": (4, ("X1",))}
    # A line of two or more is what the flag changes: E1 - E2, both slowing, then b.
    two = line("S", "E1", "E2", "b", enemies="E1 E2", costs={"E1": 2, "E2": 2})
    assert reach(two, "S", 5).rushed == {"b": (5, ("E1",))}
    assert reach(two, "S", 5, reading=ONE_EACH).rushed == {"b": (3, ("E1",))}
    # Stepping off a line after its first enemy is passing that enemy alone, at its circle's cost.
    branch = Graph({"S": 1, "E1": 2, "E2": 1, "b": 1}, {"S": ("E1",), "E1": ("S", "E2", "b"), "E2": ("E1",),
                   "b": ("E1",)}, {}, {"E1": "enemy", "E2": "enemy"})  # fmt: skip
    assert reach(branch, "S", 3, reading=ONE_EACH).rushed == {"b": (3, ("E1",))}


@pytest.mark.rule("tannhauser.move.allies")
def test_an_ally_on_a_slowing_circle_costs_its_circle_or_one_point() -> None:
    # The audit's ally.yaml: X0 - X1 (slowing, an ally on it) - X2 - X3.
    graph = line("X0", "X1", "X2", "X3", allies="X1", costs={"X1": 2})
    assert reach(graph, "X0", 3).free == {"X2": 3}
    assert reach(graph, "X0", 3, reading=MoveReading(ally_cost_one=True)).free == {"X2": 2, "X3": 3}


@pytest.mark.rule("tannhauser.bullrush.pause")
def test_where_the_rusher_stops_before_the_enemy(tmp_path: Path) -> None:
    # The example graph: A5 beyond B3 needs a stop on the ally's B2; from an empty circle only the
    # A3-A4 line leads there (1 + 2 + 2 + 1 points, or 4 with the line at 1 a circle).
    example = load_graph(EXAMPLES / "tannhauser-paths.yaml")
    assert reach(example, "A1", 6).rushed == {"A5": (4, ("B3",))}
    assert reach(example, "A1", 6, reading=MoveReading(rush_from_empty=True)).rushed == {"A5": (6, ("A3",))}
    both = MoveReading(line_cost_one=True, rush_from_empty=True)
    assert reach(example, "A1", 6, reading=both).rushed == {"A5": (4, ("A3",))}
    # An entry point passed on the way is a stop too, unless the stop must be one a move may end on.
    graph = line("E", "X1", "X2", "X3", enemies="X1")
    graph = Graph(graph.cost, graph.links, {"E": "red"}, graph.characters)
    assert reach(graph, None, 5, "red").rushed == {"X2": (3, ("X1",)), "X3": (4, ("X1",))}
    assert reach(graph, None, 5, "red", reading=MoveReading(rush_from_empty=True)).rushed == {}
    # The mover's own circle is always a place to start a rush from.
    assert reach(line("S", "E1", "t", enemies="E1"), "S", 2, reading=MoveReading(rush_from_empty=True)).rushed == {
        "t": (2, ("E1",))
    }


@pytest.mark.rule("tannhauser.move.stand-still")
def test_no_points_leaves_only_staying_put() -> None:
    assert reach(line("S", "a"), "S", 0) == reach(line("S", "a"), "S", 0, bull_rush=False)
    assert reach(line("S", "a"), "S", 0).free == {} and "S" not in reach(line("S", "a"), "S", 5).free


@pytest.mark.rule("tannhauser.bullrush.lost", "tannhauser.move.allies")
def test_a_lost_rush_leaves_every_other_way_open_and_allies_can_be_paused_on() -> None:
    # S - A(ally) - E - t, and S - u: the rush may start from the ally's circle, and a loss keeps u.
    links = {"S": ("A", "u"), "A": ("S", "E"), "E": ("A", "t"), "t": ("E",), "u": ("S",)}
    graph = Graph({c: 1 for c in links}, links, {}, {"A": "ally", "E": "enemy"})
    found = reach(graph, "S", 3)
    assert found.free == {"u": 1} and found.rushed == {"t": (3, ("E",))}


def random_graph(rng: random.Random) -> tuple[Graph, dict[str, list[str]]]:
    n = rng.randint(4, 14)
    names = [f"c{i}" for i in range(n)]
    adj: dict[str, list[str]] = {c: [] for c in names}
    for i in range(1, n):  # a spanning tree, then a few extra links
        j = rng.randrange(i)
        adj[names[i]].append(names[j])
        adj[names[j]].append(names[i])
    for _ in range(rng.randint(0, n)):
        a, b = rng.sample(names, 2)
        if b not in adj[a]:
            adj[a].append(b)
            adj[b].append(a)
    who = {c: rng.choice(["enemy", "enemy", "ally"]) for c in rng.sample(names[1:], rng.randint(0, n // 2))}
    entries = {c: rng.choice(["red", "blue"]) for c in rng.sample(names, 2) if c not in who}
    cost = {c: rng.choice([1, 1, 2]) for c in names}
    return Graph(cost, {k: tuple(v) for k, v in adj.items()}, entries, who), adj


@pytest.mark.rule("tannhauser.bullrush.line", "tannhauser.bullrush.once-per-cycle", "tannhauser.move.enemies",
                  "tannhauser.move.entering", "tannhauser.board.entry-point")  # fmt: skip
def test_random_graphs_against_the_naive_search() -> None:
    rng = random.Random("tannhauser paths")
    for case in range(400):
        graph, adj = random_graph(rng)
        points = rng.randint(0, 9)
        start = None if case % 4 == 0 else "c0"
        side = rng.choice(["red", "blue"])
        action_used = case % 5 == 0
        enemies = {c for c, w in graph.characters.items() if w == "enemy"}
        allies = {c for c, w in graph.characters.items() if w == "ally"}
        own = {c for c, s in graph.entries.items() if s == side}
        want = naive.bull_rush_reach(adj, points, start, allies, enemies, set(graph.entries), own, graph.cost,
                                     action_used)  # fmt: skip
        got = reach(graph, start, points, side, bull_rush=not action_used)
        assert got.free == want["free"], case
        only_by_rush = {c: who for c, (_, who) in got.rushed.items() if c not in got.free}
        assert set(only_by_rush) == set(want["needs_win"]), case
        cheaper = want["cheaper_by_rush"]
        assert {c: (p, list(w)) for c, (p, w) in got.rushed.items()} == cheaper, case


@pytest.mark.rule("tannhauser.bullrush.line", "tannhauser.bullrush.lone", "tannhauser.bullrush.pause",
                  "tannhauser.move.allies")  # fmt: skip
@pytest.mark.parametrize("reading", READINGS, ids=lambda r: "-".join(str(int(v)) for v in astuple(r)))
def test_every_reading_against_every_move_tried(reading: MoveReading) -> None:
    rng = random.Random(f"tannhauser moves {reading}")
    for case in range(150):
        graph, adj = random_graph(rng)
        points = rng.randint(0, 7)
        start = None if case % 4 == 0 else "c0"
        side = rng.choice(["red", "blue"])
        enemies = {c for c, w in graph.characters.items() if w == "enemy"}
        allies = {c for c, w in graph.characters.items() if w == "ally"}
        own = {c for c, s in graph.entries.items() if s == side}
        free, cheaper = naive.every_move(adj, graph.cost, points, start, allies, enemies, set(graph.entries), own,
                                         True, reading.line_cost_one, reading.ally_cost_one,
                                         reading.rush_from_empty)  # fmt: skip
        got = reach(graph, start, points, side, reading=reading)
        assert got.free == free, case
        assert {c: (p, list(w)) for c, (p, w) in got.rushed.items()} == cheaper, case
