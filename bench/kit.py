"""Figures for issues 18 and 30: `printkit build` of the default kit and of every example config.

Issue 30: the default «Стратегия» kit (`printkit build`, no config) cold (an empty artefact cache),
its booklet alone (`--only booklet --no-cache`) and warm (the same build again, everything but the
secret sheets from the cache), measured in turns; targets cold <= 1.6 x booklet, warm <= 0.15 x cold.
Issue 18: for each example config cold, cold drawn by one process (`--jobs 1`) and warm, and each
artefact's own drawing time (one serial build in a fresh process with WeasyPrint imported
beforehand; its import is shown once, apart).

Times are wall-clock times of the command (interpreter start included), the median of --repeat
runs, each with a fresh cache folder (PRINTKIT_CACHE_DIR).
Run: python bench/kit.py [--repeat 3] [--default-only] [CONFIG ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import load, machine, record, wall

from printkit.examples import configs as example_configs
from printkit.game import games

ROOT = Path(__file__).resolve().parent.parent
SEED = "bench-kit-seed-0123456789"

PER_ARTEFACT = r"""
import json, sys, tempfile, time
start = time.perf_counter()
import weasyprint
imported = time.perf_counter() - start
from printkit import build_kit, load_session
with tempfile.TemporaryDirectory() as tmp:
    result = build_kit(load_session(sys.argv[1]), f"{tmp}/kit", seed=sys.argv[2], cache=False, jobs=1)
print(json.dumps({"weasyprint": imported, "seconds": result.seconds}))
"""


def build(config: Path | None, cache: Path, *extra: str) -> float:
    """Wall-clock seconds of one `printkit build`; its CPU seconds (workers included) go to CPU."""
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(cache)}
    chosen = [str(config)] if config is not None else []
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "printkit", "build", *chosen, "--out", f"{tmp}/kit", "--seed", SEED, *extra]
        before = os.times()
        seconds = wall(cmd, env)
        after = os.times()
        CPU.append(after.children_user + after.children_system - before.children_user - before.children_system)
        return seconds


CPU: list[float] = []  # the CPU seconds of each build, in order


def default_kit(repeat: int) -> dict[str, float]:
    """Issue 30's figures for the default kit: cold, booklet alone and warm, in turns."""
    cold, booklet, warm, cpu = [], [], [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as cache:
            cold.append(build(None, Path(cache)))
            warm.append(build(None, Path(cache)))
        with tempfile.TemporaryDirectory() as cache:
            booklet.append(build(None, Path(cache), "--only", "booklet", "--no-cache"))
        cpu.append(CPU[-3:])
    return {
        "cold": statistics.median(cold),
        "booklet": statistics.median(booklet),
        "warm": statistics.median(warm),
        **{f"{k} CPU": statistics.median(c[i] for c in cpu) for i, k in enumerate(("cold", "warm", "booklet"))},
    }


def measure(config: Path, repeat: int) -> dict[str, float]:
    cold, serial, warm = [], [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as cache:
            cold.append(build(config, Path(cache)))
            warm.append(build(config, Path(cache)))
        with tempfile.TemporaryDirectory() as cache:
            serial.append(build(config, Path(cache), "--jobs", "1"))
    return {"cold": statistics.median(cold), "serial": statistics.median(serial), "warm": statistics.median(warm)}


def per_artefact(config: Path) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", PER_ARTEFACT, str(config), SEED], check=True, capture_output=True,
                         text=True, cwd=ROOT)  # fmt: skip
    data: dict[str, object] = json.loads(out.stdout)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--default-only", action="store_true", help="only issue 30's figures for the default kit")
    parser.add_argument("configs", nargs="*", type=lambda s: Path(s).resolve())
    args = parser.parse_args()
    start_load = load()
    print(f"machine: {machine()}; load average at start: {start_load}")
    times = default_kit(args.repeat)
    print(f"default kit: cold {times['cold']:.2f}s, booklet alone {times['booklet']:.2f}s, warm {times['warm']:.2f}s; "
          f"cold/booklet {times['cold'] / times['booklet']:.2f} (target <= 1.6), "
          f"warm/cold {times['warm'] / times['cold']:.2f} (target <= 0.15)")  # fmt: skip
    print(f"  CPU (all processes): cold {times['cold CPU']:.2f}s, booklet alone {times['booklet CPU']:.2f}s, "
          f"warm {times['warm CPU']:.2f}s")  # fmt: skip
    if args.default_only:
        print(f"load average at end: {load()}")
        return
    configs = args.configs or [path for g in games() for path in example_configs(g)]
    print(f"{'config':22s} {'cold':>7s} {'--jobs 1':>9s} {'warm':>7s}   per artefact (serial, s)")
    rows = [["default kit (`printkit build`)", f"{times['cold']:.1f} s", "", f"{times['warm']:.2f} s"]]
    parts: dict[str, object] = {}
    for config in configs:
        figures = measure(config, args.repeat)
        parts = per_artefact(config)
        seconds = parts["seconds"]
        assert isinstance(seconds, dict)
        shown = ", ".join(f"{kind} {s:.2f}" for kind, s in seconds.items())
        print(f"{config.name:22s} {figures['cold']:6.2f}s {figures['serial']:8.2f}s {figures['warm']:6.2f}s   {shown}")
        cells = [f"{figures['cold']:.1f} s", f"{figures['serial']:.1f} s", f"{figures['warm']:.2f} s"]
        rows.append([f"`{config.name}`", *cells])
    end_load = load()
    print(f"WeasyPrint import (once per process): {parts.get('weasyprint', 0):.2f} s; load average at end: {end_load}")
    if not args.configs:  # only a run over every example is the page's table
        notes = [
            f"Each figure is the median of {args.repeat} runs of the command, interpreter start included. The default "
            f"kit cold is {times['cold'] / times['booklet']:.2f} × its booklet drawn alone ({times['booklet']:.1f} s), "
            f"and warm {times['warm'] / times['cold']:.2f} × cold."
        ]
        written = record("kit", "Kit builds", ["config", "cold", "`--jobs 1`", "warm"], rows, notes,
                         f"{start_load} at start, {end_load} at end")  # fmt: skip
        print(f"written: {written}")


if __name__ == "__main__":
    main()
