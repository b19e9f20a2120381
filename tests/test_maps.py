"""Maps and movement: the map rules on small text maps, and reach and routes under every switch."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from printkit.config.rulesets import load_bundled
from printkit.config.schema import Checker
from printkit.config.yamlsource import parse_yaml
from printkit.games.strategiya.model import rules_of, session_of
from printkit.games.strategiya.movement import Mover, Switches, allowance, mover_for, reach, route
from printkit.maps.grid import GameMap, build_map, cell_name, check, parse_cell

from .conftest import EXAMPLES, run, write

BASE = load_bundled("strategiya")
RULES = rules_of(BASE)


def grid(*rows: str, objects: list[dict] | None = None) -> GameMap:  # type: ignore[type-arg]
    doc = parse_yaml("x: 1", "test")
    built = build_map({"rows": list(rows), "objects": objects or []}, BASE, doc, (), Checker(doc))
    assert built is not None
    return built


def cells(found: dict, start: tuple[int, int]) -> set[str]:  # type: ignore[type-arg]
    return {cell_name(*c) for c in found if c != start}


def test_coordinates() -> None:
    assert parse_cell("C4") == (2, 3) and cell_name(2, 3) == "C4"
    assert parse_cell("aa10") == (26, 9) and cell_name(26, 9) == "AA10"
    with pytest.raises(ValueError):
        parse_cell("4C")


def test_plain_speed_0_reaches_every_cell_within_3_king_moves() -> None:
    m = grid(*["P" * 9] * 9)
    found = reach(m, RULES, Mover(speed=0), (4, 4))
    assert {c for c in found if c != (4, 4)} == {(x, y) for x in range(1, 8) for y in range(1, 8)} - {(4, 4)}


def test_mountain_start_at_speed_0_reaches_nothing() -> None:
    m = grid("MMMP", "MMMP", "PPPP")
    assert cells(reach(m, RULES, Mover(speed=0), (1, 1)), (1, 1)) == set()


def test_crossing_into_a_forest_stops_one_cell_in() -> None:
    m = grid("PPPFFFF", "PPPFFFF")
    found = reach(m, RULES, Mover(speed=0), (0, 0))
    assert {c for c in found if c[0] >= 3} == {(3, 0), (3, 1)}
    # Speed 4: the border allowance grows to 2 cells.
    assert {c for c in reach(m, RULES, Mover(speed=4), (0, 0), border=2) if c[0] >= 3} == {
        (3, 0), (3, 1), (4, 0), (4, 1)}  # fmt: skip


def test_crossing_switch() -> None:
    m = grid("MP", "MP")
    assert cells(reach(m, RULES, Mover(), (0, 0)), (0, 0)) == set()
    free = reach(m, RULES, Mover(), (0, 0), switches=Switches(cross_needs_step=False))
    assert cells(free, (0, 0)) == {"B1", "B2"}


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


def test_bridge_carries_walkers_over_water() -> None:
    m = grid("PWP", objects=[{"at": "B1", "kind": "bridge", "number": None, "name": None}])
    assert cells(reach(m, RULES, Mover(speed=0), (0, 0)), (0, 0)) == {"B1", "C1"}


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


def test_hero_mover_uses_the_sheet_numbers() -> None:
    from printkit.config.session import load_session

    session = load_session(EXAMPLES / "strategiya-heroes.yaml")
    grom = session_of(session).parties[0].heroes[0]
    mover, border = mover_for(RULES, grom)
    assert (mover.speed, mover.horse, mover.deathzone_move, border) == (0, True, 3, 1)
    assert allowance(RULES, mover, "swamp") == 2


@pytest.mark.parametrize(("rows", "message"), [
    (["DPP", "PPP", "PPP"], "A1: a corner may not be deathzone"),
    (["PPP", "PPP", "PPW"], "C3: a corner may not be water"),
    (["PWP", "WWW", "PPP"], "C1: cut off from corner A1"),
    (["PPP", "PQP", "PPP"], "B2: 'Q' is no terrain of this game"),
])  # fmt: skip
def test_each_map_rule_has_a_failing_map(rows: list[str], message: str) -> None:
    assert message in [str(f) for f in check(grid(*rows), BASE)]


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


def test_missing_terrains_are_warnings_only() -> None:
    findings = check(grid("PPP", "PPP"), BASE)
    assert findings and all(f.warning for f in findings)


def test_cli(tmp_path: Path) -> None:
    assert run("map", "check", EXAMPLES / "map.yaml").output.endswith("ok\n")
    bad = write(tmp_path / "bad.yaml", "rows:\n  - DPP\n  - PPP\n")
    result = run("map", "check", bad)
    assert result.exit_code == 1 and "A1: a corner may not be deathzone" in result.output
    data = json.loads(run("referee", "reach", EXAMPLES / "map.yaml", "--from", "C4", "--speed", "2", "--json").output)
    assert data["reachable"]["D4"] == 1 and data["count"] == len(data["reachable"])
    out = run("referee", "reach", EXAMPLES / "map.yaml", "--from", "C4", "--speed", "2").output
    assert max(len(line) for line in out.splitlines()) <= 80 and "чтение правил:" in out
    routed = run("referee", "route", EXAMPLES / "map.yaml", "--from", "A1", "--to", "L9", "--speed", "1", "--json")
    assert json.loads(routed.output)["turns"] == 4
    assert run("referee", "route", bad, "--from", "A1", "--to", "Z9", "--speed", "1").exit_code == 2


# ---- printed maps and random maps -------------------------------------------------------------------


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
    assert run("map", "check", path).output.endswith("ok\n")


def pixel(pdf: Path, page: int, x: float, y: float) -> tuple[int, int, int]:
    import pypdfium2 as pdfium

    p = pdfium.PdfDocument(str(pdf))[page]
    height = p.get_size()[1]
    image = p.render(scale=2).to_pil().convert("RGB")
    return image.getpixel((int(x * 2), int((height - y) * 2)))


def test_map_pdf_tiles_and_colours(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from printkit.geometry import MM
    from printkit.maps.sheet import MARGIN, RULER, tiles
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
    got = pixel(pdf, 0, MARGIN + RULER + 2, top - 2)
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
    from printkit.maps.grid import load_map

    return load_map(path)[0]


def test_ship_sails_water_and_boarding_or_landing_takes_the_turn() -> None:
    m = grid("PWWWWP", "PWWWWP")
    aboard = cells(reach(m, RULES, Mover(speed=0, ship=2), (1, 0)), (1, 0))
    assert aboard == {"C1", "D1", "B2", "C2", "D2", "A1", "A2"}  # 2 water cells, or land beside the ship
    ashore = cells(reach(m, RULES, Mover(speed=0, ship=2), (0, 0)), (0, 0))
    assert {"B1", "B2"} <= ashore and "C1" not in ashore  # boarding is the whole turn
    assert cells(reach(m, RULES, Mover(speed=0), (0, 0)), (0, 0)) == {"A2"}  # no ship: no water


def test_load_costs_a_cell_per_ten_days_and_strength_wins_it_back() -> None:
    from printkit.games.strategiya.movement import load_cells

    assert load_cells(RULES, 29, 0) == 2 and load_cells(RULES, 30, 4) == 2 and load_cells(RULES, 10, 8) == 0
    m = grid("P" * 9)
    assert cells(reach(m, RULES, Mover(speed=0, load=2), (0, 0)), (0, 0)) == {"B1"}
    result = run("referee", "reach", EXAMPLES / "map.yaml", "--from", "A9", "--speed", "0", "--load-days", "30",
                 "--json")  # fmt: skip
    assert json.loads(result.output)["count"] == 0
