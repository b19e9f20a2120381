"""Configs, rulesets and maps that are wrong for the question or the game: one line, a documented exit."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from printkit import load_session
from printkit.errors import EXIT_CONFIG, EXIT_USAGE
from printkit.game import game
from printkit.labels import label

from .conftest import EXAMPLES, ROOT, run, write

GAMES = ROOT / "printkit" / "games"
OTHER_GAMES = ["vs-2025", "vs-2003", "stratego", "tannhauser"]
HEX = "0x" + "f" * 5000  # read without Python's 4,300-digit limit (base 16), then printed as decimal


def _one_line(result: object, code: int) -> str:
    """The refusal's last paragraph as one line (a usage error wraps at the terminal's width), once
    the exit code and the absence of a traceback are checked."""
    exit_code, stderr = result.exit_code, result.stderr  # type: ignore[attr-defined]
    assert exit_code == code, stderr[-800:]
    assert "Traceback" not in stderr
    return " ".join(str(stderr).strip().split("\n\n")[-1].split())


@pytest.mark.parametrize("other", OTHER_GAMES)
@pytest.mark.parametrize(
    "question",
    [
        ("fight", "--heroes", "1", "2"),
        ("reach", str(EXAMPLES / "map.yaml"), "--from", "C4", "--hero", "1"),
        ("route", str(EXAMPLES / "map.yaml"), "--from", "C4", "--to", "D5", "--hero", "1"),
        ("work", "--resource", "mountain", "1", "--strength", "10"),
    ],
    ids=["fight", "reach", "route", "work"],
)
def test_strategiya_question_with_another_games_config(question: tuple[str, ...], other: str) -> None:
    """issue 32: fight/reach/route (and work) --config of another game raised TypeError. A movement
    question takes a config of the map's game, any game with maps (issue 40), and names both games."""
    config = EXAMPLES / f"{other}.yaml"
    result = run("referee", *question, "--config", str(config), "--lang", "en")
    line = _one_line(result, EXIT_USAGE)
    russian = _one_line(run("referee", *question, "--config", str(config)), EXIT_USAGE)
    if question[0] in ("reach", "route"):
        config_game, map_game = game(load_session(config).ruleset.family), game("strategiya")
        for lang, said in (("en", line), ("ru", russian)):  # each game named in the answer's language
            games = {"config_game": config_game.named(lang), "map_game": map_game.named(lang)}
            assert said.endswith(label("mc_config_other_game", lang, **games)), said
        return
    assert line == f"Error: this question is for Strategy games; the config or key is for {other}"
    assert russian.endswith(f"конфиг или ключ — для игры {other}")


def test_lookup_with_a_key_and_config_of_another_game(tmp_path: Path) -> None:
    """issue 32: a key and a config that agree on another game (lookup --config of another game)
    reached the «Стратегия» rules and raised TypeError."""
    run("secret-sheets", "--out", str(tmp_path / "kit"), "--seed", "issue 32 lookup")
    key = json.loads((tmp_path / "kit" / "referee-key.json").read_text(encoding="utf-8"))
    key["game"] = "vs-2025"
    other = write(tmp_path / "vs-key.json", json.dumps(key))
    config = EXAMPLES / "vs-2025.yaml"
    for extra in (("--config", str(config)), ()):
        result = run("referee", "lookup", "--key", str(other), *extra, "resources", "forest", "3", "--lang", "en")
        assert _one_line(result, EXIT_USAGE).endswith("the config or key is for vs-2025")


def _vs_config(tmp_path: Path, old: str, new: str) -> Path:
    text = (EXAMPLES / "vs-2025.yaml").read_text(encoding="utf-8")
    assert old in text
    return write(tmp_path / "vs.yaml", text.replace(old, new, 1))


@pytest.mark.parametrize("typo", ["mine-1x", "mien-2", "mine-", "mine-1.5"])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_vs_mine_structure_typo(tmp_path: Path, typo: str, command: str) -> None:
    """issue 32: a typo in a VS map's mine structure raised ValueError in validate and build (or
    passed validate unnoticed)."""
    config = _vs_config(tmp_path, "structure: mine-1,", f"structure: {typo},")
    config.write_text(config.read_text(encoding="utf-8").replace("language: ru", "language: en"), encoding="utf-8")
    line_no = next(i for i, t in enumerate(config.read_text(encoding="utf-8").splitlines(), 1) if typo in t)
    args = (
        ["build", str(config), "--out", str(tmp_path / "kit"), "--no-cache"]
        if command == "build"
        else [command, str(config)]
    )
    result = run(*args)
    assert result.exit_code == EXIT_CONFIG, result.stderr[-800:]
    where = f"{config}:{line_no}: map.objects[6].structure: "
    said = result.stderr.strip().removeprefix(where)
    assert re.fullmatch(rf"no building '{re.escape(typo)}' in vs-2025 \(did you mean 'mine-\d'\?\)", said), (
        result.stderr
    )
    assert not (tmp_path / "kit").exists()


