"""The code stays ruff clean and formatted, and nothing outside printkit/cli/ imports click or rich."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("ruff", path=str(ROOT / ".venv" / "bin")) or shutil.which("ruff")
    command = [exe] if exe else [sys.executable, "-m", "ruff"]
    return subprocess.run([*command, *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check() -> None:
    result = ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "printkit"], cwd=ROOT, capture_output=True,
                            text=True)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


# The surfaces that may use click: the command line, and the conformance suite that drives it
# (python -m printkit.testing runs a game's documented command lines through click's CliRunner).
SURFACES = ("cli", "testing")


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "printkit").rglob("*.py") if "cli" not in p.relative_to(ROOT / "printkit").parts),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_library_modules_do_not_import_click_and_have_a_docstring(path) -> None:  # type: ignore[no-untyped-def]
    tree = ast.parse(path.read_text("utf-8"))
    doc = ast.get_docstring(tree)
    assert doc and "\n" not in doc.strip(), "one-line module docstring"
    if set(SURFACES) & set(path.relative_to(ROOT / "printkit").parts):
        return
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        assert not any(n.split(".")[0] in ("click", "rich") for n in names), f"{path.name} imports click or rich"
