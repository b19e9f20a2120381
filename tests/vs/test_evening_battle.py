"""A VS evening's battles and markers: a battle's outcome applied to the evening's map (troops, the
building's owner and level), income then following the map; "no active action" and siege markers
counted down and announced; the state replayed from the journal is the state that was live."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from printkit import evening
from printkit.evening import EveningRefused, recording

from ..conftest import EXAMPLES, run
from .test_evening_treasury import _cell, _cells

VS25 = EXAMPLES / "vs-2025.yaml"
VS03 = EXAMPLES / "vs-2003.yaml"
# Upkeep a year, from both editions' troop tables (2025 §4, 2003 §4): what the plain reckoning needs.
UPKEEP = {"knights": 10, "elves": 5, "orcs": 5, "zombie": 0}


def started(tmp_path: Path, config: Path = VS25, text: str | None = None) -> Path:
    if text is not None:
        config = tmp_path / "c.yaml"
        config.write_text(text, encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    return path


def building(path: Path, cell: str) -> tuple[str | None, str | None] | None:
    """(owner, structure) of the building on a cell as the evening's JSON says it; None: none there."""
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    found = [b for b in shown["map"]["buildings"] if b["cell"] == cell]
    return (found[0]["owner"], found[0]["structure"]) if found else None


def troops_on(path: Path, cell: str) -> list[tuple[str, str | None]]:
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    return [(t["troop"], t["owner"]) for t in shown["map"]["troops"] if t["cell"] == cell]


def plain_income(data: dict[str, object], player: str) -> int:
    """A year's income reckoned from a map as the text says (2025 §2.2, §4, §5): the income of each
    land holding one of his lord's houses, 2 a copper mine, each troop's upkeep but one in his house
    (the personal troop, which costs nothing)."""
    owned = [o for o in data["objects"] if o.get("owner") == player]  # type: ignore[attr-defined]
    houses = {_cell(o["at"]) for o in owned if o["kind"] == "building" and o.get("structure") != "fortress"}
    lands = sum(land["income"] for land in data["lands"] if _cells(land["cells"]) & houses)  # type: ignore[attr-defined]
    mined = [o["structure"] for o in owned if o.get("structure", "").startswith("mine")]
    mines = sum(2 * int(word.removeprefix("mine-")) for word in mined)
    troops = [t for t in data["troops"] if t.get("owner") == player]  # type: ignore[attr-defined]
    personal = next((t for t in troops if _cell(t["at"]) in houses), None)
    return lands + mines - sum(UPKEEP[t["troop"]] for t in troops if t is not personal)


@pytest.mark.rule("vs.battle.building-fate")
@pytest.mark.rule("vs.battle.outcome")
@pytest.mark.rule("vs.income.sources")
def test_an_attacker_who_wins_takes_the_castle_and_the_income_follows(tmp_path: Path) -> None:
    """2025 §7.9, §7.12: the defenders left with no squad leave the map, the building becomes the
    winner's; a year's income then reads the map the battle left."""
    path = started(tmp_path)
    done = evening.record(path, "battle", {"cell": "E2", "winner": "Юг", "troops": "knights"})
    assert done.effect["attacker_won"] and done.effect["before"] == [["knights", "Север"]]
    assert building(path, "E2") == ("Юг", "castle")  # 2025: lowered only at the winner's wish
    assert troops_on(path, "E2") == [("knights", "Юг")]
    assert "Северный замок" in done.said["ru"] and "погибли" in done.said["ru"]
    # the same map written by hand: the castle and its troop now Юг's
    data = yaml.safe_load(VS25.read_text(encoding="utf-8"))["map"]
    for o in data["objects"] + data["troops"]:
        if o["at"] == "E2":
            o["owner"] = "Юг"
    north = evening.record(path, "income", {"player": "Север"})
    assert north.effect["cash_after"] - north.effect["cash_before"] == plain_income(data, "Север") == 0
    evening.record(path, "next", {})
    south = evening.record(path, "income", {"player": "Юг"})
    assert south.effect["cash_after"] - south.effect["cash_before"] == plain_income(data, "Юг") == 12 + 9 + 2 - 10


@pytest.mark.rule("vs.battle.outcome")
def test_a_defender_who_wins_keeps_the_cell_and_the_fallen_attackers_leave_the_map(tmp_path: Path) -> None:
    path = started(tmp_path)
    evening.record(path, "troops", {"cell": "E3", "player": "Юг", "troops": "elves"})
    done = evening.record(path, "battle", {"cell": "E2", "winner": "Север", "troops": "knights", "fallen": "E3"})
    assert not done.effect["attacker_won"] and done.effect["building"] is None
    assert building(path, "E2") == ("Север", "castle") and troops_on(path, "E3") == []
    assert troops_on(path, "E2") == [("knights", "Север")]
    assert "defender" in done.said["en"] and "E3" in done.said["en"]


