"""A «Стратегия» evening's work over turns: a job's days kept with its object, mining's experience,
a castle's healing and shelter, a ship launched, a market stall's pay."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from printkit import evening
from printkit.evening.recording import said_row

from ..conftest import heroes_evening, run, to_play

# The example heroes (examples/strategiya-heroes.yaml), as the config gives them: Аня's all four,
# Борис none; turns alternate Аня, Борис. The staff adds 2 to Искра's intellect.
STRENGTH = {"Гром": 9, "Ветер": 0, "Искра": 1, "Тень": 3}
INTELLECT = {"Гром": 2, "Ветер": 1, "Искра": 3 + 2, "Тень": 0}
TOOLS = 3  # «На базарной площади»: tools add 3 strength for work


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return heroes_evening(tmp_path, "works.sqlite")


def _replayed_is_live(path: Path) -> None:
    live = evening.read(path).state
    evening.recording._KNOWN.clear()
    assert evening.read(path).state == live


def _job(path: Path) -> dict:  # type: ignore[type-arg]
    jobs = json.loads(run("evening", "show", str(path), "--json").output)["jobs"]
    return jobs[0] if jobs else {}


@pytest.mark.rule("strategiya.work.evening")
def test_a_jobs_days_stay_with_its_object_when_its_workers_leave_and_others_take_it_on(path: Path) -> None:
    """A bridge of 4 cells is 20 days («Строительство» 1)); each of Аня's turns adds the strength
    of her heroes at work on its cell, tools +3; Гром leaves and the days done stay; Искра with
    tools takes it on; Гром comes back and the two finish it."""
    for hero in ("Гром", "Искра"):
        evening.record(path, "move", {"hero": hero, "to": "C4"})
    evening.record(path, "work", {"hero": "Гром", "job": "мост", "cells": 4}, who="Аня")
    # Аня's turns, each with who stands at work on C4 when it ends; Борис's turns add nothing
    plan = [["Гром"], [], ["Искра+"], ["Гром", "Искра+"]]
    days, done, expected = 5 * 4, 0, []
    for working in plan:
        done = min(days, done + sum(STRENGTH[w.rstrip("+")] + (TOOLS if w.endswith("+") else 0) for w in working))
        expected.append(done)
    seen = []
    for i in range(len(plan)):
        if i == 1:
            evening.record(path, "move", {"hero": "Гром", "to": "C5"})  # steps off: leaves the job
        if i == 2:
            evening.record(path, "work", {"hero": "Искра", "job": "bridge", "tools": True}, who="Аня")
        if i == 3:
            evening.record(path, "move", {"hero": "Гром", "to": "C4"})
            evening.record(path, "work", {"hero": "Гром", "job": "мост"}, who="Аня")
        ended = evening.record(path, "next", {})  # Аня's turn ends
        seen.append(_job(path).get("done", days))  # a job finished is a job no more
        if i < 3:
            assert _job(path)["done"] == expected[i]
            to_play(path, "Аня")  # Борис's turns: no hero of his at work
            assert _job(path)["done"] == expected[i]
    assert seen == expected == [9, 9, 13, 20]
    assert "Bridge on C4 is built" in ended.said["en"] and "all 20 days done" in ended.said["en"]
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["jobs"] == [] and shown["buildings"] == [{"building": "bridge", "cell": "C4", "player": "Аня"}]
    assert "Мост на C4 (Аня)" in run("evening", "show", str(path)).output
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.work.evening")
def test_a_buildings_progress_is_the_tables_and_a_mines_the_masters(path: Path) -> None:
    evening.record(path, "move", {"hero": "Гром", "to": "C4"})
    evening.record(path, "work", {"hero": "Гром", "job": "castle"}, who="Аня")
    evening.record(path, "move", {"hero": "Искра", "to": "F4"})  # the map's resource 1, mountains
    with pytest.raises(Exception, match="master records"):
        evening.record(path, "work", {"hero": "Искра", "job": "добыча", "days": 30}, who="Аня")
    mined = evening.record(path, "work", {"hero": "Искра", "job": "добыча", "days": 30})
    assert "0 из 30" in mined.said["ru"]
    opened = evening.read(path)
    row = opened.rows[-1]
    veiled = said_row(opened, row, "ru", master=False)
    assert "30" not in veiled and "знает лишь ведущий" in veiled
    # Искра is Аня's: her own page reads her hero's mine in full, Борис's and the table's veiled
    assert "0 из 30" in said_row(opened, row, "ru", master=False, player="Аня")
    assert "30" not in said_row(opened, row, "ru", master=False, player="Борис")
    evening.record(path, "next", {})
    state = evening.read(path).state
    public = " ".join(evening.read(path).table.lines(state, "en"))
    secret = " ".join(evening.read(path).table.secrets(state, "en"))
    assert "Castle on C4: 9 of 10 days" in public and "Mining" not in public and "30" not in public
    assert "Mining (the master's eyes only):" in secret and "mining on F4: 1 of 30 days" in secret
    said = said_row(evening.read(path), evening.read(path).rows[-1], "en", master=False)
    assert "the mining on F4 goes on (Искра)" in said and "30" not in said


@pytest.mark.rule("strategiya.mining.evening")
@pytest.mark.parametrize("workers", [["Гром"], ["Гром", "Искра"]])
def test_a_finished_mine_gives_its_workers_the_terrains_experience_less_one_each_when_shared(
    path: Path, workers: list[str]
) -> None:
    """«Интеллект»: a test passed in the mountains gives 2 + intellect; «Двоичный код»: several on
    one object lose a point each per hero; the one who finishes gets it («в случае окончания»)."""
    for hero in workers:
        evening.record(path, "move", {"hero": hero, "to": "F4"})
    evening.record(path, "work", {"hero": workers[0], "job": "mine", "days": 30})
    for hero in workers[1:]:
        evening.record(path, "work", {"hero": hero, "job": "mine"}, who="Аня")
    before = {h["name"]: h["experience"] for h in json.loads(run("evening", "show", str(path), "--json").output)
              ["players"][0]["heroes"]}  # fmt: skip
    per_turn = sum(STRENGTH[w] for w in workers)
    turns = math.ceil(30 / per_turn)
    for _ in range(turns - 1):
        evening.record(path, "next", {})  # Аня's turn ends
        to_play(path, "Аня")
        assert _job(path)["done"] < 30
    done = evening.record(path, "next", {})
    assert "the mining on F4 is done" in done.said["en"]
    after = {h["name"]: h["experience"] for h in json.loads(run("evening", "show", str(path), "--json").output)
             ["players"][0]["heroes"]}  # fmt: skip
    shared = len(workers) if len(workers) > 1 else 0
    for hero in workers:
        assert after[hero] - before[hero] == 2 + INTELLECT[hero] - shared
    assert _job(path) == {}
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.castle.evening")
def test_a_castle_heals_by_its_builders_intellect_and_gives_each_a_point(path: Path) -> None:
    """«Строительство» 2): 10 days; each builder +1 experience; it heals those in it by the
    builders' summed intellect a turn and, as a castle, saves the wounded («Сила»)."""
    for hero in ("Гром", "Искра"):
        evening.record(path, "move", {"hero": hero, "to": "C4"})
        evening.record(path, "work", {"hero": hero, "job": "замок"}, who="Аня")
    evening.record(path, "lives", {"hero": "Гром", "change": -20})  # 25 → 5
    before = {h.name: h.experience for h in evening.read(path).state.part.heroes}
    built = evening.record(path, "next", {})
    heal = INTELLECT["Гром"] + INTELLECT["Искра"]
    part = evening.read(path).state.part
    assert [(b.kind, b.cell, b.heal) for b in part.built] == [("castle", "C4", heal)]
    assert all(part.find(h).experience == before[h] + 1 for h in ("Гром", "Искра"))
    assert part.find("Гром").lives == 5 + heal  # healed at the end of the turn it was built
    assert "heals in the castle on C4 (+7 a turn)" in built.said["en"]
    # a wounded hero who walks into it is saved: his count of 10 turns ends
    assert any(c.key == "wound:Тень" for c in evening.read(path).state.countdowns)
    to_play(path, "Аня")
    saved = evening.record(path, "move", {"hero": "Тень", "to": "C4"})
    assert "спасён" in saved.said["ru"]
    assert not any(c.key == "wound:Тень" for c in evening.read(path).state.countdowns)
    evening.record(path, "next", {})
    assert evening.read(path).state.part.find("Тень").lives == min(2 + heal, 15)
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.ship.built")
def test_a_ship_built_is_launched_with_its_builders_summed_intellect(path: Path) -> None:
    """«Строительство» 4): 8 days; it sails at its builders' summed intellect at the end of
    building. Reading: launched on the nearest water to where it was built (H5, swamp, by the lake:
    I4, I5 and I6 one cell off; the first by name)."""
    for hero in ("Гром", "Искра"):
        evening.record(path, "move", {"hero": hero, "to": "H5"})
        evening.record(path, "work", {"hero": hero, "job": "корабль", "name": "Чайка"}, who="Аня")
    launched = evening.record(path, "next", {}).said
    assert "this kit's reading: a ship built on H5 is launched on the water nearest it" in launched["en"]
    ships = json.loads(run("evening", "show", str(path), "--json").output)["ships"]
    near = sorted(f"{c}{r}" for c in "IJ" for r in range(4, 8) if max(abs(ord(c) - ord("H")), abs(r - 5)) == 1)
    assert ships == [{"name": "Чайка", "player": "Аня", "cell": near[0], "intellect": INTELLECT["Гром"] +
                      INTELLECT["Искра"]}]  # fmt: skip
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.market.stall")
def test_a_stall_costs_70_and_pays_its_hero_a_coin_each_of_his_players_turns(path: Path) -> None:
    """«На базарной площади»: a stall for 70 $ brings 1 $ a turn (reading: each of his player's)."""
    evening.record(path, "stall", {"hero": "Гром"}, who="Аня")  # 120 → 50
    with pytest.raises(Exception, match=r"cannot spend \$70"):
        evening.record(path, "stall", {"hero": "Ветер"}, who="Аня")
    for _ in range(6):
        evening.record(path, "next", {})
    ended = [1, 2, 4, 5, 6, 7]  # two players: Аня's turn 3 is passed over for Борис's second in a row
    anya_turns_ended = sum(1 for t in ended if t % 2 == 1)
    assert evening.read(path).state.part.find("Гром").money == 120 - 70 + anya_turns_ended
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.mining.evening")
def test_a_mined_out_resource_gives_nothing_more_and_a_mine_off_the_maps_resources_is_noted(path: Path) -> None:
    """«Пропуски ходов»: who emptied an object carries all it held, so a resource mined out is
    mined no more; a mine begun where the map marks no resource is the master's to judge (said)."""
    evening.record(path, "move", {"hero": "Гром", "to": "F4"})  # the map's resource 1
    evening.record(path, "work", {"hero": "Гром", "job": "mine", "days": 9})
    evening.record(path, "next", {})  # 9 days at strength 9: done
    assert json.loads(run("evening", "show", str(path), "--json").output)["mined_out"] == ["F4"]
    again = run("evening", "record", "work", str(path), "--hero", "Гром", "--job", "mine", "--days", "5",
                "--lang", "en")  # fmt: skip
    assert again.exit_code == 2 and "The resource on F4 is mined out already" in again.stderr
    evening.record(path, "move", {"hero": "Искра", "to": "C4"})  # plain, no resource marked
    noted = evening.record(path, "work", {"hero": "Искра", "job": "mine", "days": 5}).said
    assert "the evening's map marks no resource on C4: the master's to judge" in noted["en"]
    marked = evening.record(path, "move", {"hero": "Тень", "to": "E2"})  # resource 3
    assert marked.said["en"]
    plain = evening.record(path, "work", {"hero": "Тень", "job": "mine", "days": 5}).said
    assert "marks no resource" not in plain["en"]
    _replayed_is_live(path)


