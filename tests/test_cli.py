"""The command line: help with examples, exit codes, output folders, lookups, no tracebacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import cli

from .conftest import EXAMPLES, run, write
from .strategiya.test_codes import RULES_EXAMPLE, TERRAINS

COMMANDS = [
    [], ["build"], ["secret-sheets"], ["validate"], ["calibrate"], ["schema"],
    ["referee"], ["referee", "lookup"], ["referee", "stratego"], ["referee", "roll"], ["referee", "odds"],
    ["referee", "fight"], ["referee", "hide"], ["referee", "pool"], ["referee", "duel"], ["referee", "orders"],
    ["referee", "spell"], ["referee", "escape"], ["referee", "mine"],
    ["referee", "reach"], ["referee", "route"], ["referee", "moves"], ["referee", "paths"],
    ["map"], ["map", "check"], ["map", "draw"], ["map", "random"],
    ["stratego"], ["stratego", "check"], ["stratego", "random"], ["stratego", "convert"],
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "printkit")
def test_every_command_has_help_with_an_example(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output
    assert "printkit " in result.output.split("Example", 1)[1]


def test_every_command_is_listed_in_the_help_test() -> None:
    import click

    def walk(group, prefix):  # type: ignore[no-untyped-def]
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            yield [*prefix, name]
            if isinstance(command, click.Group):
                yield from walk(command, [*prefix, name])

    assert sorted(walk(cli, [])) == sorted(c for c in COMMANDS if c)


def test_build_default_game_into_output(workdir: Path) -> None:
    result = run("build")
    assert result.exit_code == 0, result.output
    (folder,) = (workdir / "output").iterdir()
    assert re.fullmatch(r"strategiya-\d{8}-\d{6}", folder.name)
    assert result.output.splitlines()[-1] == f"Kit written to output/{folder.name}/"
    assert sorted(p.name for p in folder.iterdir()) == [
        "booklet.pdf",
        "hero-sheets.pdf",
        "manifest.json",
        "quickref.pdf",
        "referee-key.json",
        "referee-key.pdf",
        "secret-sheet-player-1.pdf",
        "secret-sheet-player-2.pdf",
    ]
    assert not [p for p in (workdir / "output").iterdir() if p.name.startswith(".")]


def test_two_builds_in_the_same_second_get_two_folders(workdir: Path) -> None:
    assert run("build", "--only", "secret-sheets").exit_code == 0
    assert run("build", "--only", "secret-sheets").exit_code == 0
    assert len(list((workdir / "output").iterdir())) == 2


def test_existing_folder_is_refused_then_forced(workdir: Path) -> None:
    out = workdir / "kit"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = run("build", "--out", out)
    assert result.exit_code == 4
    assert result.output == (
        f"printkit: error: {out}: folder exists and is not empty; use --force to write "
        "into it, or choose another --out\n"
    )
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    result = run("build", "--out", out, "--force", "--only", "secret-sheets")
    assert result.exit_code == 0
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "secret-sheet-player-1.pdf").exists()


def test_only_checks_kind_names(workdir: Path) -> None:
    result = run("build", "--only", "secret-sheets,hero-sheet", "--out", workdir / "k")
    assert result.exit_code == 2
    assert result.output == (
        "printkit: error: unknown kind 'hero-sheet' for strategiya (did you mean 'hero-sheets'?); "
        "this game prints: secret-sheets, hero-sheets, quickref, booklet\n"
    )
    assert not (workdir / "k").exists()
    assert run("build", "--only", "secret-sheets", "--out", workdir / "k").exit_code == 0


def test_usage_errors_exit_2(workdir: Path) -> None:
    assert run("build", "--paper", "a3").exit_code == 2
    assert run("secret-sheets", "--player", "3").exit_code == 2
    assert run("secret-sheets", "--games", "0").exit_code == 2


def test_validate_ok_and_problems(workdir: Path) -> None:
    result = run("validate", EXAMPLES / "strategiya.yaml")
    assert (result.exit_code, result.output) == (0, "ok\n")
    bad = write(workdir / "bad.yaml", "game: strategiya\nplayers: 3\nlanguage: de\n")
    result = run("validate", bad)
    assert result.exit_code == 3
    assert result.output == (
        f"{bad}:2: players: expected a list, got a number (3)\n{bad}:3: language: 'de' is not one of ru, en\n"
    )


def test_config_error_on_build_leaves_nothing(workdir: Path) -> None:
    bad = write(workdir / "bad.yaml", "game: chess\n")
    result = run("build", bad)
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    assert not (workdir / "output").exists()


def test_interrupted_build_leaves_no_partial_files(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.games.strategiya import secret_sheets as secret

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(secret, "write_key", interrupted)
    result = CliRunner().invoke(cli, ["build", "--out", str(workdir / "kit"), "--only", "secret-sheets"])
    assert result.exit_code == 1  # click's "Aborted!"
    assert list(workdir.iterdir()) == []


def test_interrupted_forced_build_keeps_the_old_kit(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.games.strategiya import secret_sheets as secret

    out = workdir / "kit"
    assert run("build", "--out", out, "--seed", "old-kit-seed-123", "--only", "secret-sheets").exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(secret, "write_key", broken)
    CliRunner().invoke(cli, ["build", "--out", str(out), "--force", "--only", "secret-sheets"])
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in workdir.iterdir()] == ["kit"]


# ---- referee lookup -------------------------------------------------------------------------------


def example_key(folder: Path) -> Path:
    """The rules' own example sheets as a key file (resources; other columns in plain order)."""
    identity = list(range(1, 11))
    sheets = {
        str(p): {
            s: {t: RULES_EXAMPLE[p].get(t, identity) if s == "resources" else identity for t in TERRAINS}
            for s in ("resources", "adventures")
        }
        for p in (1, 2)
    }
    key = {
        "format": "printkit.referee-key/1",
        "game": "strategiya",
        "games": [{"kit_id": "TEST-0001", "sheets": sheets}],
    }
    return write(folder / "referee-key.json", json.dumps(key))


