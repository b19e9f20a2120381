"""The house rules, read from the import graph: a game is a plug-in that nothing else imports, shared
engines know no game, the library never reaches the command line."""

from __future__ import annotations

import ast
import re

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
    """Each game folder of printkit is an installed game, found through printkit's own entry points;
    an installed game outside them is a plug-in's, with a package of its own."""
    folders = {p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file()}
    own = {g.family for g in games() if g.package.startswith("printkit.games.")}
    assert folders and folders == own
    assert all(g.folder == GAMES / g.family for g in games() if g.family in own)
    assert not any(g.folder.is_relative_to(PACKAGE) for g in games() if g.family not in own)


@pytest.mark.parametrize(
    "typed", [pytest.param(False, marks=pytest.mark.slow), True], ids=["at-run-time", "for-type-checkers-too"]
)
@pytest.mark.slow
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


# What may import the command line besides itself: `python -m printkit`, and the conformance suite,
# which runs a game's documented command lines in-process and reads a question's example through its
# command (printkit/testing/: a surface over the library and the command line, as they are installed).
DRIVES_THE_COMMAND_LINE = ("printkit.__main__", "printkit.testing")


@pytest.mark.slow
def test_the_library_never_imports_the_command_line() -> None:
    """printkit/cli/ is a surface over the library: nothing outside it imports it."""
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in all_imports()
        if i.target.startswith("printkit.cli") and not i.source.startswith("printkit.cli")
        and not i.source.startswith(DRIVES_THE_COMMAND_LINE)
    ]  # fmt: skip
    assert not wrong, "\n".join(wrong)


def test_every_game_has_its_rulesets_in_its_folder() -> None:
    for game in games():
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


@pytest.mark.slow
def test_shared_code_decides_nothing_by_a_games_name() -> None:
    """No string in shared code's logic is a game's or a ruleset's id (`family == "vs"`, a default
    "strategiya", a choice of editions): what differs per game comes from the registry."""
    names = {g.family for g in games()} | {r for g in games() for r in g.rulesets}
    for module, path in modules().items():
        if _game_of(module) is not None:
            continue
        found = _strings(str(path.relative_to(ROOT))) & names
        assert not found, f"{module} names {sorted(found)}"


# The words of the games' own templates and pictures that lived in printkit's shared files before each
# game got folders of its own (issue 39): the classes of their pictures, their templates' names.
MOVED = ("pk-board", "pk-stratego", "pk-paths", "pk-battle", "pk-vs-", "pk-card", "pk-side", "pk-squads", "pk-round",
         "pk-columns", "pk-outcome", "pk-meter", "pk-winner", "pk-laying", "quickref-", "-lands")  # fmt: skip
SHARED_ASSETS = (ROOT / "templates", PACKAGE / "web" / "static", PACKAGE / "web" / "templates")


def test_shared_templates_and_static_files_name_no_game(tiny_game: object) -> None:
    """Shared templates and static files are frames every game uses: what one game prints or draws
    lives in its own templates/ and static/ folders, found through its package."""
    words = {g.family for g in games()} | {r for g in games() for r in g.rulesets} | set(MOVED)
    words |= {g.name.strip("«»") for g in games()}
    assert {"tiny", "vs", "Stratego", "«Великая Стратегическая»".strip("«»")} <= words
    found = []
    for folder in SHARED_ASSETS:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            text = path.read_text("utf-8")
            for word in sorted(words):
                # A word alone (vs, not "versus"); a prefix (pk-vs-) or a suffix (-lands) as written.
                after = r"(?![\w])" if word[-1].isalnum() else ""
                before = r"(?<![\w])" if word[0].isalnum() else ""
                if re.search(before + re.escape(word) + after, text, re.IGNORECASE):
                    found.append(f"{path.relative_to(ROOT)} names {word!r}")
    assert not found, "\n".join(found)
    for g in games():  # ... and each game keeps its own card's template in its own folder
        own = g.assets("templates")
        assert own is not None and (own / "quickref.html.j2").is_file(), g.family
