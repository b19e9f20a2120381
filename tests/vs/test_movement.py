"""«Великая Стратегическая» troop movement on small text maps: terrain changes, rivers, ships, magic."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.config.rulesets import load_bundled
from printkit.config.schema import Checker
from printkit.config.yamlsource import parse_yaml
from printkit.games.vs.model import vs_of
from printkit.games.vs.movement import Going, reach
from printkit.maps.grid import GameMap, build_map, cell_name, check, parse_cell

from ..conftest import EXAMPLES, run, write

VS25 = load_bundled("vs-2025")
VS03 = load_bundled("vs-2003")


def grid(*rows: str, rivers: tuple[str, ...] = (), rules=VS25) -> GameMap:  # type: ignore[no-untyped-def]
    doc = parse_yaml("x: 1", "test")
    ck = Checker(doc)
    built = build_map({"rows": list(rows), "objects": [], "rivers": list(rivers)}, rules, doc, (), ck)
    assert built is not None and not ck.problems
    return built


def reached(game_map: GameMap, troop: str, start: str, turns: int = 1, rules=VS25, laden: bool = False) -> dict:  # type: ignore[no-untyped-def,type-arg]
    t = vs_of(rules).troop(troop)
    origin = parse_cell(start)
    found = reach(game_map, rules, Going(t, laden=laden), origin, turns)
    return {cell_name(*c): n for c, n in found.items() if c != origin}


def test_a_troop_walks_its_terrain_allowance_on_one_terrain() -> None:
    m = grid(*["P" * 9] * 3)
    assert set(reached(m, "knights", "A2")) == {f"{c}{r}" for c in "ABCD" for r in (1, 2, 3)} - {"A2"}
    assert set(reached(m, "orcs", "A2")) == {"A1", "A3", "B1", "B2", "B3"}  # orcs: 1 cell on field


def test_a_terrain_change_ends_the_move_one_cell_in() -> None:
    m = grid("PPFFFFF")
    # Knights walk 3 on field but stop on the first forest cell.
    assert reached(m, "knights", "A1") == {"B1": 1, "C1": 1}
    assert reached(m, "knights", "A1", turns=2) == {"B1": 1, "C1": 1, "D1": 2, "E1": 2}


def test_a_river_cell_stops_a_land_troop_and_releases_it_next_turn() -> None:
    m = grid("PPPPPP", rivers=("C1",))
    assert reached(m, "knights", "A1") == {"B1": 1, "C1": 1}
    assert reached(m, "knights", "C1") == {"B1": 1, "A1": 1, "D1": 1, "E1": 1, "F1": 1}


def test_mages_and_magical_troops_ignore_changes_and_rivers() -> None:
    m = grid("PFMDPP", rivers=("B1",))
    assert set(reached(m, "mage", "A1")) == {"B1", "C1"}
    assert set(reached(m, "zombie", "A1")) == {"B1", "C1"}
    sea = grid("PCSSSSP")
    assert set(reached(sea, "dragon", "A1")) == {"B1", "C1", "D1", "E1", "F1"}  # 5 cells, over the sea


def test_land_troops_cannot_enter_the_sea() -> None:
    assert reached(grid("PPCPP"), "knights", "A1") == {"B1": 1}


def test_ships_sail_rivers_as_coast_in_2025_and_stop_entering_open_sea() -> None:
    m = grid("CCCCCSSSS", "PPPPPPPPP")
    # 4 cells on the coast; the first open-sea cell ends the move; never onto land.
    assert set(reached(m, "ship", "B1")) == {"A1", "C1", "D1", "E1", "F1"}
    assert set(reached(m, "ship", "A1", laden=True)) == {"B1", "C1", "D1"}  # 3 with a troop aboard
    three = reached(m, "ship", "A1", turns=3)
    assert (three["E1"], three["F1"], three["I1"]) == (1, 2, 3)
    river = grid("CPPPP", rivers=("B1", "C1", "D1"))
    assert set(reached(river, "ship", "A1")) == {"B1", "C1", "D1"}
    assert set(reached(river, "knights", "E1")) == {"D1"}


def test_2003_ships_stop_between_river_and_sea() -> None:
    m = grid("SSPPP", rivers=("C1", "D1"), rules=VS03)
    assert set(reached(m, "ship", "A1", rules=VS03)) == {"B1", "C1"}
    assert set(reached(m, "ship", "C1", rules=VS03)) == {"B1", "D1"}


def test_vs_map_check() -> None:
    assert check(grid("PPCS", "FMDP", rivers=("A1",)), VS25) == []
    doc = parse_yaml("x: 1", "test")
    bad = build_map({"rows": ["PPCS", "FMXP"], "objects": [], "rivers": ["C1"]}, VS25, doc, (), Checker(doc))
    assert bad is not None
    found = [str(f) for f in check(bad, VS25)]
    assert found == ["C2: 'X' is no terrain of this game", "C1: a river runs over land, not over the sea"]


def test_rivers_are_refused_on_strategiya_maps() -> None:
    doc = parse_yaml("x: 1", "test")
    ck = Checker(doc)
    build_map({"rows": ["PP", "PP"], "objects": [], "rivers": ["A1"]}, load_bundled("strategiya"), doc, (), ck)
    assert any("strategiya maps have no rivers" in p.message for p in ck.problems)


def test_cli_reach_with_a_troop(tmp_path: Path) -> None:
    result = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--troop", "Эльфы", "--from", "C3", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["count"] == len(out["reachable"]) > 0
    assert "D3" in out["reachable"] and "E3" in out["reachable"] and "F3" not in out["reachable"]
    assert run("referee", "reach", EXAMPLES / "vs-map.yaml", "--from", "C3").exit_code == 2
    wrong = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--from", "C3", "--troop", "unicorns")
    assert wrong.exit_code == 2 and "no troop 'unicorns'" in wrong.output
    text = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--troop", "knights", "--from", "E4")
    assert text.exit_code == 0 and "stops at terrain changes and rivers" in text.output
    assert run("map", "check", EXAMPLES / "vs-map.yaml").output.strip() == "ok"


def test_vs_map_pdf_draws_rivers(tmp_path: Path) -> None:
    from printkit.geometry import MM
    from printkit.maps.sheet import MARGIN, RULER

    m = write(tmp_path / "m.yaml", "game: vs-2025\nrows: [PPP, PPP, PPP]\nrivers: [B2]\n")
    result = run("map", "draw", m, "--cell-mm", "20", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    from ..test_maps import pixel

    top = 842 - MARGIN - RULER
    centre = pixel(tmp_path / "out" / "map.pdf", 0, MARGIN + RULER + 30 * MM, top - 30 * MM)
    corner = pixel(tmp_path / "out" / "map.pdf", 0, MARGIN + RULER + 2, top - 2)
    assert centre[2] > 150 and centre[0] < 80, centre  # the river's blue over B2's centre
    assert corner[1] > corner[2], corner  # field green-yellow at A1
    from pypdf import PdfReader

    text = PdfReader(tmp_path / "out" / "map.pdf").pages[0].extract_text()
    assert "Река" in text and "P Поле" in text  # the river has its place in the legend
