"""Hostile and clumsy input: one clean line and a documented exit code, never a traceback or a crash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import EXAMPLES, ROOT, run, write

HUGE = "9" * 5000  # beyond Python's 4,300-digit limit for turning text into an int


def printkit(*args: str | Path, cwd: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real command in a child process: a crash of the C parser would kill pytest itself."""
    return subprocess.run(
        [sys.executable, "-m", "printkit", *map(str, args)],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# ---- reading files ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "game: strategiya\ntitle: " + "[" * 50_000,
        "game: strategiya\ntitle: " + "{a: " * 50_000,
        "".join(" " * i + "- \n" for i in range(1500)),
    ],
    ids=["flow-lists", "flow-maps", "block-lists"],
)
def test_yaml_nested_thousands_deep_is_refused_before_the_parser_crashes(tmp_path: Path, text: str) -> None:
    deep = write(tmp_path / "deep.yaml", text + "\n")
    result = printkit("validate", deep)
    assert result.returncode == 3, result.stderr[-500:]  # a segmentation fault (-11) today
    assert result.stderr.endswith("nested more than 64 levels deep; a config needs a handful\n")
    assert result.stderr.startswith(f"{deep}:")


def test_integer_beyond_the_digit_limit_in_a_config(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", f"game: strategiya\nplayers:\n  - name: A\n    common_potential: {HUGE}\n")
    result = run("validate", p)
    assert (result.exit_code, result.output) == (
        3,
        f"{p}:4: players[0].common_potential: this number is too long to read (5000 characters; at most 100)\n",
    )


def test_bom_before_a_bad_byte_names_the_right_byte_and_column(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_bytes(b"\xef\xbb\xbfgame: strategiya\ntitle: \xd0\xaf\xff\n")
    result = run("validate", p)
    # The BOM is not part of line 1, and the column counts characters ("Я" is one), as editors do.
    assert result.output == f"{p}:2: not UTF-8 text (byte 0xff at column 9); save the file as UTF-8\n"
    p.write_bytes(b"\xef\xbb\xbf\xff")
    assert run("validate", p).output == f"{p}:1: not UTF-8 text (byte 0xff at column 1); save the file as UTF-8\n"


def test_control_character_is_named_with_its_line(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\n\ntitle: abc\x01\n")
    result = run("validate", p)
    assert (result.exit_code, result.output) == (
        3,
        f"{p}:3: control character U+0001 at column 11 cannot be read; remove it\n",
    )


@pytest.mark.slow
def test_special_files_are_refused_without_reading_them(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    position = tmp_path / "pos.txt"
    os.mkfifo(position)
    # A FIFO with no writer used to block validate and `referee moves` forever; /dev/zero to fill memory.
    for args, name in (
        (("validate", fifo), fifo),
        (("validate", "/dev/zero"), "/dev/zero"),
        (("referee", "moves", position, "--from", "a1"), position),
        (("referee", "lookup", "--key", "/dev/zero", "resources", "forest", "3"), "/dev/zero"),
    ):
        result = printkit(*args, timeout=30)
        assert result.returncode == 3, result.stderr
        assert result.stderr == f"{name}: is not a regular file (a device, pipe or socket); give a file\n"


def test_a_folder_named_as_a_file_is_refused_in_a_line(tmp_path: Path) -> None:
    """A folder opens for reading on Linux; os.fdopen then raised IsADirectoryError as a traceback."""
    for args in (("referee", "route", tmp_path, "--from", "C4", "--to", "D5"),
                 ("referee", "income", tmp_path, "--player", "Север"),
                 ("referee", "fight", "--config", tmp_path, "--heroes", "1", "2"),
                 ("validate", tmp_path)):  # fmt: skip
        result = run(*args)
        assert (result.exit_code, result.output) == (3, f"{tmp_path}: is a folder, not a file\n"), args


def test_deeply_nested_json_key(tmp_path: Path) -> None:
    key = write(tmp_path / "k.json", "[" * 100_000)
    result = run("referee", "lookup", "--key", key, "resources", "forest", "3")
    assert (result.exit_code, result.output) == (3, f"{key}: not valid JSON here: nested too deeply\n")


def test_game_naming_a_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    p = write(tmp_path / "c.yaml", "game: ./a.yaml\n")
    result = run("validate", p)
    assert (result.exit_code, result.output) == (
        3,
        f"{p}:1: game: ruleset './a.yaml' cannot be found: the path loops or is not a file name\n",
    )


# ---- numbers and seeds on the command line -----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("referee", "hide", "--hiders", HUGE, "--seekers", "2"), "«--hiders»: «9999"),
        (("referee", "hide", "--hiders", "²", "--seekers", "2"), "«--hiders»: «²» — не целое число"),
        (("referee", "hide", "--hiders", "²", "--seekers", "2", "--lang", "en"), "'²' is not a whole number"),
        (
            ("referee", "lookup", "--key", "KEY", "--game", HUGE, "resources", "forest", "3"),
            "…: в ключе игры с номерами от 1 до 1",
        ),
        (
            ("referee", "lookup", "--key", "KEY", "--game", HUGE, "resources", "forest", "3", "--lang", "en"),
            "…: the key covers games",
        ),
        (("referee", "lookup", "--key", "KEY", "resources", "forest", HUGE), "неверное значение «NUMBER»"),
        (
            ("referee", "lookup", "--key", "KEY", "resources", "forest", HUGE, "--lang", "en"),
            "Invalid value for 'NUMBER'",
        ),
        (("referee", "duel", HUGE, "3", "--lang", "en"), "…' is out of"),
        (("referee", "pool", "²d10", "--difficulty", "6"), "'²d10': пул пишется как 4d10"),
        (("secret-sheets", "--games", HUGE), "is out of range 1<=x<=1000"),
        (("map", "draw", "MAP", "--cell-mm", "nan"), "«nan» — не число вида 12 или 12.5"),
        (("map", "draw", "MAP", "--speed", "٣", "--lang", "en"), "'٣' is not a whole number"),
    ],
)
def test_numeric_arguments_are_bounded_before_conversion(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    from .strategiya.test_lookup import example_key

    key = str(example_key(tmp_path))
    args = tuple(key if a == "KEY" else str(EXAMPLES / "map.yaml") if a == "MAP" else a for a in args)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split()), result.output  # as read, wherever it wrapped
    assert HUGE not in result.output  # a refused value is quoted short, never echoed in full


def test_seed_that_is_not_valid_utf8(workdir: Path) -> None:
    # What a terminal in another encoding passes on: raw bytes, which Python keeps as lone surrogates.
    seed = b"\xff\xfe-club-night-7".decode("utf-8", "surrogateescape")
    for out in ("a", "b"):
        result = run("build", "--only", "secret-sheets", "--seed", seed, "--out", workdir / out)
        assert result.exit_code == 0, result.output
    # Any bytes make a seed, and the same bytes the same sheets.
    assert (workdir / "a" / "referee-key.json").read_bytes() == (workdir / "b" / "referee-key.json").read_bytes()
    result = run("referee", "roll", "2d6", "--seed", seed)
    assert result.exit_code == 0, result.output


# ---- untrusted text on the terminal --------------------------------------------------------------------


def test_escape_sequences_never_reach_the_terminal(workdir: Path) -> None:
    osc52 = "\x1b]52;c;cm0gLXJmIH4=\x07"  # a clipboard write
    bad_key = write(
        workdir / "c.yaml", f'game: strategiya\n"{osc52}": 1\n'.replace("\x1b", "\\e").replace("\x07", "\\a")
    )
    paths = write(workdir / "g.yaml", "game: tannhauser\ncircles:\n  - {id: A1}\n  - {id: A2}\nlinks: [[A1, A2]]\n")
    outputs = [
        run("validate", bad_key).output,
        run("referee", "paths", paths, "--from", f"B{osc52}", "--points", "3").output,
        run("build", "--only", "quickref", "--out", workdir / f"kit{osc52}").output,
        run("map", "random", "--size", f"{osc52}x3").output,
    ]
    for output in outputs:
        assert "\x1b" not in output and "\x07" not in output, output
    assert outputs[0] == f"{bad_key}:2: \\x1b]52;c;cm0gLXJmIH4=\\x07: неизвестный ключ\n"  # the config's Russian
    assert "kit\\x1b]52;c;cm0gLXJmIH4=\\x07/" in outputs[2]


def test_characters_outside_the_bundled_fonts_are_refused(tmp_path: Path) -> None:
    p = write(tmp_path / "c.yaml", "game: strategiya\nplayers:\n  - name: 王小明\n  - name: Борис\n")
    result = run("validate", p)
    assert (result.exit_code, result.output) == (
        3,
        f"{p}:3: players[0].name: встроенные шрифты не напечатают 王 (U+738B), 小 (U+5C0F), 明 (U+660E): "
        "в них только латиница и кириллица\n",
    )


def test_the_quick_font_check_trusts_only_characters_the_fonts_have() -> None:
    from printkit.render.fonts import _SURE, printable

    assert printable() >= _SURE
    assert ord("→") not in printable()


# ---- validate refuses what build would refuse ------------------------------------------------------


@pytest.mark.slow
def test_validate_refuses_a_title_that_fits_no_header(workdir: Path) -> None:
    p = write(workdir / "c.yaml", "game: strategiya\ntitle: " + "Ш" * 80 + "\n")
    assert run("build", p, "--only", "secret-sheets", "--out", workdir / "k").exit_code == 5
    result = run("validate", p)
    assert result.exit_code == 3
    assert result.output.startswith(f"{p}: secret-sheets (a4, ru): text does not fit its box even at 6 pt: 'ШШШ")


def test_validate_refuses_an_adventure_pointing_nowhere(workdir: Path) -> None:
    p = write(
        workdir / "c.yaml",
        "game: strategiya\nadventures:\n  forest:\n    4: {title: Пепелище, text: 'см. [[nowhere]]'}\n",
    )
    expected = f"{p}:4: adventures.forest.4.text: [[nowhere]] points to no chapter or section of the rules booklet\n"
    assert run("validate", p).output == expected
    result = run("build", p, "--only", "booklet", "--out", workdir / "k")  # a MarkupError traceback today
    assert (result.exit_code, result.output) == (3, expected)


@pytest.mark.slow
def test_validate_refuses_a_ruleset_whose_sheet_would_overprint(workdir: Path) -> None:
    source = (ROOT / "printkit" / "games" / "strategiya" / "strategiya.yaml").read_text("utf-8")
    write(workdir / "mine.yaml", source.replace("id: strategiya", "id: mine").replace("slots: 10", "slots: 99", 1))
    p = write(workdir / "c.yaml", "game: mine.yaml\n")
    result = run("validate", p)
    assert result.exit_code == 3
    assert result.output.splitlines() == [
        f"{p}: secret-sheets (a4, ru): a secret-sheet column on this paper holds at most 26 numbers; the ruleset "
        "asks for 99",
        f"{p}: secret-sheets (letter, ru): a secret-sheet column on this paper holds at most 24 numbers; the "
        "ruleset asks for 99",
    ]
    write(workdir / "mine.yaml", source.replace("id: strategiya", "id: mine").replace("slots: 10", "slots: 16", 1))
    assert run("validate", p).output == "ok\n"


def test_games_limit_of_the_cli_and_the_library_agree() -> None:
    from printkit.game import game
    from printkit.games.strategiya.secret_sheets import MAX_GAMES
    from printkit.questions import Whole

    kind = game("strategiya").build_option("games").kind
    assert isinstance(kind, Whole) and kind.hi == MAX_GAMES
    assert "--games 1..1000" in run("secret-sheets", "--help").output


@pytest.mark.slow
def test_answers_into_a_full_disk(tmp_path: Path) -> None:
    # `printkit ... > file` on a full disk: /dev/full refuses every write with ENOSPC.
    said = {"ru": "printkit: ошибка: не удаётся записать ответ", "en": "printkit: error: cannot write the output"}
    for args, lang in (
        (("map", "random"), "ru"),
        (("referee", "escape", "2", "--lang", "en"), "en"),
        (("--help",), "en"),
    ):
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                [sys.executable, "-m", "printkit", *args],
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=60,
            )
        assert (result.returncode, result.stderr) == (4, f"{said[lang]}: No space left on device\n")
