"""Figures for issue 32's bounded work: each limit's worst accepted input, and the refusal beyond it.

Every accepted input should answer in about a second, and what lies beyond a limit be refused at
once. Prints wall and CPU seconds and peak memory of each command (interpreter start included),
with the machine's load, since a loaded machine stretches the wall time.
Run: python bench/limits.py
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import load, machine

ROOT = Path(__file__).resolve().parent.parent


def measured(args: list[str], cwd: Path) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak MB and exit code of one printkit command."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


def show(what: str, args: list[str], cwd: Path) -> None:
    took, cpu, peak, code = measured(args, cwd)
    print(f"{what:58s} {took:6.2f} s wall {cpu:6.2f} s CPU {peak:7.0f} MB  exit {code}")


def worst_key(path: Path, games: int) -> int:
    """A referee key of `games` games of a ruleset at its limits: 20 terrains (the bundled six, as
    they are, so that the lookup answers, and 14 more of 26 numbered objects), both sections, two
    sheets. Returns its size in bytes."""
    from printkit.games.strategiya.codes import KEY_FORMAT

    rng = random.Random(32)
    bundled = ["mountain", "swamp", "forest", "plain", "water", "deathzone"]
    extra = [f"terrain-{i:02d}" for i in range(14)]

    def column(n: int) -> list[int]:
        numbers = list(range(1, n + 1))
        rng.shuffle(numbers)
        return numbers

    def sheet() -> dict[str, dict[str, list[int]]]:
        return {s: {**{t: column(10) for t in bundled}, **{t: column(26) for t in extra}}
                for s in ("resources", "adventures")}  # fmt: skip

    listed = [{"kit_id": f"K{g:03d}-BENCH", "sheets": {"1": sheet(), "2": sheet()}} for g in range(games)]
    body = {"format": KEY_FORMAT, "game": "strategiya", "games": listed}
    text = json.dumps(body)
    path.write_text(text, encoding="utf-8")
    return len(text)


def vs_config(path: Path, per_player: int, copies: int, players: int = 8) -> Path:
    names = ", ".join(f"{{name: P{n}}}" for n in range(1, players + 1))
    kinds = ", ".join(f"{k}: {per_player}" for k in ("attack", "fire", "defend", "attack+", "fire+", "defend+"))
    path.write_text(f"game: vs-2025\nplayers: [{names}]\ncards:\n  per_player: {{{kinds}}}\n"
                    f"tokens:\n  copies: {{troops: {copies}}}\n", encoding="utf-8")  # fmt: skip
    return path


def main() -> None:
    from printkit.games.strategiya.codes import MAX_KEY_BYTES, MAX_KEY_GAMES
    from printkit.games.vs.piece_sheets import MAX_PIECES

    print(f"{machine()}; load average {load()}")
    with tempfile.TemporaryDirectory(prefix="printkit-limits-") as tmp:
        here = Path(tmp)
        size = worst_key(here / "worst-key.json", MAX_KEY_GAMES)
        print(f"referee key: {MAX_KEY_GAMES} games at a ruleset's limits = {size / 2**20:.1f} MB "
              f"(cap {MAX_KEY_BYTES / 2**20:.0f} MB)")  # fmt: skip
        show("lookup, the worst accepted key", ["referee", "lookup", "--key", "worst-key.json", "--game", "1000",
                                                 "resources", "forest", "3"], here)  # fmt: skip
        worst_key(here / "over.json", MAX_KEY_GAMES + 1)
        show(f"lookup, a key of {MAX_KEY_GAMES + 1} games (refused)",
             ["referee", "lookup", "--key", "over.json", "resources", "forest", "3"], here)  # fmt: skip
        with (here / "big.json").open("wb") as f:
            f.truncate(MAX_KEY_BYTES + 1)
        show("lookup, a key 1 byte over the cap (refused)", ["referee", "lookup", "--key", "big.json", "resources",
                                                             "forest", "3"], here)  # fmt: skip
        for notation in ("100d100", "10d1000"):
            show(f"odds {notation} --all (the most rows --all prints)", ["referee", "odds", notation, "--all"], here)
        show("odds 100d1000 --all (refused: 99,901 rows)", ["referee", "odds", "100d1000", "--all"], here)
        show("odds 100d1000 (ranged)", ["referee", "odds", "100d1000"], here)
        show("odds 100d1000 --json (every weight)", ["referee", "odds", "100d1000", "--json"], here)
        show("odds d1000*d1000 --json (248,083 totals)", ["referee", "odds", "d1000*d1000", "--json"], here)
        # 8 players x 6 kinds x 25 = 1,200 battle cards; 8 players' 11 troops x 6 + the rest: about 1,150 tokens.
        vs_config(here / "most.yaml", MAX_PIECES // 48, 6)
        vs_config(here / "over.yaml", 999, 6)
        show(f"build --print-shop, {MAX_PIECES:,} battle cards and ~1,150 tokens",
             ["build", "most.yaml", "--only", "battle-cards,tokens", "--print-shop", "--no-cache", "--jobs", "1",
              "--out", "most"], here)  # fmt: skip
        show("validate, cards.per_player: 999 (refused)", ["validate", "over.yaml"], here)
        show("build --print-shop, cards.per_player: 999 (refused)",
             ["build", "over.yaml", "--print-shop", "--no-cache", "--out", "over"], here)  # fmt: skip


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
