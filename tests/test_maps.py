"""Maps and movement: the map rules on small text maps, and reach and routes under every switch."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from printkit.cells import cell_name, parse_cell
from printkit.config.mapfile import build_map
from printkit.config.rulesets import load_bundled
from printkit.config.schema import Checker
from printkit.config.yamlsource import parse_yaml
from printkit.games.strategiya.model import rules_of, session_of
from printkit.games.strategiya.movement import Mover, Switches, allowance, mover_for, reach, route
from printkit.maps.findings import check
from printkit.model import GameMap

from .conftest import EXAMPLES, run, write

BASE = load_bundled("strategiya")
RULES = rules_of(BASE)


def grid(*rows: str, objects: list[dict] | None = None, currents: list[dict] | None = None) -> GameMap:  # type: ignore[type-arg]
    doc = parse_yaml("x: 1", "test")
    data = {"rows": list(rows), "objects": objects or [], "currents": currents or []}
    built = build_map(data, BASE, doc, (), Checker(doc))
    assert built is not None
    return built


def cells(found: dict, start: tuple[int, int]) -> set[str]:  # type: ignore[type-arg]
    return {cell_name(*c) for c in found if c != start}


def test_coordinates() -> None:
    assert parse_cell("C4") == (2, 3) and cell_name(2, 3) == "C4"
    assert parse_cell("aa10") == (26, 9) and cell_name(26, 9) == "AA10"
    with pytest.raises(ValueError):
        parse_cell("4C")


@pytest.mark.rule("strategiya.move.king", "strategiya.move.terrain")
def test_plain_speed_0_reaches_every_cell_within_3_king_moves() -> None:
    m = grid(*["P" * 9] * 9)
    found = reach(m, RULES, Mover(speed=0), (4, 4))
    assert {c for c in found if c != (4, 4)} == {(x, y) for x in range(1, 8) for y in range(1, 8)} - {(4, 4)}


@pytest.mark.rule("strategiya.border.crossing")
def test_a_speed_0_hero_in_the_mountains_walks_nowhere_there_but_can_always_step_out() -> None:
    # The mountains give speed 0 no cell a turn; the crossing is the turn's first move and always
    # goes one cell, so the hero is never trapped (the audit's map: 0 cells under the old default).
    m = grid("MMMP", "MMMP", "PPPP")
    assert cells(reach(m, RULES, Mover(speed=0), (1, 1)), (1, 1)) == {"A3", "B3", "C3"}
    # Over a one-cell ridge: into the mountain on the first turn, out of it on the second.
    assert route(grid("PMP"), RULES, Mover(speed=0), (0, 0), (2, 0)) == [[(0, 0), (1, 0)], [(1, 0), (2, 0)]]


@pytest.mark.rule("strategiya.border.crossing")
def test_crossing_into_a_forest_stops_one_cell_in() -> None:
    m = grid("PPPFFFF", "PPPFFFF")
    found = reach(m, RULES, Mover(speed=0), (0, 0))
    assert {c for c in found if c[0] >= 3} == {(3, 0), (3, 1)}
    # Speed 4: the border allowance grows to 2 cells.
    assert {c for c in reach(m, RULES, Mover(speed=4), (0, 0), border=2) if c[0] >= 3} == {
        (3, 0), (3, 1), (4, 0), (4, 1)}  # fmt: skip


@pytest.mark.rule("strategiya.border.crossing")
def test_crossing_switch() -> None:
    # Speed 0 on the plain: three cells, the last leaves no step to cross with (unless --cross-free).
    m = grid("PPPPF")
    assert cells(reach(m, RULES, Mover(), (0, 0)), (0, 0)) == {"B1", "C1", "D1"}
    free = reach(m, RULES, Mover(), (0, 0), switches=Switches(cross_needs_step=False))
    assert cells(free, (0, 0)) == {"B1", "C1", "D1", "E1"}


@pytest.mark.rule("strategiya.border.crossing")
@pytest.mark.parametrize(("speed", "up", "down"), [(0, 1, 1), (1, 2, 1), (2, 2, 1), (3, 2, 1), (4, 2, 2), (8, 3, 3)])
def test_the_rules_example_forest_to_plain_by_default_and_full_fours_as_a_switch(speed: int, up: int,
                                                                                  down: int) -> None:  # fmt: skip
    # «Пропуски ходов»: speeds 3 and 2 leaving a forest for the plain walk exactly 2 cells; speed 8 walks 3.
    m = grid("F" + "P" * 9)
    into = {c[0] for c in reach(m, RULES, Mover(speed=speed), (0, 0)) if c[0] > 0}
    assert len(into) == up
    floor = reach(m, RULES, Mover(speed=speed), (0, 0), switches=Switches(border_round_up=False))
    assert len({c[0] for c in floor if c[0] > 0}) == down


@pytest.mark.rule("strategiya.border.crossing", "strategiya.wound.movement")
def test_two_lives_cross_one_cell_less() -> None:
    m = grid("F" + "P" * 9)
    assert {c[0] for c in reach(m, RULES, Mover(speed=3, wound=1), (0, 0)) if c[0] > 0} == {1}
    assert {c[0] for c in reach(m, RULES, Mover(speed=8, wound=1), (0, 0)) if c[0] > 0} == {1, 2}
    # The crossing «always» goes one cell: the wound never takes it below one (issue 41) ...
    assert {c[0] for c in reach(m, RULES, Mover(speed=0, wound=1), (0, 0)) if c[0] > 0} == {1}
    # ... unless the switch lets the wound take it to none.
    cut = Switches(crossing_floor=False)
    assert not [c for c in reach(m, RULES, Mover(speed=0, wound=1), (0, 0), switches=cut) if c[0] > 0]


@pytest.mark.rule("strategiya.deathzone.move-and-damage", "strategiya.border.crossing")
def test_entering_the_death_zone_goes_one_cell_whatever_the_speed() -> None:
    m = grid("P" + "D" * 9)
    for speed in (0, 3, 8, 12):
        assert {c[0] for c in reach(m, RULES, Mover(speed=speed), (0, 0)) if c[0] > 0} == {1}, speed
    # A total potential of 11 walks 3 cells a turn there, and crosses as far as its speed allows.
    assert {c[0] for c in reach(m, RULES, Mover(speed=8, deathzone_move=3), (0, 0)) if c[0] > 0} == {1, 2, 3}
    assert {c[0] for c in reach(m, RULES, Mover(speed=0, deathzone_move=3), (0, 0)) if c[0] > 0} == {1}


@pytest.mark.rule("strategiya.water.movement")
def test_water_needs_flight_and_corner_cutting_is_a_switch() -> None:
    # A plain cell ringed by water: only its diagonals lead out, and only while corners may be cut.
    ring = grid("PWP", "WPW", "PWP")
    assert cells(reach(ring, RULES, Mover(speed=2), (1, 1)), (1, 1)) == {"A1", "C1", "A3", "C3"}
    ringed = reach(ring, RULES, Mover(speed=2), (1, 1), switches=Switches(corner_cutting=False))
    assert cells(ringed, (1, 1)) == set()
    walled = grid("PWPP", "WPPP", "PPPP")
    assert "B2" in cells(reach(walled, RULES, Mover(speed=1), (0, 0)), (0, 0))
    no_cut = reach(walled, RULES, Mover(speed=1), (0, 0), switches=Switches(corner_cutting=False))
    assert cells(no_cut, (0, 0)) == set()
    lake = grid("PWWWP")
    assert "E1" not in cells(reach(lake, RULES, Mover(speed=5), (0, 0)), (0, 0))
    flying = reach(lake, RULES, Mover(speed=0, flight=4), (0, 0))
    assert "E1" in cells(flying, (0, 0))


@pytest.mark.rule("strategiya.water.movement")
def test_bridge_carries_walkers_over_water() -> None:
    m = grid("PWP", objects=[{"at": "B1", "kind": "bridge", "number": None, "name": None}])
    assert cells(reach(m, RULES, Mover(speed=0), (0, 0)), (0, 0)) == {"B1", "C1"}


@pytest.mark.rule("strategiya.deathzone.move-and-damage", "strategiya.wound.movement")
def test_death_zone_and_wounds() -> None:
    assert allowance(RULES, Mover(speed=9), "deathzone") == 1
    assert allowance(RULES, Mover(speed=9, deathzone_move=3), "deathzone") == 3
    assert allowance(RULES, Mover(speed=2, wound=1), "plain") == 4
    assert allowance(RULES, Mover(speed=2, horse=True), "mountain") == 2
    assert allowance(RULES, Mover(speed=2, horse=True), "plain") == 6
    m = grid("PPP", "PPP")
    assert cells(reach(m, RULES, Mover(speed=3, wound=-1), (0, 0)), (0, 0)) == set()


def test_more_turns_and_routes() -> None:
    m = grid("PPPFFFF", "PPPFFFF")
    found = reach(m, RULES, Mover(speed=0), (0, 0), turns=3)
    assert found[(3, 0)] == 1 and found[(5, 0)] == 2 and found[(6, 1)] == 3
    legs = route(m, RULES, Mover(speed=0), (0, 0), (6, 1))
    assert legs is not None and len(legs) == 3 and legs[0][0] == (0, 0) and legs[-1][-1] == (6, 1)
    for leg in legs:  # each step of a leg is a king move
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(leg))
    assert route(grid("PWWP"), RULES, Mover(speed=3), (0, 0), (3, 0)) is None


@pytest.mark.rule("strategiya.tier.total-potential", "strategiya.horse")
def test_hero_mover_uses_the_sheet_numbers() -> None:
    from printkit.config.session import load_session

    session = load_session(EXAMPLES / "strategiya-heroes.yaml")
    grom = session_of(session).parties[0].heroes[0]
    mover = mover_for(RULES, grom)
    assert (mover.speed, mover.horse, mover.deathzone_move) == (0, True, 3)
    assert allowance(RULES, mover, "swamp") == 2


@pytest.mark.parametrize(("rows", "message"), [
    (["DPP", "PPP", "PPP"], "A1: no death zone in a corner"),
    (["PPP", "PPP", "PPW"], "C3: no water in a corner"),
    (["PWP", "WWW", "PPP"], "C1: cut off from corner A1 by the death zone, water or mountains"),
    (["PMP", "MMM", "PPP"], "C1: cut off from corner A1 by the death zone, water or mountains"),
    (["PPPP", "PPDD", "PPDP"], "D3: cut off from corner A1 by the death zone, water or mountains"),
    (["PFMP", "SFMP", "PFMM", "PPMP"], "D4: cut off from corner A1 by the death zone, water or mountains"),
    (["PPP", "PQP", "PPP"], "B2: 'Q' is no terrain of this game"),
])  # fmt: skip
@pytest.mark.rule("strategiya.corner.forbidden-terrain", "strategiya.corner.no-cutoff", "strategiya.map.no-gaps")
def test_each_map_rule_has_a_failing_map(rows: list[str], message: str) -> None:
    assert message in [str(f) for f in check(grid(*rows), BASE)]


@pytest.mark.rule("strategiya.corner.no-cutoff")
def test_corners_joined_over_swamp_forest_or_plain_pass_even_diagonally() -> None:
    # A king's diagonal step through a gap in a mountain wall keeps the corners joined.
    assert not [f for f in check(grid("PPMP", "PPMP", "MMPP", "PPPP"), BASE) if not f.warning]
    assert not [f for f in check(grid("PSP", "SSS", "FFP"), BASE) if not f.warning]
    # A bridge lets walkers over a river but does not open a wall the map rules forbid.
    bridged = grid("PWP", "WWW", "PWP", objects=[{"at": "B2", "kind": "bridge", "number": None, "name": None}])
    assert any("cut off from corner A1" in str(f) for f in check(bridged, BASE))


def walled_corners(rows: tuple[str, ...]) -> list[tuple[int, int]]:
    """Written apart from map_check: corners no flood over S, F and P letters reaches from A1."""
    height, width = len(rows), len(rows[0])
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if 0 <= n[0] < width and 0 <= n[1] < height and n not in seen and rows[n[1]][n[0]] in "SFP":
                    seen.add(n)
                    todo.append(n)
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    return [c for c in corners if c not in seen or rows[c[1]][c[0]] not in "SFP"]


@pytest.mark.slow
@pytest.mark.rule("strategiya.corner.no-cutoff", "strategiya.corner.forbidden-terrain")
@pytest.mark.parametrize(("width", "height"), [(24, 16), (20, 14), (8, 6), (31, 9), (12, 30)])
def test_random_maps_never_wall_a_corner_in(width: int, height: int) -> None:
    from printkit.games.strategiya.map_random import random_map

    for seed in range(31):
        m = random_map(BASE, width, height, seed=f"corners-{seed}")
        assert walled_corners(m.letters) == [], (width, height, seed)
        assert not [f for f in check(m, BASE) if not f.warning], (width, height, seed)


@pytest.mark.rule("strategiya.map.no-duplicates", "strategiya.map.port-towns")
def test_objects_rules() -> None:
    twice = grid("PPP", "PPP", objects=[
        {"at": "A1", "kind": "resource", "number": 2, "name": None},
        {"at": "B1", "kind": "resource", "number": 2, "name": None},
        {"at": "B1", "kind": "adventure", "number": 1, "name": None},
    ])  # fmt: skip
    found = [str(f) for f in check(twice, BASE)]
    assert "B1: resource 2 in plain is already at A1" in found and "B1: two objects in one cell" in found
    port = grid("PPP", "PWP", "PPP", objects=[{"at": "A1", "kind": "town", "number": None, "name": None}])
    assert "the map has water but no town next to it (a port)" not in [str(f) for f in check(port, BASE)]
    far = grid("PPPP", "PPPW", "PPPP", objects=[{"at": "A1", "kind": "town", "number": None, "name": None}])
    assert "the map has water but no town next to it (a port)" in [str(f) for f in check(far, BASE)]


@pytest.mark.rule("strategiya.map.all-types")
def test_missing_terrains_are_warnings_only() -> None:
    findings = check(grid("PPP", "PPP"), BASE)
    assert findings and all(f.warning for f in findings)


def test_cli(tmp_path: Path) -> None:
    assert run("map", "check", EXAMPLES / "map.yaml", "--lang", "en").output.endswith("ok\n")
    assert run("map", "check", EXAMPLES / "map.yaml").output == "всё в порядке\n"
    bad = write(tmp_path / "bad.yaml", "rows:\n  - DPP\n  - PPP\n")
    result = run("map", "check", bad, "--lang", "en")
    assert result.exit_code == 1 and "A1: no death zone in a corner" in result.output
    assert "A1: в углу не может быть местности «смертельная зона»" in run("map", "check", bad).output
    data = json.loads(run("referee", "reach", EXAMPLES / "map.yaml", "--from", "C4", "--speed", "2", "--json").output)
    assert data["reachable"]["D4"] == 1 and data["count"] == len(data["reachable"])
    out = run("referee", "reach", EXAMPLES / "map.yaml", "--from", "C4", "--speed", "2").output
    assert max(len(line) for line in out.splitlines()) <= 80 and "Чтение правил:" in out
    routed = run("referee", "route", EXAMPLES / "map.yaml", "--from", "A1", "--to", "L9", "--speed", "1", "--json")
    assert json.loads(routed.output)["turns"] == 3  # speed 1 crosses 2 cells (every 4 speed begun)
    assert run("referee", "route", bad, "--from", "A1", "--to", "Z9", "--speed", "1").exit_code == 2


# ---- printed maps and random maps -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.rule("strategiya.corner.no-cutoff", "strategiya.map.port-towns", "strategiya.map.no-duplicates")
def test_random_maps_pass_the_check_and_repeat_with_a_seed() -> None:
    from printkit.games.strategiya.map_random import random_map, to_yaml

    for i in range(25):
        m = random_map(BASE, 8 + i % 25, 6 + (i * 7) % 20, seed=f"map-{i}")
        assert not [f for f in check(m, BASE) if not f.warning], i
    assert to_yaml(random_map(BASE, 20, 15, seed=3), "strategiya") == to_yaml(random_map(BASE, 20, 15, seed=3),
                                                                              "strategiya")  # fmt: skip


def test_map_random_cli_output_checks_ok(tmp_path: Path) -> None:
    out = run("map", "random", "--size", "24x16", "--seed", "cli")
    path = write(tmp_path / "m.yaml", out.output)
    assert run("map", "check", path, "--lang", "en").output.endswith("ok\n")


def pixel(pdf: Path, page: int, x: float, y: float) -> tuple[int, int, int]:
    import pypdfium2 as pdfium

    p = pdfium.PdfDocument(str(pdf))[page]
    height = p.get_size()[1]
    image = p.render(scale=2).to_pil().convert("RGB")
    return image.getpixel((int(x * 2), int((height - y) * 2)))


@pytest.mark.rule("strategiya.map.object-marks", "strategiya.map.closed-regions")
def test_map_pdf_tiles_and_colours(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from printkit.geometry import MM, paper_size
    from printkit.maps.sheet import MARGIN, RULER, left_edge, tiles
    from printkit.render.canvas import hex_colour

    result = run("map", "draw", EXAMPLES / "map.yaml", "--cell-mm", "20", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "map.pdf"
    game_map = load(EXAMPLES / "map.yaml")
    sheets = tiles(game_map, "a4", 20 * MM)
    assert len(PdfReader(pdf).pages) == len(sheets) == 2
    assert sheets[0][0].stop - 1 == sheets[1][0].start  # one shared column to glue over
    # The top-left corner of cell A1 shows plain's colour (away from the hatching and the grid).
    top = 842 - MARGIN - RULER
    got = pixel(pdf, 0, left_edge(paper_size("a4")[0], len(sheets[0][0]), 20 * MM) + 2, top - 2)
    want = tuple(round(v * 255) for v in hex_colour(RULES.terrain("plain").colour))
    assert all(abs(a - b) < 10 for a, b in zip(got, want, strict=True)), (got, want)
    text = " ".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "лист 1 из 2" in text and "Равнина" in text


def test_a_config_with_a_map_builds_map_pdf(tmp_path: Path) -> None:
    source = (EXAMPLES / "map.yaml").read_text("utf-8").replace("game: strategiya\n", "")
    body = "\n".join("  " + line if line.strip() and not line.startswith("#") else line for line in source.splitlines())
    config = write(tmp_path / "c.yaml", "game: strategiya\nmap:\n" + body + "\n")
    result = run("build", config, "--only", "map", "--out", tmp_path / "kit")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "kit" / "map.pdf").exists()


def load(path: Path) -> GameMap:
    from printkit.config.mapfile import load_map

    return load_map(path)[0]


def test_a_config_naming_its_map_file_is_read_again_when_only_that_file_changes(tmp_path: Path) -> None:
    """A map read before is given again until its file changes; a config naming its map's file
    stands unchanged while the file beside it is rewritten (as an evening does with a bridge or a
    building taken), so the map file's own state counts too."""
    config = write(tmp_path / "c.yaml", "game: strategiya\nmap: m.yaml\n")
    write(tmp_path / "m.yaml", "game: strategiya\nrows: [PWP, PPP]\n")
    assert load(config).objects == ()
    write(tmp_path / "m.yaml", "game: strategiya\nrows: [PWP, PPP]\nobjects: [{at: B1, kind: bridge}]\n")
    assert [(o.x, o.y, o.kind) for o in load(config).objects] == [(1, 0, "bridge")]
    assert load(config) is load(config)  # unchanged since: the same map, not read again


