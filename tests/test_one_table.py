"""issue 40: where the kit, the referee and the phones meet they agree: one config beside its game's map, one
personal troop for the ledger and every income answer, one list of the players' names."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from printkit import load_session
from printkit.cli import cli
from printkit.games.vs.questions import income
from printkit.games.vs.treasury_form import context
from printkit.labels import Refused, label
from printkit.maps.moves import reach, route
from printkit.testing.pages import answer_lines
from printkit.web.app import Table, make_app
from printkit.web.served import load

from .conftest import EXAMPLES, run, write

VS_CONFIG, VS_MAP, MAP = EXAMPLES / "vs-2025.yaml", EXAMPLES / "vs-map.yaml", EXAMPLES / "map.yaml"
HOST = "testserver"


def test_a_vs_config_beside_a_vs_map_answers_movement_on_every_surface() -> None:
    """`printkit serve examples/vs-2025.yaml --map examples/vs-map.yaml` (serve's own example) and a
    session started with the VS config answered «--config is for «Стратегия» maps»."""
    mover = {"troop": "knights", "player": "Север"}
    alone = reach(VS_MAP, "E2", **mover)
    beside = reach(VS_MAP, "E2", config=VS_CONFIG, **mover)
    assert beside.reachable == alone.reachable and beside.count > 0
    assert route(VS_MAP, "E2", "E4", config=VS_CONFIG, **mover).legs
    said = run("referee", "reach", VS_MAP, "--config", VS_CONFIG, "--from", "E2", "--troop", "knights", "--lang", "en")
    assert said.exit_code == 0, said.output
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None})
    session = runner.invoke(cli, ["referee", "--config", str(VS_CONFIG), "--lang", "en"],
                            input=f"reach {VS_MAP} --from E2 --troop knights\n", catch_exceptions=False)  # fmt: skip
    assert session.exit_code == 0 and "is for" not in session.output, session.output
    table = Table(load(VS_CONFIG, (), (VS_MAP,), ()))
    with TestClient(make_app(table, [HOST]), raise_server_exceptions=False) as client:
        form = {"map_file": VS_MAP.name, "start": "E2", "troop": "knights", "ask": "1", "lang": "en"}
        page = client.get("/q/reach", params=form)
        assert page.status_code == 200 and 'class="refusal"' not in page.text, page.text[-2000:]
        assert answer_lines(page.text)


def test_a_config_of_another_game_than_the_maps_is_refused_naming_both() -> None:
    with pytest.raises(Refused) as refused:
        reach(MAP, "C4", config=VS_CONFIG, speed=2)
    assert refused.value.say("en") == "the config is for Great Strategy, the map for Strategy"
    assert refused.value.say("ru") == "конфиг — для игры «Великая Стратегическая», а карта — для игры «Стратегия»"


@pytest.mark.rule("vs.troop.personal")
def test_the_ledger_and_the_income_answer_take_the_same_personal_troop() -> None:
    """`income examples/vs-2025.yaml --player Север` charged the knights 10 upkeep (balance 2) while the
    kit's ledger took them as the personal troop (+12), the document's standard start."""
    session = load_session(VS_CONFIG)
    for player in context(session)["players"]:
        if not player["first"]:
            continue
        answer = income(VS_CONFIG, player=player["name"])
        assert player["first"]["net"] == f"{answer.income.net:+d}".replace("+0", "0"), player["name"]
        assert answer.holdings.personal == "knights" and answer.holdings.personal_from == "house"
    said = run("referee", "income", VS_CONFIG, "--player", "Север", "--lang", "en")
    assert "the year's balance" in said.output and said.output.count("Knights (personal) 0") == 1, said.output
    assert "the troop in the player's lord's house" in said.output


@pytest.mark.rule("vs.troop.personal")
def test_a_troop_marked_personal_on_the_map_is_the_personal_troop_everywhere(tmp_path: Path) -> None:
    text = VS_CONFIG.read_text("utf-8").replace(
        "    - {at: E2, troop: knights, owner: Север}",
        "    - {at: E2, troop: knights, owner: Север}\n    - {at: E3, troop: elves, owner: Север, personal: true}",
    )
    assert "personal: true" in text
    config = write(tmp_path / "vs.yaml", text)
    answer = income(config, player="Север")
    assert answer.holdings.personal == "elves" and answer.holdings.personal_from == "marked"
    ledger = next(p for p in context(load_session(config))["players"] if p["name"] == "Север")
    assert ledger["first"]["net"] == f"{answer.income.net:+d}"
    twice = write(tmp_path / "twice.yaml", text.replace("owner: Север}\n", "owner: Север, personal: true}\n", 1))
    checked = run("validate", twice)
    assert checked.exit_code != 0 and "has a personal troop already" in checked.stderr, checked.stderr


@pytest.mark.parametrize("typed", ["north", "Nroth", "Севр"])
def test_a_player_nobody_has_is_refused_with_the_names_there_are(typed: str) -> None:
    """`income ... --player north` answered 0 with exit 0."""
    said = run("referee", "income", VS_CONFIG, "--player", typed, "--lang", "en")
    assert said.exit_code == 2 and said.stdout == ""
    line = " ".join(said.stderr.split("Error:", 1)[1].split())  # words, not the terminal's line breaks
    assert f"no player {typed!r}" in line and "Север, Юг, Запад" in line
    if typed == "Севр":
        assert "Север" in line.split(";")[0]  # the closest name, suggested
    assert income(VS_CONFIG, player="север").holdings.lands  # a name in another case is the same player


def _evening(folder: Path, map_line: str) -> Path:
    """A VS evening's config in `folder`, its map as `map_line` says, beside a copy of the example map."""
    write(folder / "vs-map.yaml", VS_MAP.read_text("utf-8"))
    return write(folder / "evening.yaml", f"game: vs-2025\nplayers: [{{name: Север}}, {{name: Юг}}]\n{map_line}\n")


def test_a_configs_map_may_be_a_file_beside_it_and_is_the_map_the_kit_prints(tmp_path: Path) -> None:
    """`map: map.yaml` was refused, so the map the kit printed and the map the referee read could differ."""
    from printkit.config.mapfile import load_map

    config = _evening(tmp_path, "map: vs-map.yaml")
    session = load_session(config)
    assert session.game_map == load_map(VS_MAP)[0] and session.map_path == tmp_path / "vs-map.yaml"
    built = run("build", config, "--only", "map", "--out", tmp_path / "kit")
    assert built.exit_code == 0 and (tmp_path / "kit" / "map.pdf").is_file(), built.stderr
    write(tmp_path / "other.yaml", MAP.read_text("utf-8"))
    for line, said in (
        ("map: other.yaml", "'other.yaml' is a map of «Стратегия»; this config plays «Великая Стратегическая»"),
        ("map: nowhere.yaml", "no map file 'nowhere.yaml' next to the config"),
        ("map: ../vs-map.yaml", "is outside the config's folder; copy it next to the config"),
    ):
        checked = run("validate", _evening(tmp_path, line))
        assert checked.exit_code == 3 and checked.stdout == "", checked.output
        (problem,) = checked.stderr.splitlines()
        assert problem.startswith(f"{tmp_path / 'evening.yaml'}:3: map: ") and problem.endswith(said), problem


@pytest.mark.parametrize("inline", [True, False])
def test_the_evenings_map_is_the_map_of_every_surface(tmp_path: Path, inline: bool) -> None:
    """A config with `map:` printed that map, yet serve and the referee's session still asked for --map
    (the config given as --map worked, unwritten, and showed as `vs-evening.yaml~`)."""
    config = VS_CONFIG if inline else _evening(tmp_path, "map: vs-map.yaml")
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None})
    asked = "reach --from E2 --troop knights\nincome --player Юг\n"
    session = runner.invoke(cli, ["referee", "--config", str(config), "--lang", "en"], input=asked)
    assert session.exit_code == 0 and "Missing argument" not in session.output, session.output
    assert "A year's income" in session.output
    served = load(config, (), (), ())
    (offered,) = served.maps
    assert served.short(offered) == ("vs-2025.yaml" if inline else "vs-map.yaml")
    with TestClient(make_app(Table(served), [HOST]), raise_server_exceptions=False) as client:
        index = client.get("/", params={"lang": "en"}).text
        assert label("web_needs_map", "en") not in index
        form = {"start": "E2", "troop": "knights", "ask": "1", "lang": "en"}
        page = client.get("/q/reach", params=form)
        assert page.status_code == 200 and 'class="refusal"' not in page.text and answer_lines(page.text)


