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

from .conftest import EXAMPLES, heroes_evening, run


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
    return heroes_evening(tmp_path, "s.sqlite")


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


# ---- what the review found: an offer is the answer's outcome, or none --------------------------------


@pytest.mark.parametrize("typed", [("--cash", "90"), ("--fortresses", "3"), ("--tribute", "10")])
def test_an_income_typed_by_hand_is_reckoned_but_not_offered(vs: Path, typed: tuple[str, str]) -> None:
    found = answered("income", str(vs), "--player", "Север", *typed)
    assert found["evening"]["record"] == []


def test_the_offer_records_what_the_answer_says(vs: Path) -> None:
    found = answered("income", str(vs), "--player", "Север", "--personal", "knights")
    (offer,) = found["evening"]["record"]
    recorded(offer["command"])
    assert dict(evening.read(vs).state.part.cash)["Север"] == found["cash_after"]


def test_a_paid_year_says_why_it_is_not_offered(vs: Path) -> None:
    evening.record(vs, "income", {"player": "Север"})
    done = run("referee", "income", str(vs), "--player", "Север", "--brief")
    said = " ".join(done.stdout.split())
    assert "Исход в вечер не записывается: Север уже получил доход за 1-й год" in said
    found = answered("income", str(vs), "--player", "Север", "--lang", "en")
    assert found["evening"]["not_recorded"] and "Север" in found["evening"]["not_recorded"][0]


def test_a_building_written_with_a_cyrillic_cell_changes_hands(tmp_path: Path) -> None:
    text = (EXAMPLES / "vs-2025.yaml").read_text(encoding="utf-8").replace("{at: B6, kind: building",
                                                                           "{at: В6, kind: building")  # fmt: skip
    assert "{at: В6" in text
    config = tmp_path / "cyr.yaml"
    config.write_text(text, encoding="utf-8")
    path = tmp_path / "cyr.sqlite"
    evening.start(config, path)
    evening.record(path, "capture", {"cell": "B6", "player": "Юг"})
    evening.record(path, "next", {})  # Юг's turn: his income is offered
    found = answered("income", str(path), "--player", "Юг")
    (offer,) = found["evening"]["record"]
    recorded(offer["command"])
    assert dict(evening.read(path).state.part.cash)["Юг"] == found["cash_after"]
    west = answered("income", str(path), "--player", "Запад")
    assert "Западный замок" not in json.dumps(west, ensure_ascii=False)


def test_a_personal_troop_said_again_on_its_cell_stays_personal(vs: Path) -> None:
    before = answered("income", str(vs), "--player", "Север")
    evening.record(vs, "troops", {"cell": "E2", "player": "Север", "troops": "knights"})
    after = answered("income", str(vs), "--player", "Север")
    assert before["upkeep"] == after["upkeep"] and after["cash_after"] == before["cash_after"]


def test_a_route_on_another_map_is_not_offered_as_the_evenings_move(heroes: Path, tmp_path: Path) -> None:
    evening.record(heroes, "move", {"hero": "Гром", "to": "C4"})
    plains = tmp_path / "plains.yaml"
    plains.write_text("game: strategiya\nrows:\n" + "".join("  - " + "P" * 12 + "\n" for _ in range(10)),
                      encoding="utf-8")  # fmt: skip
    found = answered("route", str(plains), "--config", str(heroes), "--from", "Гром", "--to", "H9")
    assert found["legs"] and found["evening"]["record"] == []


def test_a_fallen_hero_neither_fights_nor_walks(heroes: Path) -> None:
    evening.record(heroes, "move", {"hero": "Тень", "to": "C4"})
    evening.record(heroes, "lives", {"hero": "Тень", "change": -5})
    for args in (("fight", "--config", str(heroes), "--heroes", "Гром", "Тень"),
                 ("route", str(heroes), "--from", "Тень", "--to", "H9")):  # fmt: skip
        done = run("referee", *args)
        assert done.exit_code == 2 and "Тень погиб" in done.stderr, done.stderr


