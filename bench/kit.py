"""Figures for issue 18: `printkit build` of every example config — cold (empty artefact cache), cold
drawn by one process, warm (everything but the secret sheets from the cache) — and each artefact's
own drawing time, with the machine they were measured on.

Cold and warm are wall-clock times of the command (interpreter start included), the median of
--repeat runs, each with a fresh cache folder. Per-artefact times come from one serial build in a
fresh process with WeasyPrint imported beforehand (its import is shown once, apart).
Run: python bench/kit.py [--repeat 3] [CONFIG ...]
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

from timing import load, machine, wall

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = {"map.yaml", "vs-map.yaml", "tannhauser-paths.yaml"}  # maps and path graphs, not configs
SEED = "bench-kit-seed-0123456789"

PER_ARTEFACT = r"""
import json, sys, tempfile, time
start = time.perf_counter()
from printkit.render import libraries  # WeasyPrint imported as printkit imports it
libraries.weasyprint()
imported = time.perf_counter() - start
from printkit import build_kit, load_session
with tempfile.TemporaryDirectory() as tmp:
    result = build_kit(load_session(sys.argv[1]), f"{tmp}/kit", seed=sys.argv[2], cache=False, jobs=1)
print(json.dumps({"weasyprint": imported, "seconds": result.seconds}))
"""


def build(config: Path, cache: Path, *extra: str) -> float:
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(cache)}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "printkit", "build", str(config), "--out", f"{tmp}/kit", "--seed", SEED, *extra]
        return wall(cmd, env)


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
    parser.add_argument("configs", nargs="*", type=lambda s: Path(s).resolve())
    args = parser.parse_args()
    configs = args.configs or sorted(p for p in (ROOT / "examples").glob("*.yaml") if p.name not in DATA_FILES)
    print(f"machine: {machine()}; load average at start: {load()}")
    print(f"{'config':22s} {'cold':>7s} {'--jobs 1':>9s} {'warm':>7s}   per artefact (serial, s)")
    parts: dict[str, object] = {}
    for config in configs:
        times = measure(config, args.repeat)
        parts = per_artefact(config)
        seconds = parts["seconds"]
        assert isinstance(seconds, dict)
        shown = ", ".join(f"{kind} {s:.2f}" for kind, s in seconds.items())
        print(f"{config.name:22s} {times['cold']:6.2f}s {times['serial']:8.2f}s {times['warm']:6.2f}s   {shown}")
    print(f"WeasyPrint import (once per process): {parts.get('weasyprint', 0):.2f} s; load average at end: {load()}")


if __name__ == "__main__":
    main()