@pytest.mark.rule("strategiya.mining.evening")
def test_a_resource_mined_out_is_crossed_out_on_the_evenings_map(path: Path, tmp_path: Path) -> None:
    """«Двоичный код»: a place worked out is crossed out on the map. Measured on the printed map: the
    cell F4 (the mined resource) holds the cross's black strokes, E2 (resource 3, untouched) not."""
    from printkit.games.strategiya.evening.shown import game_map

    evening.record(path, "move", {"hero": "Гром", "to": "F4"})
    evening.record(path, "work", {"hero": "Гром", "job": "mine", "days": 9})
    evening.record(path, "next", {})
    crossed = [(o.x, o.y) for o in game_map(evening.read(path).state).objects if o.detail("crossed")]
    assert crossed == [(5, 3)]
    out = tmp_path / "paper"
    assert run("evening", "print", str(path), "--out", str(out)).exit_code == 0
    from ..conftest import pdf_text

    # the legend says what the cross is (the death zone's own sign is a cross too)
    assert "зачёркнуто: место отработано" in " ".join(pdf_text(out / "map.pdf")[0].split())
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(out / "map.pdf"))[0]
    image = page.render(scale=2).to_pil().convert("L")
    text = page.get_textpage()
    # find the columns' and rows' labels to locate the cells
    boxes = {}
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch in "EF24":
            boxes.setdefault(ch, []).append(text.get_charbox(i))
    text.close()
    assert boxes  # the grid's labels are text

    def dark_diagonal(col: str, row: str) -> int:
        left, _, right, _ = boxes[col][0]
        _, bottom, _, top = boxes[row][0]
        height = page.get_height()
        cx, cy = (left + right) / 2, (bottom + top) / 2
        # walk the cell's diagonal a quarter cell each side of its centre (the cell is as wide as
        # the distance between two column labels), counting near-black pixels
        step = abs(boxes["F"][0][0] - boxes["E"][0][0]) / 2
        dark = 0
        for k in range(-10, 11):
            d = step * 0.55 * k / 10
            px, py = (cx + d) * 2, (height - cy - d) * 2
            dark += image.getpixel((int(px), int(py))) < 60
        return dark

    assert dark_diagonal("F", "4") > dark_diagonal("E", "2") + 8


