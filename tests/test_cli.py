"""The command line: help with examples, exit codes, output folders, lookups, no tracebacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import cli

from .conftest import EXAMPLES, ExampleKits, commands, run, write

# printkit's own commands, whatever games are installed; each game adds its shortcuts and questions.
SHARED = [
    [], ["build"], ["validate"], ["calibrate"], ["schema"], ["examples"], ["referee"], ["referee", "shell"],
    ["referee", "roll"], ["referee", "odds"], ["referee", "reach"], ["referee", "route"],
    ["map"], ["map", "check"], ["map", "draw"], ["map", "random"], ["cache"], ["cache", "info"], ["cache", "clear"],
    ["serve"],
]  # fmt: skip
# Every command of the tree as installed: printkit's own and every installed game's.
COMMANDS = [path for path, _ in commands()]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "printkit")
def test_every_command_has_help_with_an_example(command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # In English; a command derived from a question says its help in Russian by default (issue 34),
    # checked in tests/test_at_the_table.py.
    monkeypatch.setenv("PRINTKIT_LANG", "en")
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output
    assert "printkit " in result.output.split("Example", 1)[1]


def test_the_help_test_walks_printkits_commands_and_each_games() -> None:
    """The walk above is not vacuous: printkit's own commands, and every installed game's shortcuts,
    own groups and questions, are in it."""
    from printkit.game import games

    assert [c for c in SHARED if c not in COMMANDS] == []
    for g in games():
        own = [[cut.name] for cut in g.shortcuts]
        own += [[group, name] for group, asked in g.questions.items() for name in asked]
        assert [c for c in own if c not in COMMANDS] == [], g.family


def test_build_default_game_into_output(workdir: Path, kits: ExampleKits) -> None:
    # Where a build without --out goes and what it says: one kind is enough to show the folder...
    result = run("build", "--only", "secret-sheets")
    assert result.exit_code == 0, result.output
    (folder,) = (workdir / "output").iterdir()
    assert re.fullmatch(r"strategiya-\d{8}-\d{6}", folder.name)
    assert result.output.splitlines()[-1] == f"Набор записан в output/{folder.name}/"  # the default game is Russian
    assert not [p for p in (workdir / "output").iterdir() if p.name.startswith(".")]
    # ...and what the default game's whole kit holds: the shared one (`printkit build --out`, seeded),
    # the rules to print (booklet-print.pdf) among them.
    folder = kits.default()
    assert sorted(p.name for p in folder.iterdir()) == [
        "adventures.pdf",
        "booklet-print.pdf",
        "booklet.pdf",
        "hero-sheets-hired-blank.pdf",
        "hero-sheets.pdf",
        "manifest.json",
        "map.pdf",
        "plot.pdf",
        "print-guide.pdf",
        "quickref.pdf",
        "referee-key.json",
        "referee-key.pdf",
        "secret-sheet-player-1.pdf",
        "secret-sheet-player-2.pdf",
    ]


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
        "this game prints: secret-sheets, hero-sheets, hero-sheets-hired, quickref, booklet, map, adventures, "
        "plot\n"
    )
    assert not (workdir / "k").exists()
    assert run("build", "--only", "secret-sheets", "--out", workdir / "k").exit_code == 0


def test_only_may_be_repeated(workdir: Path) -> None:
    # A repeated --only adds its kinds to the earlier ones; it never silently drops them.
    assert run("build", "--only", "secret-sheets", "--only", "plot", "--out", workdir / "k").exit_code == 0
    manifest = json.loads((workdir / "k" / "manifest.json").read_text("utf-8"))
    assert manifest["kinds"] == ["secret-sheets", "plot"]
    assert {"secret-sheet-player-1.pdf", "plot.pdf"} <= {f["name"] for f in manifest["files"]}


def test_usage_errors_exit_2(workdir: Path) -> None:
    assert run("build", "--paper", "a3").exit_code == 2
    assert run("secret-sheets", "--player", "3").exit_code == 2
    assert run("secret-sheets", "--games", "0").exit_code == 2


@pytest.mark.slow
def test_validate_ok_and_problems(workdir: Path) -> None:
    result = run("validate", EXAMPLES / "strategiya.yaml")
    assert (result.exit_code, result.output) == (0, "ok\n")
    bad = write(workdir / "bad.yaml", "game: strategiya\nplayers: 3\nlanguage: de\n")
    # Each in the language asked (issue 41: validate speaks the config's language, and this config
    # names none printkit speaks; without --lang the run's environment would choose).
    result = run("validate", bad, "--lang", "en")
    assert result.exit_code == 3
    assert result.output == (
        f"{bad}:2: players: expected a list, got a number (3)\n{bad}:3: language: 'de' is not one of ru, en\n"
    )
    result = run("validate", bad, "--lang", "ru")
    assert result.exit_code == 3
    assert result.output == (
        f"{bad}:2: players: ожидается список, а стоит число (3)\n{bad}:3: language: «de» — не одно из: ru, en\n"
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


@pytest.mark.slow
@pytest.mark.usefixtures("terminal_stderr")
def test_build_on_a_terminal_shows_each_step_its_time_and_the_files(workdir: Path) -> None:
    """Issue 17: every step gets its own line with its time, and the files are listed with sizes."""
    steps = ("quickref", "booklet", "battle-cards", "tokens")  # the steps read below; the others draw the same way
    args = ["build", str(EXAMPLES / "vs-2003.yaml"), "--only", ",".join(steps), "--out", "kit", "--lang", "en"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    # The terminal's colours (shown escaped: under the test runner the terminal is the escaping stream).
    text = re.sub(r"(?:\x1b|\\x1b)\[[0-9;?]*[A-Za-z]", "", result.output)
    for step in steps:
        assert re.search(rf"✓ {step}\s+\d+\.\d s", text), step
    assert re.search(r"booklet\.pdf\s+\d+ KB", text) and re.search(r"\d+ files in \d+\.\d s", text)
    assert text.splitlines()[-1] == "Kit written to kit/"
