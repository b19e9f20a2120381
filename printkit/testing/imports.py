"""Which names of printkit a game may import, and the imports of a game's files that go beyond them."""

# The declared API is printkit.plugin, printkit.plugin.schema and the shared packages' __all__
# (printkit.plugin's docstring says what each holds). printkit's own games import nothing else
# (tests/test_plugin_api.py); for a plug-in, `python -m printkit.testing` warns of what it finds.

from __future__ import annotations

import ast
import importlib
from functools import cache
from pathlib import Path

FACES = (
    "printkit.plugin",
    "printkit.plugin.schema",
    "printkit.render",
    "printkit.sheets",
    "printkit.maps",
    "printkit.dice",
    "printkit.imposition",
    "printkit.evening",
)


@cache
def declared() -> dict[str, tuple[str, ...]]:
    """Each declaring module -> the names it declares for games (its __all__)."""
    return {face: tuple(importlib.import_module(face).__all__) for face in FACES}


def _module_of(path: Path, root: Path) -> list[str]:
    """The dotted parts of the package a file lies in, counted from the folder its top package is in."""
    return list(path.relative_to(root).with_suffix("").parts[:-1])


def undeclared_imports(path: Path, root: Path) -> list[str]:
    """One line per printkit name the file at `path` imports from outside the declared API ("FILE:LINE:
    name from module (why)"); `root` is the folder that holds the game's top package (for relative
    imports). A game's own modules and everything outside printkit are its own business."""
    names = declared()
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found: list[str] = []
    here = _module_of(path, root)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "printkit" and not _own(alias.name, here) and alias.name not in names:
                    found.append(f"{path}:{node.lineno}: {alias.name} (not declared for games)")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if module.split(".")[0] != "printkit" or _own(module, here):
                continue
            for alias in node.names:
                if alias.name in names.get(module, ()):
                    continue
                by = [face for face, listed in names.items() if alias.name in listed]
                why = f"declared by {', '.join(by)}" if by else "not declared for games"
                found.append(f"{path}:{node.lineno}: {alias.name} from {module} ({why})")
    return found


def _own(module: str, here: list[str]) -> bool:
    """Whether a module is the game's own: inside the top package the file lies in."""
    return (
        bool(here)
        and module.split(".")[: 1 if here[0] != "printkit" else 3] == here[: 1 if here[0] != "printkit" else 3]
    )
