"""A «Стратегия» evening's bridges and dams: the map as its builders left it, read by routes and printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit import evening

from ..conftest import EXAMPLES, run, to_play

# A river down column D (D1 to D6, flowing south) with a tributary from F2 joining it at D4 (F2 → E3
# → D4, flowing south-west); a still lake at G5, H5, G6; an adventure on the river at D2 and a
# resource at D5.
ROWS = ["PPPWPPPP", "PPPWPWPP", "PPPWWPPP", "PPPWPPPP", "PPPWPPWW", "PPPWPPWP"]
CURRENTS = {"D1": "S", "D2": "S", "D3": "S", "D4": "S", "D5": "S", "D6": "S", "F2": "SW", "E3": "SW"}
STEPS = {"S": (0, 1), "SW": (-1, 1)}
MAP = (
    "game: strategiya\nrows:\n"
    + "".join(f"  - {r}\n" for r in ROWS)
    + "currents:\n"
    + "".join(f'  - {{cells: "{c}", flow: {f}}}\n' for c, f in CURRENTS.items())
    + "objects:\n  - {at: A1, kind: town, name: Брод}\n  - {at: D2, kind: adventure, number: 1}\n"
    + "  - {at: D5, kind: resource, number: 1}\n"
)
GROM = 9  # Гром's strength: a dam's cell (9 days) or a bridge's (5) is done in one of Аня's turns


def _evening(tmp_path: Path, name: str = "waters.sqlite") -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "map.yaml").write_text(MAP, encoding="utf-8")
    config = folder / "heroes.yaml"
    text = (EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8")
    config.write_text(text + "map: map.yaml\n", encoding="utf-8")
    path = tmp_path / name
    evening.start(config, path)
    return path


def _cell(name: str) -> tuple[int, int]:
    return "ABCDEFGH".index(name[0]), int(name[1:]) - 1


def _name(x: int, y: int) -> str:
    return f"{'ABCDEFGH'[x]}{y + 1}"


def _dried_apart(dam: list[str]) -> set[str]:
    """Written from the text apart from printkit: water runs from each source (running water no
    current flows into) along the arrows and stops at the dam; running water below the dam that
    the water no longer reaches has dried."""
    flows = {_cell(c): STEPS[f] for c, f in CURRENTS.items()}
    into = {(x + dx, y + dy) for (x, y), (dx, dy) in flows.items()}
    blocked = {_cell(c) for c in dam}
    wet: set[tuple[int, int]] = set()
    for source in (c for c in flows if c not in into and c not in blocked):
        here: tuple[int, int] | None = source
        while here is not None and here in flows and here not in blocked:
            wet.add(here)
            dx, dy = flows[here]
            nxt = (here[0] + dx, here[1] + dy)
            here = nxt if nxt in flows else None
    below: set[tuple[int, int]] = set()
    for start in blocked:
        here = start
        while here in flows:
            dx, dy = flows[here]
            here = (here[0] + dx, here[1] + dy)
            if here in flows:
                below.add(here)
    return {_name(*c) for c in below - wet - blocked}


def _build(path: Path, job: str, bank: str, over: str) -> dict:  # type: ignore[type-arg]
    if evening.read(path).state.whose != "Аня":  # her heroes walk and work in her turn
        to_play(path, "Аня")
    evening.record(path, "move", {"hero": "Гром", "to": bank})
    evening.record(path, "work", {"hero": "Гром", "job": job, "over": over}, who="Аня")
    return dict(evening.record(path, "next", {}).said)


@pytest.mark.rule("strategiya.dam.evening")
@pytest.mark.parametrize(("bank", "dam", "lost"), [
    ("C2", "D2", ["adventure 1 on D2"]),  # the confluence at D4 is fed by the tributary: one cell dries
    ("C4", "D4", ["resource 1 on D5"]),  # below the confluence: the lower river dries to the edge
    ("G2", "F2", []),  # the tributary's source: the whole tributary, not the river it joins
])  # fmt: skip
def test_a_dam_dries_the_river_below_it_as_far_as_no_other_current_feeds_it(
    tmp_path: Path, bank: str, dam: str, lost: list[str]
) -> None:
    """«Строительство» 3): a dam turns the river it cuts off into plain, destroying the adventures
    and resources there; checked against the water run from its sources apart (the reading: the
    dam's own cells are land too)."""
    path = _evening(tmp_path)
    said = _build(path, "плотина", bank, dam)
    expected = _dried_apart([dam])
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["buildings"] == [{"building": "dam", "cell": bank, "player": "Аня", "over": [dam],
                                   "dried": sorted(expected, key=lambda c: _cell(c)[::-1])}]  # fmt: skip
    assert {"D3"} == _dried_apart(["D2"]) and {"D5", "D6"} == _dried_apart(["D4"]) and {"E3"} == _dried_apart(["F2"])
    for item in lost:
        assert f"water {item}" in said["en"]
    assert ("lost:" in said["en"]) == bool(lost) and "this kit's reading" in said["en"]
    assert "прочтение набора" in said["ru"]
    # the map as it stands: the dam and the dried river are plain, walked by a hero asked of the evening
    land = {dam, *expected}
    typed = tmp_path / "typed.yaml"
    rows = ["".join("P" if _name(x, y) in land else ch for x, ch in enumerate(row)) for y, row in enumerate(ROWS)]
    currents = {c: f for c, f in CURRENTS.items() if c not in land}
    objects = [o for o in ("{at: A1, kind: town, name: Брод}", "{at: D2, kind: adventure, number: 1}",
                           "{at: D5, kind: resource, number: 1}") if o.split(",")[0][5:] not in land]  # fmt: skip
    typed.write_text("game: strategiya\nrows:\n" + "".join(f"  - {r}\n" for r in rows) + "currents:\n"
                     + "".join(f'  - {{cells: "{c}", flow: {f}}}\n' for c, f in currents.items())
                     + "objects:\n" + "".join(f"  - {o}\n" for o in objects), encoding="utf-8")  # fmt: skip
    asked = json.loads(run("referee", "reach", str(path), "--from", bank, "--speed", "2", "--turns", "2",
                           "--json").output)  # fmt: skip
    by_hand = json.loads(run("referee", "reach", str(typed), "--from", bank, "--speed", "2", "--turns", "2",
                             "--json").output)  # fmt: skip
    asked.pop("evening", None)
    assert asked == by_hand
    assert set(asked["reachable"]) >= land


def test_the_dried_river_written_apart_is_what_the_map_says() -> None:
    """The map above as the tests read it: the river, its tributary and the lake."""
    water = {_name(x, y) for y, row in enumerate(ROWS) for x, ch in enumerate(row) if ch == "W"}
    assert set(CURRENTS) <= water and water - set(CURRENTS) == {"G5", "H5", "G6"}


@pytest.mark.rule("strategiya.bridge.evening")
def test_a_bridge_finished_carries_heroes_over_the_water_at_the_plains_speed(tmp_path: Path) -> None:
    """«Создание карты» 6), «Строительство» 1): a bridge is 5 days a cell, and heroes cross the
    river on it at the plain's speed. Before it the river (D1 to D6, the map's whole height) parts
    C5 from E5; after it the route asked of the evening is the route asked of the same map with
    the bridge written into its file by hand, and it is offered as the hero's move."""
    path = _evening(tmp_path)
    evening.record(path, "move", {"hero": "Ветер", "to": "C5"})
    before = run("referee", "route", str(path), "--from", "Ветер", "--to", "E5", "--json")
    assert before.exit_code == 1 and json.loads(before.stdout)["turns"] is None
    said = _build(path, "мост", "C5", "D5")
    assert "the bridge stands on D5" in said["en"] and "5 days" in said["en"]
    after = run("referee", "route", str(path), "--from", "Ветер", "--to", "E5", "--json")
    assert after.exit_code == 0, after.output
    asked = json.loads(after.stdout)
    offered = asked.pop("evening")
    typed = tmp_path / "typed.yaml"
    typed.write_text(MAP + "  - {at: D5, kind: bridge}\n", encoding="utf-8")
    by_hand = json.loads(run("referee", "route", str(typed), "--from", "C5", "--to", "E5", "--hero", "Ветер",
                             "--config", str(tmp_path / "config" / "heroes.yaml"), "--json").stdout)  # fmt: skip
    assert asked["legs"] == by_hand["legs"] and asked["turns"] == by_hand["turns"]
    assert offered["record"][0]["values"]["hero"] == "Ветер"
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["buildings"] == [{"building": "bridge", "cell": "C5", "player": "Аня", "over": ["D5"]}]
    # the evening's printed map holds the bridge where it stands
    from printkit.games.strategiya.evening.shown import game_map

    drawn = game_map(evening.read(path).state)
    assert [(o.x, o.y) for o in drawn.objects if o.kind == "bridge"] == [_cell("D5")]


@pytest.mark.rule("strategiya.bridge.evening")
def test_a_bridge_without_its_cells_is_built_and_the_map_says_so_in_words(tmp_path: Path) -> None:
    path = _evening(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C5"})
    evening.record(path, "work", {"hero": "Гром", "job": "мост", "cells": 1}, who="Аня")
    said = evening.record(path, "next", {}).said
    assert "its cells were not named, so the evening's map stays as it was" in said["en"]
    assert "клетки под ней не названы" in said["ru"]
    assert run("referee", "route", str(path), "--from", "C5", "--to", "E5", "--speed", "2").exit_code == 1


@pytest.mark.rule("strategiya.bridge.evening")
@pytest.mark.parametrize(("job", "bank", "over", "cells", "refusal"), [
    ("мост", "C5", "C6", None, "C6 is not water"),
    ("мост", "C5", "D5 D5", None, "Cell D5 is named twice"),
    ("мост", "B5", "D5", None, "D5 is not next to B5"),
    ("мост", "C3", "D3, E3 F4", None, "F4 is not water"),
    ("мост", "C5", "D5", 2, "The number of cells (2) does not match the cells named (1)"),
    ("плотина", "F5", "G5", None, "G5 is still water"),
    ("замок", "C5", "D5", None, "Cells over water are named only for a bridge or a dam (not: Castle)"),
    ("мост", "C5", "Z9", None, "Cell Z9 is not on the evening's map"),
    ("мост", "F3", "E3", None, "E3, the last cell named, has no far bank beside it"),
    ("плотина", "C3", "D3,D4", None, "A dam runs across the current, but D3 flows into D4"),
])  # fmt: skip
def test_a_bridges_or_dams_cells_are_refused_in_one_line_when_the_map_has_no_place_for_them(
    tmp_path: Path, job: str, bank: str, over: str, cells: int | None, refusal: str
) -> None:
    path = _evening(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": bank})
    args = ["evening", "record", "work", str(path), "--hero", "Гром", "--job", job, "--over", over, "--lang", "en"]
    done = run(*args, *(["--cells", str(cells)] if cells else []))
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert done.exit_code == 2 and len(errors) == 1 and refusal in errors[0], done.stderr
    assert "Traceback" not in done.stderr
    assert json.loads(run("evening", "show", str(path), "--json").output)["jobs"] == []


@pytest.mark.rule("strategiya.dam.evening")
def test_a_dams_map_is_the_same_replayed_or_live_and_undone_with_its_turn(tmp_path: Path) -> None:
    """The journal replayed gives the state recorded live; undoing the turn that finished the dam
    gives the river back."""
    path = _evening(tmp_path)
    _build(path, "плотина", "C4", "D4")
    live = evening.read(path).state
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == live
    assert [b.dried for b in live.part.built] == [("D5", "D6")]
    evening.undo(path)
    assert evening.read(path).state.part.built == ()
    assert run("referee", "route", str(path), "--from", "C5", "--to", "E5", "--speed", "2").exit_code == 1


@pytest.mark.rule("strategiya.dam.evening")
def test_the_evenings_printed_map_shows_the_river_dried_the_bridge_and_the_castle(tmp_path: Path) -> None:
    """`evening print` draws the map as it stands: the dried river plain, no lost resource, the
    bridge on its cell, a finished castle and the dam as buildings."""
    from printkit.games.strategiya.evening.shown import game_map

    path = _evening(tmp_path)
    _build(path, "плотина", "C4", "D4")
    to_play(path, "Аня")  # Борис's turns
    _build(path, "мост", "C2", "D2")
    to_play(path, "Аня")
    evening.record(path, "move", {"hero": "Гром", "to": "F5"})
    evening.record(path, "work", {"hero": "Гром", "job": "замок"}, who="Аня")
    evening.record(path, "next", {})  # 10 days at 9 a turn: two of Аня's turns end
    to_play(path, "Аня")
    evening.record(path, "next", {})
    drawn = game_map(evening.read(path).state)
    assert drawn.terrain(*_cell("D5")) == drawn.terrain(*_cell("D4")) == "plain" == drawn.terrain(*_cell("D6"))
    assert drawn.terrain(*_cell("D3")) == "water"
    assert {(o.kind, o.x, o.y) for o in drawn.objects} == {
        ("town", *_cell("A1")),
        ("adventure", *_cell("D2")),
        ("bridge", *_cell("D2")),
        ("building", *_cell("F5")),  # the castle
        ("building", *_cell("D4")),  # the dam on its cell
    }
    out = tmp_path / "paper"
    done = run("evening", "print", str(path), "--out", str(out))
    assert done.exit_code == 0, done.output
    assert (out / "map.pdf").stat().st_size > 0


@pytest.mark.rule("strategiya.bridge.evening")
def test_a_cell_bridged_once_and_a_job_begun_over_other_cells_are_refused(tmp_path: Path) -> None:
    path = _evening(tmp_path)
    _build(path, "мост", "C5", "D5")
    evening.record(path, "move", {"hero": "Ветер", "to": "E5"})
    again = run("evening", "record", "work", str(path), "--hero", "Ветер", "--job", "мост", "--over", "D5",
                "--lang", "en")  # fmt: skip
    assert again.exit_code == 2 and "A bridge stands on D5 already" in again.stderr
    evening.record(path, "move", {"hero": "Искра", "to": "C3"})
    evening.record(path, "work", {"hero": "Искра", "job": "мост", "over": "D3"}, who="Аня")
    evening.record(path, "move", {"hero": "Тень", "to": "C3"})
    other = run("evening", "record", "work", str(path), "--hero", "Тень", "--job", "мост", "--over", "D2",
                "--lang", "en")  # fmt: skip
    assert other.exit_code == 2 and "Work (Bridge) over D3 is begun on C3 already" in other.stderr
    joined = evening.record(path, "work", {"hero": "Тень", "job": "мост"}, who="Аня")
    assert "over the water: D3" in joined.said["en"]
    moved = evening.record(path, "work", {"hero": "Тень", "job": "мост", "over": "D3"}, who="Аня")
    assert moved.said["en"]  # the same cells named again join the same job
    left = evening.record(path, "work", {"hero": "Тень", "job": "замок"}, who="Аня")  # another job, same cell
    assert "he left his former job (Bridge on C3)" in left.said["en"] and "bridge:C3" not in left.said["en"]
    assert "прежнюю работу (Мост на C3)" in left.said["ru"]


@pytest.mark.rule("strategiya.dam.evening")
def test_a_ship_on_a_river_a_dam_dried_lies_aground_and_sails_no_question(tmp_path: Path) -> None:
    """A dam dries the river under Аня's ship: the turn says so, it is shown aground, a hero stepping
    onto it does not board it, and her heroes' routes go on foot, as with no ship."""
    path = _evening(tmp_path)
    evening.record(path, "ship", {"ship": "Чайка", "at": "D6", "intellect": 3, "player": "Аня"})
    said = _build(path, "плотина", "C4", "D4")
    assert "ships left on dry land: «Чайка» (D6)" in said["en"]
    ships = json.loads(run("evening", "show", str(path), "--json").output)["ships"]
    assert ships == [{"name": "Чайка", "player": "Аня", "cell": "D6", "intellect": 3, "aground": True}]
    assert "на суше" in run("evening", "show", str(path)).output
    evening.record(path, "move", {"hero": "Ветер", "to": "C6"})
    route = run("referee", "route", str(path), "--from", "Ветер", "--to", "E6", "--json")
    assert route.exit_code == 0, route.output
    stepped = evening.record(path, "move", {"hero": "Ветер", "to": "D6"})
    assert "cannot be boarded" in stepped.said["en"] and "boards" not in stepped.said["en"]
    assert evening.read(path).state.part.ships[0].cell == "D6"


@pytest.mark.rule("strategiya.work.evening")
def test_a_worker_of_strength_0_is_told_he_will_not_finish_alone(tmp_path: Path) -> None:
    path = _evening(tmp_path)
    evening.record(path, "move", {"hero": "Ветер", "to": "C5"})  # strength 0
    said = evening.record(path, "work", {"hero": "Ветер", "job": "мост", "over": "D5"}, who="Аня").said
    assert "Ветер's strength is 0: alone he will never finish it" in said["en"]


@pytest.mark.rule("strategiya.water.movement")
def test_a_move_onto_water_without_ship_flight_or_bridge_is_recorded_with_the_rule_said(tmp_path: Path) -> None:
    """«Создание карты» 6): water is entered only with a ship or flight, or over a bridge. The move
    is the table's record, so it is kept, with the rule said; on a bridge, aboard, or boarding, not."""
    path = _evening(tmp_path)
    evening.record(path, "move", {"hero": "Ветер", "to": "C5"})
    wet = evening.record(path, "move", {"hero": "Ветер", "to": "D5"}).said
    assert "by the rules no one enters water without a ship, flight or a bridge" in wet["en"]
    assert "без корабля, полёта или моста не попасть" in wet["ru"]
    evening.record(path, "move", {"hero": "Ветер", "to": "C5"})
    _build(path, "мост", "C5", "D5")
    over = evening.record(path, "move", {"hero": "Ветер", "to": "D5"}).said
    assert "no one enters" not in over["en"]
    evening.record(path, "ship", {"ship": "Чайка", "at": "D3", "intellect": 2, "player": "Аня"})
    evening.record(path, "move", {"hero": "Искра", "to": "C3"})
    boarded = evening.record(path, "move", {"hero": "Искра", "to": "D3"}).said
    assert "boards the ship" in boarded["en"] and "no one enters" not in boarded["en"]


@pytest.mark.rule("strategiya.dam.evening")
def test_a_bridge_whose_river_a_later_dam_dried_is_said_to_stand_over_a_dry_bed(tmp_path: Path) -> None:
    """A bridge over D5, then a dam on D4: the river below dries, and the bridge's row says its cell
    is a dried bed now, not water."""
    path = _evening(tmp_path)
    _build(path, "мост", "C5", "D5")
    shown = run("evening", "show", str(path), "--lang", "en").output
    assert "Bridge on C5 (Аня); over the water: D5" in " ".join(shown.split())
    to_play(path, "Аня")
    _build(path, "плотина", "C4", "D4")
    shown = " ".join(run("evening", "show", str(path), "--lang", "en").output.split())
    assert "Bridge on C5 (Аня); over a dried bed: D5" in shown and "over the water: D5" not in shown
    assert "Dam on C4 (Аня); over the water: D4; dried up: D5, D6" in shown