@pytest.mark.rule("strategiya.water.movement")
def test_ship_sails_water_and_boarding_or_landing_takes_the_turn() -> None:
    m = grid("PWWWWP", "PWWWWP")
    aboard = cells(reach(m, RULES, Mover(speed=0, ship=2), (1, 0)), (1, 0))
    assert aboard == {"C1", "D1", "B2", "C2", "D2", "A1", "A2"}  # 2 water cells, or land beside the ship
    ashore = cells(reach(m, RULES, Mover(speed=0, ship=2), (0, 0)), (0, 0))
    assert {"B1", "B2"} <= ashore and "C1" not in ashore  # boarding is the whole turn
    assert cells(reach(m, RULES, Mover(speed=0), (0, 0)), (0, 0)) == {"A2"}  # no ship: no water


@pytest.mark.rule("strategiya.water.currents", "strategiya.water.movement")
def test_a_ship_sails_one_cell_more_downstream_and_one_less_upstream() -> None:
    # «Строительство» 4): the builders' intellect on still water, + 1 with the current, − 1 against it.
    river = [{"cells": "B1-I1", "flow": "E"}]
    m = grid("PWWWWWWWWP", currents=river)
    lake = grid("PWWWWWWWWP")

    def sailed(game_map: GameMap, start: int, intellect: int) -> set[int]:
        found = reach(game_map, RULES, Mover(ship=intellect), (start, 0))
        return {c[0] for c in found if c != (start, 0) and game_map.terrain(*c) == "water"}

    assert sailed(lake, 1, 2) == {2, 3}  # still water: 2 cells
    assert sailed(m, 1, 2) == {2, 3, 4}  # downstream: 3 cells
    assert sailed(m, 8, 2) == {7}  # upstream: 1 cell
    assert sailed(m, 8, 1) == set()  # intellect 1 makes no way upstream
    assert sailed(m, 1, 0) == {2}  # nor does intellect 0 on still water, but the current carries it a cell
    # Across the current (north to south through an eastward river) is as on still water.
    across = grid("PPPP", "WWWW", "WWWW", "WWWW", "PPPP", currents=[{"cells": "A2-D4", "flow": "E"}])
    down_only = {c for c in reach(across, RULES, Mover(ship=2), (1, 1)) if c[0] == 1 and c[1] > 1}
    assert down_only == {(1, 2), (1, 3)}
    # A mixed way: a cell downstream takes a third of the turn (intellect 2), a cell of still water
    # half: one of each fits in a turn (5/6), two still cells after it do not.
    mixed = grid("PWWWWWP", currents=[{"cells": "B1-C1", "flow": "E"}])
    assert sailed(mixed, 1, 2) == {2, 3}  # C1 downstream (1/3), D1 still (1/2): 5/6
    assert sailed(mixed, 2, 2) == {1, 3, 4}  # B1 upstream (1 whole turn), D1 and E1 still


