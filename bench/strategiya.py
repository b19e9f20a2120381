"""Figures for issues 13 and 14: the largest question each «Стратегия» referee command accepts,
timed end to end (interpreter start included). Target: about a second each on a 2-core machine.
Run: python bench/strategiya.py"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from timing import wall


def big_map(folder: Path) -> Path:
    """200 × 200 (the largest map printkit reads): bands of every terrain, a river and a bridge."""
    letters = "PFSMPDPF"
    rows = ["".join(letters[(x // 7 + y // 11) % len(letters)] for x in range(200)) for y in range(200)]
    rows[100] = "W" * 199 + "P"
    rows[0] = rows[-1] = "P" * 200
    path = folder / "big.yaml"
    body = "game: strategiya\nrows:\n" + "".join(f"  - {r}\n" for r in rows)
    path.write_text(body + "objects:\n  - {at: C101, kind: bridge}\n", encoding="utf-8")
    return path


def strong_heroes(folder: Path) -> Path:
    """Two heroes of strength 99 (the most a config allows) with sword, shield and armour."""
    hero = "{{name: H{n}, strength: 99, items: [sword, shield, armour]}}"
    body = "game: strategiya\nplayers:\n" + "".join(
        f"  - name: P{n}\n    heroes:\n      - {hero.format(n=n)}\n" for n in (1, 2)
    )
    path = folder / "strong.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        grid = str(big_map(Path(tmp)))
        strong = str(strong_heroes(Path(tmp)))
        commands = [
            ["fight", "--lives", "500", "500", "--damage", "1", "1"],
            ["fight", "--lives", "500", "500", "--damage", "1", "1", "--surrounded", "--first", "b"],
            ["hide", "--hiders", *["199"] * 24, "--seekers", *["198"] * 24, "--per-hero"],
            ["hide", "--hiders", *["199"] * 24, "--seekers", *["198"] * 24],
            ["fight", "--config", strong, "--heroes", "1", "А", "--shield-any-one"],
            ["escape", "12"],
            ["reach", grid, "--from", "CV100", "--speed", "99", "--turns", "50"],
            ["reach", grid, "--from", "A1", "--speed", "0", "--turns", "50"],
            ["route", grid, "--from", "A1", "--to", "GR200", "--speed", "99"],
            ["route", grid, "--from", "A1", "--to", "GR200", "--speed", "0"],
        ]
        for args in commands:
            seconds = statistics.median(wall([sys.executable, "-m", "printkit", "referee", *args]) for _ in range(3))
            shown = " ".join(a if len(a) < 20 else Path(a).name for a in args[:8])
            shown += (" … " + args[-1] if args[-1].startswith("--") else " …") if len(args) > 8 else ""
            print(f"{shown:70s} {seconds:5.2f} s")


if __name__ == "__main__":
    main()
