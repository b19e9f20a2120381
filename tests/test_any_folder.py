"""The suite passes from a checkout in any folder: its checks that print a path of the checkout, run from a deep one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

# The tests whose expected output holds a file of the checkout: printkit names the file it read (a map,
# a paths graph, a config), and an 80-column terminal wraps the message where that path makes it.
# Found by looking for EXAMPLES and ROOT in the arguments of the commands whose output a test compares;
# run whole from a copy at 144 characters, the suite failed only the first of them.
PATH_SENSITIVE = [
    "tests/tannhauser/test_questions.py::test_a_python_caller_is_refused_in_the_same_words",
    "tests/test_forgiving.py::test_the_referee_says_did_you_mean",
    "tests/test_forgiving.py::test_tannhauser_circles_in_any_case",
    "tests/test_at_the_table.py",
    "tests/test_completion.py",
    "tests/test_session.py",
]
# A fresh clone's folder may be any length: this one is longer than a terminal's line.
DEEP = ("a-folder-of-a-fresh-clone-of-printkit",) * 3


def test_the_path_sensitive_checks_are_found() -> None:
    """Each entry names a test file (and test) of the suite, so the run below cannot pass on nothing."""
    for entry in PATH_SENSITIVE:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), entry
        assert not name or f"def {name}(" in (ROOT / path).read_text("utf-8"), entry


@pytest.mark.slow
def test_the_path_sensitive_checks_pass_from_a_deep_folder(tmp_path: Path) -> None:
    """A copy of the checkout at a path of over 150 characters runs them (issue 39: a clone at a
    60-character path failed one, whose refusal wrapped inside the path)."""
    clone = tmp_path.joinpath(*DEEP, "printkit")
    assert len(str(clone)) > 150
    clone.mkdir(parents=True)
    for name in ("tests", "docs"):  # (the tests read the manual's pages, not its pictures)
        shutil.copytree(ROOT / name, clone / name, ignore=shutil.ignore_patterns("__pycache__", "*.png"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, clone)
    # printkit itself is the one installed (the checkout's, in development), with its games' examples;
    # the tests are the clone's. Nothing of this run's pytest reaches the one inside.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PRINTKIT_"))}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "-m", "not slow",
         *PATH_SENSITIVE],
        cwd=clone, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout, done.stdout[-2000:]