# One level down, from the building tables and §7.10 / 2003 §6.10: a house steps down its row, and a
# tower, a fortress, a bridge or a copper mine is destroyed (a mine's vein stays on the map).
DOWN = {"city": "castle", "castle": "manor", "manor": "tower", "tower": None, "fortress": None,
        "mine-3": "mine-2", "mine-2": "mine-1", "mine-1": None}  # fmt: skip


@pytest.mark.rule("vs.battle.building-fate")
@pytest.mark.parametrize("structure", sorted(DOWN))
def test_a_building_lowered_steps_down_its_row_or_is_destroyed(tmp_path: Path, structure: str) -> None:
    kind = "resource" if structure.startswith("mine") else "building"
    text = VS25.read_text(encoding="utf-8").replace(
        "{at: I3, kind: building, structure: tower}", f"{{at: I3, kind: {kind}, structure: {structure}, owner: Запад}}"
    )
    path = started(tmp_path, text=text)
    done = evening.record(path, "battle", {"cell": "I3", "winner": "Юг", "lower": True})
    after = DOWN[structure]
    if after is None:
        assert done.effect["building"]["destroyed"]
        # a destroyed mine leaves its vein, unopened and nobody's; anything else leaves nothing
        assert building(path, "I3") == ((None, None) if kind == "resource" else None)
    else:
        assert building(path, "I3") == ("Юг", after)


@pytest.mark.rule("vs.battle.building-fate")
def test_2003_lowers_a_taken_building_unless_its_attacker_stood_on_it(tmp_path: Path) -> None:
    """2003 §6.10-6.11: a garrison lost takes the building a level down, unless the winner spares it
    because his attacker stood on its cell; §6.13: the owner changes at the winner's wish."""
    path = started(tmp_path, VS03)
    evening.record(path, "battle", {"cell": "E2", "winner": "Юг", "troops": "knights"})
    assert building(path, "E2") == ("Юг", "castle")  # the city, a level down
    evening.record(path, "battle", {"cell": "H9", "winner": "Север", "spare": True, "keep_owner": True})
    assert building(path, "H9") == ("Юг", "city") and troops_on(path, "H9") == []
    with pytest.raises(Exception, match="not given together"):
        evening.record(path, "battle", {"cell": "E2", "winner": "Север", "lower": True, "spare": True}, who="master")


@pytest.mark.rule("vs.battle.building-fate")
def test_only_magical_winners_take_nothing_and_always_lower_the_building(tmp_path: Path) -> None:
    """2025 §7.11-7.12: a garrison killed by magical or neutral troops alone: the building goes down
    a level and keeps its owner."""
    path = started(tmp_path)
    done = evening.record(path, "battle", {"cell": "E2", "winner": "Юг", "troops": "zombie:2"})
    assert done.effect["beasts"]
    assert building(path, "E2") == ("Север", "manor")
    assert troops_on(path, "E2") == [("zombie", "Юг"), ("zombie", "Юг")]
    neutral = evening.record(path, "battle", {"cell": "H9", "winner": "none", "troops": "orcs"})
    assert neutral.effect["beasts"] and building(path, "H9") == ("Юг", "manor")


@pytest.mark.rule("vs.turn.active-inactive")
def test_a_no_action_marker_lasts_a_year_and_is_announced_when_it_ends(tmp_path: Path) -> None:
    """2025 §1.3, §8.5: an active action comes back after a year, which runs to the start of the
    next turn of the player in whose turn it began; the other reading ends it at the owner's turn."""
    path = started(tmp_path)
    players = evening.read(path).state.players
    marked = evening.record(path, "no-action", {"cell": "B6", "why": "туман сна"})  # Запад's knights, Север's turn
    assert marked.effect["due"] == 1 + len(players)
    other = evening.record(path, "no-action", {"cell": "H9", "owners_turn": True})  # Юг's knights
    assert other.effect["due"] == 1 + players.index("Юг")
    said = [evening.record(path, "next", {}).said["en"] for _ in range(3)]
    assert ["H9" in s for s in said] == [True, False, False]
    assert ["B6" in s and "active action again" in s for s in said] == [False, False, True]
    assert evening.read(path).state.countdowns == ()
    with pytest.raises(Exception, match="No troop and no building"):
        evening.record(path, "no-action", {"cell": "A10"})