def test_lookup_prints_the_rules_example_chain(workdir: Path) -> None:
    key = example_key(workdir)
    result = run("referee", "lookup", "--key", key, "resources", "forest", "3")
    assert (result.exit_code, result.output) == (0, "forest resources 3 → 9 → 2: Шкуры животных — 35 дней по 20 $\n")


def test_lookup_accepts_russian_words_either_order_and_ascii(workdir: Path) -> None:
    key = example_key(workdir)
    result = run("referee", "lookup", "--key", key, "--ascii", "Гора", "ресурсы", "3")
    assert result.output == "mountain resources 3 -> 9 -> 9: Нет\n"
    result = run("referee", "lookup", "--key", key, "--lang", "en", "resources", "ЛЕС", "3")
    assert result.output == "forest resources 3 → 9 → 2: Animal hides — 35 days at $20\n"


def test_lookup_json(workdir: Path) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), "--json", "resources", "forest", "3")
    assert json.loads(result.output) == {
        "kit_id": "TEST-0001",
        "game": 1,
        "section": "resources",
        "terrain": "forest",
        "number": 3,
        "sheet1": 9,
        "sheet2": 2,
        "entry": "Шкуры животных — 35 дней по 20 $",
    }


def test_lookup_adventure_titles_from_config(workdir: Path) -> None:
    key = example_key(workdir)
    result = run(
        "referee", "lookup", "--key", key, "--config", EXAMPLES / "strategiya.yaml", "adventures", "forest", "4"
    )
    assert result.output == "forest adventures 4 → 4 → 4: Пепелище у реки\n"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["treasure", "forest", "3"], "unknown section 'treasure'; use resources or adventures"),
        (["resources", "sky", "3"], "unknown terrain 'sky'; use one of mountain swamp forest plain water deathzone"),
        (["resources", "forest", "11"], "forest objects are numbered 1..10; 11 is not one of them"),
    ],
)
def test_lookup_bad_words_exit_2(workdir: Path, words: list[str], message: str) -> None:
    result = run("referee", "lookup", "--key", example_key(workdir), *words)
    assert (result.exit_code, result.output) == (2, f"printkit: error: {message}\n")


def test_lookup_needs_game_for_multi_game_key_and_takes_kit_id(workdir: Path) -> None:
    assert run("secret-sheets", "--games", "2", "--seed", "stack-seed-1234", "--out", workdir / "k").exit_code == 0
    key = workdir / "k" / "referee-key.json"
    result = run("referee", "lookup", "--key", key, "resources", "forest", "3")
    assert result.exit_code == 2 and "choose one with --game 1..2" in result.output
    kit_id = json.loads(key.read_text("utf-8"))["games"][1]["kit_id"]
    by_number = run("referee", "lookup", "--key", key, "--game", "2", "resources", "forest", "3")
    by_id = run("referee", "lookup", "--key", key, "--game", kit_id.lower(), "resources", "forest", "3")
    assert by_number.exit_code == 0 and by_number.output == by_id.output


def test_lookup_joins_two_one_player_keys(workdir: Path) -> None:
    for p in ("1", "2"):
        assert run("secret-sheets", "--player", p, "--out", workdir / f"p{p}").exit_code == 0
    one = workdir / "p1" / "referee-key-player-1.json"
    two = workdir / "p2" / "referee-key-player-2.json"
    alone = run("referee", "lookup", "--key", one, "resources", "forest", "3")
    assert alone.exit_code == 2 and "the key has no sheet 2" in alone.output
    joined = run("referee", "lookup", "--key", one, "--key", two, "resources", "forest", "3")
    assert joined.exit_code == 0
    first = json.loads(one.read_text("utf-8"))["games"][0]["sheets"]["1"]["resources"]["forest"][2]
    second = json.loads(two.read_text("utf-8"))["games"][0]["sheets"]["2"]["resources"]["forest"][first - 1]
    assert joined.output.startswith(f"forest resources 3 → {first} → {second}: ")


def test_lookup_missing_key_file_exit_3(workdir: Path) -> None:
    result = run("referee", "lookup", "--key", workdir / "nope.json", "resources", "forest", "3")
    assert (result.exit_code, result.output) == (3, f"{workdir / 'nope.json'}: no such file\n")


def test_build_on_a_terminal_shows_each_step_its_time_and_the_files(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17: every step gets its own line with its time, and the files are listed with sizes."""
    import printkit.cli.build as build_cli

    class Terminal:
        stderr = type("Err", (), {"isatty": staticmethod(lambda: True)})()

    monkeypatch.setattr(build_cli, "sys", Terminal)
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "vs-2003.yaml"), "--out", "kit"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    text = result.output
    for step in ("quickref", "booklet", "battle-cards", "tokens"):
        assert re.search(rf"✓ {step}\s+\d+\.\d s", text), step
    assert re.search(r"booklet\.pdf\s+\d+ KB", text) and re.search(r"\d+ files in \d+\.\d s", text)
    assert text.splitlines()[-1] == "Kit written to kit/"