def test_unnamed_heroes_are_asked_by_their_evening_names_and_markers(tmp_path: Path) -> None:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "map.yaml").write_text((EXAMPLES / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    config = folder / "un.yaml"
    config.write_text("game: strategiya\nmap: map.yaml\nplayers:\n  - name: Аня\n    heroes:\n"
                      "      - {strength: 3, speed: 2, intellect: 1}\n      - {strength: 1, speed: 1, intellect: 4}\n"
                      "  - name: Борис\n", encoding="utf-8")  # fmt: skip
    path = tmp_path / "un.sqlite"
    evening.start(config, path)
    (first, second) = [h.name for h in evening.read(path).state.part.heroes]
    evening.record(path, "move", {"hero": second, "to": "C4"})
    named = answered("route", str(path), "--from", second, "--to", "H9")
    assert [o["values"]["hero"] for o in named["evening"]["record"]] == [second]
    by_marker = answered("route", str(path), "--from", "C4", "--hero", "2", "--to", "H9")
    assert by_marker["evening"]["record"] == named["evening"]["record"]
    fought = answered("fight", "--config", str(path), "--heroes", first, second)
    assert fought["a_wins"]


def test_a_wounded_refusal_speaks_the_evenings_language(tmp_path: Path) -> None:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "map.yaml").write_text((EXAMPLES / "map.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    text = (EXAMPLES / "strategiya-heroes.yaml").read_text(encoding="utf-8") + "map: map.yaml\nlanguage: en\n"
    (folder / "en.yaml").write_text(text.replace("\nlanguage: ru", ""), encoding="utf-8")
    path = tmp_path / "en.sqlite"
    evening.start(folder / "en.yaml", path)
    done = run("referee", "route", str(path), "--from", "Ветер", "--to", "H9")
    assert done.exit_code == 2 and "Ветер stands on no cell of the evening yet." in " ".join(done.stderr.split())


def test_the_session_opened_on_an_evening_reads_it(vs: Path) -> None:
    from click.testing import CliRunner

    from printkit.cli import cli

    evening.record(vs, "capture", {"cell": "I3", "player": "Север"})
    done = CliRunner().invoke(cli, ["referee", "--config", str(vs)], input="income --player Север --json\n")
    assert done.exit_code == 0, done.output
    found = json.loads(next(line for line in done.output.splitlines() if line.startswith("{")))
    assert found["cash_after"] == 50 + 12 + 14 and found["evening"]["record"]


def _served(vs: Path, tmp_path: Path) -> tuple[Table, TestClient]:
    config, _ = written(vs, tmp_path / "served")
    table = Table(load(config, (), (), (), None, vs), evening=ServedEvening.of(vs))
    return table, TestClient(make_app(table, ["testserver"]), raise_server_exceptions=False)


def test_an_offer_reckoned_before_the_evening_moved_on_is_refused_in_words(vs: Path, tmp_path: Path) -> None:
    import html

    table, client = _served(vs, tmp_path)
    with client:
        page = client.get(f"/m/{table.token}/q/income", params={"player": "Север", "ask": "1"}).text
        form = re.search(r'action="([^"]+)" data-kind="income">(.*?)</form>', page, re.S)
        assert form is not None
        fields = {k: html.unescape(v) for k, v in re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2))}
        evening.record(vs, "capture", {"cell": "I3", "player": "Север"})  # meanwhile, from the command line
        done = client.post(html.unescape(form.group(1)), data=fields, headers={"Origin": "http://testserver"})
        assert done.status_code == 409
        assert "ничего не записано — спросите снова" in " ".join(html.unescape(done.text).split())
        assert [r.kind for r in evening.read(vs).rows] == ["capture"]


def test_a_served_page_draws_the_evenings_map_before_it_is_asked(vs: Path, tmp_path: Path) -> None:
    _, client = _served(vs, tmp_path)
    with client:
        before = client.get("/q/reach").text
        evening.record(vs, "troops", {"cell": "A10", "player": "Юг", "troops": "elves"})
        assert client.get("/q/reach").text != before


def test_a_file_restored_in_place_is_read_again(vs: Path, tmp_path: Path) -> None:
    import shutil

    from printkit.plugin import load_session

    def owner() -> str | None:
        config, _ = written(vs, tmp_path / "served")
        drawn = load_session(config).game_map
        assert drawn is not None
        found = drawn.object_at(8, 2)  # I3
        return found.owner if found is not None else None

    copy = tmp_path / "copy.sqlite"
    shutil.copy(vs, copy)
    evening.record(vs, "capture", {"cell": "I3", "player": "Север"})
    assert owner() == "Север"
    vs.write_bytes(copy.read_bytes())  # the evening restored from its copy, then another event 1
    evening.record(vs, "capture", {"cell": "I3", "player": "Юг"})
    assert owner() == "Юг"


def test_a_lookup_on_the_masters_page_is_offered_as_the_object_explored(heroes: Path) -> None:
    """The lookup's words name the object; what it holds is what it gave, the master's to change."""
    from types import SimpleNamespace

    from printkit.evening.now import Asked
    from printkit.games.strategiya.questions import lookup
    from printkit.questions import Said, declared

    opened = evening.read(heroes)
    answer = SimpleNamespace(entry=Said(lambda lang: {"ru": "шкуры", "en": "hides"}[lang]), text=None)
    # the command line gives the words one by one (a tuple), a page's field as one string
    as_typed = Asked(heroes, opened, heroes.parent, {}, {"words": ("resources", "forest", "3")})
    (typed,), _ = as_typed.offers(declared(lookup), answer)
    assert dict(typed.values)["what"] == "resources forest 3"
    asked = Asked(heroes, opened, heroes.parent, {}, {"words": "ресурсы  лес 3"})
    (offer,), declined = asked.offers(declared(lookup), answer)
    assert (offer.kind, dict(offer.values), declined) == ("explored", {"what": "ресурсы лес 3", "gave": "шкуры"}, ())
    evening.record(heroes, offer.kind, offer.values)
    assert "шкуры" in " ".join(evening.read(heroes).table.secrets(evening.read(heroes).state, "ru"))
    # asked again, the answer says what the evening marked it as giving, and when
    again = Asked(heroes, evening.read(heroes), heroes.parent, {}, {"words": ("resources", "forest", "3")})
    (before,) = again.told(declared(lookup))
    assert before["en"] == "the evening marked this object explored in turn 1: it gave шкуры"
    fresh = Asked(heroes, evening.read(heroes), heroes.parent, {}, {"words": ("resources", "forest", "4")})
    assert fresh.told(declared(lookup)) == ()
