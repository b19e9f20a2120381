"""Figures for issue 8: movement on maps (targets: reach on a 100×100 map under 50 ms in-process,
`printkit referee reach` under 0.4 s wall). Run: python bench/maps.py"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from timing import timed, wall


def main() -> None:
    from printkit.config.mapfile import build_map
    from printkit.config.rulesets import load_bundled
    from printkit.config.schema import Checker
    from printkit.config.yamlsource import parse_yaml
    from printkit.games.strategiya.movement import Mover, reach

    rules = load_bundled("strategiya")
    rows = ["".join("PFSMPP"[(x * 7 + y * 3) // 11 % 6] for x in range(100)) for y in range(100)]
    doc = parse_yaml("x: 1", "bench")
    game_map = build_map({"rows": rows, "objects": []}, rules, doc, (), Checker(doc))
    for speed, turns in ((2, 1), (6, 1), (3, 5)):
        took = statistics.median(timed(lambda s=speed, t=turns: reach(game_map, rules, Mover(speed=s), (50, 50), t))
                                 for _ in range(5))  # fmt: skip
        print(f"reach 100×100, speed {speed}, {turns} turn(s): {took * 1000:7.1f} ms  (target < 50 ms for one turn)")
    # The worst one-turn case: one terrain everywhere, so the search is not cut short by borders.
    plain = build_map({"rows": ["P" * 100] * 100, "objects": []}, rules, doc, (), Checker(doc))
    took = statistics.median(timed(lambda: reach(plain, rules, Mover(speed=40), (50, 50), 1)) for _ in range(5))
    print(f"reach 100×100 all plain, speed 40 (whole map), 1 turn: {took * 1000:7.1f} ms  (target < 50 ms)")
    from printkit.games.vs import movement as vs_movement

    vs = load_bundled("vs-2025")
    vs_rows = ["".join("PFMDPP"[(x * 7 + y * 3) // 11 % 6] for x in range(100)) for y in range(100)]
    vs_map = build_map({"rows": vs_rows, "objects": []}, vs, doc, (), Checker(doc))
    assert vs.vs is not None
    for name, turns in (("knights", 1), ("dragon", 1), ("knights", 10)):
        going = vs_movement.Going(vs.vs.troop(name))  # type: ignore[arg-type]
        took = statistics.median(timed(lambda g=going, t=turns: vs_movement.reach(vs_map, vs, g, (50, 50), t))
                                 for _ in range(5))  # fmt: skip
        print(f"VS reach 100×100, {name}, {turns} turn(s): {took * 1000:7.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "map.yaml")
        path.write_text("rows:\n" + "".join(f"  - {r}\n" for r in rows), encoding="utf-8")
        cmd = [sys.executable, "-m", "printkit", "referee", "reach", str(path), "--from", "AX50", "--speed", "2",
               "--json"]  # fmt: skip
        print(f"printkit referee reach (100×100 map file): {statistics.median(wall(cmd) for _ in range(5)):.3f} s"
              "  (target < 0.4 s)")  # fmt: skip


if __name__ == "__main__":
    main()