def test_look_alike_letters_are_read_either_way_round(tmp_path: Path) -> None:
    """Cells took a Cyrillic С4 for C4, but a hero marked with the Cyrillic «А» refused a Latin A, and
    the refusal listed «Тень (А)», the same on screen."""
    from printkit.games.strategiya.heroes import find_hero

    heroes = "heroes: [{name: Гром, strength: 2, speed: 2, intellect: 1}, {name: Тень, strength: 2, speed: 3}]"
    config = write(tmp_path / "c.yaml", f"game: strategiya\nplayers:\n  - {{name: Аня, {heroes}}}\n"
                                        f"  - {{name: Борис, {heroes}}}\n")  # fmt: skip
    session = load_session(config)
    cyrillic_a = find_hero(session, "А")  # Борис's first hero: markers А Б В Г
    assert cyrillic_a.marker == "А" and find_hero(session, "A") == cyrillic_a  # typed as the Latin A
    assert find_hero(session, "а") == cyrillic_a and find_hero(session, "a") == cyrillic_a
    marked = config.read_text("utf-8").replace("{name: Борис,", "{name: Борис, markers: [A, B],")
    latin = write(tmp_path / "l.yaml", marked)
    assert find_hero(load_session(latin), "А").marker == "A"  # a Latin marker typed in Cyrillic
    said = run("referee", "fight", "--heroes", "A", "1", "--config", config, "--lang", "en")
    assert said.exit_code == 0, said.output
    assert income(VS_CONFIG, player="Cевер").holdings.lands  # a Latin C in a Cyrillic name
    assert reach(MAP, "С4", speed=2).reachable == reach(MAP, "C4", speed=2).reachable


