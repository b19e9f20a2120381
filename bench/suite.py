"""Figures for issues 18 and 39: the test suite's two tiers, as CI runs them and as a developer runs them again.

The whole suite is the README's test command (`python -m pytest -q -n auto`); the everyday tier leaves
out the tests marked slow (`-m "not slow"`, docs/contributing.md). Cold is a run with nothing kept from
an earlier one (a fresh clone, as `.ci/run` does); warm is the next run, which finds the example kits,
the pages it read back from them and its artefact cache in pytest's cache folder (tests/conftest.py,
kept_root), and mypy's and ruff's caches and Python's bytecode beside it. Each tier's runs use a cache
folder of their own (`-o cache_dir=...`), never the checkout's .pytest_cache or .mypy_cache, so the
everyday tier's cold run does not find what the whole suite's runs kept. Times are wall-clock, pytest's
start included; the CPU time is the children's user and system time.
Run: python bench/suite.py [--warm N] [--tier whole|everyday ...] [-- extra pytest arguments]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from timing import load, machine, record

ROOT = Path(__file__).resolve().parent.parent
TIERS = {"whole": [], "everyday": ["-m", "not slow"]}
COMMANDS = {"whole": "`python -m pytest -q -n auto`", "everyday": '`python -m pytest -q -n auto -m "not slow"`'}


def run(cache_dir: Path, extra: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, pytest's summary line) of one run of the suite."""
    before = os.times()
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "pytest", "-q", "-n", "auto", "-o", f"cache_dir={cache_dir}", *extra]
    # The lint tests' mypy and ruff keep caches of their own: beside pytest's, so that a cold run
    # checks the code from nothing, as in a fresh clone, and a warm one finds them. Python's bytecode
    # too (PYTHONPYCACHEPREFIX: printkit's modules, and the test modules as pytest rewrites their
    # asserts), written as Python writes it by default: a shell with PYTHONDONTWRITEBYTECODE set would
    # have every run, and every xdist worker and subprocess in it, compile all of them again.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(MYPY_CACHE_DIR=str(cache_dir / "mypy"), RUFF_CACHE_DIR=str(cache_dir / "ruff"),
               PYTHONPYCACHEPREFIX=str(cache_dir / "bytecode"))  # fmt: skip
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    lines = [ln for ln in done.stdout.splitlines() if re.search(r"\d+ (passed|failed)", ln)]
    summary = lines[-1].strip("= ") if lines else f"exit {done.returncode}"
    if done.returncode != 0:
        print(done.stdout[-3000:], file=sys.stderr)
    return seconds, cpu, summary


def installed_compiled(prefix: Path) -> None:
    """Python's own library and the installed packages compiled into the bytecode folder, untimed, as
    Python ships the one and pip leaves the other: a cold run compiles only printkit and its tests
    (the bytecode folder set, Python reads no __pycache__ beside the files)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)
    folders = sorted({sysconfig.get_path(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")})
    skip = r"[/\\](test|tests|idlelib|lib2to3|tkinter|turtledemo)[/\\]"  # never imported by the suite
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", "-x", skip, *folders], env=env,
                   capture_output=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--warm", type=int, default=1, help="warm runs after each tier's cold one (default 1)")
    parser.add_argument("--tier", action="append", choices=list(TIERS), help="a tier to run (default: both)")
    parser.add_argument("pytest_args", nargs="*", help="passed on to pytest (after --)")
    args = parser.parse_args()
    tiers = args.tier or list(TIERS)
    start_load = load()
    print(f"machine: {machine()}; load average at start: {start_load}")
    rows = []
    for tier in tiers:
        with tempfile.TemporaryDirectory(prefix=f"printkit-bench-suite-{tier}-") as tmp:
            cache_dir = Path(tmp) / "pytest-cache"
            installed_compiled(cache_dir / "bytecode")
            for n in range(1 + args.warm):
                run_load = load()
                seconds, cpu, summary = run(cache_dir, [*TIERS[tier], *args.pytest_args])
                kind = "cold" if n == 0 else "warm"
                print(f"{tier:8s} {kind:4s} {seconds:7.1f} s wall, {cpu:6.1f} s CPU   {summary}   (load {run_load})")
                rows.append([tier, kind, f"{seconds:.0f} s", f"{cpu:.0f} s", summary])
    end_load = load()
    print(f"load average at end: {end_load}")
    if not args.pytest_args and set(tiers) == set(TIERS):  # only both tiers as documented are the page's table
        notes = [
            f"whole: the README's and CI's test command, {COMMANDS['whole']}; everyday: {COMMANDS['everyday']}, "
            "the tier to run while working (docs/contributing.md says what is marked slow).",
            "Cold: nothing kept from an earlier run, as CI runs it from a fresh clone; warm: the next run. Both "
            "with Python's bytecode cache on, as Python is by default (the shell's PYTHONDONTWRITEBYTECODE is "
            "left out), kept in each tier's own folder, where Python's library and the installed packages are "
            "compiled beforehand, untimed, as an installed Python and pip leave them.",
        ]
        written = record("suite", "The test suite, whole and everyday", ["tier", "run", "wall", "CPU", "pytest"],
                         rows, notes, f"{start_load} at start, {end_load} at end")  # fmt: skip
        print(f"written: {written}")


if __name__ == "__main__":
    main()