@pytest.mark.rule("vs.battle.building-fate")
@pytest.mark.rule("vs.turn.active-inactive")
def test_a_building_that_changes_hands_loses_its_active_action_for_a_year(tmp_path: Path) -> None:
    """2025 §7.12: a building that changes owner loses its active action (given back after a year)."""
    path = started(tmp_path)
    evening.record(path, "battle", {"cell": "E2", "winner": "Юг", "troops": "knights"})
    (countdown,) = evening.read(path).state.countdowns
    assert countdown.key == "no-action:E2" and countdown.due == 4


@pytest.mark.rule("vs.battle.siege")
def test_a_siege_lasts_a_year_and_lifts_when_its_troop_falls(tmp_path: Path) -> None:
    """2025 §4.4: a troop beside a building or one cell away besieges it (no magical troop); hiring
    stops there; the siege lifts when the besieging troop dies."""
    path = started(tmp_path)
    evening.record(path, "troops", {"cell": "H7", "player": "Север", "troops": "elves"})  # two cells from H9
    evening.record(path, "troops", {"cell": "H6", "player": "Север", "troops": "knights"})  # three
    evening.record(path, "troops", {"cell": "G8", "player": "Север", "troops": "zombie"})
    for by, words in (("H6", "one cell away"), ("G8", "magical"), ("A10", "No troop")):
        with pytest.raises(Exception, match=words):
            evening.record(path, "siege", {"cell": "H9", "by": by})
    with pytest.raises(Exception, match="can be besieged"):
        evening.record(path, "siege", {"cell": "F8", "by": "G8"})  # a mine is no house
    laid = evening.record(path, "siege", {"cell": "H9", "by": "H7"})
    assert laid.effect["due"] == 4 and "no hiring" in laid.said["en"]
    assert [c.key.split(":")[0] for c in evening.read(path).state.countdowns] == ["siege"]
    fought = evening.record(path, "battle", {"cell": "H7", "winner": "Юг"})
    assert "siege of H9 is lifted" in fought.said["en"]
    assert evening.read(path).state.countdowns == ()
    evening.record(path, "troops", {"cell": "H7", "player": "Север", "troops": "elves"})
    evening.record(path, "siege", {"cell": "H9", "by": "H7"})
    said = [evening.record(path, "next", {}).said["en"] for _ in range(3)]
    assert ["siege of H9" in s and "ends" in s for s in said] == [False, False, True]


def test_2003_besieges_a_lords_house_only(tmp_path: Path) -> None:
    """2003 §4.6 names a lord's house; 2025 §4.4 any «постройка», a fortress too."""
    text = VS03.read_text(encoding="utf-8").replace("structure: tower", "structure: fortress")
    path = started(tmp_path, text=text)
    evening.record(path, "troops", {"cell": "C5", "player": "Север", "troops": "elves"})
    with pytest.raises(Exception, match="lord's house"):
        evening.record(path, "siege", {"cell": "C6", "by": "C5"})  # the 2003 map's tower, made a fortress


def _random_event(rng: random.Random, players: tuple[str, ...]) -> tuple[str, dict[str, object]]:
    cells = ["E2", "H9", "I3", "F6", "H7", "E3", "B6", "F8"]
    kind = rng.choice(["battle", "battle", "troops", "no-action", "siege", "next", "income", "undo"])
    if kind == "battle":
        return kind, {"cell": rng.choice(cells), "winner": rng.choice([*players, "none"]),
                      "troops": rng.choice(["", "knights", "zombie:2", "elves"]), "lower": rng.random() < 0.5,
                      "fallen": rng.choice(["", "E3", "H7"])}  # fmt: skip
    if kind == "troops":
        return kind, {"cell": rng.choice(cells), "player": rng.choice(players), "troops": rng.choice(["elves", ""])}
    if kind == "no-action":
        return kind, {"cell": rng.choice(cells), "owners_turn": rng.random() < 0.5}
    if kind == "siege":
        return kind, {"cell": "H9", "by": rng.choice(["H7", "G8", "F8"])}
    if kind == "income":
        return kind, {"player": rng.choice(players)}
    return kind, {}


@pytest.mark.parametrize("seed", range(2))
def test_the_state_replayed_from_the_journal_is_the_state_that_was_live(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    path = started(tmp_path)
    live = evening.read(path).state
    kinds: set[str] = set()
    for _ in range(40):
        kind, values = _random_event(rng, live.players)
        try:
            live = evening.undo(path).state if kind == "undo" else evening.record(path, kind, values).state
        except EveningRefused:
            continue  # nothing to undo
        except Exception as exc:  # a rule that says no records nothing
            assert getattr(exc, "key", "").startswith(("vev_", "ev_", "ec_")), exc
            continue
        kinds.add(kind)
        recording._KNOWN.clear()  # folded from the file's journal, not from what this process kept
        assert evening.read(path).state == live
    assert {"battle", "troops", "no-action"} <= kinds