def test_vs_map_troop_typo_names_file_line_and_field(tmp_path: Path) -> None:
    """issue 32: a troop typo in a VS map file exited 2 from the referee without FILE:LINE."""
    text = (EXAMPLES / "vs-map.yaml").read_text(encoding="utf-8").replace("troop: orcs", "troop: orks")
    path = write(tmp_path / "vs-map.yaml", text)
    line_no = next(i for i, t in enumerate(text.splitlines(), 1) if "orks" in t)
    want = f"{path}:{line_no}: troops[2].troop: no troop 'orks' in vs-2025 (did you mean 'orcs'?)"
    for args in (("referee", "income", str(path), "--player", "Юг"), ("map", "check", str(path))):
        result = run(*args, "--lang", "en")
        assert (result.exit_code, result.stderr.strip()) == (EXIT_CONFIG, want)
    config = _vs_config(tmp_path, "troop: orcs", "troop: orks")
    config.write_text(config.read_text(encoding="utf-8").replace("language: ru", "language: en"), encoding="utf-8")
    line = _one_line(run("validate", str(config)), EXIT_CONFIG)
    assert line.endswith("map.troops[3].troop: no troop 'orks' in vs-2025 (did you mean 'orcs'?)")


def _ruleset_without(tmp_path: Path, bundled: str, path: tuple[str, ...]) -> Path:
    """A copy of a bundled ruleset (and its rules text) with one section or figure removed, and a
    config that plays it."""
    source = next(GAMES.glob(f"*/{bundled}.yaml"))
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    del holder[path[-1]]
    text = source.with_name(data["booklet"])
    write(tmp_path / text.name, text.read_text(encoding="utf-8"))
    write(tmp_path / "rules.yaml", yaml.safe_dump(data, allow_unicode=True))
    return write(tmp_path / "config.yaml", "game: rules.yaml\n")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("bundled", "path", "message"),
    [
        ("strategiya", ("heroes",), "missing required key 'heroes'"),
        ("strategiya", ("battle",), "missing required key 'battle'"),
        ("vs-2025", ("vs",), "a ruleset with troops needs vs: treasury, mine_chance, mithril_cost, "
                             "rebellion_chance, spell_cost, transfer_tax, start.ruler_money, start.default"),
        ("vs-2003", ("vs", "start"), "vs: a ruleset with troops needs vs: start.ruler_money, start.commander_money"),
        ("vs-2003", ("vs", "commander_prize"), "vs: a ruleset with troops needs vs: commander_prize"),
    ],
)  # fmt: skip
def test_user_ruleset_without_a_required_section(tmp_path: Path, bundled: str, path: tuple[str, ...],
                                                  message: str) -> None:  # fmt: skip
    """issue 32: a user ruleset without a section its kit reads raised AssertionError or KeyError in
    validate (and the build's quick reference)."""
    config = _ruleset_without(tmp_path, bundled, path)
    for args in (("validate", str(config)), ("build", str(config), "--only", "quickref", "--out", str(tmp_path / "k"))):
        line = _one_line(run(*args), EXIT_CONFIG)
        assert line.startswith(f"{tmp_path / 'rules.yaml'}:") and line.endswith(message), line


@pytest.mark.parametrize(
    ("file", "old", "field"),
    [
        ("strategiya.yaml", "title: ", "title"),
        ("strategiya.yaml", "language: ", "language"),
        ("strategiya-heroes.yaml", "strength: ", "players[0].heroes[0].strength"),
        ("vs-map.yaml", "number: ", "objects[3].number"),
        ("tannhauser-paths.yaml", "cost: ", "circles[3].cost"),
    ],
)
@pytest.mark.parametrize(
    "literal", [HEX, "0b" + "1" * 20_000, "0" + "7" * 6000, "1" + ":5" * 3000], ids=["hex", "binary", "octal", "base60"]
)
def test_integer_literals_beyond_the_digit_limit(tmp_path: Path, file: str, old: str, field: str,
                                                 literal: str) -> None:  # fmt: skip
    """issue 32: hex (and binary, octal, sexagesimal) literals are read past Python's 4,300-digit
    limit and raised ValueError where the value was printed, in map, graph and hero fields and in
    title:/language:."""
    text = (EXAMPLES / file).read_text(encoding="utf-8")
    at = text.index(old) + len(old)
    end = min(i for i in (text.find(c, at) for c in ",}\n") if i >= 0)
    path = write(tmp_path / file, text[:at] + literal + text[end:])
    line_no = text.count("\n", 0, at) + 1
    command = {
        "vs-map.yaml": ("map", "check", str(path)),
        "tannhauser-paths.yaml": ("referee", "paths", str(path), "--from", "A1", "--points", "4"),
    }.get(file, ("validate", str(path)))
    line = _one_line(run(*command), EXIT_CONFIG)
    assert (
        line == f"{path}:{line_no}: {field}: this number is too long to read ({len(literal)} characters; at most 100)"
    )
