"""Tab completion: command names and values (terrains, troops, spells, pieces, map cells, circles,
hero markers) for bash, zsh and fish as the manual sets them up, and at the session's prompt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from printkit.cli import cli
from printkit.cli import complete as values

from .conftest import EXAMPLES, ROOT

SHELLS = ("bash", "zsh", "fish")


@pytest.fixture(autouse=True)
def _fresh_words() -> Iterator[None]:
    values.typed.clear()  # what the session's prompt last completed must not leak into a shell's question
    yield
    values.typed.clear()


def offered(line: str, shell: str = "bash") -> list[str]:
    """What a shell offers for the last word of `line` (a line ending in a space: a new word)."""
    words = line.split()
    at = len(words) - (0 if line.endswith(" ") else 1)
    env = {"_PRINTKIT_COMPLETE": f"{shell}_complete", "COMP_WORDS": line, "COMP_CWORD": str(at)}
    if shell == "fish":  # fish passes the line so far and the word being completed
        word = "" if at == len(words) else words[-1]
        env = {"_PRINTKIT_COMPLETE": "fish_complete", "COMP_WORDS": line, "COMP_CWORD": word}
    result = CliRunner(env=env).invoke(cli, [], prog_name="printkit")
    assert result.exit_code == 0, result.output
    if shell == "bash":
        return [item.split(",", 1)[1] for item in result.output.splitlines() if item]
    if shell == "zsh":  # type, value, help: three lines an item
        lines = result.output.splitlines()
        return [lines[i + 1] for i in range(0, len(lines), 3)]
    return [item.split(",", 1)[1].split("\t")[0] for item in result.output.splitlines() if item]


@pytest.mark.parametrize("shell", SHELLS)
def test_every_shell_completes_commands_and_values(shell: str) -> None:
    assert offered("printkit ref", shell) == ["referee"]
    assert offered("printkit referee sp", shell) == ["spell"]
    assert offered("printkit referee spell st", shell) == ["storm"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("printkit referee lookup ле", ["лес"]),
        ("printkit referee lookup re", ["resources"]),
        ("printkit referee battle el", ["elves"]),
        ("printkit referee battle эл", ["Эльфы"]),
        ("printkit referee battle knights ca", ["castle"]),
        ("printkit referee spell --edition vs-2003 fa", ["fair-wind"]),
        ("printkit referee cost --hire ca", ["castle"]),
        ("printkit referee stratego ма", ["маршал", "майор"]),
        ("printkit referee stratego B", ["B", "bomb"]),
        (f"printkit referee reach {EXAMPLES / 'vs-map.yaml'} --troop el", ["elves"]),
        (f"printkit referee reach {EXAMPLES / 'map.yaml'} --from C1", ["C1"]),
        (f"printkit referee paths {EXAMPLES / 'tannhauser-paths.yaml'} --from A", ["A1", "A2", "A3", "A4", "A5"]),
        (
            f"printkit referee fight --config {EXAMPLES / 'strategiya-heroes.yaml'} --heroes ",
            ["1", "2", "3", "4", "Гром", "Ветер", "Искра", "Тень"],
        ),
        ("printkit referee reach missing.yaml --from C", []),  # a file not there yet completes nothing
    ],
)
def test_values_are_completed(line: str, expected: list[str]) -> None:
    assert offered(line) == expected


def test_map_cells_list_every_cell_once_a_letter_is_typed() -> None:
    cells = offered(f"printkit referee reach {EXAMPLES / 'map.yaml'} --from C")
    assert cells and all(re.fullmatch(r"C\d+", c) for c in cells) and len(cells) == len(set(cells))


@pytest.mark.parametrize("shell", SHELLS)
def test_the_manual_sets_up_each_shell(shell: str) -> None:
    readme = (ROOT / "docs" / "reference" / "referee.md").read_text("utf-8")
    line = {
        "bash": 'eval "$(_PRINTKIT_COMPLETE=bash_source printkit)"',
        "zsh": 'eval "$(_PRINTKIT_COMPLETE=zsh_source printkit)"',
        "fish": "_PRINTKIT_COMPLETE=fish_source printkit | source",
    }[shell]
    assert line in readme
    script = CliRunner(env={"_PRINTKIT_COMPLETE": f"{shell}_source"}).invoke(cli, [], prog_name="printkit")
    assert script.exit_code == 0 and "_PRINTKIT_COMPLETE" in script.output and f"{shell}_complete" in script.output


def test_the_session_prompt_completes_the_same_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readline = pytest.importorskip("readline")
    from printkit.cli.session import _readline, completions, defaults

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    ctx = click.Context(cli)
    group = cli.get_command(ctx, "referee")
    assert isinstance(group, click.Group)
    table = defaults(group, click.Context(group), group.list_commands(click.Context(group)), None, (), None)
    for line, word, expected in [
        ("sp", "sp", ["spell"]),
        ("spell st", "st", ["storm"]),
        ("lookup ресурсы ле", "ле", ["лес"]),
        (f"reach {EXAMPLES / 'vs-map.yaml'} --troop el", "el", ["elves"]),
    ]:
        assert completions(group, table, line[: len(line) - len(word)], word) == expected, line
    save = _readline(group, table)
    try:
        assert readline.get_completer() is not None  # the prompt's Tab asks completions() (above)
        readline.add_history("odds 2к6")
        save()
        assert "odds 2к6" in (tmp_path / "printkit" / "referee-history").read_text("utf-8")
    finally:
        readline.set_completer(None)