def test_the_current_of_a_step() -> None:
    from printkit.games.strategiya.movement import flow_of

    assert [flow_of(step, (1, 0)) for step in ((1, 0), (1, 1), (1, -1), (0, 1), (-1, 1), (-1, 0))] == [
        1,
        1,
        1,
        0,
        -1,
        -1,
    ]
    assert [flow_of(step, (1, 1)) for step in ((1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (-1, -1))] == [
        1,
        1,
        1,
        0,
        -1,
        -1,
    ]
    assert flow_of((1, 0), None) == 0


@pytest.mark.rule("strategiya.load.cargo")
def test_load_costs_a_cell_per_ten_days_and_strength_wins_it_back() -> None:
    from printkit.games.strategiya.movement import load_cells

    assert load_cells(RULES, 29, 0) == 2 and load_cells(RULES, 30, 4) == 2 and load_cells(RULES, 10, 8) == 0
    m = grid("P" * 9)
    assert cells(reach(m, RULES, Mover(speed=0, load=2), (0, 0)), (0, 0)) == {"B1"}
    result = run("referee", "reach", EXAMPLES / "map.yaml", "--from", "A9", "--speed", "0", "--load-days", "30",
                 "--json")  # fmt: skip
    assert json.loads(result.output)["count"] == 0


# ---- movement against a search written apart, and the limits ------------------------------------------


def one_origin_turn(m: GameMap, speed: int, origin: tuple[int, int], cross_free: bool, full_fours: bool = False,
                    wounded: bool = False, deathzone: int = 1, floor: bool = True) -> set[tuple[int, int]]:  # fmt: skip
    """One hero's turn straight from the rules, one origin at a time: walk the starting terrain up
    to its cells a turn (the death zone 1 whatever the speed, or a tier's figure; 2 lives: one
    less), or step over a border (with a step left or as the first move) and walk into the new
    terrain 1 cell and one more per 4 speed begun (or per full 4; 2 lives: one less, but never below
    the one cell a crossing «always» goes unless `floor` is off), never deeper into the death zone
    than its cells a turn."""
    base = {"mountain": 0, "swamp": 1, "forest": 2, "plain": 3}
    lost = 1 if wounded else 0

    def cells_a_turn(t: str | None) -> int | None:
        if t == "deathzone":
            return max(0, deathzone - lost)
        return None if t not in base else max(0, base[t] + speed - lost)

    fours = speed // 4 if full_fours else (speed + 3) // 4
    home = m.terrain(*origin)
    budget = cells_a_turn(home)
    out = {origin}
    if budget is None:
        return out
    steps = {origin: 0}
    queue = [origin]
    for cell in queue:
        for n in m.neighbours(*cell):
            if m.terrain(*n) == home and n not in steps and steps[cell] < budget:
                steps[n] = steps[cell] + 1
                queue.append(n)
    out |= set(steps)
    for cell, used in steps.items():
        if used >= budget and used > 0 and not cross_free:
            continue
        for first in m.neighbours(*cell):
            entered = m.terrain(*first)
            walk_there = cells_a_turn(entered)
            if entered == home or walk_there is None:
                continue
            into = max(1, 1 + fours - lost) if floor else 1 + fours - lost
            if entered == "deathzone":
                into = min(into, max(1, walk_there) if floor else walk_there)
            if into < 1:
                continue
            depth = {first: 1}
            walk = [first]
            for c in walk:
                for n in m.neighbours(*c):
                    if n not in depth and m.terrain(*n) == entered and depth[c] < into:
                        depth[n] = depth[c] + 1
                        walk.append(n)
            out |= set(depth)
    return out


@pytest.mark.slow
@pytest.mark.rule("strategiya.move.king", "strategiya.move.terrain", "strategiya.border.crossing",
                  "strategiya.deathzone.move-and-damage", "strategiya.wound.movement")  # fmt: skip
def test_reach_equals_the_search_from_each_origin_written_apart() -> None:
    from printkit.games.strategiya.map_random import random_map

    rng = __import__("random").Random(4)
    for i in range(40):
        m = random_map(BASE, rng.randint(8, 18), rng.randint(6, 14), seed=f"walk-{i}")
        start = (rng.randrange(m.width), rng.randrange(m.height))
        speed, turns, cross_free = rng.choice([0, 1, 2, 3, 5, 8, 12]), rng.randint(1, 4), rng.random() < 0.3
        full_fours, wounded, deathzone = rng.random() < 0.3, rng.random() < 0.2, rng.choice([1, 1, 2, 3])
        floor = rng.random() < 0.6
        switches = Switches(cross_needs_step=not cross_free, border_round_up=not full_fours, crossing_floor=floor)
        mover = Mover(speed=speed, wound=1 if wounded else 0, deathzone_move=deathzone)
        found = reach(m, RULES, mover, start, turns, switches)
        first = {start: 0}
        frontier = [start]
        for turn in range(1, turns + 1):
            turn_cells = (one_origin_turn(m, speed, o, cross_free, full_fours, wounded, deathzone, floor)
                          for o in frontier)  # fmt: skip
            new = set().union(*turn_cells) - set(first)
            first.update(dict.fromkeys(new, turn))
            frontier = list(new)
        assert found == first, (i, start, speed, turns, cross_free, full_fours, wounded, deathzone, floor)


@pytest.mark.rule("strategiya.move.king")
def test_routes_follow_the_turns_of_reach() -> None:
    from printkit.games.strategiya.map_random import random_map

    m = random_map(BASE, 24, 16, seed="routes")
    found = reach(m, RULES, Mover(speed=1), (0, 0), 40)
    for goal, turns in list(found.items())[::7]:
        legs = route(m, RULES, Mover(speed=1), (0, 0), goal)
        assert legs is not None and len(legs) == turns
        for number, leg in enumerate(legs, start=1):  # every leg ends where the turn count says
            assert found[leg[-1]] <= number and all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                                                    for a, b in itertools.pairwise(leg))  # fmt: skip


