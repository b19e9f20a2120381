"""The conformance suite (`python -m printkit.testing`) over every installed game and over the tiny game
from its installed package, and each of its checks catching a broken copy of the tiny game."""

from __future__ import annotations

import importlib
import itertools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from printkit.cli.present import hear
from printkit.examples import configs
from printkit.game import Game, beside
from printkit.testing.__main__ import PROG, conformance
from printkit.testing.checks import CHECKS, check, installed, of, report, run, warnings

from .conftest import ROOT, ExampleKits, bundled_games

IDS = list(installed())
CASES = [(game_id, c.name) for game_id in IDS for c in CHECKS]
# The checks that build a game's kits: for printkit's own games the suite's example kits are built
# first (or waited for, under their lock), so that these take their pages from the run's artefact
# cache instead of drawing them a second time.
BUILDING = ("validate", "kit")


def _case(game_id: str, name: str) -> Any:
    """One game's check; the building checks of printkit's own games run in the whole suite only, as
    the everyday tier builds and validates a sample of those games' kits in tests of their own."""
    slow = name in BUILDING and of(game_id) in bundled_games()
    return pytest.param(game_id, name, id=f"{game_id}-{name}", marks=[pytest.mark.slow] if slow else [])


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "name"), [_case(g, c) for g, c in CASES])
def test_every_installed_game_passes_every_check(game_id: str, name: str, kits: ExampleKits) -> None:
    g = of(game_id)
    if name in BUILDING and g in bundled_games():
        for config, lang, paper in itertools.product(configs(g), ("ru", "en"), ("a4", "letter")):
            kits(config.stem, lang, paper)
    findings = run(check(name), g, jobs=1)
    assert not findings, "\n".join(f.say("en") for f in findings)


@pytest.mark.slow
@pytest.mark.parametrize("name", [c.name for c in CHECKS])
def test_the_tiny_game_passes_every_check_from_its_installed_package(
    tiny_game: Any, tinygame_site: Path, name: str
) -> None:
    assert tiny_game.folder.is_relative_to(tinygame_site) and "tiny" in installed()
    findings = run(check(name), of("tiny"), jobs=1)
    assert not findings, "\n".join(f.say("en") for f in findings)


