"""Timing helpers shared by the benchmark scripts: wall-clock time of a command or a call, the machine."""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import time
from collections.abc import Callable
from pathlib import Path


def wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds a command takes from start to exit, interpreter start-up included."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def answering(url: str, tries: int = 100) -> None:
    """Wait until a server just started answers at url (it says its address before it takes requests)."""
    import httpx2

    for _ in range(tries):
        try:
            httpx2.get(url, timeout=1)
            return
        except httpx2.TransportError:
            time.sleep(0.1)


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}"


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def stolen() -> float:
    """Seconds of the cores' time the hypervisor has given to other machines since boot (the steal
    column of Linux's /proc/stat; NaN elsewhere): what a run lost to its neighbours on a shared host,
    which tells a slow host from a slow program."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


FIGURES = Path(__file__).resolve().parent / "figures"


def record(name: str, title: str, columns: list[str], rows: list[list[str]], notes: list[str], load_seen: str) -> Path:
    """Write a script's latest figures to bench/figures/NAME.json, which the manual's Figures page shows."""
    FIGURES.mkdir(exist_ok=True)
    path = FIGURES / f"{name}.json"
    data = {
        "title": title,
        "script": f"bench/{name}.py",
        "measured": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "machine": machine(),
        "load": load_seen,
        "columns": columns,
        "rows": rows,
        "notes": notes,
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path
