"""«Великая Стратегическая» troop movement on small text maps: terrain, rivers, ships, magic, pieces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.cells import cell_name, parse_cell
from printkit.config.mapfile import build_map
from printkit.config.rulesets import load_bundled
from printkit.config.schema import Checker
from printkit.config.yamlsource import parse_yaml
from printkit.games.vs.ground import Mover, edition
from printkit.games.vs.model import vs_of
from printkit.games.vs.movement import reach
from printkit.maps.findings import check
from printkit.model import GameMap

from ..conftest import EXAMPLES, run, write

VS25 = load_bundled("vs-2025")
VS03 = load_bundled("vs-2003")


def grid(*rows: str, rivers: tuple[str, ...] = (), rules=VS25, objects=(), troops=()) -> GameMap:  # type: ignore[no-untyped-def]
    doc = parse_yaml("x: 1", "test")
    ck = Checker(doc)
    data = {"rows": list(rows), "objects": list(objects), "rivers": list(rivers), "troops": list(troops), "lands": []}
    built = build_map(data, rules, doc, (), ck)
    assert built is not None and not ck.problems
    return built


def reached(game_map: GameMap, troop: str, start: str, turns: int = 1, rules=VS25, **how) -> dict:  # type: ignore[no-untyped-def,type-arg]
    t = vs_of(rules).troop(troop)
    assert t is not None
    origin = parse_cell(start)
    found = reach(game_map, rules, Mover(t, edition(rules), **how), origin, turns)
    return {cell_name(*c): n for c, n in found.items() if c != origin}


def obj(at: str, owner: str | None = None, structure: str = "castle", kind: str = "building") -> dict:  # type: ignore[type-arg]
    return {"at": at, "kind": kind, "number": None, "name": None, "owner": owner, "structure": structure}


def piece(at: str, troop: str, owner: str | None = None) -> dict:  # type: ignore[type-arg]
    return {"at": at, "troop": troop, "owner": owner}


@pytest.mark.rule("vs.movement.allowance")
@pytest.mark.rule("vs.movement.diagonal")
def test_a_troop_walks_its_terrain_allowance_on_one_terrain() -> None:
    m = grid(*["P" * 9] * 3)
    assert set(reached(m, "knights", "A2")) == {f"{c}{r}" for c in "ABCD" for r in (1, 2, 3)} - {"A2"}
    assert set(reached(m, "orcs", "A2")) == {"A1", "A3", "B1", "B2", "B3"}  # orcs: 1 cell on field


@pytest.mark.rule("vs.movement.terrain-change-stop")
def test_a_terrain_change_ends_the_move_one_cell_in() -> None:
    m = grid("PPFFFFF")
    # Knights walk 3 on field but stop on the first forest cell.
    assert reached(m, "knights", "A1") == {"B1": 1, "C1": 1}
    assert reached(m, "knights", "A1", turns=2) == {"B1": 1, "C1": 1, "D1": 2, "E1": 2}
    assert reached(grid("PPFFFFF", rules=VS03), "knights", "A1", rules=VS03) == {"B1": 1, "C1": 1}


@pytest.mark.rule("vs.river.crossing-2025")
def test_a_river_cell_stops_a_land_troop_and_releases_it_next_turn() -> None:
    m = grid("PPPPPP", rivers=("C1",))
    assert reached(m, "knights", "A1") == {"B1": 1, "C1": 1}
    assert reached(m, "knights", "C1") == {"B1": 1, "A1": 1, "D1": 1, "E1": 1, "F1": 1}
    # Walking along the river bed: every river cell entered ends the move (2025).
    along = grid("PPPPP", rivers=("B1", "C1", "D1"))
    assert reached(along, "knights", "B1") == {"A1": 1, "C1": 1}


@pytest.mark.rule("vs.river.crossing-2025")
@pytest.mark.rule("vs.map.rivers")
def test_no_diagonal_across_the_corner_where_two_river_cells_touch() -> None:
    m = grid("PPP", "PPP", "PPP", rivers=("B1", "A2"))
    assert reached(m, "knights", "A1") == {"B1": 1, "A2": 1}  # B2 lies across the river bed
    assert set(reached(m, "mage", "A1")) >= {"B2", "C3"}  # mages cross rivers freely
    # The example map's river runs E1-F2 diagonally: E2 cannot step to F1 across it.
    from printkit.config.mapfile import load_map

    example, rules = load_map(EXAMPLES / "vs-map.yaml")
    assert "F1" not in reached(example, "knights", "E2", rules=rules)
    assert reached(m, "knights", "A1", rules=VS03) == {"B1": 1, "A2": 1}  # the same map reading in 2003


@pytest.mark.rule("vs.river.entry-2003")
def test_2003_stops_only_stepping_onto_a_river_from_dry_land() -> None:
    m = grid("PPPPP", rivers=("B1", "C1", "D1"), rules=VS03)
    assert reached(m, "knights", "A1", rules=VS03) == {"B1": 1}
    assert reached(m, "knights", "B1", rules=VS03) == {"A1": 1, "C1": 1, "D1": 1, "E1": 1}
    assert reached(grid("PPPPP", rivers=("B1", "C1", "D1")), "knights", "B1") == {"A1": 1, "C1": 1}  # 2025


@pytest.mark.rule("vs.movement.magic-troops")
def test_mages_and_magical_troops_ignore_changes_and_rivers() -> None:
    m = grid("PFMDPP", rivers=("B1",))
    assert set(reached(m, "mage", "A1")) == {"B1", "C1"}
    assert set(reached(m, "zombie", "A1")) == {"B1", "C1"}
    sea = grid("PCSSSSP")
    assert set(reached(sea, "dragon", "A1")) == {"B1", "C1", "D1", "E1", "F1"}  # 5 cells, over the sea


@pytest.mark.rule("vs.movement.magic-troops")
def test_2003_dragons_fly_strictly_straight() -> None:
    m = grid(*["P" * 7] * 7, rules=VS03)
    straight = reached(m, "dragon", "D4", rules=VS03)
    assert "E6" not in straight and {"D1", "A1", "G7", "A4", "G1"} <= set(straight)
    assert len(straight) == 3 * 8  # three cells each way to the edge
    assert "E6" in reached(grid(*["P" * 7] * 7), "dragon", "D4")  # 2025 dragons go where they like


def test_land_troops_cannot_enter_the_sea() -> None:
    assert reached(grid("PPCPP"), "knights", "A1") == {"B1": 1}


@pytest.mark.rule("vs.river.water-movement")
@pytest.mark.rule("vs.ship.loaded-speed")
def test_ships_sail_rivers_as_coast_in_2025_and_stop_entering_open_sea() -> None:
    m = grid("CCCCCSSSS", "PPPPPPPPP")
    # 4 cells on the coast; the first open-sea cell ends the move; never onto land.
    assert set(reached(m, "ship", "B1")) == {"A1", "C1", "D1", "E1", "F1"}
    assert set(reached(m, "ship", "A1", laden=True)) == {"B1", "C1", "D1"}  # 3 with a troop aboard
    three = reached(m, "ship", "A1", turns=3)
    assert (three["E1"], three["F1"], three["I1"]) == (1, 2, 3)
    assert set(reached(m, "ship", "B1", ships_cross=True)) == {"A1", "C1", "D1", "E1", "F1"}
    assert set(reached(m, "ship", "E1", ships_cross=True)) >= {"F1", "G1", "H1"}  # the other reading
    river = grid("CPPPP", rivers=("B1", "C1", "D1"))
    assert set(reached(river, "ship", "A1")) == {"B1", "C1", "D1"}
    assert set(reached(river, "knights", "E1")) == {"D1"}


@pytest.mark.rule("vs.river.water-movement")
def test_2003_ships_stop_between_river_and_sea() -> None:
    m = grid("SSPPP", rivers=("C1", "D1"), rules=VS03)
    assert set(reached(m, "ship", "A1", rules=VS03)) == {"B1", "C1"}
    assert set(reached(m, "ship", "C1", rules=VS03)) == {"B1", "D1"}


@pytest.mark.rule("vs.ghost-ship.coast")
def test_ghost_ships_crumble_next_to_land_unless_the_table_is_read() -> None:
    m = grid("SSSSS", "SSSSS", "SSSSP")
    body = reached(m, "ghost-ship", "A1")
    assert not {"D2", "E2", "D3"} & set(body) and {"B1", "C2"} <= set(body)
    assert {"D2", "E2", "D3"} <= set(reached(m, "ghost-ship", "A1", ghost_table=True))


@pytest.mark.rule("vs.spell.fair-wind")
def test_fair_wind() -> None:
    m = grid("CCCCCCCCC")
    assert len(reached(m, "ship", "A1", fair_wind=True)) == 6  # 4 + 2
    assert len(reached(grid("SSSSSSSSS", rules=VS03), "ship", "A1", rules=VS03, fair_wind=True)) == 5


@pytest.mark.rule("vs.spell.water-of-tirelessness")
def test_water_of_tirelessness() -> None:
    m = grid("PFMDPFM", rivers=("F1",))
    assert reached(m, "knights", "A1", water=True) == {c: 1 for c in ("B1", "C1", "D1", "E1", "F1")}
    m03 = grid("PFMDPFM", rivers=("C1",), rules=VS03)
    assert len(reached(m03, "knights", "A1", rules=VS03, water=True)) == 5  # no stop at the 2003 river
    assert reached(grid("PFMDPFM", rivers=("C1",)), "knights", "A1", water=True) == {"B1": 1, "C1": 1}


@pytest.mark.rule("vs.movement.building-as-terrain")
@pytest.mark.rule("vs.player.permission")
def test_a_building_is_passed_as_any_terrain() -> None:
    own = grid("PPFPPP", objects=[obj("C1", "Север")])
    assert reached(own, "knights", "A1", player="Север") == {"B1": 1, "C1": 1, "D1": 1}
    assert reached(grid("PPFPPP"), "knights", "A1") == {"B1": 1, "C1": 1}  # forest without the building
    assert reached(own, "knights", "A1", player="Юг") == {"B1": 1}  # another's building: no leave
    assert reached(own, "knights", "A1", player="Юг", allow=frozenset({"Север"})) == {"B1": 1, "C1": 1, "D1": 1}
    # Magical troops get no leave (2025 §3.4): another's building is closed to them, their own is not,
    # unless read with --magic-barred (the 2003 blanket ban).
    assert reached(own, "zombie", "A1", player="Север") == {"B1": 1, "C1": 1}
    assert reached(own, "zombie", "A1", player="Юг", allow=frozenset({"Север"})) == {"B1": 1}
    assert reached(own, "zombie", "A1", player="Север", magic_barred=True) == {"B1": 1}
    canal = grid("CPC", objects=[obj("B1", "Север")])
    assert set(reached(canal, "ship", "A1", player="Север")) == {"B1", "C1"}


@pytest.mark.rule("vs.movement.adjacent-enemy-stop")
@pytest.mark.rule("vs.troop.one-per-cell")
def test_troops_on_the_map_stop_and_block() -> None:
    m = grid("PPPPPP", "PPPPPP", troops=[piece("E2", "elves", "Юг")])
    assert reached(m, "knights", "A1", player="Север") == {c: 1 for c in ("A2", "B1", "B2", "C1", "C2", "D1", "D2")}
    assert "D1" in reached(m, "knights", "A1", player="Север") and "E1" not in reached(m, "knights", "A1")
    assert "E2" not in reached(m, "knights", "D1", player="Север")  # one troop a cell
    quiet = grid("PPPPPP", "PPPPPP", troops=[piece("E2", "elves")])  # a neutral watches nobody
    empty = reached(grid("PPPPPP", "PPPPPP"), "knights", "B1")
    assert reached(quiet, "knights", "B1") == {c: t for c, t in empty.items() if c != "E2"}
    m03 = grid("PPPPPP", "PPPPPP", troops=[piece("E2", "elves", "Юг")], rules=VS03)
    walked = reached(m03, "knights", "C1", rules=VS03)
    assert {"E1", "F1"} <= set(walked) and "E2" not in walked  # 2003: no stop beside, only the cell is taken


@pytest.mark.rule("vs.ship.loading")
def test_boarding_ones_own_ship_ends_the_move() -> None:
    m = grid("PPCC", troops=[piece("C1", "ship", "Север")])
    assert reached(m, "knights", "A1", player="Север") == {"B1": 1, "C1": 1}
    assert reached(m, "knights", "A1", player="Юг") == {"B1": 1}


@pytest.mark.rule("vs.transport.landing")
def test_2003_transports() -> None:
    m = grid("PSSSSPP", rivers=(), rules=VS03)
    assert reached(m, "elves", "B1", rules=VS03, transport=True) == {"A1": 1, "C1": 1, "D1": 1}
    assert reached(m, "elves", "E1", rules=VS03, transport=True) == {"D1": 1, "C1": 1, "F1": 1}  # F1: landed
    river = grid("SSPP", rivers=("C1", "D1"), rules=VS03)
    assert reached(river, "elves", "A1", rules=VS03, transport=True) == {"B1": 1, "C1": 1}  # stops at the river
    assert reached(river, "elves", "C1", rules=VS03, transport=True) == {"B1": 1, "D1": 1}


def test_vs_map_check() -> None:
    assert check(grid("PPCS", "FMDP", rivers=("A1",)), VS25) == []
    doc = parse_yaml("x: 1", "test")
    bad = build_map({"rows": ["PPCS", "FMXP"], "objects": [], "rivers": ["C1"]}, VS25, doc, (), Checker(doc))
    assert bad is not None
    found = [str(f) for f in check(bad, VS25)]
    assert found == ["C2: 'X' is no terrain of this game", "C1: a river runs over land, not over the sea"]


@pytest.mark.rule("vs.building.spacing")
def test_buildings_stand_at_least_three_cells_apart() -> None:
    close = grid("PPPPPP", objects=[obj("A1", "Север"), obj("D1", "Юг", "tower")])
    assert [str(f) for f in check(close, VS25)] == ["D1: fewer than 3 cells between it and the building at A1"]
    assert check(grid("PPPPPP", objects=[obj("A1", "Север"), obj("E1", "Юг", "tower")]), VS25) == []
    mine = grid("PMPPPP", objects=[obj("A1", "Север"), obj("B1", "Юг", "mine-1", "resource")])
    assert check(mine, VS25) == []  # mines are not постройки
    # A troop the edition lacks is refused as the map is read, with its place (issue 32).
    doc = parse_yaml("x: 1", "test")
    ck = Checker(doc)
    build_map({"rows": ["PP", "PP"], "objects": [], "troops": [piece("A1", "unicorns")]}, VS25, doc, (), ck)
    assert [(p.field, p.message) for p in ck.problems] == [("troops[0].troop", "no troop 'unicorns' in vs-2025")]


def test_rivers_are_refused_on_strategiya_maps() -> None:
    from printkit.config.mapfile import map_schema

    doc = parse_yaml("x: 1", "test")
    ck = Checker(doc)
    map_schema(["strategiya"]).check({"rows": ["PP", "PP"], "objects": [], "rivers": ["A1"]}, (), ck)
    assert [p.message for p in ck.problems] == ["only Great Strategy maps have rivers; Strategy maps do not"]


@pytest.mark.rule("vs.movement.route")
def test_cli_reach_and_route_with_a_troop(tmp_path: Path) -> None:
    result = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--troop", "Эльфы", "--from", "C3", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["count"] == len(out["reachable"]) > 0
    # C3 is forest: the field at D3 ends the move; the elves of D2 stand in the way to E3.
    assert "D3" in out["reachable"] and "E3" not in out["reachable"] and "B2" not in out["reachable"]
    assert run("referee", "reach", EXAMPLES / "vs-map.yaml", "--from", "C3").exit_code == 2
    wrong = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--from", "C3", "--troop", "unicorns", "--lang", "en")
    assert wrong.exit_code == 2 and "no troop 'unicorns'" in wrong.output
    ru = run("referee", "reach", EXAMPLES / "vs-map.yaml", "--troop", "knights", "--from", "E4")
    assert ru.exit_code == 0 and "ход кончается" in ru.output and "досягаемо клеток" in ru.output
    assert max(len(line) for line in ru.output.splitlines()) <= 80
    # The neighbouring field cell is one step away, not "cannot be reached".
    near = run("referee", "route", EXAMPLES / "vs-map.yaml", "--troop", "knights", "--from", "C3", "--to", "D3")
    assert near.exit_code == 0 and near.output.startswith("ход 1: C3 → D3\nходов: 1")
    far = json.loads(run("referee", "route", EXAMPLES / "vs-map.yaml", "--troop", "knights", "--from", "E2", "--to",
                         "H6", "--player", "Север", "--json").output)  # fmt: skip
    assert far["turns"] == 2 and far["legs"][0][0] == "E2" and far["legs"][-1][-1] == "H6"
    # Without saying whose they are, the elves at D2 belong to another player and stop the knights beside them.
    watched = json.loads(run("referee", "route", EXAMPLES / "vs-map.yaml", "--troop", "knights", "--from", "E2",
                             "--to", "H6", "--json").output)  # fmt: skip
    assert watched["turns"] == 3 and len(watched["legs"][0]) == 2  # one step, next to the elves
    sea = run("referee", "route", EXAMPLES / "vs-map.yaml", "--troop", "ship", "--from", "K1", "--to", "D3",
              "--lang", "en")  # fmt: skip
    assert sea.exit_code == 2 and "Ship cannot stand on D3" in sea.output
    assert run("map", "check", EXAMPLES / "vs-map.yaml", "--lang", "en").output.strip() == "ok"


@pytest.mark.rule("vs.movement.route")
def test_big_maps_are_searched_within_a_named_limit(tmp_path: Path) -> None:
    big = write(tmp_path / "big.yaml", "game: vs-2025\nrows:\n" + "".join(f"  - {'P' * 200}\n" for _ in range(200)))
    refused = run("referee", "reach", big, "--troop", "dragon", "--from", "A1", "--turns", "13", "--lang", "en")
    assert refused.exit_code == 2 and "at most 12 turns (cells × turns ≤ 500000)" in " ".join(refused.output.split())
    far = run("referee", "route", big, "--troop", "orcs", "--from", "A1", "--to", "GR200", "--lang", "en")
    assert far.exit_code == 2 and "within 12 turns" in far.output  # orcs walk one field cell a turn
    near = json.loads(
        run("referee", "route", big, "--troop", "knights", "--from", "A1", "--to", "AJ36", "--json").output
    )
    assert near["turns"] == 12  # 35 cells of diagonal, 3 a turn


def test_vs_map_pdf_draws_rivers(tmp_path: Path) -> None:
    from printkit.geometry import MM
    from printkit.maps.sheet import MARGIN, RULER, left_edge

    m = write(tmp_path / "m.yaml", "game: vs-2025\nrows: [PPP, PPP, PPP]\nrivers: [B2]\n")
    result = run("map", "draw", m, "--cell-mm", "20", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    from ..test_maps import pixel

    top = 842 - MARGIN - RULER
    left = left_edge(595.28, 3, 20 * MM)  # the grid is centred across the sheet
    centre = pixel(tmp_path / "out" / "map.pdf", 0, left + 30 * MM, top - 30 * MM)
    corner = pixel(tmp_path / "out" / "map.pdf", 0, left + 2, top - 2)
    assert centre[2] > 150 and centre[0] < 80, centre  # the river's blue over B2's centre
    assert corner[1] > corner[2], corner  # field green-yellow at A1
    from pypdf import PdfReader

    text = PdfReader(tmp_path / "out" / "map.pdf").pages[0].extract_text()
    # The river has its place in the legend. A terrain is named without its map-file letter (issue 33:
    # a Latin "C" beside a Russian name read as a word).
    assert "Река" in text and "Поле" in text and "P Поле" not in text


# ---- readings the text leaves open, each with its switch; 2003's own rules on entering and stacking ----


@pytest.mark.rule("vs.structure.entry-2003")
def test_2003_structures_are_entered_unless_their_owner_forbids() -> None:
    m = grid("PPPPPP", objects=[obj("C1", "Юг", "tower"), obj("E1", None, "tower")], rules=VS03)
    # 2003 §6.12: no leave is needed; the owner may forbid; a neutral tower stands open too.
    assert set(reached(m, "knights", "A1", rules=VS03, player="Север")) == {"B1", "C1", "D1"}
    assert set(reached(m, "knights", "A1", rules=VS03, player="Север", forbid=frozenset({"Юг"}))) == {"B1"}
    assert "E1" in reached(m, "knights", "D1", rules=VS03, player="Север")
    assert set(reached(m, "zombie", "A1", rules=VS03, player="Юг")) == {"B1"}  # magical troops never enter


@pytest.mark.rule("vs.troop.one-per-cell")
def test_2003_zombies_stand_two_squads_to_a_cell() -> None:
    m = grid("PPPP", troops=[piece("C1", "zombie", "Юг")], rules=VS03)
    assert "C1" in reached(m, "zombie", "A1", rules=VS03, player="Юг")  # joins its player's squad
    assert "C1" not in reached(m, "zombie", "A1", rules=VS03, player="Север")  # not another player's
    assert "C1" not in reached(m, "knights", "A1", rules=VS03, player="Юг")  # not another troop
    full = grid("PPPP", troops=[piece("C1", "zombie", "Юг"), piece("C1", "zombie", "Юг")], rules=VS03)
    assert "C1" not in reached(full, "zombie", "A1", rules=VS03, player="Юг")  # two squads at most
    assert "C1" not in reached(grid("PPPP", troops=[piece("C1", "zombie", "Юг")]), "zombie", "A1", player="Юг")
    assert not [f for f in check(full, VS03) if "two troops" in str(f)]
    three = grid("PPPP", troops=[piece("C1", "zombie", "Юг")] * 3, rules=VS03)
    assert [str(f) for f in check(three, VS03) if "two troops" in str(f)] == ["C1: two troops in one cell"]


@pytest.mark.rule("vs.ghost-ship.seas")
def test_a_ghost_ship_is_magical_and_does_not_stop_between_the_seas() -> None:
    m = grid("SSSCCSSSS")
    went = reached(m, "ghost-ship", "A1", ghost_table=True)
    assert set(went) == {"B1", "C1", "D1", "E1", "F1", "G1"}  # open sea, coast, open sea in one move
    stops = reached(m, "ghost-ship", "A1", ghost_table=True, ghost_stops=True)
    assert set(stops) == {"B1", "C1", "D1"}  # the other reading: it stops on the coast as ships do
    assert set(reached(m, "ship", "A1")) == {"B1", "C1", "D1"}  # a ship, non-magical, stops


@pytest.mark.rule("vs.movement.diagonal")
def test_diagonal_steps_are_a_reading_with_an_orthogonal_switch() -> None:
    m = grid(*["P" * 5] * 5)
    assert "B2" in reached(m, "orcs", "A1") and "B2" not in reached(m, "orcs", "A1", orthogonal=True)
    straight = reached(grid(*["P" * 7] * 7, rules=VS03), "dragon", "D4", rules=VS03, orthogonal=True)
    assert "E5" not in straight and {"D1", "A4", "G4", "D7"} <= set(straight)


@pytest.mark.rule("vs.river.crossing-2025")
def test_walking_along_a_river_is_a_reading_with_a_switch() -> None:
    along = grid("PPPPP", rivers=("B1", "C1", "D1"))
    assert reached(along, "knights", "B1") == {"A1": 1, "C1": 1}
    assert reached(along, "knights", "B1", river_along=True) == {"A1": 1, "C1": 1, "D1": 1, "E1": 1}
    assert reached(along, "knights", "A1", river_along=True) == {"B1": 1}  # stepping on from dry land stops


@pytest.mark.rule("vs.movement.passing")
def test_passing_another_troops_cell_is_a_reading_with_a_switch() -> None:
    m = grid("PPPPP", troops=[piece("B1", "elves", "Север")])
    assert reached(m, "knights", "A1", player="Север") == {}  # one's own troop blocks the way too
    passed = reached(m, "knights", "A1", player="Север", pass_through=True)
    assert "B1" not in passed and {"C1", "D1"} <= set(passed)  # passed, never stopped on
    dragon = grid(*["P" * 7] * 3, troops=[piece("C2", "elves", "Юг")], rules=VS03)
    assert "D2" not in reached(dragon, "dragon", "A2", rules=VS03, player="Север")
    assert "D2" in reached(dragon, "dragon", "A2", rules=VS03, player="Север", pass_through=True)


@pytest.mark.rule("vs.movement.diagonal")
@pytest.mark.rule("vs.movement.passing")
@pytest.mark.rule("vs.player.permission")
@pytest.mark.rule("vs.structure.entry-2003")
def test_every_movement_answer_prints_its_readings_and_switches(tmp_path: Path) -> None:
    for args in (("--troop", "elves", "--from", "C3"), ("--troop", "zombie", "--from", "C3")):
        out = run("referee", "reach", EXAMPLES / "vs-map.yaml", *args, "--lang", "en").output
        for switch in ("--orthogonal", "--pass-through", "--magic-barred"):
            assert switch in " ".join(out.split()), switch
    ru = " ".join(run("referee", "reach", EXAMPLES / "vs-map.yaml", "--troop", "elves", "--from", "C3").output.split())
    assert "--river-along" in ru and "--orthogonal" in ru
    old = write(tmp_path / "m.yaml", "game: vs-2003\nrows: [PPPPP, SSSSS]\n")
    said = " ".join(run("referee", "reach", old, "--troop", "dragon", "--from", "A1", "--lang", "en").output.split())
    assert "unless its owner forbids it (--forbid PLAYER" in said and "boarding" not in said
    assert "5†" in said and "this kit's reading" in said  # the dragon's move at sea is printkit's
