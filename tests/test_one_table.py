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
from printkit.labels import Refused
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
    said = refused.value.say("en")
    assert "config" in said and "«Великая Стратегическая»" in said and "«Стратегия»" in said


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
        assert answer.holdings.personal == "knights" and answer.holdings.personal_from == "first"
    said = run("referee", "income", VS_CONFIG, "--player", "Север", "--lang", "en")
    assert "the year's balance" in said.output and said.output.count("Knights (personal) 0") == 1, said.output
    assert "the player's first troop on the map" in said.output


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
