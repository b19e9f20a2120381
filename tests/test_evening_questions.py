"""Referee questions asked of an evening (issue 43): an evening file named for a config or a map is
read as it stands (today's owners, troops, cash and lives), what it holds is not asked again, and
the answer offers the event that records its outcome, which the evening then accepts."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

from printkit import evening
from printkit.evening.now import is_evening, written
from printkit.web.app import Table, make_app
from printkit.web.evening import ServedEvening
from printkit.web.served import load

from .conftest import EXAMPLES, run


def answered(*args: str) -> dict:  # type: ignore[type-arg]
    done = run("referee", *args, "--json")
    assert done.exit_code == 0, done.output + done.stderr
    return json.loads(done.stdout)


def recorded(line: str) -> None:
    """Run an offered command line, as the game master would paste it."""
    words = shlex.split(line)
    assert words[:3] == ["printkit", "evening", "record"]
    done = run(*words[1:])
    assert done.exit_code == 0, done.output + done.stderr


@pytest.fixture
def vs(tmp_path: Path) -> Path:
    path = tmp_path / "vs.sqlite"
    evening.start(EXAMPLES / "vs-2025.yaml", path)
    return path


def _by_hand(tmp_path: Path) -> Path:
    """The example config with the tower at I3 taken by Север and his elves standing there: the map
    file the master used to edit after every capture."""
    data = yaml.safe_load((EXAMPLES / "vs-2025.yaml").read_text(encoding="utf-8"))
    for o in data["map"]["objects"]:
        if o["at"] == "I3":
            o["owner"] = "Север"
    data["map"]["troops"].append({"at": "I3", "troop": "elves", "owner": "Север"})
    path = tmp_path / "edited.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_income_asked_of_an_evening_reads_todays_map_and_cash(vs: Path, tmp_path: Path) -> None:
    """The answer from the evening is the answer from the map edited by hand, with the ruler's cash
    typed: nothing the evening holds is asked again."""
    evening.record(vs, "capture", {"cell": "I3", "player": "Север"})
    evening.record(vs, "troops", {"cell": "I3", "player": "Север", "troops": "elves"})
    evening.record(vs, "cash", {"player": "Север", "coins": -20, "why": "найм"})
    from_evening = answered("income", str(vs), "--player", "Север")
    by_hand = answered("income", str(_by_hand(tmp_path)), "--player", "Север", "--cash", "30")
    offered = from_evening.pop("evening")
    assert from_evening == by_hand
    assert from_evening["lands"] == 12 + 14 and from_evening["cash"] == 30  # the tower brings Приречье's 14
    assert offered["file"] == str(vs)
    assert [o["kind"] for o in offered["record"]] == ["income"]
    recorded(offered["record"][0]["command"])
    assert dict(evening.read(vs).state.part.cash)["Север"] == by_hand["cash_after"]


def test_a_year_paid_is_offered_no_more_and_the_text_names_the_command(vs: Path) -> None:
    done = run("referee", "income", str(vs), "--player", "Север")
    assert done.exit_code == 0
    lines = done.stdout.splitlines()
    assert "Записать исход в вечер:" in lines
    assert lines[-1].strip() == f"printkit evening record income {vs} --player Север"
    evening.record(vs, "income", {"player": "Север"})
    again = answered("income", str(vs), "--player", "Север")
    assert again["evening"]["record"] == []
    assert again["cash"] == 62  # 50 and the year's 12, now the evening's


def test_another_turns_ruler_is_not_offered_an_income_the_rules_refuse(vs: Path) -> None:
    """2025 §2.1: a ruler is paid at the start of his own turn; Юг's income is reckoned, not offered."""
    found = answered("income", str(vs), "--player", "Юг")
    assert found["cash"] == 50 and found["evening"]["record"] == []


def test_asking_never_changes_the_evening_file(vs: Path) -> None:
    evening.record(vs, "capture", {"cell": "I3", "player": "Юг"})
    before = vs.read_bytes()
    answered("income", str(vs), "--player", "Юг")
    answered("income", str(vs), "--player", "Север")
    assert vs.read_bytes() == before
    assert is_evening(vs) and not is_evening(EXAMPLES / "vs-2025.yaml")


def test_the_config_as_it_stands_is_one_the_loader_reads(vs: Path, tmp_path: Path) -> None:
    from printkit.plugin import load_session

    evening.record(vs, "capture", {"cell": "E2", "player": "Юг"})
    config, _ = written(vs, tmp_path / "now")
    session = load_session(config)
    assert session.game_map is not None
    castle = session.game_map.object_at(4, 1)
    assert castle is not None and castle.owner == "Юг"


# ---- «Стратегия»: a hero's route from where he stands ----------------------------------------------


