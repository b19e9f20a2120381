"""The public API: documented names, examples that run, paths as str or Path."""

from __future__ import annotations

import doctest
import inspect
from pathlib import Path

import pytest

import printkit

from .conftest import EXAMPLES


def test_every_public_name_is_documented() -> None:
    for name in printkit.__all__:
        if name == "__version__":
            continue
        obj = getattr(printkit, name)
        assert inspect.getdoc(obj), name


@pytest.mark.parametrize(
    "module",
    [
        "printkit.pipeline.kit",
        "printkit.config.session",
        "printkit.dice.questions",
        "printkit.maps.moves",
        "printkit.maps.questions",
        "printkit.games.strategiya.questions",  # printkit.strategiya's functions (its api module names them)
        "printkit.games.vs.questions",
        "printkit.games.stratego.questions",
        "printkit.games.tannhauser.questions",
    ],
)
def test_the_examples_in_the_docstrings_run(module: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    (tmp_path / "examples").symlink_to(EXAMPLES)
    monkeypatch.chdir(tmp_path)
    names = {n: getattr(printkit, n) for n in printkit.__all__}
    result = doctest.testmod(importlib.import_module(module), extraglobs=names, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


def test_paths_may_be_text(tmp_path: Path) -> None:
    session = printkit.load_session(str(EXAMPLES / "strategiya.yaml"))
    kit = printkit.build_kit(session, str(tmp_path / "out"), only=["quickref"], options=printkit.Options())
    assert kit.folder == tmp_path / "out" and (tmp_path / "out" / "quickref.pdf").is_file()


def test_importing_printkit_loads_no_engine() -> None:
    import subprocess
    import sys

    code = "import sys, printkit; print(sorted(m for m in sys.modules if m.startswith('printkit')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['printkit', 'printkit.version']"
