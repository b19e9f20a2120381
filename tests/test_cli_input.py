"""The command line's own input: file arguments, the session's lines, what a refusal echoes, the limits it states."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from printkit.cli import cli
from printkit.cli.base import Read
from printkit.cli.present import safe
from printkit.cli.session import LINE_LIMIT
from printkit.questions import Decimal, File, Whole

from .conftest import ROOT, bundled_games, commands, write

ENGLISH = {"PRINTKIT_LANG": "en", "PRINTKIT_KEY": None}


def invoke(*args: str, stdin: str | None = None, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner(env={**ENGLISH, **(env or {})}).invoke(cli, list(args), input=stdin)


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


# ---- the evening's session ---------------------------------------------------------------------------


def test_a_line_of_options_only_is_refused_and_opens_no_session_inside() -> None:
    """issue 32: a line of only options opened a session inside the session (100 of them: RecursionError)."""
    lines = "--lang en\n" * 100 + "--config examples/strategiya.yaml\n--lang en shell\nescape 2\n"
    result = invoke("referee", stdin=lines)
    no_traceback(result)
    assert result.exit_code == 2  # issue 34: a piped session ends with the worst code of its lines
    refused = (
        "the session is open already: begin the line with a question (help lists them); "
        "its options are given when it opens"
    )
    assert result.stderr.splitlines() == [refused] * 102
    assert result.stdout.startswith("each hero escapes: 1/2")


def test_a_line_with_a_nul_is_refused_and_the_session_goes_on() -> None:
    """issue 32: a NUL byte in a session's line ended the session with a traceback."""
    lines = "fight --config a\x00b --heroes 1 2\nreach x\x00.yaml --from C4\nescape\x002\nescape 2\n"
    result = invoke("referee", stdin=lines)
    no_traceback(result)
    assert result.stderr.splitlines() == ["the line holds a NUL character (\\x00): it is not read"] * 3
    assert result.stdout.startswith("each hero escapes: 1/2")


def test_a_line_past_the_limit_is_refused_naming_it() -> None:
    """issue 32: a session's line had no length limit (a 1 MB line took 44 s)."""
    at_limit = "escape 2 #" + "x" * (LINE_LIMIT - len("escape 2 #"))
    over = "escape 3 #" + "x" * (LINE_LIMIT + 1 - len("escape 3 #"))
    huge = "escape 4 " + "y" * 1_000_000
    result = invoke("referee", stdin=f"{at_limit}\n{over}\n{huge}\nescape 5\n")
    no_traceback(result)
    refused = f"the line is longer than {LINE_LIMIT:,} characters, the most a session reads: it is not read"
    assert result.stderr.splitlines() == [refused, refused]
    answers = [line for line in result.stdout.splitlines() if line.startswith("each hero escapes")]
    assert answers == ["each hero escapes: 1/2 (50.00 %)", "each hero escapes: 1/2 (50.00 %)"]  # 2 and 5
    assert "all 5 escape" in result.stdout and "all 3 escape" not in result.stdout


def test_the_line_limit_is_told_by_the_session_its_help_and_the_readme() -> None:
    """issue 32: the session's line limit is documented where its user looks."""
    english = " ".join(invoke("referee", stdin="help\n").stdout.split())
    russian = " ".join(invoke("referee", "--lang", "ru", stdin="help\n").stdout.split())
    assert f"A line is at most {LINE_LIMIT:,} characters." in english
    assert f"Строка — не длиннее {LINE_LIMIT} знаков." in russian
    assert f"{LINE_LIMIT:,} characters" in " ".join(invoke("referee", "shell", "--help").stdout.split())
    assert f"| `referee` (a session) | a line of at most {LINE_LIMIT:,} characters |" in readme()


@pytest.mark.slow
def test_at_a_terminal_a_refused_line_is_said_and_kept_out_of_the_history(tmp_path: Path) -> None:
    """issue 32: the prompt (readline, a terminal) refuses as the pipe does, and a pasted megabyte is
    not saved for the next evening."""
    import os
    import pty
    import select
    import subprocess
    import sys

    main, side = pty.openpty()
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "PRINTKIT_LANG": "en", "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-m", "printkit", "referee"], stdin=side, stdout=side, stderr=side,
                             env=env, close_fds=True)  # fmt: skip
    os.close(side)
    seen = b""

    def answer(said: str) -> None:
        """Wait until the session has said this and then shown its prompt again (readline has the
        terminal then: a line typed earlier would meet the kernel's own 4,095-character limit)."""
        nonlocal seen
        start = len(seen)
        while True:
            new = seen[start:].decode(errors="replace")
            if said in new and "referee> " in new[new.index(said) :]:
                return
            ready, _, _ = select.select([main], [], [], 60)
            assert ready, new
            seen += os.read(main, 1 << 16)

    try:
        answer("ask as on the command line")
        os.write(main, b"--lang en\r")
        answer("the session is open already: begin the line with a question")
        os.write(main, b"escape 2 " + b"x" * LINE_LIMIT + b"\r")
        answer(f"the line is longer than {LINE_LIMIT:,} characters")
        os.write(main, b"escape 3\r")
        answer("all 3 escape: 1/8")
        os.write(main, b"exit\r")
        assert child.wait(60) == 0
    finally:
        child.kill()
        os.close(main)
    assert "all 2 escape" not in seen.decode(errors="replace")
    kept = (tmp_path / "printkit" / "referee-history").read_text("utf-8")
    assert kept.count("escape") == 1 and "x" * 100 not in kept  # escape 3 (libedit writes its space as \040)


