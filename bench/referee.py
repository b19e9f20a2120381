"""Figures for issues 7 and 16: the referee's answers at the table.

Targets: `printkit referee fight --lives 10 10 --damage 1 1` under 0.3 s wall (interpreter start
included; nothing may import WeasyPrint or ReportLab), the largest fight and hide the CLI accepts
under 1 s wall, and the largest dice expression of each kind the CLI accepts under 1 s wall.
Run: python bench/referee.py (--calibrate: the dice engine's measured microseconds per estimated
step, per kind of work).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import timed, wall

COMMANDS = [
    ["referee", "fight", "--lives", "10", "10", "--damage", "1", "1"],
    ["referee", "odds", "2d6+1>=8"],
    ["referee", "pool", "8", "--difficulty", "7"],
    ["referee", "duel", "5", "4"],
    ["referee", "orders", "A+ F D", "D D A"],
]
PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['printkit', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
    "except SystemExit: pass\n"
    "print(sorted({m.split('.')[0] for m in sys.modules} & {'weasyprint', 'reportlab'}), file=sys.stderr)\n"
)


def main() -> None:
    for args in COMMANDS:
        seconds = statistics.median(wall([sys.executable, "-m", "printkit", *args]) for _ in range(5))
        heavy = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True).stderr.strip()
        print(f"{' '.join(args):52s} {seconds:5.3f} s  heavy imports: {heavy}")
    from printkit.config.rulesets import load_bundled
    from printkit.games.strategiya.fights import Fighter, fight
    from printkit.games.strategiya.model import rules_of

    battle = rules_of(load_bundled("strategiya")).battle
    took = timed(lambda: fight(battle, Fighter(100, 1), Fighter(100, 1)))
    print(f"{'fight 100 vs 100, in-process':52s} {took:5.3f} s  (target < 1 s)")
    widest_comparison()
    table_rows()
    dice_rows("--calibrate" in sys.argv)


def widest_comparison() -> None:
    """Issue 34: two of the widest sums compared, the whole answer (odds, table, mean, versus)."""
    from printkit.dice.questions import odds
    from printkit.questions import text_lines

    notation = "100d1000 >= 100d1000"
    took = statistics.median(timed(lambda: text_lines(odds(notation), "ru")) for _ in range(3))
    seconds = statistics.median(wall([sys.executable, "-m", "printkit", "referee", "odds", notation]) for _ in range(3))
    print(f"{'odds ' + notation + ', in-process':52s} {took:5.3f} s")
    print(f"{'referee odds ' + notation:52s} {seconds:5.3f} s  (target < 1 s)")


def heroes(folder: Path, strength: int) -> Path:
    """Two heroes of one strength with sword, shield and armour: with a shield, lives climb back
    and the fight is followed roll by roll. Strength 99 is the most a config allows; a scan of
    strengths 6 to 99 found equal heroes of 33 to 47, on the any-one reading, the slowest (39 by a
    hair)."""
    hero = "{{name: H{n}, strength: {s}, items: [sword, shield, armour]}}"
    body = "game: strategiya\nplayers:\n"  # one hero each: marked 1 and А on the map
    body += "".join(f"  - name: P{n}\n    heroes:\n      - {hero.format(n=n, s=strength)}\n" for n in (1, 2))
    path = folder / f"heroes-{strength}.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def table_rows() -> None:
    """The largest fight and hide the CLI accepts (limits: printkit/games/strategiya/fights.py and
    hiding.py), each reading, end to end (interpreter start included)."""
    with tempfile.TemporaryDirectory() as tmp:
        strong = str(heroes(Path(tmp), 99))
        slowest = str(heroes(Path(tmp), 39))
        most = ["--hiders", *["199"] * 24, "--seekers", *["198"] * 24]
        rows = [
            ("fight: 500 lives a side, damage 1", ["fight", "--lives", "500", "500", "--damage", "1", "1"]),
            ("fight: the same, B surrounded, B first",
             ["fight", "--lives", "500", "500", "--damage", "1", "1", "--surrounded", "--first", "b"]),
            ("fight: strength 99 heroes, sword, shield, armour",
             ["fight", "--config", strong, "--heroes", "1", "А", "--shield-any-one"]),
            ("fight: strength 39, the same items (the slowest)",
             ["fight", "--config", slowest, "--heroes", "1", "А", "--shield-any-one"]),
            ("fight: the same, the sword's roll kept",
             ["fight", "--config", slowest, "--heroes", "1", "А", "--sword-keeps-roll", "--shield-any-one"]),
            ("hide: 24 heroes a side, intellect 199, one D6 a side", ["hide", *most]),
            ("hide: the same, a D6 for each hero", ["hide", *most, "--per-hero"]),
            ("escape: 12 heroes", ["escape", "12"]),
        ]  # fmt: skip
        print(f"\n{'the largest fight and hide the CLI accepts':52s}  wall")
        for kind, args in rows:
            seconds = statistics.median(wall([sys.executable, "-m", "printkit", "referee", *args]) for _ in range(3))
            print(f"{kind:52s} {seconds:5.3f} s")


# Each kind of dice expression, with a number to raise until the engine refuses: the bench times the
# largest accepted one (refusals are instant, so the search is cheap); limits: printkit/dice/dist.py.
DICE = [
    ("sum of fair dice", "odds", "{}d1000", 100),
    ("fair dice of two sizes", "odds", "100d1000+{}d999", 100),
    ("two sums compared", "odds", "100d1000 >= {}d1000", 100),
    ("keep highest, d100", "odds", "100d100kh{}", 99),
    ("keep highest, d1000", "odds", "100d1000kh{}", 99),
    ("keep lowest, d1000", "odds", "100d1000kl{}", 99),
    ("keep a middle band of d100", "odds", "{}d100dh2dl2", 100),
    ("exploding d1000", "odds", "{}d1000x", 100),
    ("exploding d20", "odds", "{}d20x", 100),
    ("reroll until it stops", "odds", "{}d1000r1", 100),
    ("reroll once", "odds", "{}d100ro1", 100),
    ("successes on kept dice", "odds", "100d1000kh{}cs>=500", 99),
    ("Fudge dice", "odds", "{}dF", 100),
    ("product", "odds", "d1000*d{}", 1000),
    ("exploding with keep", "odds", "{}d10xkh5", 100),
    ("roll: many rerolls", "roll", "{}d1000r<1000", 100),
    ("roll: every kind at once", "roll", "100d1000kh50+50d6x+20dF-d%*d20>={}d6ro1", 100),
]


def largest(template: str, top: int) -> str:
    from printkit.dice import DiceError, odds

    def accepted(n: int) -> bool:
        try:
            odds(template.format(n))
        except DiceError:
            return False
        return True

    lo, hi = 1, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(mid) else (lo, mid - 1)
    return template.format(lo)


def dice_rows(calibrate: bool) -> None:
    from printkit.dice import odds
    from printkit.dice.dist import MAX_WORK, Budget

    print(f"\n{'dice: the largest accepted of each kind':34s} {'command':40s}  wall   steps")
    spent: list[int] = []
    original = Budget.charge

    def charge(self: Budget, steps: int, where: tuple[str, int]) -> None:
        if self.limit == MAX_WORK:  # not the inner, prepaid steps of a sum by squaring
            spent.append(steps)
        original(self, steps, where)

    Budget.charge = charge  # type: ignore[method-assign]
    for kind, command, template, top in DICE:
        notation = largest(template, top) if command == "odds" else template.format(top)
        seconds = statistics.median(
            wall([sys.executable, "-m", "printkit", "referee", command, notation]) for _ in range(3)
        )
        spent.clear()
        inside = timed(lambda n=notation: odds(n)) if command == "odds" else 0.0
        steps = sum(spent)
        rate = f"  {inside / steps * 1e6:5.2f} µs a step ({inside:5.3f} s in-process)" if calibrate and steps else ""
        print(f"{kind:34s} {command + ' ' + notation:40.40s} {seconds:5.3f} s {steps:>8,}{rate}")


if __name__ == "__main__":
    main()
