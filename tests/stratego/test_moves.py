"""Stratego legal moves on a written position, and Tannhäuser reach along a path graph."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.errors import ConfigError
from printkit.games.stratego.model import stratego_of
from printkit.games.stratego.moves import legal_moves, parse_position
from printkit.games.tannhauser.paths import load_graph, reach

from ..conftest import EXAMPLES, run, write

DATA = stratego_of(load_bundled("stratego"))
assert DATA is not None
BATTLE = DATA.variants["battle"]
EMPTY = [". " * 10] * 10


def board(**pieces: str) -> list[str]:
    """An empty 10×10 board with lakes, plus pieces given as cell=token."""
    rows = [["."] * 10 for _ in range(10)]
    for cell in BATTLE.lakes:
        rows[10 - int(cell[1:])]["abcdefghij".index(cell[0])] = "~"
    for cell, token in pieces.items():
        rows[10 - int(cell[1:])]["abcdefghij".index(cell[0])] = token
    return [" ".join(r) for r in rows]


def moves(rows: list[str], at: str) -> tuple[set[str], set[str]]:
    found = legal_moves(parse_position("\n".join(rows), "test", DATA, BATTLE), DATA, at)
    return {m.to for m in found if not m.attacks}, {m.to for m in found if m.attacks}


def test_a_piece_steps_one_cell_orthogonally() -> None:
    assert moves(board(e4="r5"), "e4") == ({"e3", "e5", "d4", "f4"}, set())
    assert moves(board(a1="r5"), "a1") == ({"a2", "b1"}, set())


def test_own_pieces_block_and_enemies_are_attacked() -> None:
    assert moves(board(e4="r5", e5="r3", f4="b?"), "e4") == ({"e3", "d4"}, {"f4"})


def test_lakes_block_steps_and_runs() -> None:
    assert moves(board(c4="r5"), "c4") == ({"c3", "b4", "d4"}, set())
    steps, attacks = moves(board(a5="r2", j5="b?"), "a5")
    assert steps == {f"a{r}" for r in range(1, 11)} - {"a5"} | {"b5"} and attacks == set()
    steps, attacks = moves(board(e5="r2", f5="."), "e5")
    assert "f5" in steps and "g5" not in steps and "h5" not in steps  # stops at the lake


def test_a_scout_runs_and_attacks_at_the_end() -> None:
    steps, attacks = moves(board(e1="r2", e8="b?"), "e1")
    assert {"e2", "e7"} <= steps and "e8" not in steps and attacks == {"e8"}
    assert "a1" in steps and "j1" in steps


def test_bombs_and_the_flag_never_move() -> None:
    assert moves(board(e4="rB"), "e4") == (set(), set())
    assert moves(board(e4="rF"), "e4") == (set(), set())


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (EMPTY[:9], "9 rows"),
        ([*board(e4="r5")[:3], "." * 10, *board()[4:]], "1 cells"),
        (board(e4="q5"), "'q5'"),
        (board(c5="r5"), "this cell is a lake"),
        (board(a1="~"), "a lake is only where"),
    ],
)
def test_bad_positions_are_refused_with_their_line(rows: list[str], message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_position("\n".join(rows), "pos.txt", DATA, BATTLE)
    assert any(message in str(p) for p in exc.value.problems), [str(p) for p in exc.value.problems]


def test_moves_cli(tmp_path: Path) -> None:
    result = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "j5", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"moves": ["j6", "i5"], "attacks": ["j7"]}
    empty = run("referee", "moves", EXAMPLES / "stratego-position.txt", "--from", "e5")
    assert empty.exit_code == 2 and "no piece on e5" in empty.output
    bad = write(tmp_path / "p.txt", "\n".join([*board(e4="r5")[:9], "r5 . . . . . . . . x9"]))
    refused = run("referee", "moves", bad, "--from", "e4")
    assert refused.exit_code == 3 and "p.txt:10: j1:" in refused.output


GRAPH = """\
circles:
  - {id: E, entry: red}
  - {id: A}
  - {id: B, cost: 2}
  - {id: C}
  - {id: D}
  - {id: F}
links: [[E, A], [A, B], [B, C], [A, D], [D, F], [F, C]]
"""


def test_slowing_circles_cost_two(tmp_path: Path) -> None:
    graph = load_graph(write(tmp_path / "g.yaml", GRAPH))
    assert reach(graph, "A", 2) == {"B": 2, "D": 1, "F": 2}
    assert reach(graph, "A", 3) == {"B": 2, "D": 1, "F": 2, "C": 3}
    assert reach(graph, "A", 0) == {}


def test_entering_costs_one_and_no_move_ends_on_an_entry(tmp_path: Path) -> None:
    graph = load_graph(write(tmp_path / "g.yaml", GRAPH))
    assert reach(graph, None, 2) == {"A": 2}
    assert "E" not in reach(graph, "A", 5)


def test_allies_are_passed_and_enemies_stop_the_move(tmp_path: Path) -> None:
    ally = load_graph(write(tmp_path / "a.yaml", GRAPH + "characters: {D: ally}\n"))
    assert reach(ally, "A", 2) == {"B": 2, "F": 2}  # through D, but not ending on it
    enemy = load_graph(write(tmp_path / "e.yaml", GRAPH + "characters: {D: enemy}\n"))
    assert reach(enemy, "A", 2) == {"B": 2}
    assert reach(enemy, "A", 2, bull_rush=True) == {"B": 2, "F": 2}


def test_bad_graphs_name_the_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as exc:
        load_graph(write(tmp_path / "g.yaml", GRAPH.replace("[F, C]]", "[F, Z]]")))
    assert [str(p).rsplit("/", 1)[-1] for p in exc.value.problems] == ["g.yaml:8: links[5][1]: no circle Z"]


def test_paths_cli() -> None:
    result = run("referee", "paths", EXAMPLES / "tannhauser-paths.yaml", "--enter", "--points", "6", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["reachable"] == {"A1": 2, "A2": 3, "B1": 3, "A3": 5, "C1": 5}
    assert run("referee", "paths", EXAMPLES / "tannhauser-paths.yaml", "--points", "3").exit_code == 2