# ---- each check catches what it checks ---------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """A copy of the tiny game, as a package of its own offered in its place, broken once for each check."""
    package = tmp_path / "broken_tiny"
    shutil.copytree(ROOT / "tests" / "tinygame" / "printkit_tinygame", package,
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    # references: a picture function that is nowhere
    _edit(package / "__init__.py", 'pictures=f"{__name__}.pictures:picture"', 'pictures=f"{__name__}.nowhere:picture"')
    # examples and validate: a second config, whose table name the tally cannot print, and a dead file
    _edit(package / "__init__.py", 'configs=("tiny.yaml",)', 'configs=("tiny.yaml", "long.yaml")')
    (package / "examples" / "long.yaml").write_text("game: tiny\ntable_name: The longest kitchen table of all\n")
    (package / "examples" / "dead.txt").write_text("nobody names me\n")
    # validate and kit: the tally is laid out by validate, refuses a long name and writes a file it never declares
    declared = (
        '            inputs=("players", "part.table_name"),  # what it reads besides the ruleset, language, paper\n'
    )
    _edit(package / "__init__.py", declared, declared + '            preflight=f"{__name__}.tally:build",\n')
    _edit(package / "tally.py", "    c.save()\n", '    c.save()\n    b.writer.path("notes.txt").write_text("x")\n')
    _edit(package / "tally.py", "    session = b.session\n", "    session = b.session\n"
          "    if len(session.part.table_name) > 30:\n"
          "        from printkit.errors import RenderError\n\n"
          "        raise RenderError('the table name does not fit the tally')\n")  # fmt: skip
    # labels: a word without its English; declarations: help in one language; answers: a wrong exit code
    (package / "labels.yaml").write_text((package / "labels.yaml").read_text("utf-8") + 'tiny_spare: {ru: "запас"}\n')
    _edit(package / "odds.py", '"ru": "Каждая монета правил бросается один раз; ответ — точный шанс.",', '"ru": "",')
    _edit(
        package / "odds.py",
        '"printkit referee tiny-odds 2",',
        '"printkit referee tiny-odds 2  # exit 1", "printkit referee tiny-odds 3",',
    )
    _edit(
        package / "labels.yaml",
        'en: "{k} {k:head|heads} of {n}: {p}"',
        'en: "{k} {k:head|heads} of {n}: {p}, as sure as the sun rises in the east and sets in the west every day"',
    )
    # schema: a config key with no description
    _edit(
        package / "schema.py",
        'Field(Text(max_len=40), doc="Tiny: the table\'s name, printed on the tally")',
        "Field(Text(max_len=40))",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    game = importlib.import_module("broken_tiny").GAME
    try:
        with beside(game):
            yield game
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "broken_tiny"]:
            del sys.modules[name]


@pytest.mark.slow
def test_each_check_catches_a_broken_game_in_one_line_per_finding(broken: Game) -> None:
    lines, code = report("tiny", broken, "en", jobs=1)
    assert code == 1 and lines[-1] == f"tiny: {len(CHECKS)} of {len(CHECKS)} checks failed"
    found = "\n".join(lines)
    for said in (
        "references: a reference leads nowhere: 'broken_tiny.nowhere:picture' cannot be found: ",
        "labels: the label tiny_spare has no en text",
        "declarations: the about of the question tiny-odds is in one language only",
        "schema: the key table_name has no description in printkit schema config",
        "examples: the example file dead.txt is no declared config and no example names it",
        "validate: long.yaml: validate: ",
        "kit: tiny.yaml (ru, a4): the print guide has no declaration for notes.txt (its game does not say)",
        "kit: long.yaml (en, letter): the build failed: the table name does not fit the tally",
        "answers: printkit referee tiny-odds 2  # exit 1: exit 0, documented 1: ",
        "answers: printkit referee tiny-odds 3: an answer's line is wider than 80 columns (86): 3 heads of 3: 1/8",
        "answers: printkit referee tiny-odds 3: the page (en) answered 500: ",
    ):
        assert f"\n{said}" in f"\n{found}", said
    assert "shorten it, or give it as a Para, which each surface wraps" in found  # how to mend it
    assert all(line.startswith((*(f"{c.name}: " for c in CHECKS), "warning: ", "tiny: ")) for line in lines)
    said_ru, _ = report("tiny", broken, "ru", jobs=1)
    assert said_ru[-1] == f"tiny: не пройдено проверок: {len(CHECKS)} из {len(CHECKS)}"
    assert "labels: у метки tiny_spare нет текста на языке en" in said_ru


def test_an_undeclared_import_of_a_plug_in_is_a_warning(broken: Game) -> None:
    """The broken copy imports printkit's names from where they live, not from printkit.plugin: warned of,
    each with its file and line, never a failed check."""
    said = warnings(broken)
    assert said and all(line.startswith(str(broken.folder)) for line in said)
    assert any("tally.py:" in line and "(declared by printkit.plugin" in line for line in said)


# ---- python -m printkit.testing -----------------------------------------------------------------------


def _testing(*args: str, site: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PRINTKIT_LANG"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "printkit.testing", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT / "tests")  # fmt: skip


@pytest.mark.slow
def test_the_command_runs_every_check_over_an_installed_plug_in(tinygame_site: Path) -> None:
    done = _testing("tiny", "--lang", "en", site=tinygame_site)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == f"tiny: all {len(CHECKS)} checks passed" and done.stderr == ""


def _said(*args: str) -> Any:
    """`python -m printkit.testing ARGS` in-process, its --lang noted first as its main() notes it."""
    hear(list(args))
    return CliRunner(env={"PRINTKIT_LANG": None}).invoke(conformance, list(args), prog_name=PROG)


def test_the_command_refuses_an_unknown_game_naming_the_installed_ones() -> None:
    for lang, said in (
        ("ru", "игра «nope» не установлена; установлены: "),
        ("en", "no game 'nope' is installed; installed: "),
    ):
        done = _said("nope", "--lang", lang)
        assert done.exit_code == 2 and done.stdout == ""
        assert done.stderr == f"printkit.testing: {said}{', '.join(IDS)}\n"


def test_the_commands_help_shows_its_checks_and_a_working_example_in_both_languages() -> None:
    ru, en = _said("--help"), _said("--help", "--lang", "en")
    assert ru.exit_code == en.exit_code == 0
    assert ru.stdout.startswith(f"Использование: {PROG}") and "Примеры:" in ru.stdout
    assert en.stdout.startswith(f"Usage: {PROG}") and "Examples:" in en.stdout
    for c in CHECKS:
        assert f"  {c.name}: " in ru.stdout and f"  {c.name}: " in en.stdout
    examples = en.stdout.split("Examples:", 1)[1].split()
    assert [examples[n + 3] for n, w in enumerate(examples) if w == "python"] == ["stratego", "tannhauser"]
    assert {"stratego", "tannhauser"} <= set(IDS)
    missing = _said()
    assert missing.exit_code == 2 and "не хватает аргумента «GAME_ID»" in missing.stderr
