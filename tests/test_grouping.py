"""Under -n, pyproject's `--dist loadgroup` sends the tests of one xdist_group to one worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, xdist_group

# Two groups and some tests of no group; each test notes its group and its worker.
GROUPED = """
import os

import pytest


def note(group):
    with open(os.path.join(os.path.dirname(__file__), "ran"), "a") as ran:
        ran.write(f"{group} {os.environ['PYTEST_XDIST_WORKER']}\\n")


@pytest.mark.xdist_group("a")
@pytest.mark.parametrize("i", range(6))
def test_a(i):
    note("a")


@pytest.mark.xdist_group("b")
@pytest.mark.parametrize("i", range(6))
def test_b(i):
    note("b")


@pytest.mark.parametrize("i", range(6))
def test_alone(i):
    note("-")
"""


@pytest.mark.slow
def test_the_tests_of_a_group_run_on_one_worker(tmp_path: Path) -> None:
    # The project's pytest settings (-c), on tests of the folder's own: the suite's conftest stays out.
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", "-c", str(ROOT / "pyproject.toml"),
         "--rootdir", str(tmp_path), str(tmp_path / "test_grouped.py")],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    workers: dict[str, set[str]] = {}
    for line in (tmp_path / "ran").read_text(encoding="utf-8").splitlines():
        group, worker = line.split()
        workers.setdefault(group, set()).add(worker)
    assert len(set().union(*workers.values())) == 2, f"the run did not use both workers: {workers}"
    assert len(workers["a"]) == 1 and len(workers["b"]) == 1, f"a group's tests went to several workers: {workers}"


def test_the_checks_of_one_kit_share_a_group() -> None:
    layout = "tests/test_print_layout.py::test_no_text_smaller_than_6_pt"
    assert xdist_group(f"{layout}[vs-2025-ru-a4]") == xdist_group("tests/vs/test_kit.py::test_figures[vs-2025-ru-a4]")
    assert xdist_group(f"{layout}[vs-2025-ru-a4]") != xdist_group(f"{layout}[vs-2025-en-a4]")
    # One game's rules, one group: the second session's kit takes the first one's booklet from the cache.
    assert xdist_group(f"{layout}[strategiya-heroes-en-letter]") == xdist_group(f"{layout}[strategiya-en-letter]")
    assert xdist_group("tests/test_dice.py::test_d6[3]") is None