def big_map(tmp_path: Path, size: int = 200) -> Path:
    """Bands of every terrain, a river and a bridge: the largest map printkit reads."""
    letters = "PFSMPDPF"
    rows = []
    for y in range(size):
        row = "".join(letters[(x // 7 + y // 11) % len(letters)] for x in range(size))
        if y == size // 2:
            row = "W" * (size - 1) + "P"
        rows.append(row)
    rows[0] = "P" * size
    rows[-1] = "P" * size
    body = "game: strategiya\nrows:\n" + "".join(f"  - {r}\n" for r in rows)
    return write(tmp_path / "big.yaml", body + f"objects:\n  - {{at: C{size // 2 + 1}, kind: bridge}}\n")


@pytest.mark.slow
@pytest.mark.rule("strategiya.move.king")
def test_speed_99_on_a_200_by_200_map_is_answered(tmp_path: Path) -> None:
    # The largest question the commands accept; bench/maps.py prints how long it takes.
    path = big_map(tmp_path)
    reached = run("referee", "reach", path, "--from", "CV100", "--speed", "99", "--turns", "50", "--json")
    assert reached.exit_code == 0 and json.loads(reached.output)["count"] > 30_000
    routed = run("referee", "route", path, "--from", "A1", "--to", "GR200", "--speed", "99", "--json")
    assert routed.exit_code == 0 and json.loads(routed.output)["turns"] >= 1
    slow = run("referee", "route", path, "--from", "A1", "--to", "GR200", "--speed", "0", "--json")
    assert slow.exit_code == 0 and json.loads(slow.output)["turns"] > 100  # no cap on the turns a route takes


@pytest.mark.rule("strategiya.move.king")
def test_wide_maps_print_an_excerpt_with_columns_apart(tmp_path: Path) -> None:
    path = big_map(tmp_path, 60)
    result = run("referee", "reach", path, "--from", "AH20", "--speed", "1", "--turns", "12")
    out = result.output
    lines = out.splitlines()
    assert result.exit_code == 0
    assert max(len(line) for line in lines) <= 80
    header = lines[0].split()
    assert "AH" in header and all(len(name) <= 2 for name in header)  # AA AB ... never run together
    assert "карта шире экрана: столбцы" in out and "вокруг AH20" in out
    en = run("referee", "reach", path, "--from", "A1", "--speed", "1", "--lang", "en").output
    assert "the map is wider than the screen" in en and "cells reachable in 1 turn\n" in en
    route_en = run("referee", "route", path, "--from", "A1", "--to", "B2", "--speed", "1", "--lang", "en").output
    assert route_en.startswith("turn 1: A1 → B2") and "Reading of the rules" in route_en


@pytest.mark.rule("strategiya.map.closed-regions", "strategiya.water.currents")
def test_printed_maps_outline_every_terrain_region_and_draw_the_currents(tmp_path: Path) -> None:
    from printkit.geometry import MM, paper_size
    from printkit.maps.sheet import MARGIN, RULER, left_edge, tiles

    body = ("game: strategiya\nrows:\n  - PPFF\n  - PPFF\n  - WWWP\n  - PPPP\n"
            "currents:\n  - {cells: A3-B3, flow: E}\n")  # fmt: skip
    path = write(tmp_path / "m.yaml", body)
    result = run("map", "draw", path, "--cell-mm", "20", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "map.pdf"
    game_map = load(path)
    cols = tiles(game_map, "a4", 20 * MM)[0][0]
    x0, top, s = left_edge(paper_size("a4")[0], len(cols), 20 * MM), 842 - MARGIN - RULER, 20 * MM

    def dark(x: float, y: float) -> bool:
        return sum(pixel(pdf, 0, x, y)) < 150

    # Plain meets forest between B and C (a third of the way down row 1): a black line there.
    assert dark(x0 + 2 * s, top - s / 3)
    # Two plain cells (A1 and B1) meet with no line, only the thin grey grid.
    assert not dark(x0 + s, top - s / 3)
    # The map's own edge closes the outer regions.
    assert dark(x0, top - s / 3)
    # A3 flows east: the arrow's shaft crosses the cell's middle; C3 (still water) has none.
    assert dark(x0 + 0.4 * s, top - 2.5 * s)
    assert not dark(x0 + 2.4 * s, top - 2.5 * s)
    text = " ".join(__import__("pypdf").PdfReader(pdf).pages[0].extract_text().split())
    assert "граница" in text and "течение" in text


@pytest.mark.rule("strategiya.map.port-towns", "strategiya.map.no-duplicates", "strategiya.water.currents")
def test_map_check_finds_water_without_towns_numbers_past_the_sheets_and_currents_on_land() -> None:
    # The audit's map: water and no town at all passed as ok.
    lake = grid("PPP", "PWP", "PPP")
    assert "the map has water but no town next to it (a port)" in [str(f) for f in check(lake, BASE)]
    # «Двоичный код»: ten rows a terrain, so a resource 11 can never be looked up.
    eleven = grid("PPP", "PPP", objects=[{"at": "A1", "kind": "resource", "number": 11, "name": None}])
    assert "A1: resource 11: plain numbers run 1 to 10 (the secret sheets' rows)" in [
        str(f) for f in check(eleven, BASE)
    ]
    ten = grid("PPP", "PPP", objects=[{"at": "A1", "kind": "adventure", "number": 10, "name": None}])
    assert not [f for f in check(ten, BASE) if not f.warning]
    dry = grid("PWPP", "PPPP", objects=[{"at": "A1", "kind": "town", "number": None, "name": None}],
               currents=[{"cells": "B1 C2", "flow": "S"}])  # fmt: skip
    assert [str(f) for f in check(dry, BASE) if not f.warning] == ["C2: a current on a cell that is not water"]


@pytest.mark.rule("strategiya.water.currents")
def test_random_maps_give_running_water_currents_that_the_check_and_the_file_keep(tmp_path: Path) -> None:
    from printkit.games.strategiya.map_random import random_map, to_yaml
    from printkit.games.strategiya.model import DIRECTIONS, strategiya_map

    running = still = 0
    for i in range(12):
        m = random_map(BASE, 24, 16, seed=f"flow-{i}")
        flows = strategiya_map(m).flows()
        water = {(x, y) for y in range(m.height) for x in range(m.width) if m.terrain(x, y) == "water"}
        assert set(flows) <= water
        running += bool(flows)
        still += bool(water - set(flows))
        # Every current leads on to water, or off the map's edge (a river leaving it).
        for (x, y), (dx, dy) in flows.items():
            ahead = (x + dx, y + dy)
            assert not m.inside(*ahead) or m.terrain(*ahead) == "water", (i, x, y)
        again = load(write(tmp_path / f"r{i}.yaml", to_yaml(m, "strategiya")))
        assert strategiya_map(again).flows() == flows
        assert set(d for _, d in strategiya_map(m).currents) <= set(DIRECTIONS)
    assert running and still  # both kinds of water turn up


def sailed_apart(m: GameMap, start: tuple[int, int], intellect: int) -> set[tuple[int, int]]:
    """Written apart from movement.py: every path over water from an afloat start, walked one cell at a
    time; a cell takes 1/(I + 1) of the turn going with the current of the cell entered (within 45°),
    1/(I − 1) going against it, 1/I on still water or across; a path is sailed if its shares add up to
    at most one turn. Landing on the shore is a turn of its own, next to the start only."""
    from fractions import Fraction

    from printkit.games.strategiya.model import strategiya_map

    flows = strategiya_map(m).flows()

    def share(a: tuple[int, int], b: tuple[int, int]) -> Fraction | None:
        step, current = (b[0] - a[0], b[1] - a[1]), flows.get(b)
        speed = intellect
        if current is not None:
            cos2 = Fraction((step[0] * current[0] + step[1] * current[1]) ** 2,
                            (step[0] ** 2 + step[1] ** 2) * (current[0] ** 2 + current[1] ** 2))  # fmt: skip
            dot = step[0] * current[0] + step[1] * current[1]
            if cos2 >= Fraction(1, 2) and dot > 0:
                speed = intellect + 1
            elif cos2 >= Fraction(1, 2) and dot < 0:
                speed = intellect - 1
        return Fraction(1, speed) if speed > 0 else None

    found: set[tuple[int, int]] = set()

    def walk(cell: tuple[int, int], used: Fraction, seen: frozenset[tuple[int, int]]) -> None:
        for n in m.neighbours(*cell):
            if m.terrain(*n) != "water" or n in seen:
                continue
            cost = share(cell, n)
            if cost is not None and used + cost <= 1:
                found.add(n)
                walk(n, used + cost, seen | {n})

    walk(start, Fraction(0), frozenset({start}))
    found |= {n for n in m.neighbours(*start) if m.terrain(*n) not in (None, "water")}
    return found - {start}


@pytest.mark.rule("strategiya.water.currents")
def test_sailing_equals_every_path_tried_apart() -> None:
    rng = __import__("random").Random(12)
    flows = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    for i in range(60):
        width, height = rng.randint(3, 5), rng.randint(2, 4)
        rows = ["".join(rng.choice("WWWWP") for _ in range(width)) for _ in range(height)]
        water = [f"{chr(65 + x)}{y + 1}" for y in range(height) for x in range(width) if rows[y][x] == "W"]
        if not water:
            continue
        currents = [{"cells": c, "flow": rng.choice(flows)} for c in water if rng.random() < 0.7]
        m = grid(*rows, currents=currents)
        start = parse_cell(rng.choice(water))
        intellect = rng.randint(0, 3)
        found = cells(reach(m, RULES, Mover(ship=intellect), start), start)  # afloat: nobody walks on water
        expected = {cell_name(*c) for c in sailed_apart(m, start, intellect)}
        assert found == expected, (i, rows, currents, start, intellect)


@pytest.mark.slow
@pytest.mark.rule("strategiya.corner.no-cutoff")
def test_validate_says_what_map_check_finds_in_the_configs_map_and_still_passes_it(tmp_path: Path) -> None:
    """A river down the whole map cuts the right-hand corners off: `map check` refuses the map;
    `validate` passes the config (the kit prints it) but says the same findings, in its language."""
    rows = ["PPWP", "PPWP", "PPWP", "PPWP"]
    config = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n  - name: Аня\n  - name: Борис\nmap:\n  rows:\n"
                   + "".join(f"    - {r}\n" for r in rows))  # fmt: skip
    found = run("map", "check", config, "--lang", "en")
    assert found.exit_code == 1 and "D1: cut off from corner A1" in found.output
    said = run("validate", config)
    assert said.exit_code == 0 and said.stdout.strip() == "ok"
    for corner in ("D1", "D4"):
        assert f"c.yaml: map: предупреждение: {corner}: отрезан от угла A1" in said.stderr
    assert "c.yaml: map: warning: D4: cut off from corner A1" in run("validate", config, "--lang", "en").stderr
