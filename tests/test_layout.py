"""The house rules, read from the import graph: a game is a plug-in that nothing else imports, shared
engines know no game, the library never reaches the command line."""

from __future__ import annotations

import ast

import pytest

from printkit.game import games

from .conftest import ROOT
from .test_import_graph import PACKAGE, all_imports, modules

GAMES = PACKAGE / "games"


def _game_of(module: str) -> str | None:
    """The game a module belongs to (printkit.games.<game>...), None for shared code."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["printkit", "games"] and len(parts) > 2 else None


def test_the_bundled_games_are_the_installed_games_folders() -> None:
    folders = {p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file()}
    assert folders == {g.family for g in games()} == {"strategiya", "vs", "stratego", "tannhauser"}


@pytest.mark.parametrize(
    "typed", [pytest.param(False, marks=pytest.mark.slow), True], ids=["at-run-time", "for-type-checkers-too"]
)
def test_nothing_outside_a_game_imports_from_it(typed: bool) -> None:
    """A game's modules are imported only by the game itself and by the registry (through its entry
    point, which is no import in the source): not by the command line, the public API, the kit or
    another game, not even for type checking."""
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in all_imports()
        if (typed or not i.type_checking)
        and _game_of(i.target) is not None
        and _game_of(i.source) != _game_of(i.target)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_library_never_imports_the_command_line() -> None:
    """printkit/cli/ is a surface over the library: nothing outside it imports it."""
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in all_imports()
        if i.target.startswith("printkit.cli") and not i.source.startswith("printkit.cli")
        and i.source != "printkit.__main__"
    ]  # fmt: skip
    assert not wrong, "\n".join(wrong)


def test_every_game_has_its_rulesets_in_its_folder() -> None:
    for game in games():
        assert game.folder == GAMES / game.family
        for ruleset in game.rulesets:
            assert (game.folder / f"{ruleset}.yaml").is_file()


def _strings(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text("utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }  # fmt: skip
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


def test_shared_code_decides_nothing_by_a_games_name() -> None:
    """No string in shared code's logic is a game's or a ruleset's id (`family == "vs"`, a default
    "strategiya", a choice of editions): what differs per game comes from the registry."""
    names = {g.family for g in games()} | {r for g in games() for r in g.rulesets}
    for module, path in modules().items():
        if _game_of(module) is not None:
            continue
        found = _strings(str(path.relative_to(ROOT))) & names
        assert not found, f"{module} names {sorted(found)}"
