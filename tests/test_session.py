"""The referee's evening: `printkit referee` with no command (or `referee shell`) answers question after
question with the config, key, language and edition given once; PRINTKIT_KEY and a config's key:."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from printkit.cli import cli
from printkit.cli.base import remembered, remembering

from .conftest import EXAMPLES, run, write
from .strategiya.test_lookup import example_key

HEROES = str(EXAMPLES / "strategiya-heroes.yaml")


def session(questions: str, *options: str, env: dict[str, str | None] | None = None) -> Result:
    """A session fed from a pipe, as `printf '...' | printkit referee ...` would."""
    runner = CliRunner(env={"PRINTKIT_LANG": None, "PRINTKIT_KEY": None, **(env or {})})
    return runner.invoke(cli, ["referee", *options], input=questions, catch_exceptions=False)


def test_each_question_is_answered_as_its_command_would() -> None:
    result = session("odds 2d6+1>=8\nfight --heroes 1 4\nescape 2\n", "--config", HEROES)
    assert result.exit_code == 0, result.output
    alone = [
        run("referee", "odds", "2d6+1>=8").stdout,
        run("referee", "fight", "--config", HEROES, "--heroes", "1", "4").stdout,
        run("referee", "escape", "2").stdout,
    ]
    assert result.stdout == "".join(alone)
    assert "побеждает" in result.stdout and not result.stderr


def test_shell_is_the_same_session() -> None:
    questions = "odds 2d6+1>=8\nfight --heroes 1 4\n"
    assert session(questions, "shell", "--config", HEROES).stdout == session(questions, "--config", HEROES).stdout


def test_the_language_is_given_once_and_a_question_may_override_it(tmp_path: Path) -> None:
    english = session("escape 2\nescape 2 --lang ru\n", "--lang", "en")
    assert english.stdout.startswith("each hero escapes: 1/2") and "каждый герой убегает: 1/2" in english.stdout
    config = write(tmp_path / "en.yaml", Path(HEROES).read_text("utf-8") + "language: en\n")
    assert session("fight --heroes 1 4\n", "--config", str(config)).stdout.startswith("A — Гром, marker 1 (25 lives")
    assert session("escape 2\n", env={"PRINTKIT_LANG": "en"}).stdout.startswith("each hero escapes")


def test_a_refused_question_leaves_the_session_open() -> None:
    result = session('odds 3d6q\nfihgt\n"unclosed\nshell\nescape 2\n', "--lang", "en")
    assert result.exit_code == 2  # issue 34: from a pipe, the worst code of a line that failed
    assert result.stdout.startswith("each hero escapes: 1/2")
    errors = result.stderr
    assert "Error: unexpected 'q'" in errors and "(did you mean 'fight'?)" in errors
    assert "a quote is not closed" in errors and "the session is open already: ask here" in errors


def test_help_exit_and_pasted_command_lines() -> None:
    result = session("помощь\nprintkit referee escape 2   # a pasted line\nвыход\nescape 3\n")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Команды: battle cost duel escape fight") and "shell" not in result.stdout
    assert "каждый герой убегает: 1/2 (50.00 %)" in lines
    assert "1/3" not in result.stdout  # nothing after выход is answered


def test_the_edition_is_given_once() -> None:
    old = session("spell storm --json\n", "--edition", "vs-2003").stdout
    assert old == run("referee", "spell", "storm", "--edition", "vs-2003", "--json").stdout
    assert old != run("referee", "spell", "storm", "--json").stdout
    from_config = session("spell storm --json\n", "--config", str(EXAMPLES / "vs-2003.yaml")).stdout
    assert from_config == old


def test_the_editions_are_the_installed_games_rulesets(tiny_game: Any) -> None:
    # A question takes the evening's edition only where its own --edition offers it.
    plain = run("referee", "spell", "storm", "--json").stdout
    assert session("spell storm --json\n", "--edition", "strategiya").stdout == plain
    assert session("spell storm --json\ntiny-odds 2\n", "--edition", "tiny").stdout.startswith(plain)
    refused = session("", "--edition", "vs-1999", "--lang", "en")
    # Said as every question's own choice is refused (no quotes around each name; issue 34's year alias).
    assert refused.exit_code == 2 and all(
        re.search(rf"\b{r}\b", refused.stderr) for r in ("vs-2003", "strategiya", "tiny")
    )


def lookup_kit(tmp_path: Path) -> tuple[Path, str]:
    key = example_key(tmp_path)
    expected = run("referee", "lookup", "--key", str(key), "ресурсы", "лес", "3")
    assert expected.exit_code == 0, expected.output
    return key, expected.stdout


def test_the_key_is_given_once_or_by_the_environment(tmp_path: Path) -> None:
    key, expected = lookup_kit(tmp_path)
    assert session("lookup ресурсы лес 3\n", "--key", str(key)).stdout == expected
    assert session("lookup лесу ресурсы 3\n", env={"PRINTKIT_KEY": str(key)}).stdout == expected
    alone = CliRunner(env={"PRINTKIT_KEY": str(key), "PRINTKIT_LANG": None})
    assert alone.invoke(cli, ["referee", "lookup", "ресурсы", "лес", "3"]).stdout == expected
    refused = session("lookup ресурсы лес 3\n")
    said = " ".join(refused.stderr.split())
    assert "укажите ключ судьи: --key ФАЙЛ, переменная PRINTKIT_KEY или key: в конфиге" in said


def test_the_key_can_live_in_the_config(tmp_path: Path) -> None:
    _, expected = lookup_kit(tmp_path)
    config = write(tmp_path / "game.yaml", "game: strategiya\nkey: referee-key.json\n")
    assert session("lookup ресурсы лес 3\n", "--config", str(config)).stdout == expected
    assert run("referee", "lookup", "--config", config, "ресурсы", "лес", "3").stdout == expected
    write(tmp_path / "game.yaml", "game: strategiya\nkey: ../elsewhere/referee-key.json\n")
    result = run("validate", config)
    assert result.exit_code == 3 and "is outside the config's folder" in result.output


def test_files_are_remembered_only_during_a_session_and_read_again_when_changed(tmp_path: Path) -> None:
    path = write(tmp_path / "c.yaml", "a: 1\n")
    beside = write(tmp_path / "ruleset.yaml", "b: 1\n")
    reads: list[str] = []

    def read(p: Path) -> Any:
        reads.append(p.read_text("utf-8"))
        return len(reads)

    assert remembered(path, read) == 1 and remembered(path, read) == 2  # no session: read every time
    remembering(True)
    try:
        first = remembered(path, read)
        assert remembered(path, read) == first  # the evening asks again: not read again
        write(beside, "b: 22\n")  # a file the config names, edited mid-evening
        os.utime(beside, ns=(1, 1))
        assert remembered(path, read) == first + 1
        write(path, "a: 333\n")
        assert remembered(path, read) == first + 2 and reads[-1] == "a: 333\n"
    finally:
        remembering(False)
    assert remembered(path, read) == first + 3


def test_inside_a_session_help_shell_and_h_are_the_sessions_own_help() -> None:
    """issue 40: `help shell` and `-h` at the session's prompt printed developer notes and the top-level
    help with `printkit build`."""
    for asked in ("help shell", "-h", "--help", "help"):
        said = CliRunner(env={"PRINTKIT_LANG": None}).invoke(cli, ["referee", "--lang", "en"], input=f"{asked}\n")
        assert said.exit_code == 0 and "'help COMMAND' tells how to ask it" in said.output, (asked, said.output)
        assert "labels'" not in said.output and "printkit build" not in said.output and "Usage:" not in said.output