# ---- what reaches the terminal -----------------------------------------------------------------------

# Right-to-left overrides and isolates, marks, zero-width characters, the BOM, a C1 control (CSI), a
# line separator and an escape: each shows what it is not, or acts on the terminal.
HIDDEN = "\u202e\u2066\u2069\u200f\u200b\u200d\ufeff\u00ad\u061c\U000e0001\x9b\u2028\x1b"


def raw(text: str) -> list[str]:
    return sorted({f"U+{ord(c):04X}" for c in text if c not in "\n" and unicodedata.category(c)[0] in "CZ"
                   and unicodedata.category(c) not in ("Zs", "Co", "Cn")})  # fmt: skip


def test_safe_shows_every_control_and_format_character_by_its_code() -> None:
    """issue 32: right-to-left and other invisible formatting characters were echoed raw."""
    assert safe("a\u202eb") == "a\\u202eb"
    assert safe("x\U000e0001\x9b\x1b[2J\n\tok") == "x\\U000e0001\\x9b\\x1b[2J\n\tok"
    assert raw(safe(HIDDEN)) == []
    assert safe("Кот 50 %\u00a0→ ✔\tgo\n") == "Кот 50 %\u00a0→ ✔\tgo\n"  # what printkit itself prints stays


def test_json_answers_escape_hidden_characters_the_json_way(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 32: --json shows a hidden character by JSON's own escape, so the line still reads back
    as the same text (`\\x9b`, the terminal's escape, is no JSON)."""
    import json

    from printkit.cli.present import echo_json, escaped_output

    data = {"name": "a" + HIDDEN + "\udcff", "plain": "Кот\u00a0→ ✔"}
    with escaped_output():
        echo_json(data)
    printed = capsys.readouterr().out
    assert raw(printed) == [] and json.loads(printed) == data


@pytest.mark.parametrize(
    "args",
    [
        ("referee", "fihgt" + HIDDEN),
        ("referee", "escape", "1" + HIDDEN),
        ("referee", "odds", "2d6" + HIDDEN),
        ("referee", "prize", "knights" + HIDDEN),
        ("referee", "stratego", "3" + HIDDEN, "B"),
        ("validate", "a" + HIDDEN + ".yaml"),
        ("build", "--only", "booklet" + HIDDEN),
        ("map", "check", "m" + HIDDEN + ".yaml"),
        ("referee", "--lang", "ru", "escape", HIDDEN),
        ("schema", HIDDEN),
    ],
    ids=lambda a: " ".join(w for w in a if w.isascii())[:40],
)
def test_refusals_show_hidden_characters_by_their_codes(args: tuple[str, ...]) -> None:
    """issue 32: a refusal echoed right-to-left and zero-width characters raw to the terminal."""
    result = invoke(*args)
    no_traceback(result)
    assert result.exit_code != 0
    assert raw(result.output) == []
    assert "\\u202e" in result.output


def test_a_config_s_hidden_characters_are_shown_by_their_codes(tmp_path: Path) -> None:
    """issue 32: a file's text quoted in an error is escaped like an argument."""
    formatting = "".join(c for c in HIDDEN if unicodedata.category(c) == "Cf")  # a control is refused apart
    config = write(tmp_path / "c.yaml", f"game: strategiya\ntitle: ok{formatting}\n")
    result = invoke("validate", str(config))
    no_traceback(result)
    assert result.exit_code == 3 and raw(result.output) == [] and "\\u202e" in result.output


def test_a_session_s_refusals_and_answers_show_hidden_characters_by_their_codes() -> None:
    """issue 32: the session echoes what it refuses the same way."""
    result = invoke("referee", stdin=f"fight{HIDDEN}\nescape 2{HIDDEN}\nroll 2d6 --seed {HIDDEN}\n")
    no_traceback(result)
    assert raw(result.output) == [] and result.output.count("\\u202e") >= 2


# ---- file arguments ----------------------------------------------------------------------------------


def file_parameters() -> list[tuple[list[str], click.Parameter]]:
    """Every argument and option of the tree that names a file or a folder."""
    found = []
    for path, command in commands():
        for param in command.params:
            kind = param.type.kind if isinstance(param.type, Read) else None
            if isinstance(kind, File) or isinstance(param.type, click.Path | click.File):
                found.append((path, param))
    return found


def test_every_file_parameter_is_read_by_the_one_file_kind() -> None:
    """issue 32: a file or folder a command line names is read in one place, so a new one is checked too."""
    found = file_parameters()
    assert len(found) >= 20  # configs, keys, maps, positions, graphs, kit folders
    stray = [(" ".join(path), param.name) for path, param in found if not isinstance(param.type, Read)]
    assert stray == []


@pytest.mark.parametrize(
    ("path", "param"),
    file_parameters(),
    ids=[f"{' '.join(path)} {param.opts[0]}" for path, param in file_parameters()],
)
def test_an_empty_file_name_is_refused_in_one_line(path: list[str], param: click.Parameter) -> None:
    """issue 32: an empty file argument (validate "", --key "", --config "": 14 commands) gave a
    traceback or read the current folder."""
    assert isinstance(param.type, Read) and isinstance(param.type.kind, File)
    given = [""] if isinstance(param, click.Argument) else [param.opts[0], ""]
    result = invoke(*path, *given, stdin="")
    no_traceback(result)
    assert result.exit_code == 2  # a usage error (the manual's "Exit codes")
    said = "the folder name is empty" if param.type.kind.folder else "the file name is empty"
    last = result.stderr.splitlines()[-1]
    assert last.startswith("Error: Invalid value for ") and last.endswith(f": {said}"), result.stderr
    assert not result.stdout


def test_an_empty_file_name_is_refused_in_russian_and_from_python() -> None:
    """issue 32: the refusal is said in the command's language, and the Python API refuses it too."""
    result = invoke("referee", "reach", "", "--from", "C4", "--lang", "ru")
    assert result.exit_code == 2 and result.stderr.endswith("Ошибка: неверное значение «MAP_FILE»: пустое имя файла\n")
    import printkit

    with pytest.raises(ValueError, match="the file name is empty"):
        printkit.reach("", "C4", speed=2)


# ---- referee prize: a count in a word --------------------------------------------------------------


@pytest.mark.parametrize("word", ["zombie:", "zombie:x", "zombie:3:4", "zombie:²", "zombie:0", "zombie:-1",
                                  "zombie:1000", "zombie:1e5", "knights@a:2", "zombie:" + "9" * 50])  # fmt: skip
def test_prize_refuses_a_malformed_count_saying_the_shape(word: str) -> None:
    """issue 32: `referee prize` with a malformed count gave a traceback (int() in the engine)."""
    result = invoke("referee", "prize", "knights", word)
    no_traceback(result)
    assert result.exit_code == 2
    assert result.stderr.replace("\n  ", " ").endswith(
        "give it like NAME, NAME:N (N squads, 1 to 999), NAME+ or NAME@PLACE\n"
    )


def test_prize_counts_within_the_shape_are_answered() -> None:
    """issue 32: the shape refuses nothing the prize reads."""
    result = invoke("referee", "prize", "zombie:999", "knights+@personal", "castle", "--json")
    assert result.exit_code == 0, result.output
    ru = invoke("referee", "prize", "zombie:x", "--lang", "ru")
    assert ru.exit_code == 2 and "пишите как ИМЯ, ИМЯ:N" in ru.stderr
    import printkit

    with pytest.raises(ValueError, match="give it like NAME"):
        printkit.vs.prize(["zombie:x"])


# ---- the limits, as the code has them, in the manual and in --help ----------------------------------


def readme() -> str:
    """The manual's Limits page (it was the README's "Limits" section before issue 35)."""
    return (ROOT / "docs" / "reference" / "limits.md").read_text("utf-8")


def limit_rows() -> dict[str, str]:
    """The manual's "Limits" table: each command its first column names -> its row."""
    section = readme()
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = line.split(" | ")
        if not line.startswith("| ") or len(cells) < 2 or set(cells[1]) <= set("-|"):
            continue
        names = re.findall(r"`([^`]+)`", cells[0]) or [cells[0].removeprefix("| ")]
        prefix = names[0].rsplit(" ", 1)[0] + " " if " " in names[0] else ""
        for i, name in enumerate(names):
            rows[name if i == 0 else prefix + name] = line
    return rows


def ranges() -> list[tuple[str, str, str]]:
    """Every numeric range a command line takes, as its --help states it: (command, parameter, range)."""
    found = []
    for path, command in commands():
        for param in command.params:
            kind = param.type.kind if isinstance(param.type, Read) else None
            if isinstance(kind, Whole | Decimal):
                name = param.opts[0] if isinstance(param, click.Option) else (param.name or "").upper()
                found.append((" ".join(path), name, f"{kind.lo:,g} to {kind.hi:,g}"))
    return found


def test_every_range_a_command_takes_is_the_readme_s() -> None:
    """issue 32: the README and --help disagreed on limits (`pool --difficulty` 1 to 12 against 1..20).
    printkit's Limits table tells printkit's own commands; a plug-in's commands are its author's to tell."""
    from printkit.game import games

    plug_ins = [g for g in games() if g not in bundled_games()]
    theirs = {f"{group} {name}" for g in plug_ins for group, asked in g.questions.items() for name in asked}
    theirs |= {cut.name for g in plug_ins for cut in g.shortcuts}
    rows = limit_rows()
    found = [r for r in ranges() if r[0] not in theirs]
    assert len(found) >= 40
    wrong = []
    for command, name, told in found:
        row = rows.get(command)
        if row is None or told not in row or (name.startswith("--") and name not in row):
            wrong.append(f"{command} {name} {told}: {row or 'no row in the Limits table'}")
    assert wrong == []


def test_every_range_in_help_is_the_code_s() -> None:
    """issue 32: --help states each range from the declaration (lo..hi), never a figure of its own."""
    for command, name, told in ranges():
        path = command.split()
        text = " ".join(invoke(*path, "--help").stdout.split())
        lo, hi = told.replace(",", "").split(" to ")
        assert f"{lo}..{hi}" in text, (command, name)


def test_the_limits_of_the_code_are_the_readme_s() -> None:
    """issue 32: each limit printkit enforces, read from the code, is the figure the README states."""
    from printkit.config import session, userfile, yamlsource
    from printkit.config.mapfile import MAX_CELLS
    from printkit.dice import dist as dice
    from printkit.dice import notation
    from printkit.games.strategiya import codes, hiding, secret_sheets
    from printkit.games.stratego import moves
    from printkit.games.tannhauser import questions as tannhauser
    from printkit.maps.questions import LARGEST, SMALLEST

    rows = limit_rows()
    files = readme().split("| files printkit reads |", 1)[1].split("\n", 1)[0]
    stated = {
        f"up to {userfile.MAX_BYTES // 2**20} MB": files,
        f"{yamlsource.MAX_DEPTH} levels of YAML nesting": files,
        f"Stratego positions up to {moves.MAX_BYTES // 2**10} KiB": files,
        f"referee keys up to {codes.MAX_KEY_BYTES // 2**20} MB": files,
        f"1 to {session.MAX_PLAYERS} players": rows["config"],
        f"notation up to {notation.MAX_LENGTH} characters": rows["referee roll"],
        f"{notation.MAX_NESTING} nested parentheses": rows["referee roll"],
        f"numbers up to {notation.MAX_NUMBER:,}": rows["referee roll"],
        f"1 to {notation.MAX_DICE} dice of 2 to {notation.MAX_SIDES:,} sides": rows["referee odds"],
        f"`--explode-cap` 0 to {notation.MAX_EXPLODE_CAP}": rows["referee odds"],
        f"{dice.MAX_OUTCOMES:,} distinct totals": rows["referee odds"],
        f"{dice.MAX_WORK:,} estimated steps": rows["referee odds"],
        f"intellect 0 to {hiding.HIDE_MAX_INTELLECT} per hero, 1 to {hiding.HIDE_MAX_HEROES} heroes": rows[
            "referee hide"
        ],
        f"`--games` 1 to {secret_sheets.MAX_GAMES:,}": rows["secret-sheets"],
        f"1 to {tannhauser.MOST_DICE} d10": rows["referee pool"],
        f"a line of at most {LINE_LIMIT:,} characters": rows["referee"],
        f"up to {MAX_CELLS} rows of up to {MAX_CELLS} cells": rows["maps"],
        f"`--size` from {SMALLEST[0]}x{SMALLEST[1]} to {LARGEST[0]}x{LARGEST[1]} cells": rows["map random"],
    }
    assert [figure for figure, row in stated.items() if figure not in row] == []
    # The figures --help states in words, beside its ranges.
    hide = " ".join(invoke("referee", "hide", "--help").stdout.split())
    assert f"(0..{hiding.HIDE_MAX_INTELLECT}, 1..{hiding.HIDE_MAX_HEROES} heroes)" in hide
    size = " ".join(invoke("map", "random", "--help").stdout.split())
    from printkit.games.strategiya.session_schema import MAP_HEIGHT, MAP_WIDTH

    assert tuple(zip(MAP_WIDTH, MAP_HEIGHT, strict=True)) == (SMALLEST, LARGEST)  # a config's map_size too
    assert f"({SMALLEST[0]}x{SMALLEST[1]} to {LARGEST[0]}x{LARGEST[1]})" in size
