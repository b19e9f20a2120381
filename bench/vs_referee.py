"""Figures for issue 12: every «Великая Стратегическая» referee command within 0.5 s.

Prints the median wall time of each command (interpreter start-up included) over 5 runs, the
slowest shapes of the exact odds at their limits (16 squads at random, 10 at best play) timed
in-process, and the largest answer line. Run: python bench/vs_referee.py
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys

from timing import timed

from printkit.examples import find

MAP = str(find("vs-map.yaml"))
COMMANDS = [
    ["orders", "A A A A", "D D D F F F"],
    ["orders", "A+ F D", "D D A"],
    ["orders", "A D A A F", "D D F A", "--lang", "en"],
    ["orders", "--mix", "--advantage", "a"],
    ["battle", "knights", "knights@castle"],
    ["battle", "knights", "knights+@city", "--edition", "vs-2003"],
    ["battle", "knights knights", "knights knights", "--play", "random"],
    ["battle", "light-infantry:1", "knights elves light-infantry"],
    ["reach", MAP, "--troop", "knights", "--from", "E4", "--turns", "3"],
    ["reach", MAP, "--troop", "ship", "--from", "K1", "--turns", "5", "--fair-wind"],
    ["route", MAP, "--troop", "knights", "--from", "A1", "--to", "L8"],
    ["route", MAP, "--troop", "ship", "--from", "K1", "--to", "D3"],
    ["income", MAP, "--player", "Север", "--personal", "knights", "--cash", "40"],
    ["cost"],
    ["cost", "tower", "city", "--edition", "vs-2003"],
    ["cost", "--hire", "castle", "--terrain", "лес"],
    ["prize", "knights+", "zombie:3", "castle"],
    ["rebellion", "12", "--roll"],
    ["leader-escape", "--income", "47", "--roll"],
    ["spell", "release", "--roll", "--amulet"],
    ["mine", "--roll"],
]


def main() -> None:
    widest = 0
    print(f"{'command (median of 5)':56s} {'wall':>7s} {'cpu':>7s}")
    for args in COMMANDS:
        cmd = [sys.executable, "-m", "printkit", "referee", *args]
        runs = [run(cmd) for _ in range(5)]
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        widest = max([widest, *(len(line) for line in out.splitlines())])
        seconds = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"{' '.join(args)[:56]:56s} {seconds:5.3f} s {cpu:5.3f} s")
    print(f"{'widest answer line':60s} {widest} columns")
    from printkit.games.vs.odds import at_random, optimal

    rng = random.Random("bench")
    worst_random = worst_optimal = 0.0
    for n_a in range(1, 16):
        att = [(0, rng.random() < 0.3, k // 4) for k in range(n_a)]
        dfn = [(0, rng.random() < 0.4, 10 + k // 3) for k in range(16 - n_a)]
        worst_random = max(worst_random, timed(lambda: at_random(att, dfn)))  # noqa: B023
    for n_a in range(2, 9):  # at most 8 squads a side (OPTIMAL_SIDE)
        att = [(0, rng.random() < 0.3, k // 4) for k in range(n_a)]
        dfn = [(0, rng.random() < 0.4, 10 + k // 3) for k in range(10 - n_a)]
        worst_optimal = max(worst_optimal, timed(lambda: optimal(att, dfn)))  # noqa: B023
    print(f"{'odds at random, 16 squads, slowest split (in-process, wall)':64s} {worst_random:5.3f} s")
    print(f"{'best play, 10 squads, slowest split (in-process, wall)':64s} {worst_optimal:5.3f} s")


def run(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a command (a refusal, exit 2, is an answer too). On a busy machine
    the CPU time is the fairer figure: the wall time also counts waiting for a core."""
    import resource
    import time

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if __name__ == "__main__":
    main()
