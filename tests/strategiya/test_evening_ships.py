"""A «Стратегия» evening's ships: where each lies, whose side sails it, moved by the heroes aboard,
and read by a hero's route and reach."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from printkit import evening

from ..conftest import EXAMPLES, heroes_evening, run

# The example map: water in columns I and J, rows 4 to 7 (a still lake); H5 is swamp beside it.
LAKE = {f"{c}{r}" for c in "IJ" for r in range(4, 8)}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return heroes_evening(tmp_path, "ships.sqlite")


def answered(*args: str) -> dict:  # type: ignore[type-arg]
    done = run("referee", *args, "--json")
    assert done.exit_code == 0, done.output + done.stderr
    return json.loads(done.stdout)


@pytest.mark.rule("strategiya.ship.evening")
def test_a_ship_lies_on_water_and_a_new_one_needs_its_builders_intellect(path: Path) -> None:
    """«Создание карты» 6): water is sailed with a ship, so a ship lies on water; «Строительство»
    4): its speed is its builders' summed intellect, which a new ship must be given."""
    land = run("evening", "record", "ship", str(path), "--ship", "Чайка", "--at", "H5", "--intellect", "3",
               "--lang", "en")  # fmt: skip
    assert land.exit_code == 2 and "H5 is land" in land.stderr
    nameless = run("evening", "record", "ship", str(path), "--ship", "Чайка", "--at", "I5", "--lang", "en")
    assert nameless.exit_code == 2 and "--intellect" in nameless.stderr
    said = evening.record(path, "ship", {"ship": "Чайка", "at": "i5", "intellect": 3, "player": "Аня"}).said
    assert "прочтение набора" in said["ru"] and "this kit's reading" in said["en"]
    evening.record(path, "ship", {"ship": "чайка", "at": "J7"})  # moved by the master, by its name in any case
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["ships"] == [{"name": "Чайка", "player": "Аня", "cell": "J7", "intellect": 3}]
    assert "«Чайка» (Аня): J7" in run("evening", "show", str(path)).output


def _ship_after(moves: list[tuple[str, str]], ship: str, lake: set[str]) -> str:
    """Where the ship lies after the hero's moves, written from the text apart from the evening: he
    is aboard while he stands on the ship's cell; aboard, a move onto water takes the ship along and
    a move ashore leaves it; ashore, he boards it by stepping onto its cell."""
    for start, end in moves:
        if start == ship and end in lake:
            ship = end
    return ship


@pytest.mark.rule("strategiya.ship.evening")
def test_the_heroes_aboard_sail_the_ship_and_leave_it_where_they_land(path: Path) -> None:
    evening.record(path, "ship", {"ship": "Чайка", "at": "I5", "intellect": 3, "player": "Аня"})
    evening.record(path, "ship", {"ship": "Барка", "at": "I4", "intellect": 1, "player": "Борис"})
    moves = [("H5", "I5"), ("I5", "J6"), ("J6", "J7"), ("J7", "K8"), ("K8", "J8")]
    evening.record(path, "move", {"hero": "Ветер", "to": moves[0][0]})
    said = [evening.record(path, "move", {"hero": "Ветер", "to": end}).said["en"] for _, end in moves]
    assert "boards the ship “Чайка”" in said[0] and "goes with him" in said[1] and "stays at J7" in said[3]
    ships = {s.name: s.cell for s in evening.read(path).state.part.ships}
    assert ships == {"Чайка": _ship_after(moves, "I5", LAKE), "Барка": "I4"} == {"Чайка": "J7", "Барка": "I4"}
    # a hero of another side stepping onto the ship's water boards nothing of Аня's
    assert "boards" not in evening.record(path, "move", {"hero": "Искра", "to": "I4"}).said["en"]


@pytest.mark.rule("strategiya.ship.evening")
def test_a_route_from_the_evening_sails_the_heros_ship_as_typed_figures_would(path: Path) -> None:
    """A hero ashore beside his side's ship boards it (the turn) and sails at its builders'
    intellect: from H5 to J7 two turns, as the text counts them apart: one to board, then the
    lake's 2 cells at 3 a turn; typed with --ship 3 --ship-at I5 the referee says the same."""
    evening.record(path, "move", {"hero": "Ветер", "to": "H5"})
    on_foot = run("referee", "route", str(path), "--from", "Ветер", "--to", "J7", "--json")
    assert on_foot.exit_code == 1 and json.loads(on_foot.stdout)["turns"] is None  # no ship yet: no way on foot
    evening.record(path, "ship", {"ship": "Чайка", "at": "I5", "intellect": 3, "player": "Аня"})
    named = answered("route", str(path), "--from", "Ветер", "--to", "J7")
    offered = named.pop("evening")
    typed = answered("route", str(path), "--from", "H5", "--to", "J7", "--hero", "Ветер", "--ship", "3",
                     "--ship-at", "I5")  # fmt: skip
    typed.pop("evening")
    assert named == typed
    assert len(named["legs"]) == 1 + math.ceil(2 / 3) == 2
    assert offered["record"][0]["values"] == {"hero": "Ветер", "to": "I5"}
    reach = answered("reach", str(path), "--from", "Ветер", "--turns", "2")
    reach.pop("evening")
    typed_reach = answered("reach", str(path), "--from", "H5", "--hero", "Ветер", "--turns", "2", "--ship", "3",
                           "--ship-at", "I5")  # fmt: skip
    typed_reach.pop("evening")
    assert reach == typed_reach and reach["reachable"]["J7"] == 2 and reach["reachable"]["I5"] == 1


def test_the_example_map_has_the_lake_the_tests_sail() -> None:
    import yaml

    rows = yaml.safe_load((EXAMPLES / "map.yaml").read_text(encoding="utf-8"))["rows"]
    water = {f"{'ABCDEFGHIJKL'[x]}{y + 1}" for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "W"}
    assert water == LAKE