def test_a_movers_player_nobody_has_is_refused_too() -> None:
    with pytest.raises(Refused) as refused:
        reach(VS_MAP, "E2", troop="knights", player="Nroth")
    assert "no player 'Nroth' on the map" in refused.value.say("en")
    with pytest.raises(Refused):
        reach(VS_MAP, "E2", troop="knights", player="Север", allow=("Sotuh",))
    named = reach(VS_MAP, "E2", troop="knights", player="север", allow=("юг",))  # case is no typo
    assert named.reachable == reach(VS_MAP, "E2", troop="knights", player="Север", allow=("Юг",)).reachable


@pytest.mark.rule("vs.troop.personal")
def test_a_personal_troop_is_a_non_magical_troop_of_the_players(tmp_path: Path) -> None:
    """The outside audit of issue 40: `--personal dragon` dropped a dragon's upkeep, and a troop the
    player does not have was taken silently (2025 §5 and 2003 §4.0: a non-magical troop, one only)."""
    for args, said in (
        (("--troops", "knights dragon", "--personal", "dragon"), "Dragon is a magical troop"),
        (("--troops", "knights", "--personal", "mage"), "Mage is not among the player's troops (knights)"),
    ):
        refused = run("referee", "income", *args, "--lang", "en")
        assert refused.exit_code == 2 and said in " ".join(refused.stderr.split()), refused.stderr
    russian = income(troops="knights elves", personal="рыцари")  # the troop by its Russian name
    assert dict(russian.income.upkeep) == {"knights*": 0, "elves": 5}
    nobody = income(VS_MAP, player="Север", personal="none")  # no personal troop: every troop pays
    assert all(not t.endswith("*") for t, _ in nobody.income.upkeep)
    south = income(VS_MAP, player="Юг")  # no lord's house, orcs only: printkit's reading, said so
    assert (south.holdings.personal, south.holdings.personal_from) == ("orcs", "first")
    text = VS_CONFIG.read_text("utf-8").replace(
        "    - {at: E2, troop: knights, owner: Север}",
        "    - {at: E2, troop: knights, owner: Север}\n    - {at: E3, troop: dragon, owner: Север, personal: true}",
    )
    checked = run("validate", write(tmp_path / "dragon.yaml", text))
    assert checked.exit_code == 3 and "troops[1].personal: «Дракон» — магическое войско" in checked.stderr


def test_holdings_typed_by_hand_beside_the_evenings_map_are_reckoned() -> None:
    """A session or a page gives the evening's map to income: typed holdings still answer, without a player."""
    typed = {"lands": "12 8", "mines": "1 3", "troops": "knights elves", "personal": "knights", "cash": 130}
    assert income(VS_CONFIG, **typed).income == income(**typed).income
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None})
    said = runner.invoke(cli, ["referee", "--config", str(VS_CONFIG), "--lang", "en"],
                         input='income --lands "12 8" --troops knights --personal knights\n')  # fmt: skip
    assert said.exit_code == 0 and "the year's balance" in said.output, said.output
    with pytest.raises(Refused):  # a map and nothing typed: whose holdings is asked for
        income(VS_CONFIG)


def test_income_on_another_games_map_is_refused_in_words() -> None:
    said = run("referee", "income", MAP, "--player", "Аня", "--lang", "en")
    assert said.exit_code == 2 and "map.yaml is no Great Strategy map" in said.stderr and "Traceback" not in said.stderr
