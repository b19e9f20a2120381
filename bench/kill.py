"""The long run of the kill harness (tests/killing.py): a few hundred builds killed outright (kill -9).

Kills a --force swap before each of its steps (with and without renameat2's exchange, and the next
build in its recovery too), real `printkit build --force` runs of Stratego and of the default game
(WeasyPrint's booklet) at random moments, and plain builds into new folders; after each kill it
checks that the user finds a whole kit (the old or the new), that nothing outside the kit changed,
and that the next build finishes and loses nothing. Prints the kills, the phases they hit and the
problems found (there should be none).
Run: python bench/kill.py [--random N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import load, machine

from tests.killing import (
    DEFAULT_EN,
    DEFAULT_RU,
    SMALL_A,
    SMALL_B,
    STRATEGO_EN,
    STRATEGO_RU,
    Scene,
    Tally,
    first_kit,
    plain_kills,
    random_kills,
    step_kills,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=60, help="random kills of each real build (default 60)")
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    tally = Tally()
    parts: list[tuple[str, Tally]] = []
    with tempfile.TemporaryDirectory(prefix="printkit-kill-") as folder:
        base = Path(folder)
        cache = base / "cache"  # one artefact cache for the real builds: warm after the first

        def part(name: str, found: Tally) -> None:
            parts.append((name, found))
            tally.add(found)
            print(f"  {name}: {found.kills} kills, {found.builds} builds, {len(found.problems)} problems", flush=True)

        for exchange in (True, False):
            scene = Scene(base / f"steps-{exchange}", many=40)
            first_kit(scene, SMALL_A)
            how = "exchange" if exchange else "two renames"
            part(f"swap killed before each step ({how})", step_kills(scene, [SMALL_B, SMALL_A], not exchange))
        scene = Scene(base / "stratego", many=200, cache=cache)
        first_kit(scene, STRATEGO_RU)
        part("stratego --force at random", random_kills(scene, [STRATEGO_EN, STRATEGO_RU], args.random, rng))
        scene = Scene(base / "default", many=200, cache=cache)
        first_kit(scene, DEFAULT_RU)
        part("default game --force at random", random_kills(scene, [DEFAULT_EN, DEFAULT_RU], args.random // 3, rng))
        scene = Scene(base / "plain", cache=cache)
        part("plain builds at random", plain_kills(scene, STRATEGO_RU, args.random // 2, rng))
    seconds = time.perf_counter() - start
    print(f"\n{machine()}, load {load()}; {seconds:.0f} s")
    print(f"kills: {tally.kills}  (builds run: {tally.builds}; finished before their kill: {tally.finished_first})")
    print("phases hit:")
    for phase, n in sorted(tally.phases.items(), key=lambda item: -item[1]):
        print(f"  {n:5d}  {phase}")
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:40]:
        print(f"  {problem}")
    sys.exit(1 if tally.problems else 0)


if __name__ == "__main__":
    main()