@pytest.fixture
def heroes(tmp_path: Path) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "map.yaml").write_text((EXAMPLES / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    config = folder / "heroes.yaml"
    config.write_text((EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8") + "map: map.yaml\n",
                      encoding="utf-8")  # fmt: skip
    path = tmp_path / "s.sqlite"
    evening.start(config, path)
    return path


def test_a_route_from_a_heros_name_starts_on_his_cell_with_his_lives(heroes: Path) -> None:
    evening.record(heroes, "move", {"hero": "Гром", "to": "C4"})
    evening.record(heroes, "lives", {"hero": "Гром", "change": -20, "why": "бой"})
    lives = evening.read(heroes).state.part.find("Гром").lives
    named = answered("route", str(heroes), "--from", "Гром", "--to", "H9")
    offered = named.pop("evening")
    typed = answered("route", str(heroes), "--from", "C4", "--to", "H9", "--hero", "Гром", "--lives", str(lives))
    typed.pop("evening")
    assert named == typed
    assert [o["kind"] for o in offered["record"]] == ["move"]
    assert offered["record"][0]["values"] == {"hero": "Гром", "to": named["legs"][0][-1]}
    recorded(offered["record"][0]["command"])
    assert evening.read(heroes).state.part.find("Гром").cell == named["legs"][0][-1]


def test_a_route_of_a_hero_on_no_cell_is_refused_in_words(heroes: Path) -> None:
    done = run("referee", "route", str(heroes), "--from", "Ветер", "--to", "H9")
    assert done.exit_code == 2
    assert "Ветер ещё не стоит ни на одной клетке вечера." in " ".join(done.stderr.split())


def test_a_route_from_another_cell_offers_no_move(heroes: Path) -> None:
    evening.record(heroes, "move", {"hero": "Гром", "to": "C4"})
    found = answered("route", str(heroes), "--from", "D5", "--to", "H9", "--hero", "Гром")
    assert found["evening"]["record"] == []


# ---- the phones: `serve --evening` reads the evening as it stands -----------------------------------


def test_a_served_evening_answers_from_todays_map(vs: Path, tmp_path: Path) -> None:
    folder = tmp_path / "served"
    config, _ = written(vs, folder)
    table = Table(load(config, (), (), (), None, vs), evening=ServedEvening.of(vs))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:

        def cash_after() -> str:
            page = client.get("/q/income", params={"player": "Север", "ask": "1", "lang": "en"}).text
            found = re.search(r"After the income: (\d+)", page)
            assert found, page[-2000:]
            return found.group(1)

        assert cash_after() == "62"
        evening.record(vs, "capture", {"cell": "I3", "player": "Север"})  # from the command line, meanwhile
        evening.record(vs, "cash", {"player": "Север", "coins": -20})
        assert cash_after() == str(30 + 12 + 14)


def test_the_masters_answer_page_offers_the_record_and_a_players_does_not(vs: Path, tmp_path: Path) -> None:
    """The master's income page shows a button that pays the year as the answer reckoned it; the
    same question asked on the table's page offers nothing (a player records on his own page)."""
    import html

    config, _ = written(vs, tmp_path / "served")
    table = Table(load(config, (), (), (), None, vs), evening=ServedEvening.of(vs))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        asked = {"player": "Север", "ask": "1", "lang": "ru"}
        public = client.get("/q/income", params=asked).text
        assert 'id="offers"' not in public
        page = client.get(f"/m/{table.token}/q/income", params=asked).text
        found = re.search(r'<section class="offers" id="offers">(.*?)</section>', page, re.S)
        assert found, page[-3000:]
        form = re.search(r'<form class="ask" method="post" action="([^"]+)" data-kind="income">(.*?)</form>',
                         found.group(1), re.S)  # fmt: skip
        assert form is not None
        said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", form.group(2))).split())
        assert "Записать: Север: доход 1-го года, в казне было 50, стало 62" in said
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
        fields = {k: html.unescape(v) for k, v in fields.items()}
        for _ in range(2):  # sent twice: recorded once
            done = client.post(html.unescape(form.group(1)), data=fields, headers={"Origin": "http://testserver"},
                               follow_redirects=True)  # fmt: skip
            assert done.status_code == 200
        assert [r.kind for r in evening.read(vs).rows] == ["income"]
        assert dict(evening.read(vs).state.part.cash)["Север"] == 62
        again = client.get(f"/m/{table.token}/q/income", params=asked).text
        assert 'id="offers"' not in again  # the year is paid


def test_a_fight_of_two_heroes_of_the_evening_takes_their_lives_now(heroes: Path, tmp_path: Path) -> None:
    """The fight from the evening is the fight of the config with Гром's lives written in by hand."""
    evening.record(heroes, "lives", {"hero": "Гром", "change": -20, "why": "бой"})
    assert evening.read(heroes).state.part.find("Гром").lives == 5
    data = yaml.safe_load((EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8"))
    data["players"][0]["heroes"][0]["lives"] = 5
    edited = tmp_path / "edited.yaml"
    edited.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    from_evening = answered("fight", "--config", str(heroes), "--heroes", "Гром", "Тень")
    from_evening.pop("evening")
    assert from_evening == answered("fight", "--config", str(edited), "--heroes", "Гром", "Тень")
    assert from_evening != answered("fight", "--config", str(EXAMPLES / "strategiya-heroes.yaml"), "--heroes",
                                    "Гром", "Тень")  # fmt: skip


def test_a_spell_asked_on_the_masters_page_is_offered_to_the_ruler_whose_turn_it_is(vs: Path, tmp_path: Path) -> None:
    import html

    config, _ = written(vs, tmp_path / "served")
    table = Table(load(config, (), (), (), None, vs), evening=ServedEvening.of(vs))
    with TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False) as client:
        address = f"/m/{table.token}/q/spell?lang=en"

        def asked() -> str:
            page = client.get(address).text
            token = re.search(r'name="t" value="([^"]+)"', page)
            assert token is not None
            data = {"t": token.group(1), "name": "fury-shield", "who": "Север", "ask": "1", "lang": "en"}
            return client.post(address, data=data, headers={"Origin": "http://testserver"}).text

        page = asked()
        found = re.search(r'<section class="offers" id="offers">(.*?)</section>', page, re.S)
        assert found, page[-2000:]
        said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())
        assert "Record: Север casts Shield of fury for 30, the treasury goes from 50 to 20" in said
        evening.record(vs, "cash", {"player": "Север", "coins": -40})  # 10 left: the spell is out of reach
        assert 'id="offers"' not in asked()
