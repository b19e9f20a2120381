"""A «Стратегия» evening's heroes: they start with the lives their sheets print, move cell to cell
and lose lives as recorded, and show themselves in JSON and words."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import yaml

from printkit import evening

from ..conftest import EXAMPLES, run, to_play

CONFIG = EXAMPLES / "strategiya-heroes.yaml"


@pytest.mark.rule("strategiya.lives.strength-cap")
def test_heroes_start_with_the_lives_the_rules_give(tmp_path: Path) -> None:
    """«Сила»: 10 lives and 5 more for every full 3 strength; a config's `lives:` is a hero as he is now."""
    path = tmp_path / "e.sqlite"
    evening.start(CONFIG, path)
    data = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    written = [h for p in data["players"] for h in p.get("heroes", [])]
    heroes = evening.read(path).state.part.heroes
    assert [h.name for h in heroes] == [h["name"] for h in written]
    for hero, given in zip(heroes, written, strict=True):
        most = 10 + 5 * (given.get("strength", 0) // 3)
        assert (hero.most, hero.lives) == (most, given.get("lives", most))


def test_a_hero_moves_and_loses_lives_as_recorded(tmp_path: Path) -> None:
    """The evening keeps the map its config names (here the example map beside it) and its cells."""
    config = tmp_path / "c.yaml"
    config.write_text(CONFIG.read_text(encoding="utf-8") + "map: map.yaml\n", encoding="utf-8")
    (tmp_path / "map.yaml").write_bytes((EXAMPLES / "map.yaml").read_bytes())
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    (tmp_path / "map.yaml").unlink()  # the evening needs nothing but its own file from now on
    hero = evening.read(path).state.part.heroes[0]
    assert run("evening", "record", "move", str(path), "--hero", hero.name, "--to", "с4").exit_code == 0
    assert run("evening", "record", "move", str(path), "--hero", hero.name, "--to", "D5").exit_code == 0
    said = run("evening", "record", "lives", str(path), "--hero", hero.name, "--change", "-3", "--why", "зона")
    assert "−3 жизни" in said.output
    off = run("evening", "record", "move", str(path), "--hero", hero.name, "--to", "ZZ99", "--lang", "en")
    assert off.exit_code == 2 and "not on the evening's map" in off.output + off.stderr
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    first = shown["players"][0]["heroes"][0]
    assert (first["name"], first["cell"], first["lives"]) == (hero.name, "D5", hero.lives - 3)
    assert all({"name", "lives", "cell"} <= set(h) for p in shown["players"] for h in p["heroes"])


def test_a_fallen_hero_moves_no_more(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(CONFIG, path)
    hero = evening.read(path).state.part.heroes[0]
    evening.record(path, "lives", {"hero": hero.name, "change": -1000})
    assert evening.read(path).state.part.heroes[0].lives == 0
    refused = run("evening", "record", "move", str(path), "--hero", hero.name, "--to", "A1", "--lang", "en")
    assert refused.exit_code == 2 and "has fallen" in refused.output + refused.stderr


def test_the_evening_prints_hero_sheets_with_todays_lives(tmp_path: Path) -> None:
    """«Раны»: a hero with 2 lives moves a cell a turn slower; the evening's sheets say so, the kit's not."""
    from ..conftest import pdf_text

    path = tmp_path / "e.sqlite"
    evening.start(CONFIG, path)
    evening.record(path, "lives", {"hero": "Ветер", "change": -8, "why": "бой"})
    assert run("evening", "print", str(path), "--out", str(tmp_path / "paper")).exit_code == 0
    kit = tmp_path / "kit"
    assert run("build", str(CONFIG), "--only", "hero-sheets", "--out", str(kit)).exit_code == 0

    def veter(pdf: Path) -> list[str]:
        front = pdf_text(pdf)[0]
        card = front[front.index("Ветер") :]
        return [" ".join(line.split()) for line in card.splitlines()[:30]]

    assert "Равнина 7 — — 0" in veter(kit / "hero-sheets.pdf")
    assert "Равнина 6 — — 0" in veter(tmp_path / "paper" / "hero-sheets.pdf")


DZ = """game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Гром, strength: 3, speed: 1, intellect: 1}
      - {name: Лира, strength: 3, speed: 2, intellect: 3}
      - {name: Мих, strength: 3, speed: 4, intellect: 4}
  - name: Борис
    heroes:
      - {name: Кир, strength: 3, speed: 0, intellect: 2}
map:
  rows:
    - PPPPDDDPPPP
    - PPPDDDDDPPP
"""


def zone_loss(potential: int) -> int:
    """Lives a turn in the death zone, from the text: 3; 1 with a total potential of 7 to 10; none
    from 11 to 15 (and above)."""
    return 0 if potential >= 11 else 1 if potential >= 7 else 3


@pytest.mark.rule("strategiya.deathzone.move-and-damage")
def test_a_turn_ended_in_the_death_zone_costs_the_lives_the_tiers_say(tmp_path: Path) -> None:
    config = tmp_path / "dz.yaml"
    config.write_text(DZ, encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    for hero, cell in (("Гром", "E1"), ("Лира", "F1"), ("Мих", "G1"), ("Кир", "E2")):
        evening.record(path, "move", {"hero": hero, "to": cell})
    start = {h.name: h.lives for h in evening.read(path).state.part.heroes}
    evening.record(path, "next", {})  # Аня's turn ends: her heroes pay, Кир (Борис's) not yet
    now = {h.name: h.lives for h in evening.read(path).state.part.heroes}
    assert now["Гром"] == start["Гром"] - zone_loss(5)
    assert now["Лира"] == start["Лира"] - zone_loss(8)
    assert now["Мих"] == start["Мих"] - zone_loss(11)
    assert now["Кир"] == start["Кир"]
    evening.record(path, "next", {})
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Кир"] == start["Кир"] - zone_loss(5)


@pytest.mark.rule("strategiya.wound.threshold")
def test_a_wounded_hero_dies_on_his_tenth_turn_unless_healed(tmp_path: Path) -> None:
    """«Раны»: at 3 lives or fewer a hero dies after 10 turns unless healed; printkit counts his
    player's turns (a reading it says), and lives above 3 again end the countdown."""
    config = tmp_path / "dz.yaml"
    config.write_text(DZ, encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    wounded = evening.record(path, "lives", {"hero": "Гром", "change": -12})
    assert "ранен" in wounded.said["ru"]
    (countdown,) = evening.read(path).state.countdowns
    # Аня plays turns 1, 5, 7, ... (her 3 is passed over for Борис's second in a row): her tenth
    # turn from now is 23; it begins after 21 ends of turn (1, 2, then 4 to 22), the last below.
    assert countdown.due == _dies_at(["Аня", "Борис"], 1, "Аня", False) == 23
    for _ in range(20):
        evening.record(path, "next", {})
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Гром"] == 3
    last = evening.record(path, "next", {})
    assert "умирает от ран" in last.said["ru"]
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Гром"] == 0
    evening.record(path, "lives", {"hero": "Лира", "change": -13})
    evening.record(path, "lives", {"hero": "Лира", "change": 2, "why": "зелье"})  # healed above 3
    assert all(not c.key.endswith("Лира") for c in evening.read(path).state.countdowns)


@pytest.mark.rule("strategiya.wound.threshold")
def test_a_wounded_hero_who_reaches_a_town_is_saved(tmp_path: Path) -> None:
    """«Раны»: a wounded hero in a town (or a castle, or under healing magic) is saved."""
    config = tmp_path / "c.yaml"
    config.write_text(CONFIG.read_text(encoding="utf-8") + "map: map.yaml\n", encoding="utf-8")
    (tmp_path / "map.yaml").write_bytes((EXAMPLES / "map.yaml").read_bytes())  # a town at B2
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    evening.record(path, "lives", {"hero": "Гром", "change": -22})
    # Тень came wounded (2 lives): his count runs from the evening's start
    assert [c.key for c in evening.read(path).state.countdowns] == ["wound:Тень", "wound:Гром"]
    saved = evening.record(path, "move", {"hero": "Гром", "to": "B2"})
    assert "спасён" in saved.said["ru"]
    assert [c.key for c in evening.read(path).state.countdowns] == ["wound:Тень"]


def test_a_player_loses_lives_himself_but_the_master_gives_them_back(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    evening.start(CONFIG, path)
    evening.record(path, "lives", {"hero": "Гром", "change": -5}, who="Аня")
    with pytest.raises(Exception, match="master records"):
        evening.record(path, "lives", {"hero": "Гром", "change": 5}, who="Аня")
    evening.record(path, "lives", {"hero": "Гром", "change": 50, "why": "зелье"})  # the master; never above 25
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Гром"] == 25


def _dies_at(players: list[str], whose_turn_wounded: int, wounded_player: str, table: bool) -> int:
    """The turn at whose start a hero wounded during turn `whose_turn_wounded` dies, written from the
    text apart from the evening: walk the turns after it one by one, counting the ones that count
    (his player's, or anyone's at the table), and stop at the tenth. «Начало игры»: with two or three
    players turn 3 is played by no one (the third's first, the first's second) and counts for none."""
    counted, turn = 0, whose_turn_wounded
    while counted < 10:
        turn += 1
        if len(players) in (2, 3) and turn == 3:
            continue
        if table or players[(turn - 1) % len(players)] == wounded_player:
            counted += 1
    return turn


THREE = """game: strategiya
players:
  - name: Аня
    heroes:
      - {name: Гром, strength: 3, speed: 1, intellect: 1}
      - {name: Лира, strength: 3, speed: 2, intellect: 3}
  - name: Борис
  - name: Вера
"""


@pytest.mark.rule("strategiya.wound.threshold")
@pytest.mark.parametrize("reading", [None, "player", "table"])
def test_a_wounds_ten_turns_are_his_players_or_the_tables_as_the_config_says(tmp_path: Path,
                                                                            reading: str | None) -> None:  # fmt: skip
    """«Сила»: whose 10 turns a wound counts the text leaves open. By default his player's own (the
    answer says it is a reading and names the switch); `wound_turns: table` counts every turn."""
    config = tmp_path / "three.yaml"
    config.write_text(THREE + (f"wound_turns: {reading}\n" if reading else ""), encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    evening.record(path, "next", {})  # Борис's turn (2) is the one the wound comes in
    said = evening.record(path, "lives", {"hero": "Гром", "change": -13, "why": "бой"}).said
    table = reading == "table"
    assert ("ходов стола" if table else "прочтение набора") in said["ru"]
    assert "wound_turns: table" in said["en"] and ("every player's" in said["en"])
    (countdown,) = evening.read(path).state.countdowns
    due = _dies_at(["Аня", "Борис", "Вера"], 2, "Аня", table)
    assert countdown.due == due == (13 if table else 31)
    # the third player skips his first turn: the evening passes over turn 3, so count ends of turn
    while evening.read(path).state.turn < due - 1:
        evening.record(path, "next", {})
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Гром"] == 2
    last = evening.record(path, "next", {})
    assert "умирает от ран" in last.said["ru"] and evening.read(path).state.turn == due
    assert {h.name: h.lives for h in evening.read(path).state.part.heroes}["Гром"] == 0


@pytest.mark.rule("strategiya.battle.engage")
def test_a_fight_of_heroes_on_two_cells_is_said_to_be_reckoned_ahead(tmp_path: Path) -> None:
    """«Сила»: a fight is of heroes on one cell. Asked of the evening for two heroes apart, the
    answer stands (the master may ask ahead) and says where each stands; on one cell it says nothing."""
    from ..conftest import heroes_evening

    path = heroes_evening(tmp_path)
    evening.record(path, "move", {"hero": "Гром", "to": "C4"})
    evening.record(path, "move", {"hero": "Искра", "to": "C5"})

    def told() -> list[str]:
        done = run("referee", "fight", "--config", str(path), "--heroes", "Гром", "Искра", "--json", "--lang", "en")
        assert done.exit_code == 0, done.stderr
        return list(json.loads(done.stdout)["evening"]["told"])

    assert told() == ["Гром stands on C4 and Искра on C5: heroes fight on one cell, so this is reckoned ahead"]
    evening.record(path, "move", {"hero": "Искра", "to": "C4"})
    assert told() == []


@pytest.mark.rule("strategiya.battle.reward")
def test_the_winner_of_a_fight_with_another_players_hero_gets_a_point_to_spend(tmp_path: Path) -> None:
    """«Сила»: a fight lasts until one falls; the winner gets a point of unspent personal potential
    when the one he fought was another player's hero, not when both are his player's. The fight
    asked of the evening offers either end; the point is counted, so his player spends it."""
    config = tmp_path / "dz.yaml"
    config.write_text(DZ, encoding="utf-8")
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    for hero in ("Гром", "Лира", "Кир"):
        evening.record(path, "move", {"hero": hero, "to": "A1"})
    asked = run("referee", "fight", "--config", str(path), "--heroes", "Гром", "Кир", "--json", "--lang", "en")
    assert asked.exit_code == 0, asked.stderr
    offered = json.loads(asked.stdout)["evening"]["record"]
    assert [o["values"] for o in offered] == [{"hero": "Кир", "change": -15, "by": "Гром"},
                                              {"hero": "Гром", "change": -15, "by": "Кир"}]  # fmt: skip
    assert "Гром won the fight with another player's hero: +1 point of personal potential" in offered[0]["said"]
    # a blow in a fight that goes on gives no one a point
    struck = evening.record(path, "lives", {"hero": "Кир", "change": -5, "by": "Гром"})
    assert "struck by Гром" in struck.said["en"] and "potential" not in struck.said["en"]
    with pytest.raises(Exception, match="personal potential by the evening's count"):
        evening.record(path, "potential", {"hero": "Гром", "skill": "speed"}, who="Аня")
    fell = evening.record(path, "lives", {"hero": "Кир", "change": -10, "by": "Гром"})
    assert "+1 очко личного потенциала" in fell.said["ru"]
    # «Потенциал»: spent at once; a turn that begins with the point unspent says so
    turned = evening.record(path, "next", {})
    assert "Гром holds 1 unspent point of personal potential: the rules have it spent at once" in (
        " ".join(turned.said["en"].split())
    )
    to_play(path, "Аня")
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    grom = next(h for p in shown["players"] for h in p["heroes"] if h["name"] == "Гром")
    assert grom["unspent"] == 1
    spent = evening.record(path, "potential", {"hero": "Гром", "skill": "speed"}, who="Аня")
    assert evening.read(path).state.part.find("Гром").speed == 2 and "0" in spent.said["en"]
    # one player's heroes: the fallen gives no point, and the words say why
    own = evening.record(path, "lives", {"hero": "Лира", "change": -15, "by": "Гром"})
    assert "one player's heroes: this win gives no point" in own.said["en"]
    assert json.loads(run("evening", "show", str(path), "--json").output)["players"][0]["heroes"][0]["unspent"] == 0
    with pytest.raises(Exception, match="a fight takes two different heroes"):
        evening.record(path, "lives", {"hero": "Гром", "change": -1, "by": "Гром"})
    # «Сила»: heroes fight on one cell; a blow takes lives; the fallen are struck and fight no more
    evening.record(path, "move", {"hero": "Мих", "to": "B1"})
    with pytest.raises(Exception, match="Гром is on A1 and Мих on B1: heroes fight on one cell"):
        evening.record(path, "lives", {"hero": "Гром", "change": -1, "by": "Мих"})
    with pytest.raises(Exception, match="a hand is named only for lives lost"):
        evening.record(path, "lives", {"hero": "Гром", "change": 1, "by": "Кир"})
    with pytest.raises(Exception, match="Кир has fallen already"):
        evening.record(path, "lives", {"hero": "Кир", "change": -1})
    with pytest.raises(Exception, match="Кир has fallen: no lives are left to fight with"):
        evening.record(path, "lives", {"hero": "Гром", "change": -1, "by": "Кир"})
    refused = run("referee", "fight", "--config", str(path), "--heroes", "Гром", "Кир", "--lang", "en")
    assert refused.exit_code != 0 and "Кир has fallen: no lives are left to fight with" in refused.output
    from printkit.evening import recording

    live = evening.read(path).state
    recording._KNOWN.clear()  # the journal folded afresh gives the state recorded live
    assert evening.read(path).state == live


@pytest.mark.rule("strategiya.move.terrain")
def test_a_move_farther_than_a_turn_takes_the_hero_is_recorded_and_said(tmp_path: Path) -> None:
    """«Передвижение»: a hero goes his terrain's cells a turn. A move beyond them is still the
    table's record (the master may know of a spell or a plot), and its words say how it stands. On
    an open plain Ветер (speed 4) goes 3 + 4 = 7 cells a turn, written apart from printkit's figures."""
    config = tmp_path / "plain.yaml"
    config.write_text(
        "game: strategiya\nplayers:\n  - name: Аня\n    heroes:\n      - {name: Ветер, speed: 4}\n"
        "  - name: Борис\nmap:\n  rows:\n" + "".join("    - " + "P" * 12 + "\n" for _ in range(3)),
        encoding="utf-8",
    )
    path = tmp_path / "e.sqlite"
    evening.start(config, path)
    evening.record(path, "move", {"hero": "Ветер", "to": "A1"})
    plain_cells = 3 + 4  # «Ходы»: plain 3, and speed adds its points
    near = evening.record(path, "move", {"hero": "Ветер", "to": "ABCDEFGHIJKL"[plain_cells] + "1"})
    assert "farther" not in near.said["en"]
    # A second step in the same turn: H1 to L1 is 4 cells, within his 7 alone, but the turn began on
    # A1, and A1 to L1 is 11: the steps of one turn add up.
    second = evening.record(path, "move", {"hero": "Ветер", "to": "L1"})
    assert "that is farther than the hero goes in one turn from A1, where he began this turn" in " ".join(
        second.said["en"].split()
    )
    assert "за один ход с клетки A1, с которой он начал этот ход" in " ".join(second.said["ru"].split())
    assert evening.read(path).state.part.find("Ветер").cell == "L1"  # recorded all the same
    for _ in range(2):  # Борис's turn, then Аня's again: Ветер begins a turn on L1
        evening.record(path, "next", {})
    back = evening.record(path, "move", {"hero": "Ветер", "to": "H1"})  # 4 cells: within a fresh turn
    assert "farther" not in back.said["en"]
    too_far = evening.record(path, "move", {"hero": "Ветер", "to": "A1"})  # L1 to A1 in one turn: 11
    assert "that is farther than the hero goes in one turn from L1" in " ".join(too_far.said["en"].split())
    # A step an older printkit recorded as too far (true, not the turn's cell) reads as it was said
    # then: from that step's own cell.
    from printkit.evening.recording import said_row

    opened = evening.read(path)
    older = dataclasses.replace(opened.rows[-1], effect={**opened.rows[-1].effect, "far": True})
    assert "farther than the hero goes in a turn from H1 (as" in " ".join(said_row(opened, older, "en").split())
    from printkit.evening import recording

    live = evening.read(path).state
    recording._KNOWN.clear()  # folded afresh from the journal: the same turn's start
    assert evening.read(path).state == live
