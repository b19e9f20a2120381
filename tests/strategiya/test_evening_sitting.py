"""A «Стратегия» evening's turns a hero sits out: after checking an object, for business in a town."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit import evening
from printkit.evening import EveningRefused
from printkit.plugin import RefusedValue

from ..conftest import heroes_evening, run, to_play

# The example heroes: Аня's four, Борис none. Two players: Аня plays turn 1, Борис 2 and 4 in a row
# («Начало игры»), then the turns alternate: Аня 5, 7, 9 ...


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return heroes_evening(tmp_path, "sitting.sqlite")


def _moves(path: Path) -> bool:
    """Whether Гром may move now (a move recorded and undone, so the evening stays as it was)."""
    try:
        evening.record(path, "move", {"hero": "Гром", "to": "C5"}, who="Аня")
    except RefusedValue:
        return False
    evening.undo(path)
    return True


@pytest.mark.rule("strategiya.skip.evening")
@pytest.mark.parametrize("turns", [1, 2])
def test_a_hero_sits_out_his_players_next_turns_and_plays_again_after(path: Path, turns: int) -> None:
    """«Пропуски ходов»: who checks an object sits out his next turn. Recorded in Аня's turn 1 (that
    turn not counted: a reading said with it), Гром plays none of her next `turns` turns, each
    counted as it ends, then moves again. Written out apart: her turns are 1, 5, 7, 9."""
    evening.record(path, "move", {"hero": "Гром", "to": "C4"}, who="Аня")
    said = evening.record(path, "skip", {"hero": "Гром", "turns": turns, "why": "приключение"}, who="Аня").said
    assert "this kit's reading: the turn it is recorded in does not count" in said["en"]
    assert _moves(path)  # still his turn 1, where he checked the object
    her_turns = [5, 7, 9, 11]
    sat_out = her_turns[:turns]
    for turn in her_turns:
        to_play(path, "Аня")
        state = evening.read(path).state
        assert state.turn == turn
        assert _moves(path) == (turn not in sat_out), turn
        shown = json.loads(run("evening", "show", str(path), "--json").output)
        grom = next(h for h in shown["players"][0]["heroes"] if h["name"] == "Гром")
        assert grom["sits_out"] == (len([t for t in sat_out if t >= turn]))
    moved = run("evening", "record", "move", str(path), "--hero", "Гром", "--to", "C5", "--lang", "en")
    assert moved.exit_code == 0  # his turns are over
    opened = evening.read(path)
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == opened.state


@pytest.mark.rule("strategiya.skip.evening")
def test_a_hero_sitting_out_adds_no_day_to_his_job_and_is_refused_in_one_line(path: Path) -> None:
    evening.record(path, "move", {"hero": "Гром", "to": "C4"}, who="Аня")
    evening.record(path, "work", {"hero": "Гром", "job": "замок"}, who="Аня")
    evening.record(path, "skip", {"hero": "Гром"}, who="Аня")
    evening.record(path, "next", {})  # turn 1 ends: his 9 days (the turn he sat down in counts)
    to_play(path, "Аня")  # turn 5: sat out
    refused = run("evening", "record", "move", str(path), "--hero", "Гром", "--to", "C5", "--lang", "en")
    assert refused.exit_code == 2 and "Гром sits this turn out (1 turn with this one)" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert "пропускает ходы: ещё 1" in run("evening", "show", str(path)).output
    evening.record(path, "next", {})  # turn 5 ends: no day, and his sitting is over
    jobs = json.loads(run("evening", "show", str(path), "--json").output)["jobs"]
    assert jobs[0]["done"] == 9
    to_play(path, "Аня")
    evening.record(path, "next", {})  # turn 7 ends: he works again and the castle (10 days) is built
    assert json.loads(run("evening", "show", str(path), "--json").output)["jobs"] == []


@pytest.mark.rule("strategiya.skip.evening")
def test_only_the_master_calls_a_skip_off(path: Path) -> None:
    evening.record(path, "skip", {"hero": "Гром", "turns": 3}, who="Аня")
    with pytest.raises(EveningRefused, match="master"):
        evening.record(path, "skip", {"hero": "Гром", "turns": 0}, who="Аня")
    said = evening.record(path, "skip", {"hero": "Гром", "turns": 0}).said
    assert "Гром sits out no more turns" in said["en"] and evening.read(path).state.part.sitting == ()
