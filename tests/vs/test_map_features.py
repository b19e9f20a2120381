"""VS maps: lands with numbers and incomes, veins and their heights, lairs; their checks, sheet and list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.cells import parse_cell
from printkit.config.mapfile import load_map
from printkit.config.session import load_session
from printkit.games.vs.land_list import dice_code, dice_needed, rows
from printkit.games.vs.map_sheet import VsOverlay
from printkit.games.vs.model import vs_map
from printkit.maps.findings import check

from ..conftest import EXAMPLES, ExampleKits, pdf_text, run, write


def findings(tmp_path: Path, body: str, game: str = "vs-2025") -> list[str]:
    path = write(tmp_path / "m.yaml", f"game: {game}\n{body}")
    game_map, rules = load_map(path)
    return [str(f) for f in check(game_map, rules)]


@pytest.mark.rule("vs.map.provinces")
def test_lands_are_checked(tmp_path: Path) -> None:
    body = """rows: [PPPP, PPPP, SSSS]
lands:
  - {name: Одна, income: 5, cells: A1-B2}
  - {name: одна, income: 5, cells: B1-C2}
  - {name: Море, number: 2, income: 1, cells: A3-B3}
"""
    found = findings(tmp_path, body)
    assert "A1: two lands are called 'Одна'" in found
    assert "B1: two lands have the number 2" in found  # the second land's place in the list is 2 as well
    assert "A3: the land 'Море' has no land cell" in found
    assert "B1: the lands 'Одна' and 'одна' overlap" in found
    assert "warning: D1: 2 land cells belong to no land" in found
    ok = "rows: [PPPC, PPPS]\nlands:\n  - {name: A, number: 7, income: 5, cells: A1-B2}\n  - {name: B, cells: C1-D2}\n"
    assert findings(tmp_path, ok) == ["warning: D1: the land 'B' takes in 2 sea cells"]
    game_map, _ = load_map(tmp_path / "m.yaml")
    assert [(land.name, land.number, land.income) for land in vs_map(game_map).lands] == [("A", 7, 5), ("B", 2, 0)]


@pytest.mark.rule("vs.map.features")
@pytest.mark.rule("vs.mine.height")
@pytest.mark.rule("vs.building.placement")
def test_veins_mines_lairs_and_buildings_stand_where_the_rules_say(tmp_path: Path) -> None:
    body = """rows: [MMPP, PPPP, PPPP, PPPS]
rivers: [A4, B4]
lairs: [A1, C1]
objects:
  - {at: B1, kind: resource}
  - {at: D1, kind: resource, structure: mine-2}
  - {at: A2, kind: building, structure: castle}
  - {at: D4, kind: building, structure: tower}
"""
    found = findings(tmp_path, body)
    assert "C1: a dragon's lair is a mountain: put it on a mountain cell" in found
    assert "D1: mines are opened in the mountains: a vein belongs on a mountain cell" in found
    assert "D4: buildings stand on land, not at sea" in found
    assert not any(f.startswith(("A1", "B1")) for f in found)
    # 2003: bridges only on rivers, other buildings never on one; a vein's height limits its mine.
    old = """rows: [MMPP, PPPP, PPPP, PPPP]
rivers: [A4, B4]
objects:
  - {at: A1, kind: resource, height: 7, structure: mine-3}
  - {at: B1, kind: resource, height: 9, structure: mine-4}
  - {at: A4, kind: bridge, structure: bridge}
  - {at: D2, kind: bridge, structure: bridge}
  - {at: B4, kind: building, structure: tower}
"""
    found = findings(tmp_path, old, "vs-2003")
    assert found == ["A1: a level 3 mine needs a height of 8; this vein has 7", "D2: a bridge stands on a river cell",
                     "B4: in the 2003 rules only bridges stand on a river"]  # fmt: skip


@pytest.mark.rule("vs.building.one-lord-house")
def test_one_lords_house_a_land(tmp_path: Path) -> None:
    body = """rows: [PPPPPPPPPP, PPPPPPPPPP]
objects:
  - {at: A1, kind: building, structure: castle}
  - {at: E1, kind: building, structure: tower}
  - {at: J1, kind: building, structure: fortress}
