"""The API a game imports is declared (printkit.plugin, the shared packages' __all__); printkit's games use it alone."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from printkit.testing.imports import FACES, declared, undeclared_imports

from .conftest import ROOT
from .test_import_graph import MOVED, modules

GAMES = ROOT / "printkit" / "games"


def test_the_declared_api_is_printkit_plugin_and_the_shared_packages() -> None:
    assert FACES[:2] == ("printkit.plugin", "printkit.plugin.schema")
    names = declared()
    assert {"Game", "Artefact", "Printing", "Build", "question", "Input", "label", "open_canvas", "PAPERS"} <= set(
        names["printkit.plugin"]
    )
    assert {"Field", "Record", "Checker", "YamlDocument"} <= set(names["printkit.plugin.schema"])


@pytest.mark.parametrize("face", FACES)
def test_every_declared_name_is_there_typed_and_documented(face: str) -> None:
    """Each name of __all__ resolves; a class or function says what it is and is annotated."""
    module = importlib.import_module(face)
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{face}.{name} has no docstring"
        if inspect.isfunction(value):
            hints = inspect.get_annotations(value)
            assert "return" in hints, f"{face}.{name} has no return type"


@pytest.mark.slow
def test_printkits_own_games_import_only_the_declared_api() -> None:
    """A bundled game proves the path a fifth game takes: every name it takes from printkit outside
    its own package is one of the declared ones, imported from the declaring module."""
    found = [problem for path in sorted(GAMES.rglob("*.py")) for problem in undeclared_imports(path, ROOT)]
    assert not found, "\n".join(found)


def test_an_undeclared_import_is_named_with_its_file_and_line(tmp_path: Path) -> None:
    game = tmp_path / "mygame"
    game.mkdir()
    (game / "__init__.py").write_text(
        "from printkit.plugin import Game, label\n"
        "from printkit.render.canvas import open_canvas\n"  # declared, but by printkit.render and plugin
        "from printkit.kit import build_kit\n"
        "import printkit.web.app\n"
        "from .sheet import draw\n"
        "from printkit.plugin import not_a_name\n",
        encoding="utf-8",
    )
    found = undeclared_imports(game / "__init__.py", tmp_path)
    at = game / "__init__.py"
    assert found == [
        f"{at}:2: open_canvas from printkit.render.canvas (declared by printkit.plugin, printkit.render)",
        f"{at}:3: build_kit from printkit.kit (not declared for games)",
        f"{at}:4: printkit.web.app (not declared for games)",
        f"{at}:6: not_a_name from printkit.plugin (not declared for games)",
    ]


def _moved_tables() -> list[tuple[str, str, str]]:
    """(old module, name, new module) of every name kept at its old place for one release."""
    found = []
    for module, path in modules().items():
        text = path.read_text("utf-8")
        if MOVED not in text:  # parsed only where the name is written: this runs as the tests are collected
            continue
        tree = ast.parse(text)
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == MOVED for t in node.targets):
                table = importlib.import_module(module).__dict__[MOVED]
                for name, new in table.items():
                    if name == "*":
                        names = importlib.import_module(new).__dict__
                        name = next(n for n in names if not n.startswith("_") and n != "annotations")
                    found.append((module, name, new))
    return found


MOVED_NAMES = _moved_tables()


def test_the_names_that_moved_are_the_ones_plug_ins_could_import() -> None:
    olds = {old for old, _, _ in MOVED_NAMES}
    assert {
        "printkit.kit",
        "printkit.artefact",
        "printkit.output",
        "printkit.config.model",
        "printkit.maps.grid",
        "printkit.game",
    } <= olds
    assert ("printkit.game", "BOOKLET", "printkit.plugin") in MOVED_NAMES


@pytest.mark.parametrize(("old", "name", "new"), MOVED_NAMES, ids=[f"{o}.{n}" for o, n, _ in MOVED_NAMES])
def test_a_name_that_moved_still_answers_and_warns_where_it_went(old: str, name: str, new: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{old}\.{name} has moved: import it from {new}") as caught:
        value = getattr(importlib.import_module(old), name)
    assert value is getattr(importlib.import_module(new), name)
    assert caught[0].filename == __file__  # the warning points at the line that used the old name


def test_an_old_import_statement_warns_at_the_importing_line(tmp_path: Path) -> None:
    script = tmp_path / "old_plugin.py"
    script.write_text("from printkit.artefact import Build\nfrom printkit.game import BOOKLET\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", str(script)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert f"{script}:1: DeprecationWarning: printkit.artefact.Build has moved: import it from" in said
    assert f"{script}:2: DeprecationWarning: printkit.game.BOOKLET has moved: import it from printkit.plugin" in said


def test_a_name_that_never_was_is_still_an_attribute_error() -> None:
    import printkit.maps.grid

    with warnings.catch_warnings(), pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        warnings.simplefilter("error")
        printkit.maps.grid.nothing  # noqa: B018


def test_importing_the_plugin_api_loads_no_engine() -> None:
    """A game's entry point imports printkit.plugin to name Game and Artefact: `printkit --help`, which
    lists the games, must not load the canvas, the layout engine or the pipeline for that."""
    code = (
        "import sys\n"
        "from printkit.plugin import Game, Artefact, Printing, BOOKLET, MAP, quick_reference\n"
        "tops = ('printkit', 'reportlab', 'weasyprint', 'jinja2')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in tops))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(ast.literal_eval(out))
    assert not {m for m in loaded if m.startswith(("reportlab", "weasyprint", "jinja2", "printkit.pipeline"))}
    assert "printkit.render.canvas" not in loaded
