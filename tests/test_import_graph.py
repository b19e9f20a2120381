"""printkit's import graph, read from the source, and the tests that no modules and no packages depend on each other."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "printkit"
# A string that names a printkit module, or an attribute of one: "printkit.sheets.booklet:build".
NAMED = re.compile(r"(printkit(?:\.\w+)+)(?::\w+)?")
# The table of names a module keeps at their old place for one release (printkit/_moved.py).
MOVED = "_MOVED"


def module_name(path: Path) -> str:
    """printkit/games/vs/cards.py -> printkit.games.vs.cards; a package's __init__.py is the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of printkit: its dotted name -> its file."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    """One tie written in a module: what it names, on which line, and how."""

    source: str
    target: str
    line: int
    type_checking: bool = False  # under `if TYPE_CHECKING:`: never run, only read by mypy
    string: bool = False  # a name in a string: "module:attribute", or a lazy table's module


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _is_moved_table(node: ast.stmt) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return any(isinstance(t, ast.Name) and t.id == MOVED for t in targets)


class _Finder(ast.NodeVisitor):
    """Collects the ties of one module wherever they are written: imports at module level, in
    functions and classes, in try blocks, under TYPE_CHECKING (marked), importlib.import_module("a
    literal"), and strings that name a printkit module ("module:attribute", a lazy table's modules,
    f"{__name__}.quickref:build" for a module of the package itself)."""

    def __init__(self, source: str, is_package: bool, known: set[str]) -> None:
        self.source = source
        # The package a relative import starts from: the module's own package, or itself for an __init__.
        self.here = source.split(".") if is_package else source.split(".")[:-1]
        self.known = known
        self.type_checking = False
        self.found: list[Import] = []
        # Names that stand for the module's own name in f-strings: __name__ and a module-level
        # `_HERE = __name__`, or the package's name for `_HERE = __name__.rpartition(".")[0]`.
        self.names = {"__name__": source}

    def _add(self, target: str, node: ast.AST, *, string: bool = False) -> None:
        if target.split(".")[0] == "printkit":
            self.found.append(Import(self.source, target, getattr(node, "lineno", 0), self.type_checking, string))

    def _module(self, dotted: str) -> str:
        """The printkit module a dotted name is (the longest known prefix: `a.b.c` of `a.b` if c is a name)."""
        parts = dotted.split(".")
        while len(parts) > 1 and ".".join(parts) not in self.known:
            parts.pop()
        return ".".join(parts)

    def visit_Module(self, node: ast.Module) -> None:
        for child in node.body:
            if isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.targets[0], ast.Name):
                said = ast.unparse(child.value)
                if said == "__name__":
                    self.names[child.targets[0].id] = self.source
                elif said == "__name__.rpartition('.')[0]":
                    self.names[child.targets[0].id] = self.source.rpartition(".")[0]
        for child in node.body:
            if not _is_moved_table(child):  # a name kept for one release points at where it went
                self.visit(child)

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
            self._add(submodule if submodule in self.known else self._module(package), node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "import_module" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and not first.value.startswith("."):
                self._add(self._module(first.value), node)
                return
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            found = NAMED.fullmatch(node.value)
            if found:
                self._add(self._module(found.group(1)), node, string=True)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        # f"{__name__}.quickref:build": a module of the package this module is (or lies in).
        first, *rest = node.values
        if (
            isinstance(first, ast.FormattedValue)
            and isinstance(first.value, ast.Name)
            and first.value.id in self.names
            and rest
            and isinstance(rest[0], ast.Constant)
            and isinstance(rest[0].value, str)
        ):
            tail = re.match(r"((?:\.\w+)+)(?::\w+)?$", rest[0].value)
            if tail:
                self._add(self._module(self.names[first.value.id] + tail.group(1)), node, string=True)
        self.generic_visit(node)


def imports(path: Path, known: set[str] | None = None) -> list[Import]:
    """Every tie to printkit written in the module at path (see _Finder); a module naming itself is left out."""
    known = set(modules()) if known is None else known
    source = module_name(path)
    finder = _Finder(source, path.name == "__init__.py", known)
    finder.visit(ast.parse(path.read_text("utf-8"), str(path)))
    return [found for found in finder.found if found.target != source]


@functools.cache
def all_imports() -> tuple[Import, ...]:
    """The ties of every printkit module (read once per test process)."""
    known = modules()
    return tuple(found for path in known.values() for found in imports(path, set(known)))


def import_graph() -> dict[str, set[str]]:
    """{module: the printkit modules it ties itself to}, with every module of printkit as a key.

    What counts: every `import` and `from ... import` wherever it is written (module level, a
    function, a class, a try block, under TYPE_CHECKING), importlib.import_module with a literal
    name, and every string that names a printkit module (a Game's "module:function", a lazy table
    of public names). A function-level import ties two modules as much as one at the top, it only
    runs later; a type that two modules name of each other is a record in the wrong module; a
    "module:attribute" string is an import made on first use. `from pkg import name` imports the
    submodule pkg.name where there is one, else pkg; relative imports are resolved. An import names
    the module itself, not the packages above it that Python imports first (else every package
    whose __init__ imports one of its submodules would be a ring). What a `_MOVED` table holds is no
    tie: it points at where a name went, and goes with the next release.
    """
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for found in all_imports():
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
    """The components of more than one node: in each, every node depends on every other one, if indirectly."""
    return [component for component in strongly_connected(graph) if len(component) > 1]


def _how(found: Import) -> str:
    return " (TYPE_CHECKING)" if found.type_checking else " (a string)" if found.string else ""


def _describe(component: list[str], unit: dict[str, str] | None = None) -> Iterator[str]:
    members = set(component)
    yield " <-> ".join(component)
    place = unit or {}
    lines = {
        f"    {found.source}:{found.line} names {found.target}{_how(found)}"
        for found in all_imports()
        if place.get(found.source, found.source) in members
        and place.get(found.target, found.target) in members
        and place.get(found.source, found.source) != place.get(found.target, found.target)
    }
    yield from sorted(lines)


@pytest.mark.slow
def test_no_modules_import_each_other() -> None:
    """No two modules depend on each other, directly or round a longer ring: not at module level, not
    in a function, not for type checking, not through a "module:attribute" string."""
    found = cycles(import_graph())
    assert not found, "rings:\n" + "\n".join(line for component in found for line in _describe(component))


def unit_of(module: str) -> str:
    """The part of the house a module belongs to: its game (printkit.games.vs), its package
    (printkit.config, printkit.pipeline, ...), or itself for a module at the top."""
    parts = module.split(".")
    if parts[:2] == ["printkit", "games"] and len(parts) > 2:
        return ".".join(parts[:3])
    known = modules()
    if len(parts) > 2 or (len(parts) == 2 and known[module].name == "__init__.py"):
        return ".".join(parts[:2])
    return module


@pytest.mark.slow
def test_no_packages_depend_on_each_other() -> None:
    """Read by packages (each game, each package of printkit, each module at the top), the ties still
    run one way: maps read their files through config and never the other way round; the records
    every game shares (printkit.model) name no package that reads them; the pipeline builds from the
    sheets' declarations without the sheets reaching back."""
    unit = {module: unit_of(module) for module in modules()}
    graph: dict[str, set[str]] = {}
    for source, targets in import_graph().items():
        graph.setdefault(unit[source], set()).update(unit[t] for t in targets if unit[t] != unit[source])
    found = cycles(graph)
    assert not found, "packages that depend on each other:\n" + "\n".join(
        line for component in found for line in _describe(component, unit)
    )


def test_the_graph_sees_every_kind_of_tie() -> None:
    """The reader the ring tests stand on: relative and absolute, module level and in functions,
    `from pkg import submodule` and `from pkg import name`, TYPE_CHECKING and its else, import_module
    with a literal, "module:attribute" strings and f"{__name__}..." ones, and nothing outside printkit
    or in a _MOVED table."""
    source = (
        "from __future__ import annotations\n"
        "import importlib, json\n"
        "from typing import TYPE_CHECKING\n"
        "from . import cards, GAME\n"
        "from ...cells import Cell\n"
        "import printkit.dice.notation\n"
        "if TYPE_CHECKING:\n"
        "    from ...model import Session\n"
        "else:\n"
        "    from printkit import errors\n"
        "def later() -> None:\n"
        "    from .shop import price\n"
        "    importlib.import_module('printkit.labels')\n"
        "BOOK = ('printkit.sheets.booklet:build', 'json', 'printkit is nice')\n"
        "TOKENS = f'{__name__}.tokens:build'\n"
        "_HERE = __name__.rpartition('.')[0]\n"
        "SHOP = f'{_HERE}.shop:price'\n"
        "_MOVED = {'old': 'printkit.maps'}\n"
    )
    known = {
        "printkit",
        "printkit.cells",
        "printkit.dice",
        "printkit.dice.notation",
        "printkit.errors",
        "printkit.games",
        "printkit.games.vs",
        "printkit.games.vs.cards",
        "printkit.games.vs.probe",
        "printkit.games.vs.probe.tokens",
        "printkit.games.vs.shop",
        "printkit.labels",
        "printkit.maps",
        "printkit.model",
        "printkit.sheets",
        "printkit.sheets.booklet",
    }
    finder = _Finder("printkit.games.vs.probe", False, known)
    finder.visit(ast.parse(source))
    assert {(found.target, found.line, found.type_checking, found.string) for found in finder.found} == {
        ("printkit.games.vs.cards", 4, False, False),
        ("printkit.games.vs", 4, False, False),
        ("printkit.cells", 5, False, False),
        ("printkit.dice.notation", 6, False, False),
        ("printkit.model", 8, True, False),
        ("printkit.errors", 10, False, False),
        ("printkit.games.vs.shop", 12, False, False),
        ("printkit.labels", 13, False, False),
        ("printkit.sheets.booklet", 14, False, True),
        ("printkit.games.vs.probe.tokens", 15, False, True),
        ("printkit.games.vs.shop", 17, False, True),
    }
    package = _Finder("printkit.games.vs", True, known)  # an __init__: `from .` is the package itself
    package.visit(ast.parse("from .cards import build\nfrom .. import Game\n"))
    assert [found.target for found in package.found] == ["printkit.games.vs.cards", "printkit.games"]


def test_cycles_are_found_through_long_rings() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.slow
def test_the_graph_holds_every_module_and_only_printkit_targets() -> None:
    graph = import_graph()
    assert set(graph) == set(modules())
    assert "printkit.games.vs.cards" in graph
    assert all(target in graph for targets in graph.values() for target in targets)
    # A function-level import is an edge: strategiya's fight() imports the fights when it is called.
    assert "printkit.games.strategiya.fights" in graph["printkit.games.strategiya.questions"]
    # A lazy table's module and a Game's "module:function" are edges too.
    assert "printkit.pipeline.kit" in graph["printkit"]
    assert "printkit.sheets.booklet" in graph["printkit.sheets"]
    assert "printkit.games.vs.cards" in graph["printkit.games.vs"]


@pytest.mark.slow
def test_a_package_face_names_what_it_offers_and_imports_nothing_more() -> None:
    """printkit, printkit.plugin and the shared packages' faces import none of their names until one
    is asked for (printkit.lazy): their ties are strings and TYPE_CHECKING twins of them, so that
    importing printkit, or a game's entry point that names Game, loads no engine."""
    faces = ("printkit", "printkit.plugin", "printkit.render")
    for face in faces:
        ran = [f for f in all_imports() if f.source == face and not f.string and not f.type_checking]
        assert {f.target for f in ran} <= {"printkit.lazy", "printkit.version", "printkit.game"}, face