lands: [{name: Долина, income: 9, cells: A1-J2}]
"""
    assert findings(tmp_path, body) == ["E1: a second lord's house in the land 'Долина' (the first is at A1)"]


def test_lairs_are_refused_on_maps_of_games_without_them(tmp_path: Path) -> None:
    path = write(tmp_path / "s.yaml", "rows: [PP, PP]\nlairs: [A1]\n")
    result = run("map", "check", path)
    assert result.exit_code == 3
    said = "lairs: ключ lairs бывает только у карт игры «Великая Стратегическая», а здесь карта игры «Стратегия»"
    assert said in result.output


@pytest.mark.rule("vs.dragon.lair")
@pytest.mark.rule("vs.map.provinces")
def test_the_examples_pass_the_check_with_lairs_veins_and_lands() -> None:
    for name in ("vs-2025.yaml", "vs-2003.yaml", "vs-map.yaml"):
        result = run("map", "check", EXAMPLES / name)
        assert result.exit_code == 0 and result.output.strip() == "всё в порядке", (name, result.output)
    game_map, _ = load_map(EXAMPLES / "vs-2025.yaml")
    assert vs_map(game_map).lairs == {parse_cell("A1"), parse_cell("E8")}
    assert {land.name for land in vs_map(game_map).lands} >= {"Драконьи горы", "Приречье"}


def borders_of(cells: list[str], rows_: list[str], lands: list[tuple[str, str]]) -> dict[str, list[tuple[int, int]]]:
    import tempfile

    lines = "\n".join(f"  - {{name: {n}, income: 1, cells: {c}}}" for n, c in lands)
    path = write(Path(tempfile.mkdtemp()) / "b.yaml", f"game: vs-2025\nrows: [{', '.join(rows_)}]\nlands:\n{lines}\n")
    game_map, rules = load_map(path)
    overlay = VsOverlay(game_map, rules, "ru", {})
    return {c: sorted(overlay.borders(*parse_cell(c))) for c in cells}


@pytest.mark.rule("vs.print.map")
def test_borders_run_between_lands_and_never_along_a_coast() -> None:
    # West land A1-A2 and east land B1-B2, a dry cell C1 of no land and the sea C2.
    got = borders_of(["A1", "B1", "B2", "C1", "C2"], ["PPP", "PPC"], [("W", "A1-A2"), ("E", "B1-B2")])
    assert got == {"A1": [(1, 0)], "B1": [(-1, 0), (1, 0)], "B2": [(-1, 0)], "C1": [(-1, 0)], "C2": []}


@pytest.mark.rule("vs.print.map")
def test_the_printed_map_shows_every_land_with_its_number_name_and_income(tmp_path: Path, kits: ExampleKits) -> None:
    kit = kits("vs-2025")  # the example's whole kit
    text = re.sub(r"\s+", " ", " ".join(pdf_text(kit / "map.pdf"))).replace("\xa0", " ")
    game_map, _ = load_map(EXAMPLES / "vs-2025.yaml")
    for land in vs_map(game_map).lands:
        first = land.name.split()[0]
        assert f"{land.number}. {first}" in text and f" {land.income} " in f" {text} "
    # `map draw` prints the same overlay without a kit around it.
    drawn = run("map", "draw", EXAMPLES / "vs-map.yaml", "--out", tmp_path / "draw", "--lang", "en")
    assert drawn.exit_code == 0, drawn.output
    assert "land border" in " ".join(pdf_text(tmp_path / "draw" / "map.pdf"))


@pytest.mark.rule("vs.print.lands")
def test_dice_codes_give_every_land_its_own_equally_likely_code() -> None:
    for lands in (1, 5, 6, 7, 36, 37, 216):
        dice = dice_needed(lands)
        codes = [dice_code(i, dice) for i in range(lands)]
        # A brute count of every face combination: each code comes up on exactly one of 6^dice.
        every = ["".join(str(f) for f in faces) for faces in _products(dice)]
        assert len(set(codes)) == lands and all(every.count(code) == 1 for code in codes)
        assert dice == 1 if lands <= 6 else dice == (2 if lands <= 36 else 3)


def _products(dice: int) -> list[tuple[int, ...]]:
    from itertools import product

    return list(product(range(1, 7), repeat=dice))


@pytest.mark.rule("vs.print.lands")
def test_the_land_list_of_the_2003_example() -> None:
    session = load_session(EXAMPLES / "vs-2003.yaml")
    assert session.game_map is not None
    table = rows(session, session.game_map)
    first = [(r["number"], r["code"], r["name"]) for r in table][:2]
    assert first == [(1, "11", "Драконьи горы"), (2, "12", "Северный лес")]
    assert table[6]["code"] == "21" and table[1]["held"] == "Север" and table[0]["veins"] == 2  # a vein and a lair


def test_map_check_speaks_the_askers_language(tmp_path: Path) -> None:
    body = "game: vs-2025\nrows: [PPPP, PPPS]\nlairs: [D2]\nlands:\n  - {name: A, cells: A1-B1}\n"
    path = write(tmp_path / "m.yaml", body)
    ru = run("map", "check", path)
    en = run("map", "check", path, "--lang", "en")
    assert ru.exit_code == en.exit_code == 1
    assert "D2: логово дракона — это гора: поставьте его на клетку гор" in ru.output
    assert "предупреждение: C1: клеток суши вне всякой земли: 5" in ru.output
    assert "D2: a dragon's lair is a mountain: put it on a mountain cell" in en.output
    assert "warning: C1: 5 land cells belong to no land" in en.output
