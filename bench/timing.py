"""Timing helpers shared by the benchmark scripts: wall-clock time of a command or a call."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable


def wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds a command takes from start to exit, interpreter start-up included."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start
