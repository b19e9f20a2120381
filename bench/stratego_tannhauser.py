"""Figures for issue 13: the Stratego and Tannhäuser referee answers, each under ~1 s wall.

The worst cases the commands accept: `referee paths` on the largest graph a file may hold (2000
circles, 8000 links, 100 characters) with 30 points and a Bull Rush; pools and duels of 30 dice;
Stratego attacks and moves; `stratego check` of a Gravon archive file.
Run: python bench/stratego_tannhauser.py
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

from timing import wall

from printkit.examples import find

ROOT = Path(__file__).resolve().parent.parent


def largest_graph(folder: Path) -> Path:
    """A 40×50 grid of circles with diagonals, cut at 8000 links, 100 enemies, every fifth circle slow."""
    rng = random.Random(13)
    names = [f"c{x}_{y}" for y in range(50) for x in range(40)]
    links: list[tuple[str, str]] = []
    for y in range(50):
        for x in range(40):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= x + dx < 40 and 0 <= y + dy < 50 and len(links) < 8000:
                    links.append((f"c{x}_{y}", f"c{x + dx}_{y + dy}"))
    lines = ["game: tannhauser", "circles:"]
    lines += [f"  - {{id: {n}{', cost: 2' if rng.random() < 0.2 else ''}{', entry: red' if n == 'c0_0' else ''}}}"
              for n in names]  # fmt: skip
    lines += ["links:", *(f"  - [{a}, {b}]" for a, b in links), "characters:"]
    lines += [f"  {c}: enemy" for c in rng.sample(names[1:], 100)]
    path = folder / "largest.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        graph = largest_graph(Path(tmp))
        commands = [
            ["referee", "paths", str(graph), "--from", "c20_25", "--points", "30", "--bull-rush"],
            ["referee", "paths", str(graph), "--enter", "--side", "red", "--points", "30", "--bull-rush"],
            ["referee", "pool", "30", "--difficulty", "6", "--bonus", "2", "--penalty", "1"],
            ["referee", "duel", "30", "29"],
            ["referee", "stratego", "1", "10"],
            ["referee", "moves", str(find("stratego-position.txt")), "--from", "j5"],
            ["stratego", "check", str(ROOT / "tests" / "stratego" / "data" / "gravon" / "classic-2015.2-2341.xml")],
        ]
        for args in commands:
            seconds = statistics.median(wall([sys.executable, "-m", "printkit", *args]) for _ in range(5))
            shown = " ".join(a if len(a) < 30 else "…" + a[-20:] for a in args)
            print(f"{shown:70s} {seconds:5.3f} s  (target < 1 s)")


if __name__ == "__main__":
    main()
