"""printkit's import graph, read from the source, and the test that no modules import each other in a ring."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "printkit"


def module_name(path: Path) -> str:
    """printkit/games/vs/cards.py -> printkit.games.vs.cards; a package's __init__.py is the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of printkit: its dotted name -> its file."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    """One import written in a module: what it imports, on which line, and whether only type checkers run it."""

    source: str
    target: str
    line: int
    type_checking: bool  # under `if TYPE_CHECKING:`: never run, only read by mypy
    lazy: bool = False  # the typed twin of a lazy-name table's entry (see import_graph)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _lazy_names(tree: ast.Module) -> set[tuple[str, str]]:
    """(name, module) of a lazy-name table: a module-level dict of strings, name -> module, in a module
    whose own __getattr__ imports the module when the name is first asked for (printkit/__init__.py)."""
    if not any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in tree.body):
        return set()
    pairs: set[tuple[str, str]] = set()
    for node in tree.body:
        table = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(table, ast.Dict):
            entries = list(zip(table.keys, table.values, strict=True))
            strings = [
                (k.value, v.value) for k, v in entries if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
            ]
            if entries and len(strings) == len(entries) and all(isinstance(x, str) for pair in strings for x in pair):
                pairs |= set(strings)
    return pairs


class _Finder(ast.NodeVisitor):
    """Collects the imports of one module wherever they are written: at module level, in functions and
    classes, in try blocks, under TYPE_CHECKING (marked), and importlib.import_module("a literal")."""

    def __init__(
        self, source: str, is_package: bool, known: set[str], lazy: set[tuple[str, str]] | None = None
    ) -> None:
        self.source = source
        self.lazy = (lazy or set()) if is_package else set()
        # The package a relative import starts from: the module's own package, or itself for an __init__.
        self.here = source.split(".") if is_package else source.split(".")[:-1]
        self.known = known
        self.type_checking = False
        self.found: list[Import] = []

    def _add(self, target: str, node: ast.stmt | ast.expr, name: str = "") -> None:
        if target.split(".")[0] == "printkit":
            lazy = self.type_checking and (name, target) in self.lazy
            self.found.append(Import(self.source, target, node.lineno, self.type_checking, lazy))

    def _module(self, dotted: str) -> str:
        """The printkit module a dotted name is (the longest known prefix: `a.b.c` of `a.b` if c is a name)."""
        parts = dotted.split(".")
        while len(parts) > 1 and ".".join(parts) not in self.known:
            parts.pop()
        return ".".join(parts)

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
        self.visit(node.test)
        outer, self.type_checking = self.type_checking, True
        for child in node.body:
            self.visit(child)
        self.type_checking = outer
        for child in node.orelse:  # `else:` of `if TYPE_CHECKING:` is what runs
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(self._module(alias.name), node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.here[: len(self.here) - node.level + 1]
            package = ".".join([*base, node.module] if node.module else base)
        else:
            package = node.module or ""
        for alias in node.names:
            # `from pkg import name` imports the submodule pkg.name when there is one, else a name of pkg.
            submodule = f"{package}.{alias.name}"
            self._add(submodule if submodule in self.known else self._module(package), node, alias.name)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "import_module" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and not first.value.startswith("."):
                self._add(self._module(first.value), node)
        self.generic_visit(node)


def imports(path: Path, known: set[str] | None = None) -> list[Import]:
    """Every printkit import written in the module at path (see _Finder); a module naming itself is left out."""
    known = set(modules()) if known is None else known
    source = module_name(path)
    tree = ast.parse(path.read_text("utf-8"), str(path))
    finder = _Finder(source, path.name == "__init__.py", known, _lazy_names(tree))
    finder.visit(tree)
    return [found for found in finder.found if found.target != source]


@functools.cache
def all_imports() -> tuple[Import, ...]:
    """The imports of every printkit module (read once per test process)."""
    known = modules()
    return tuple(found for path in known.values() for found in imports(path, set(known)))


def import_graph(*, type_checking: bool = False) -> dict[str, set[str]]:
    """{module: the printkit modules it imports}, with every module of printkit as a key.

    What counts: every `import` and `from ... import` wherever it is written (module level, a
    function, a class, a try block) and importlib.import_module with a literal name. A function-level
    import ties two modules together as much as one at the top; it only runs later. `from pkg import
    name` imports the submodule pkg.name where there is one, else pkg; relative imports are resolved.
    An import names the module itself, not the packages above it that Python imports first (else
    every package whose __init__ imports one of its submodules would be a ring).

    TYPE_CHECKING: imports under `if TYPE_CHECKING:` never run, and count only with
    type_checking=True. The cycle test leaves them out (a ring of annotations costs nothing at run
    time and mypy reads it); a game's own modules are held to no ring even with them.

    Lazy-name tables: a module that resolves names on first use (printkit/__init__.py's `_PUBLIC`,
    name -> module, read by its __getattr__; the registry's "module:function" strings) imports
    nothing when it is imported, and a name in a string is no import here. printkit/__init__.py's
    TYPE_CHECKING imports of the same names are that table again, for mypy: marked lazy, they stay
    out of the graph even with type_checking=True.
    """
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for found in all_imports():
        if not found.lazy and (type_checking or not found.type_checking):
            graph[found.source].add(found.target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components (Tarjan), each sorted; singletons included."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.remove(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The components of more than one module: in each, every module imports every other one, if indirectly."""
    return [component for component in strongly_connected(graph) if len(component) > 1]


def _describe(component: list[str], *, type_checking: bool) -> Iterator[str]:
    members = set(component)
    yield " <-> ".join(component)
    lines = {
        f"    {found.source}:{found.line} imports {found.target}{' (TYPE_CHECKING)' if found.type_checking else ''}"
        for found in all_imports()
        if found.source in members and found.target in members and (type_checking or not found.type_checking)
    }
    yield from sorted(lines)


@pytest.mark.slow
def test_no_modules_import_each_other() -> None:
    """No two modules import each other, directly or round a longer ring, at module level or in a function."""
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(
        line for component in found for line in _describe(component, type_checking=False)
    )


def _game(module: str) -> str | None:
    """The game whose folder a module is in (printkit.games.vs.cards -> vs), None outside one."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["printkit", "games"] and len(parts) > 2 else None


def test_no_ring_inside_a_game_even_through_type_checking_imports() -> None:
    """Inside a game's folder even the imports only mypy reads form no ring: a type that two modules
    name of each other is a record in the wrong module (Stratego's Setup sat in setups.py, which the
    session record in model.py named)."""
    graph = import_graph(type_checking=True)
    within = {m: {t for t in targets if _game(t) == _game(m)} for m, targets in graph.items() if _game(m)}
    found = cycles(within)
    assert not found, "rings inside a game:\n" + "\n".join(
        line for component in found for line in _describe(component, type_checking=True)
    )


def test_the_graph_sees_every_kind_of_import() -> None:
    """The reader the cycle tests stand on: relative and absolute, module level and in functions,
    `from pkg import submodule` and `from pkg import name`, TYPE_CHECKING and its else, import_module
    with a literal, and nothing outside printkit."""
    source = (
        "from __future__ import annotations\n"
        "import importlib, json\n"
        "from typing import TYPE_CHECKING\n"
        "from . import cards, GAME\n"
        "from ...maps.grid import GameMap\n"
        "import printkit.dice.notation\n"
        "if TYPE_CHECKING:\n"
        "    from ...config.model import Session\n"
        "else:\n"
        "    from printkit import errors\n"
        "def later() -> None:\n"
        "    from .shop import price\n"
        "    importlib.import_module('printkit.labels')\n"
    )
    known = {
        "printkit",
        "printkit.config",
        "printkit.config.model",
        "printkit.dice",
        "printkit.dice.notation",
        "printkit.errors",
        "printkit.games",
        "printkit.games.vs",
        "printkit.games.vs.cards",
        "printkit.games.vs.probe",
        "printkit.games.vs.shop",
        "printkit.labels",
        "printkit.maps",
        "printkit.maps.grid",
    }
    finder = _Finder("printkit.games.vs.probe", False, known)
    finder.visit(ast.parse(source))
    assert {(found.target, found.line, found.type_checking) for found in finder.found} == {
        ("printkit.games.vs.cards", 4, False),
        ("printkit.games.vs", 4, False),
        ("printkit.maps.grid", 5, False),
        ("printkit.dice.notation", 6, False),
        ("printkit.config.model", 8, True),
        ("printkit.errors", 10, False),
        ("printkit.games.vs.shop", 12, False),
        ("printkit.labels", 13, False),
    }
    package = _Finder("printkit.games.vs", True, known)  # an __init__: `from .` is the package itself
    package.visit(ast.parse("from .cards import build\nfrom .. import Game\n"))
    assert [found.target for found in package.found] == ["printkit.games.vs.cards", "printkit.games"]


def test_cycles_are_found_through_long_rings() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_holds_every_module_and_only_printkit_targets() -> None:
    graph = import_graph()
    assert set(graph) == set(modules())
    assert "printkit.games.vs.cards" in graph
    assert all(target in graph for targets in graph.values() for target in targets)
    # A function-level import is an edge: strategiya's fight() imports the fights when it is called.
    assert "printkit.games.strategiya.fights" in graph["printkit.games.strategiya.questions"]


def test_the_packages_lazy_names_are_no_edges_even_for_mypy() -> None:
    """printkit/__init__.py imports nothing of printkit as it is imported: only the registry when a game's
    namespace is asked for (printkit.vs); its TYPE_CHECKING imports are the twins of its lazy table
    (`_PUBLIC`), marked lazy and left out of both graphs."""
    package = [found for found in all_imports() if found.source == "printkit" and found.target != "printkit.game"]
    assert package and all(found.type_checking and found.lazy for found in package)
    assert {found.target for found in package} >= {"printkit.kit", "printkit.dice.questions", "printkit.config.model"}
    assert import_graph()["printkit"] == import_graph(type_checking=True)["printkit"] == {"printkit.game"}
    # Only a table its own __getattr__ reads counts as lazy: the same names without one are imports.
    tree = ast.parse((PACKAGE / "__init__.py").read_text("utf-8"))
    assert ("build_kit", "printkit.kit") in _lazy_names(tree)
    tree.body = [node for node in tree.body if not (isinstance(node, ast.FunctionDef) and node.name == "__getattr__")]
    assert _lazy_names(tree) == set()
