"""Each game ships its example files in its package, and `printkit examples` writes every installed game's
into one folder, as the README's tour and the tutorials begin (that every example config validates and
builds, and that no example file is dead, is the conformance run's: tests/test_conformance.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from printkit.errors import EXIT_OUTPUT
from printkit.examples import every, files, write
from printkit.game import PluginError, games

from .conftest import CONFIGS, EXAMPLES, bundled_games, run


def test_every_game_keeps_its_examples_in_its_own_package() -> None:
    for g in bundled_games():
        found = files(g)
        assert found and all(p.parent == g.folder / "examples" for p in found), g.family
        assert {p.name for p in found} >= set(g.configs) and g.configs, g.family


def test_the_tests_read_the_examples_as_printkit_examples_writes_them() -> None:
    """EXAMPLES is assembled by the function `printkit examples` uses, from the bundled games alone."""
    written = {p.name: p.read_bytes() for p in EXAMPLES.iterdir()}
    assert written == {p.name: p.read_bytes() for g in bundled_games() for p in files(g)}
    assert CONFIGS and {p.name for p in CONFIGS} == {name for g in bundled_games() for name in g.configs}


def test_examples_writes_every_installed_games_files_once(workdir: Path) -> None:
    first = run("examples")
    assert first.exit_code == 0, first.output
    names = sorted(every())
    assert sorted(p.name for p in (workdir / "examples").iterdir()) == names
    for name, (_, source) in every().items():
        assert (workdir / "examples" / name).read_bytes() == source.read_bytes()
    assert first.stdout.splitlines() == [f"записан examples/{n}" for n in names] + ["Примеры игр — в папке examples/"]
    # Again: every file is there as it is, and none is written (its time stays).
    stamps = {p.name: p.stat().st_mtime_ns for p in (workdir / "examples").iterdir()}
    again = run("examples", "--lang", "en")
    assert again.exit_code == 0
    assert again.stdout.splitlines() == [f"already there: examples/{n}" for n in names] + [
        "The games' examples are in examples/"
    ]
    assert stamps == {p.name: p.stat().st_mtime_ns for p in (workdir / "examples").iterdir()}


def test_a_different_file_is_refused_in_one_line_and_nothing_is_written(workdir: Path) -> None:
    mine = workdir / "mine"
    mine.mkdir()
    (mine / "vs-map.yaml").write_text("my own map\n", encoding="utf-8")
    refused = run("examples", "mine")
    assert refused.exit_code == EXIT_OUTPUT and refused.stdout == ""
    assert refused.stderr == (
        "printkit: ошибка: mine/vs-map.yaml: файл уже есть и отличается от примера; --force перезапишет его\n"
    )
    assert [p.name for p in mine.iterdir()] == ["vs-map.yaml"]  # nothing half written
    english = run("examples", "mine", "--lang", "en")
    assert (
        english.stderr
        == "printkit: error: mine/vs-map.yaml: exists and differs from the example; use --force to overwrite it\n"
    )
    forced = run("examples", "mine", "--force", "--lang", "en")
    assert forced.exit_code == 0 and "overwrote mine/vs-map.yaml" in forced.stdout.splitlines()
    assert (mine / "vs-map.yaml").read_bytes() == every()["vs-map.yaml"][1].read_bytes()
    assert not [p for p in mine.iterdir() if p.name.startswith(".")]


def test_a_folder_that_is_a_file_is_refused(workdir: Path) -> None:
    (workdir / "taken").write_text("", encoding="utf-8")
    said = run("examples", "taken", "--lang", "en")
    assert said.exit_code == EXIT_OUTPUT and said.stderr == "printkit: error: taken: exists and is not a folder\n"


def test_two_games_offering_one_example_name_are_a_plug_ins_error(tiny_game: Any, tmp_path: Path) -> None:
    twin = dataclasses.replace(tiny_game, family="twin", rulesets=(), questions={})
    with pytest.raises(PluginError, match=r"example file 'tiny\.yaml' is offered by both 'tiny' and 'twin'"):
        write(tmp_path / "examples", [tiny_game, twin])
    assert not (tmp_path / "examples").exists()


@pytest.mark.slow
def test_a_plug_ins_examples_are_written_beside_printkits_own(tiny_game: Any, workdir: Path) -> None:
    assert tiny_game in games()
    result = run("examples", "--lang", "en")
    assert result.exit_code == 0 and "wrote examples/tiny.yaml" in result.stdout.splitlines()
    assert run("validate", "examples/tiny.yaml").output == "ok\n"