@pytest.mark.rule("strategiya.mining.evening")
def test_a_place_the_master_finds_worked_out_is_crossed_out_and_mined_no_more(path: Path) -> None:
    """«Двоичный код»: a place worked out yields nothing twice and is crossed out on the map. Whether
    an adventure or a resource is worked out is the secret lists' word, so the master says it with
    the object explored; by its cell or by its lookup words, the evening's map crosses its cell out."""
    from printkit.games.strategiya.evening.shown import game_map

    def crossed() -> list[tuple[int, int]]:
        return sorted((o.x, o.y) for o in game_map(evening.read(path).state).objects if o.detail("crossed"))

    kept = evening.record(path, "explored", {"what": "I3", "gave": "лук"})  # adventure 2, swamp
    assert "worked out" not in kept.said["en"] and crossed() == []
    spent = evening.record(path, "explored", {"what": "приключения болото 2", "gave": "лук", "spent": True})
    assert "the place is worked out and crossed out on the map (I3)" in spent.said["en"]
    assert crossed() == [(8, 2)]
    opened = evening.read(path)
    veiled = said_row(opened, opened.rows[-1], "en", master=False)
    assert "crossed out on the map (I3)" in veiled and "лук" not in veiled
    evening.record(path, "explored", {"what": "ресурсы лес 3", "gave": "пусто", "spent": True})  # E2
    assert crossed() == [(4, 1), (8, 2)]
    evening.record(path, "move", {"hero": "Тень", "to": "E2"})
    with pytest.raises(Exception, match="mined out already"):
        evening.record(path, "work", {"hero": "Тень", "job": "mine", "days": 5})
    nowhere = evening.record(path, "explored", {"what": "ресурсы горы 7", "gave": "ничего", "spent": True})
    assert "the evening's map does not show it" in nowhere.said["en"]
    empty = evening.record(path, "explored", {"what": "B1", "gave": "ничего", "spent": True})  # no object there
    assert "the evening's map does not show it" in empty.said["en"] and crossed() == [(4, 1), (8, 2)]
    shown = json.loads(run("evening", "show", str(path), "--json").output)
    assert shown["worked_out"] == ["I3", "E2"]
    listed = {e["object"]: (e["cells"], e["worked_out"]) for e in shown["explored"]}
    assert listed["приключения, болото, 2"] == (["I3"], True) and listed["ресурсы, лес, 3"] == (["E2"], True)
    master = " ".join(run("evening", "show", str(path), "--lang", "en").output.split())
    assert "adventures, swamp, 2 (I3): лук (turn 1); worked out" in master
    # a mine under way is worked out when its days are done, not before
    evening.record(path, "move", {"hero": "Гром", "to": "F4"})
    evening.record(path, "work", {"hero": "Гром", "job": "mine", "days": 30})
    with pytest.raises(Exception, match="Mining goes on at F4"):
        evening.record(path, "explored", {"what": "F4", "gave": "железо", "spent": True})
    _replayed_is_live(path)
