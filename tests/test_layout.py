"""The house rules: one folder per game, shared engines that know no game, imports that run one way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "printkit"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    here = _module(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            if node.module:  # "from .. import labels" imports the module labels, not the package
                found.add(module)
            found |= {f"{module}.{a.name}" for a in node.names}
    return {m for m in found if m.startswith("printkit")}


def layer(module: str) -> tuple[int, str]:
    """(rank, game): cli 3; kit and the public API 2; a game 1; shared engines and the registry 0."""
    parts = module.split(".")
    if parts[1:2] == ["cli"]:
        return 3, ""
    if module == "printkit.__main__":
        return 3, ""
    if module in ("printkit", "printkit.kit", "printkit.api"):
        return 2, ""
    if parts[1:2] == ["games"] and len(parts) > 2:
        return 1, parts[2]
    return 0, ""


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_run_one_way(path: Path) -> None:
    rank, own_game = layer(_module(path))
    for target in _imports(path):
        if target.startswith("printkit.games.") and target.split(".")[2] not in {
            "strategiya",
            "vs",
            "stratego",
            "tannhauser",
        }:
            target = "printkit.games"  # a name imported from the registry itself
        their_rank, their_game = layer(target)
        if _module(path) == "printkit" and target.startswith("printkit."):
            continue  # the package's lazy names point at every layer by design
        assert their_rank <= rank, f"{_module(path)} (layer {rank}) imports {target} (layer {their_rank})"
        if rank == 1 and their_rank == 1:
            assert their_game == own_game, f"{_module(path)} imports another game's {target}"


def test_every_game_has_its_own_folder_with_its_rulesets() -> None:
    from printkit.game import games

    for game in games():
        assert game.folder == PACKAGE / "games" / game.family
        for ruleset in game.rulesets:
            assert (game.folder / f"{ruleset}.yaml").is_file()


def test_no_game_is_named_in_shared_engines() -> None:
    """Shared engines decide nothing by a game's name: what differs per game comes from the registry."""
    for path in MODULES:
        rank, _ = layer(_module(path))
        if rank != 0 or (path.name == "__init__.py" and path.parent.name == "games"):
            continue
        text = path.read_text("utf-8")
        for family in ("strategiya", "stratego", "tannhauser"):
            assert f'"{family}"' not in text or path.name == "rulesets.py", f"{path.name} names {family}"
        assert 'family == "vs"' not in text, path.name
